"""The Ruleset interface: what every game system has, and the capabilities a system may have besides."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, ItemKind, StatValue
from crisis_desktop.rules.base.combat import (
    AttackOdds,
    AttackRequest,
    AttackResult,
    CheckOdds,
    CheckRequest,
    CheckResult,
    ContestResult,
    DamageResult,
    InitiativeEntry,
    SpendBudget,
    SpendChoice,
    SpendPick,
)
from crisis_desktop.rules.base.economy import ActionAvailability, ActionRole, ActionSpec, Cost, Currency, TurnEffects
from crisis_desktop.rules.base.effects import Effect, SetResource
from crisis_desktop.rules.base.map_reading import MapReading, MapSpan
from crisis_desktop.rules.base.printing import Printing
from crisis_desktop.rules.base.sheet import (
    ConditionSpec,
    FieldKind,
    FieldSpec,
    OverrideField,
    OverrideKind,
    RuleOption,
)
from crisis_desktop.rules.base.state import Actor, BarRole, ResourceSpec, StateLabel, StateRole
from crisis_desktop.rules.base.treatments import Treatment
from crisis_desktop.rules.base.values import CoverLevel, Explained, Options, Term
from crisis_desktop.rules.kernel.dice import DiceSource, DieKind, RollPool

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from crisis_desktop.rules.kernel.cover import CoverReading
    from crisis_desktop.rules.kernel.flows import RoundFlow
    from crisis_desktop.rules.kernel.geometry import AreaRelation, Coord, Terrain
    from crisis_desktop.rules.kernel.glyphs import Glyph
    from crisis_desktop.rules.kernel.movement import Movement


class Ruleset(ABC):
    """What every game system has: its description and rule options, sheets, how characters stand, its action
    economy and how a round proceeds. What a system may have besides is a capability of its own (Checks,
    Attacks, Healing below; movement on the map through `movement()`), which it implements when it has it and
    the shared layers ask for with isinstance. Every method is pure; `options` are the campaign's rule options."""

    id: str
    name: str
    # Headings for derived values on sheets; keys missing here read as "health_max" -> "Health max".
    DERIVED_LABELS: Mapping[str, str] = {}

    def currencies(self) -> Sequence[Currency]:
        """The currencies of the action economy, as the rules name them."""
        return ()

    def cost_text(self, price: Cost) -> str:
        """A price in the rules' words: "2 AP", "1 action", "1 maneuver + 2 strain"; "free" when it is nothing."""
        named = {c.key: c for c in self.currencies()}
        parts = [named[key].amount(n) if key in named else f"{n} {key}" for key, n in price.items() if n]
        return " + ".join(parts) or "free"

    def dice_kinds(self) -> Sequence[DieKind]:
        """The dice of symbols the system rolls (for typing them in by their faces); none for numbered dice."""
        return ()

    def initiative_dice(self, actors: Sequence[Actor], options: Options) -> list[RollPool]:
        """Whose roll and which dice the ranking that opens a fight rolls (initiative; a new moment's ranking), one
        pool a roll, in the order the rules roll them, before any tie is rolled again or a die explodes: for typed
        dice to be asked by name. Empty where the fight opens without dice (the default)."""
        return []

    def symbol_glyphs(self) -> Mapping[str, Glyph]:
        """How the symbols of those dice are drawn (rules/kernel/glyphs.py), by symbol, in the order a result lists
        them; none by default: the dice's faces and results are shown in words and numbers."""
        return {}

    def movement(self) -> Movement | None:
        """The system's movement rules on the battle map (rules/kernel/movement.py); None lets the map move tokens
        freely, spending nothing."""
        return None

    def cover_between(self, terrain: Terrain, attacker_cell: Coord, target_cell: Coord,
                      attacker: Actor | None = None, target: Actor | None = None,
                      options: Options | None = None) -> CoverReading:
        """Cover of the target's cell against the attacker's on the battle map, as this system reads it (the
        actors when the map knows them); by default the painted cover as it stands."""
        from crisis_desktop.rules.kernel.cover import geometry_reading  # geometry imports this module: import on use

        return geometry_reading(terrain, attacker_cell, target_cell)

    def posture(self, character: Character) -> str | None:
        """How the character stands in the system's words ("prone", "kneeling"), for the map's token; None for
        upright or where the system has no postures."""
        return None

    def derived_label(self, key: str) -> str:
        label = self.DERIVED_LABELS.get(key)
        if label:
            return label
        text = key.replace("_", " ")
        return text[:1].upper() + text[1:]

    def rule_options(self) -> Sequence[RuleOption]:
        """The campaign's choices among the rules (variants, optional rules), each with its default; none by
        default."""
        return ()

    def options_with_defaults(self, options: Options) -> dict[str, StatValue]:
        merged: dict[str, StatValue] = {o.key: o.default for o in self.rule_options()}
        merged.update({k: v for k, v in options.items() if k in merged})
        return merged

    def character_fields(self) -> Sequence[FieldSpec]:
        """The fields of a character sheet, in the sheet's order (each with the kinds of character it applies to,
        its default and its limits); none by default."""
        return ()

    def item_fields(self, kind: ItemKind) -> Sequence[FieldSpec]:
        """The fields of an item of this kind (a weapon's damage and range, an armour's protection); none by
        default."""
        return ()

    def item_summary(self, item: EquipmentItem) -> str:
        """The item's key stats in a few words, for pickers and lists ("DMG d6, RNG 4, RoF 2"): by default the
        first five fields holding something other than nothing, zero or no, by their labels."""
        parts: list[str] = []
        for spec in self.item_fields(item.kind):
            value = item.stats.get(spec.key)
            if value is None or value == "" or value is False or (value == 0 and not isinstance(value, bool)):
                continue
            if value is True:
                parts.append(spec.label)
            elif spec.kind is FieldKind.DIE and isinstance(value, int):
                parts.append(f"{spec.label} d{value}")
            else:
                parts.append(f"{spec.label} {value}")
        return ", ".join(parts[:5])

    def npc_level_field(self) -> FieldSpec | None:
        """The field Quick NPC asks for, from which the rules build an NPC (crisis: its Difficulty Level);
        None where NPCs are not built from a level."""
        return None

    def quick_npc(self, name: str, level: int, dice: DiceSource | None = None) -> Character:
        """A playable NPC at this level (`npc_level_field`'s value, already checked against it): by default the
        rules' default NPC stat block with the level stored. A system with NPC rules overrides this to give the
        NPC skills and a weapon that suit its level, so it can fight at once."""
        stats = dict(self.new_stats(CharacterKind.NPC, dice))
        spec = self.npc_level_field()
        if spec is not None:
            stats[spec.key] = level
        return Character(kind=CharacterKind.NPC, name=name, stats=stats, tags=["npc"])

    def conditions(self) -> Sequence[ConditionSpec]:
        """The conditions the rules name (prone, stunned...), each with what it does; none by default."""
        return ()

    def bestiary_file(self) -> Traversable | None:
        """The system's bestiary, a JSON file of NPCs legal under its rules (Characters › From Bestiary…): by default
        the bundled resources/bestiary/<id>.json where there is one; None for a system without one. A system kept
        elsewhere names its own file."""
        from crisis_desktop.resources_access import resource

        found = resource("bestiary", f"{self.id}.json")
        return found if found.is_file() else None

    def equipment_catalogue(self) -> list[EquipmentItem]:
        """The system's own weapons, armour and gear (fresh copies), to seed a new campaign's catalogue."""
        return []

    def actions(self) -> Sequence[ActionSpec]:
        """The actions of the action economy, each with the price it declares (`ActionSpec.cost`); none by
        default."""
        return ()

    def new_stats(self, kind: CharacterKind, dice: DiceSource | None = None) -> dict[str, StatValue]:
        """A legal default stat block: by default every sheet field's default for this kind of character (crisis
        overrides it to roll the Health Body die when dice are given)."""
        return {spec.key: spec.default for spec in self.character_fields() if kind in spec.kinds}

    def stat_rules(self, character: Character) -> list[str]:
        """Rules between the fields of a character's stat block, each broken one in plain words; each system
        declares its own (none by default). Single fields are their FieldSpecs' to check."""
        return []

    def item_rules(self, item: EquipmentItem) -> list[str]:
        """Rules between the fields of an item (Durability left within Durability, rounds loaded within the
        magazine), each broken one in plain words; each system declares its own (none by default)."""
        return []

    def validate_item(self, item: EquipmentItem) -> list[str]:
        """Every problem of an item's stats: each field by its spec, then the rules between fields."""
        problems = [reason for spec in self.item_fields(item.kind)
                    if (reason := spec.validate(item.stats.get(spec.key, spec.default)))]
        return problems or self.item_rules(item)

    def validate_character(self, character: Character) -> list[str]:
        """Every problem of the stat block and of the items carried, in plain words; empty when legal."""
        problems: list[str] = []
        for spec in self.character_fields():
            if character.kind not in spec.kinds:
                continue
            reason = spec.validate(character.stats.get(spec.key, spec.default))
            if reason:
                problems.append(reason)
        if not problems:
            problems += self.stat_rules(character)
        for item in character.equipment:
            problems += [f"{item.name}: {reason}" for reason in self.validate_item(item)]
        return problems

    def derived(self, character: Character, options: Options) -> dict[str, Explained]:
        """Derived values (Health max, Parry, Pace, Initiative...), each with its terms; none by default."""
        return {}

    def resources(self, actor: Actor, options: Options) -> Sequence[ResourceSpec]:
        """The bars the board shows for this actor (health, strain, AP...); none by default."""
        return []

    def state(self, character: Character, options: Options) -> StateLabel:
        """How the character stands, in the rules' words: by default down when a bar of role HEALTH is empty, else
        able to act."""
        for bar in self.resources(Actor(character), options):
            if bar.role is BarRole.HEALTH and bar.current <= 0:
                return StateLabel("down", f"{character.name} is down: {bar.label} {bar.current}/{bar.maximum}",
                                  StateRole.DOWN)
        return StateLabel("ok", f"{character.name} can act")

    # ------------------------------------------------------------------ printed sheets
    PRINTING: ClassVar[type[Printing]] = Printing

    @cached_property
    def printing(self) -> Printing:
        """How this system's sheets print (`PRINTING`, made once for this ruleset)."""
        return self.PRINTING(self)

    def override_fields(self, actor: Actor, options: Options) -> list[OverrideField]:
        """The values the GM may override for this combatant: only those that apply to it (no AP where it
        counts actions, no ammunition on a knife). By default every status value and encounter resource, named
        by the sheet field or bar of that key, else by the key in words ("hit_points" -> "Hit points")."""
        labels = {spec.key: spec.label for spec in self.character_fields()}
        labels.update({bar.key: bar.label for bar in self.resources(actor, options)})

        def label(key: str) -> str:
            return labels.get(key) or key.replace("_", " ").strip().capitalize() or key

        fields = [OverrideField(OverrideKind.STATUS, k, label(k), v) for k, v in actor.character.status.items()]
        if actor.combatant is not None:
            fields += [OverrideField(OverrideKind.RESOURCE, k, label(k), v)
                       for k, v in actor.combatant.resources.items()]
        return fields

    def setup_flags(self) -> Sequence[FieldSpec]:
        """What the GM marks on a combatant while preparing an encounter, as yes/no flags the rules read from the
        combatant's `setup` (capabilities.SURPRISED: caught unaware); none by default. The board offers one
        checkbox each and shows a flag that is on beside the name until the first round."""
        return ()

    def override_consequences(self, before: Character, after: Actor, options: Options) -> TurnEffects:
        """What the rules make of a value the GM set by hand: the effects they apply to the change and notes for the
        log (crisis: Health brought to 0 is Dying). `before` is the character as it was, `after` the character (and
        combatant, in a fight) as the override leaves it; the consequences follow the change, so a condition the GM
        sets or clears by hand stands. Nothing by default: the value stands alone."""
        return TurnEffects()

    def badges(self, actor: Actor, options: Options) -> list[str]:
        """Short words the board shows beside a combatant's name for what the rules track and a GM should see
        at a glance (crisis: "overwatch", a multi-turn action under way); none by default."""
        return []

    def round_flow(self, options: Options) -> RoundFlow:
        """How rounds proceed in this system (sequential turns, side slots, phases, declare/resolve): by default
        sequential turns, in the order `roll_initiative` gives, with Delay and Act now."""
        from crisis_desktop.rules.kernel.flows.sequential import SequentialFlow  # the flows read this module's types

        return SequentialFlow(self)

    # -- sequential turns, for the default flow ----------------------------------------------------------------
    def roll_initiative(self, actors: Sequence[Actor], dice: DiceSource, options: Options) -> list[InitiativeEntry]:
        """Who acts first: by default no roll, the order the encounter lists them in."""
        return [InitiativeEntry(actor.combatant.id if actor.combatant else actor.character.id,
                                Explained(len(actors) - rank, (Term("order of the encounter", len(actors) - rank),)),
                                rank) for rank, actor in enumerate(actors)]

    def surprise_round(self, actors: Sequence[Actor]) -> list[str]:
        """Who acts in a surprise round before the first (empty, the default: no surprise round)."""
        return []

    def start_turn(self, actor: Actor, options: Options) -> TurnEffects:
        """What a turn's start gives (`turn_allowance`: every currency refilled), by default."""
        return TurnEffects(self.refill(actor))

    def end_turn(self, actor: Actor, options: Options) -> TurnEffects:
        """What a turn's end does; nothing by default."""
        return TurnEffects()

    # -- the price of an action, declared once -----------------------------------------------------------------
    def turn_allowance(self) -> Cost:
        """What a combatant has of each currency at the start of its turn (and of the fight), by currency key; the
        default economy keeps what is left in the combatant's resources under that key. Nothing by default."""
        return {}

    def refill(self, actor: Actor) -> tuple[Effect, ...]:
        """The effects that give the actor its `turn_allowance` again."""
        if actor.combatant is None:
            return ()
        return tuple(SetResource(actor.combatant.id, key, amount) for key, amount in self.turn_allowance().items())

    def price_refusal(self, actor: Actor, what: str, price: Cost) -> str | None:
        """Why the actor cannot pay `price` for `what` now, in the rules' words, or None when it can: by default
        each currency of the price against what the actor has left of it (its combatant's resource of that key)."""
        if actor.combatant is None:
            return None
        named = {c.key: c for c in self.currencies()}
        for key, amount in price.items():
            left = actor.combatant.resources.get(key, 0)
            left = left if isinstance(left, int) and not isinstance(left, bool) else 0
            if left < amount:
                plural = named[key].plural if key in named else key
                return (f"Not enough {plural}: {what} costs {self.cost_text(price)}, {actor.name} has "
                        f"{self.cost_text({key: left}) if left else 'none'}")
        return None

    def pay(self, actor: Actor, price: Cost, what: str) -> TurnEffects:
        """The effects of paying `price` for `what` (an action's label, "attack"; already checked), and any note
        the payment makes (strain suffered for it): by default each
        currency's resource less the amount. The one place a price is charged: the controller pays an attack's
        price (`Attacks.attack_price`) with it, and `spend_action` an action's. Systems whose currencies count up
        (actions taken) or cost something besides (strain past the threshold) override this, once."""
        if actor.combatant is None:
            return TurnEffects()
        effects: list[Effect] = []
        for key, amount in price.items():
            left = actor.combatant.resources.get(key, 0)
            left = left if isinstance(left, int) and not isinstance(left, bool) else 0
            effects.append(SetResource(actor.combatant.id, key, left - amount))
        return TurnEffects(tuple(effects))

    def available_actions(self, actor: Actor, options: Options) -> list[ActionAvailability]:
        """Every action with its declared price for this actor and whether it can be paid now: by default the
        price is `ActionSpec.cost` and a fighter who is down or out takes none."""
        standing = self.state(actor.character, options)
        out = []
        for action in self.actions():
            reason = (standing.text if not standing.fighting else
                      self.price_refusal(actor, action.label, action.cost) or "")
            out.append(ActionAvailability(action, action.cost, not reason, reason))
        return out

    def action_availability(self, actor: Actor, action_key: str, options: Options) -> ActionAvailability | None:
        """Whether one action may be taken now and at what price (None: the rules have no such action). By default
        found among `available_actions`; rules that can price one action alone say so more quickly (a move asks for
        its one action at every step)."""
        return next((a for a in self.available_actions(actor, options) if a.action.key == action_key), None)

    def spend_action(self, actor: Actor, action_key: str, options: Options,
                     cost: int | None = None) -> TurnEffects:
        """The effects of taking an action (its price paid, multi-turn progress): by default its availability
        checked and its declared price paid (`pay`). ValueError with the reason if the action is not allowed
        now."""
        availability = self.action_availability(actor, action_key, options)
        if availability is None:
            raise ValueError(f"The {self.name} rules have no action {action_key!r}")
        if not availability.allowed:
            raise ValueError(availability.reason)
        return self.pay(actor, availability.price, availability.action.label)

    def spend_action_on(self, actor: Actor, action_key: str, target: Actor, options: Options) -> TurnEffects:
        """The effects of taking an action of role HELP on `target` (its price and what it gives the target).
        ValueError with the reason if it is not allowed now; rules without such actions have none to take."""
        raise ValueError(f"The {self.name} rules have no action {action_key!r} taken on someone else")

    def start_encounter(self, actor: Actor, options: Options) -> TurnEffects:
        """What a fighter has as the fight begins: by default its `turn_allowance`."""
        return TurnEffects(self.refill(actor))

    def end_encounter(self, actor: Actor, options: Options) -> TurnEffects:
        """What the end of the fight changes (what lasts only for a fight ends); nothing by default."""
        return TurnEffects()


class Checks(ABC):
    """A system with checks and contests to roll and to price. The check dialog is generated from `check_skills` and
    `check_inputs`, and makes its request with `check_request`."""

    def check_skills(self, character: Character) -> list[tuple[str, str]]:
        """What a character may be checked on, as (stat key, label), in the sheet's order: every INT or DIE field of
        the sheet that applies to its kind, by default."""
        assert isinstance(self, Ruleset)
        return [(f.key, f.label) for f in self.character_fields()
                if character.kind in f.kinds and f.kind in (FieldKind.INT, FieldKind.DIE)]

    def check_inputs(self, actor: Actor, skill: str, options: Options) -> list[FieldSpec]:
        """What the GM sets for a check besides who and on what: the difficulty in the rules' scale and a
        circumstance, by default; a system adds its own (boost and setback dice)."""
        return [FieldSpec("difficulty", "Difficulty", FieldKind.INT, "Check", 4, 0, 20),
                FieldSpec("circumstance", "Circumstance", FieldKind.INT, "Check", 0, -20, 20)]

    def check_request(self, actor: Actor, skill: str, inputs: Mapping[str, StatValue]) -> CheckRequest:
        """The check from the values of `check_inputs`: the difficulty, the circumstance as a modifier, the rest as
        the request's own inputs."""
        values = dict(inputs)
        difficulty = values.pop("difficulty", 0)
        circumstance = values.pop("circumstance", 0)
        if isinstance(difficulty, bool) or not isinstance(difficulty, int):
            raise ValueError(f"The difficulty must be a whole number, not {difficulty!r}")
        modifiers = (Term("circumstance", circumstance),) if isinstance(circumstance, int) and circumstance else ()
        return CheckRequest(actor, skill, difficulty, modifiers, inputs=values)

    def check_dice(self, request: CheckRequest, options: Options) -> Sequence[DieKind]:
        """The dice of symbols the check rolls, in the order they are rolled, for the dialog to show the pool before
        the roll; none for dice of numbers (the default)."""
        return ()

    @abstractmethod
    def check(self, request: CheckRequest, dice: DiceSource, options: Options) -> CheckResult: ...

    @abstractmethod
    def check_odds(self, request: CheckRequest, options: Options) -> CheckOdds: ...

    def check_effects(self, request: CheckRequest, result: CheckResult, options: Options) -> list[Effect]:
        """What making the check changes besides its result (dice an earlier roll left on the actor's next check,
        used up now); nothing by default."""
        return []

    def check_spend_choices(self, request: CheckRequest, result: CheckResult, options: Options,
                            fighters: Sequence[Actor] = ()) -> list[SpendChoice]:
        """What a rolled check's symbols can buy, for the GM to pick (`fighters`: everyone in the fight, for
        choices that land on an ally); none by default (a check of numbers)."""
        return []

    def check_spending_left(self, request: CheckRequest, result: CheckResult, picks: Sequence[SpendPick],
                            options: Options, fighters: Sequence[Actor] = ()) -> SpendBudget:
        """What the picks leave of the check's symbols; nothing to spend by default."""
        return SpendBudget({}, {}, "These rules spend nothing after a check" if picks else None)

    def resolve_check_spending(self, request: CheckRequest, result: CheckResult, picks: Sequence[SpendPick],
                               options: Options, fighters: Sequence[Actor] = ()) -> TurnEffects:
        """The effects and notes of the picks (ValueError with the reason when they cannot be bought); by default
        nothing can be picked."""
        if picks:
            raise ValueError("These rules spend nothing after a check")
        return TurnEffects((), ())

    @abstractmethod
    def contest(self, active: CheckRequest, passive: CheckRequest, dice: DiceSource,
                options: Options) -> ContestResult: ...


class Attacks(ABC):
    """A system with attacks: what they cost and depend on, their modifiers and exact odds, their resolution and
    damage, and what it reads from the battle map (`map_reading`). How a weapon's range and an attack's distance are
    counted ("tiles" or "metres"); what a range costs is the system's own (none here)."""

    DISTANCE_UNIT: str = "tiles"

    def attack_inputs(self, attacker: Actor, weapon: EquipmentItem, fight_round: int,
                      options: Options) -> list[FieldSpec]:
        """What the GM sets for the attack as a whole besides who, with what and against whom (crisis: aim,
        circumstance), with defaults from the live state (the aim taken): the attack dialog is generated from it."""
        return []

    def target_inputs(self, attacker: Actor, weapon: EquipmentItem, target: Actor, fight_round: int,
                      options: Options) -> list[FieldSpec]:
        """What the GM sets for each target (distance, cover, how many of a volley's attacks go at it), with
        defaults from the live state (a surprised target in the first round)."""
        return []

    def ready_weapon(self, attacker: Actor) -> str | None:
        """The id of the weapon the attacker is committed to or has ready (a planned attack's weapon), for the
        attack to open with; None when the rules name none (the first ready weapon is taken)."""
        return None

    def max_targets(self, weapon: EquipmentItem) -> int | None:
        """How many targets one attack with this weapon may have: 1 by default; None for any number (everyone
        under an area template)."""
        return 1

    def map_inputs(self, tiles: int, metres: float, reading: CoverReading, *,
                   hex_grid: bool = False) -> dict[str, StatValue]:
        """The target inputs the battle map gives between two tokens: the distance as the rules count it
        (DISTANCE_UNIT) and the cover as the rules read it (`hex_grid`: the map's cells are hexes)."""
        distance: float = metres if self.DISTANCE_UNIT == "metres" else float(tiles)
        return {"distance": distance, "cover": CoverLevel(reading.cover.value), "cover_penetrable": reading.penetrable}

    def map_target_inputs(self, tiles: int, metres: float, reading: CoverReading, *, reach: int,
                          hex_grid: bool = False, options: Options | None = None) -> dict[str, StatValue]:
        """What the battle map fixes for a target, as `map_inputs` with what a system may need besides: `reach` (steps
        counting every diagonal as 1: 1 is adjacent, where a system has its targets engaged) and the campaign's rule
        `options` (the map's cells per range band). `map_reading` asks this; by default it is `map_inputs`."""
        return self.map_inputs(tiles, metres, reading, hex_grid=hex_grid)

    def map_reading(self, span: MapSpan, weapon: EquipmentItem | None, options: Options) -> MapReading:
        """What these rules read from the battle map between two cells (`weapon`: the one chosen, if any): the target
        inputs the map fixes (`map_target_inputs`), the distance in the rules' own words (`range_readout`), and by
        default nothing of the attack's own inputs, no refusal besides sight and reach, no range penalty or band.
        The Measure tool, the sight line and the attack all show this one reading."""
        inputs = self.map_target_inputs(span.tiles, span.metres, span.reading, reach=span.reach,
                                        hex_grid=span.hex_grid, options=options)
        return MapReading(inputs, {}, tuple(self.range_readout(weapon, span.tiles, span.reach, options) or ()))

    def reaction_odds(self, request: AttackRequest, options: Options) -> Mapping[str, AttackOdds]:
        """The odds of the attack for each reaction the target may choose when it comes, by the reaction's name in
        the rules' words ("No reaction", "Parry"), for the GM to compare before the defender picks; empty where
        targets do not react."""
        return {}

    def weapon_range(self, weapon: EquipmentItem) -> float | None:
        """A ranged weapon's range increment, in the rules' distance unit (DISTANCE_UNIT); None for a melee
        weapon, which needs its target in reach."""
        return None

    def weapon_reach(self, weapon: EquipmentItem) -> int:
        """How many tiles a melee weapon reaches on the battle map (1: adjacent, diagonals included)."""
        return 1

    def reach_refusal(self, weapon: EquipmentItem, tiles: int, reach: int, areas: AreaRelation) -> str | None:
        """Why the battle map puts a target out of this weapon's reach, in words that follow "Rask is 6 tiles from
        Vera: " (`reach` 1 is adjacent; `areas`: the map's labelled areas of the two tokens); None when it is in
        reach. By default a melee weapon (no `weapon_range`) reaches `weapon_reach` tiles and a ranged one anywhere
        (its range costs the attack roll instead)."""
        limit = self.weapon_reach(weapon)
        if self.weapon_range(weapon) is None and reach > limit:
            return f"out of the {weapon.name}'s reach ({limit} tile{'s' if limit != 1 else ''})"
        return None

    def further_targets_text(self, weapon: EquipmentItem) -> tuple[str, str]:
        """The heading of the attack dialog's list of further targets and the line above it, for this weapon: by
        default a volley's ("Up to 2 more, one attack each at least") or an area's ("Everyone under the template")."""
        limit = self.max_targets(weapon)
        if limit is None:
            return "Further targets", "Everyone under the template:"
        return "Further targets", f"Up to {limit - 1} more, one attack each at least:"

    def blast_radius(self, weapon: EquipmentItem) -> int | None:
        """The radius in tiles of the area a weapon hits (a grenade's blast), for the map's template; None for
        a weapon that hits one target."""
        return None

    def range_readout(self, weapon: EquipmentItem | None, tiles: int, reach: int,
                      options: Options) -> list[str] | None:
        """What the map says of a distance (`reach` 1: adjacent) in the rules' own words, one line each, with the
        weapon's use there when one is chosen; None (the default) for nothing: no band, increment or penalty."""
        return None

    @abstractmethod
    def attack_modifiers(self, request: AttackRequest, options: Options) -> list[Term]:
        """Every modifier of the first attack roll, in order, for the attack dialog; ValueError with the reason
        when the attack cannot be made as declared (too many targets, an input out of its range)."""

    def attack_price(self, request: AttackRequest, options: Options) -> tuple[Cost, str | None]:
        """What the attack costs in the rules' currencies, and why the attacker cannot make it now (not enough AP,
        no ammunition) or None when it can: checked before the roll and paid by the controller (`Ruleset.pay`).
        By default the price the action of role ATTACK declares (`ActionSpec.cost`), refused when it is beyond what
        the attacker has left (`price_refusal`); nothing where the rules have no such action. Whether a fighter who
        is down may still strike is the round flow's to say (a simultaneous phase), not the price's."""
        assert isinstance(self, Ruleset)
        action = next((a for a in self.actions() if a.role is ActionRole.ATTACK), None)
        if action is None:
            return {}, None
        return action.cost, self.price_refusal(request.attacker, action.label, action.cost)

    def dice_order(self, request: AttackRequest, options: Options) -> str:
        """In what order typed dice are read for this attack, in plain words."""
        return "in the order the rules ask for them"

    def attack_dice(self, request: AttackRequest, options: Options) -> Sequence[DieKind]:
        """The dice of symbols the first attack roll rolls, in the order they are rolled, for the attack's pool
        before the roll; none for dice of numbers (the default). ValueError as `attack_modifiers`."""
        return ()

    def to_beat(self, request: AttackRequest, options: Options) -> Explained | None:
        """What the first attack roll must reach, with its terms (crisis: the DL of 4, or the target's Parry), for
        the attack dialog; None where the modifiers already say it or the roll is a contest."""
        return None

    @abstractmethod
    def attack_odds(self, request: AttackRequest, options: Options) -> AttackOdds:
        """The exact odds for each target declared (AttackOdds.further for all but the first)."""

    @abstractmethod
    def resolve_attack(self, request: AttackRequest, dice: DiceSource, options: Options) -> AttackResult:
        """Roll the attack against every target; ValueError with the reason when it cannot be made."""

    def spend_choices(self, result: AttackResult, options: Options,
                      fighters: Sequence[Actor] = ()) -> list[SpendChoice]:
        """What the attack's roll can buy (systems of symbols: a critical, a weapon quality, strain recovered, a
        boost die for an ally; the opponent's threat against the attacker), in the order to list them, each with
        how many times the rules' own plan (already in `result`) buys it. `fighters`: everyone in the fight, for
        choices that land on an ally. None by default: the attack spends nothing."""
        return []

    def spending_left(self, result: AttackResult, picks: Sequence[SpendPick], options: Options,
                      fighters: Sequence[Actor] = ()) -> SpendBudget:
        """What the picks leave of the roll's symbols, and why they cannot all be bought; nothing by default."""
        return SpendBudget({}, {}, "These rules spend nothing after an attack" if picks else None)

    def resolve_spending(self, result: AttackResult, picks: Sequence[SpendPick], dice: DiceSource,
                         options: Options, fighters: Sequence[Actor] = ()) -> AttackResult:
        """The attack spent as the GM picked: the same roll (its dice replayed from `result.rolls`; `dice` for any
        die it did not roll, a critical injury's d100), with the effects of every pick in its `effects` and what
        was bought in its notes. ValueError with the reason when the picks cannot be bought. By default nothing can
        be picked and the result stands."""
        if picks:
            raise ValueError("These rules spend nothing after an attack")
        return result

    @abstractmethod
    def apply_damage(self, target: Actor, amount: int, options: Options, *, lethal: bool = True,
                     damage_type: str = "physical", label: str = "damage") -> DamageResult: ...


class Healing(ABC):
    """A system whose fights have a healing action (crisis: First aid, a Medicine check), and perhaps other
    treatments besides (genesys: stimpacks, rest, recovery after the fight)."""

    @abstractmethod
    def heal(self, healer: Actor, patient: Actor, dice: DiceSource, options: Options,
             modifiers: tuple[Term, ...] = ()) -> tuple[CheckResult, TurnEffects]: ...

    def treatments(self, patient: Actor, options: Options, *, fighting: bool) -> list[Treatment]:
        """Every treatment of the rules for `patient`, in the order a GM looks for them, each with the reason it
        cannot be given now; `fighting`: the patient's encounter is running. By default the fight's healing
        action (the action of role HEAL, rolled by `heal`) is the one treatment."""
        actions = self.actions() if isinstance(self, Ruleset) else ()
        action = next((a for a in actions if a.role is ActionRole.HEAL), None)
        if action is None:
            return []
        reason = "" if fighting else f"{action.label} is given in a fight, on the healer's turn"
        return [Treatment(action.key, action.label, action.help, action_key=action.key, rolls=True, reason=reason)]

    def treat(self, key: str, healer: Actor, patient: Actor, dice: DiceSource, options: Options,
              choice: str | None = None) -> tuple[CheckResult | None, TurnEffects]:
        """Give a treatment outside a fight's turns (one whose `action_key` is None); in a fight, one given by an
        action of role HEAL other than the first (that one is `heal`'s; the controller charges the action: a genesys
        stimpack), or one given by a healer's action of another role (crisis-classic: an Adrenalin Shot given to
        another), its price included: the check rolled, if any, and its effects; ValueError with the reason when it
        cannot be given. `healer` is the patient for a treatment without a healer; `choice` one of the treatment's
        choices."""
        raise ValueError(f"These rules have no treatment {key!r} outside a fight's turns")
