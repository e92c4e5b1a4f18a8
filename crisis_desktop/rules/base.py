"""The Ruleset interface and the value types every ruleset returns.

A ruleset is pure: it reads domain objects and options, takes dice from a DiceSource, and returns
results that explain themselves (`Explained` terms that add up) plus the `Effect`s the controller
should apply. It never mutates what it is given, never does I/O and never imports Qt.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from crisis_desktop.domain import Character, CharacterKind, Combatant, EquipmentItem, ItemKind, StatValue
from crisis_desktop.rules.dice import DiceSource, DieRoll

if TYPE_CHECKING:
    from crisis_desktop.rules.cover import CoverReading
    from crisis_desktop.rules.flow import RoundFlow
    from crisis_desktop.rules.geometry import Coord, Terrain
    from crisis_desktop.rules.movement import Movement

Options = Mapping[str, StatValue]


# --------------------------------------------------------------------------- explained numbers


@dataclass(frozen=True)
class Term:
    """One labelled part of a number: ("Melee d6", 6), ("2 extra enemies in reach", -2)."""

    label: str
    value: int | float


@dataclass(frozen=True)
class Explained:
    """A number with the ordered terms it is made of; the terms always add up to `value`.

    Where a rule clamps a result (Parry never below 2), the clamp is a term of its own.
    """

    value: int | float
    terms: tuple[Term, ...] = ()

    @classmethod
    def of(cls, *terms: Term | tuple[str, int | float]) -> Explained:
        ts = tuple(t if isinstance(t, Term) else Term(*t) for t in terms)
        return cls(sum(t.value for t in ts), ts)

    def plus(self, label: str, value: int | float) -> Explained:
        return Explained(self.value + value, (*self.terms, Term(label, value)))

    def clamped(self, low: int | float | None = None, high: int | float | None = None,
                label: str = "limit") -> Explained:
        """Adds a term that brings the value within [low, high], if it is outside."""
        if low is not None and self.value < low:
            return self.plus(f"{label} (at least {low})", low - self.value)
        if high is not None and self.value > high:
            return self.plus(f"{label} (at most {high})", high - self.value)
        return self

    def explain(self) -> str:
        """Plain text for a tooltip: 'Melee d6 6, no melee weapon -2 = 4'; one term: 'Body d8 / 2 = 4'."""
        if len(self.terms) == 1 and self.terms[0].value == self.value:
            return f"{self.terms[0].label} = {self.value:g}"
        parts = [f"{t.label} {t.value:+g}" if i else f"{t.label} {t.value:g}" for i, t in enumerate(self.terms)]
        return f"{', '.join(parts)} = {self.value:g}" if parts else f"{self.value:g}"


# --------------------------------------------------------------------------- sheet metadata


class FieldKind(StrEnum):
    DIE = "die"              # a die size: 4, 6, 8, 10, 12 (choices list the allowed sides)
    INT = "int"              # a whole number within [minimum, maximum]
    CHOICE = "choice"        # one of `choices`
    TEXT = "text"            # free text
    DICE = "dice"            # a dice expression such as "2d6", "Body", "2 x Body", "Body - 2"
    BOOL = "bool"


@dataclass(frozen=True)
class FieldSpec:
    """Describes one stat so that a sheet editor can be generated and values validated.

    `kinds` says whether the field applies to PCs, NPCs or both.
    """

    key: str
    label: str
    kind: FieldKind
    group: str = ""
    default: StatValue = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[StatValue, ...] = ()
    help: str = ""
    kinds: frozenset[CharacterKind] = frozenset({CharacterKind.PC, CharacterKind.NPC})
    required: bool = True

    def validate(self, value: StatValue) -> str | None:
        """None if `value` is legal here, else the reason in plain words."""
        if value is None:
            return f"{self.label} is required" if self.required else None
        if self.kind in (FieldKind.INT, FieldKind.DIE):
            if isinstance(value, bool) or not isinstance(value, int):
                return f"{self.label} must be a whole number, not {value!r}"
            if self.kind is FieldKind.DIE and self.choices and value not in self.choices:
                allowed = ", ".join(f"d{c}" for c in self.choices)
                return f"{self.label} must be one of {allowed}; d{value} is not a die here"
            if self.minimum is not None and value < self.minimum:
                return f"{self.label} must be at least {self.minimum}, not {value}"
            if self.maximum is not None and value > self.maximum:
                return f"{self.label} must be at most {self.maximum}, not {value}"
        elif self.kind is FieldKind.CHOICE:
            if value not in self.choices:
                return f"{self.label} must be one of {', '.join(map(str, self.choices))}; not {value!r}"
        elif self.kind is FieldKind.BOOL:
            if not isinstance(value, bool):
                return f"{self.label} must be yes or no"
        elif self.kind in (FieldKind.TEXT, FieldKind.DICE) and not isinstance(value, str):
            return f"{self.label} must be text"
        return None


class OverrideKind(StrEnum):
    STATUS = "status"        # character.status (wounds, damage taken)
    RESOURCE = "resource"    # combatant.resources (AP, actions taken, aim)
    ITEM = "item"            # a carried item's stats (ammunition, durability)


@dataclass(frozen=True)
class OverrideField:
    """A tracked value the GM may set by hand during a fight, named as the rules name it ("Pistol: rounds
    loaded"), with its value now."""

    kind: OverrideKind
    key: str
    label: str
    value: StatValue
    item_id: str | None = None


@dataclass(frozen=True)
class RuleOption:
    """A point where the sources are silent or disagree; the campaign stores the choice."""

    key: str
    label: str
    choices: tuple[str, ...]
    default: str
    help: str = ""


@dataclass(frozen=True)
class ConditionSpec:
    key: str
    label: str
    effect: str            # plain text for the tooltip: "Pace halved"


class ActionRole(StrEnum):
    """How the shared views offer an action."""

    PLAIN = "plain"          # a button: take it now
    ATTACK = "attack"        # through the attack dialog (weapon, target, modifiers, odds)
    HEAL = "heal"            # pick a patient, then roll the treatment (Controller.heal)
    MOVE = "move"            # also taken by moving the token on the map


Cost = Mapping[str, int]
"""What an action costs, by currency: {"ap": 2}; {"actions": 1}; {"maneuvers": 1, "strain": 2}. The ruleset
names its currencies (`Ruleset.currencies`) and shows a cost with `Ruleset.cost_text`."""


@dataclass(frozen=True)
class Currency:
    """One currency of a ruleset's action economy: AP, actions, maneuvers, strain, reactions..."""

    key: str
    singular: str
    plural: str

    def amount(self, count: int) -> str:
        return f"{count} {self.singular if count == 1 else self.plural}"


@dataclass(frozen=True)
class ActionSpec:
    """An action of the ruleset's action economy and its base cost."""

    key: str
    label: str
    cost: Cost
    help: str = ""
    role: ActionRole = ActionRole.PLAIN


@dataclass(frozen=True)
class ActionAvailability:
    """Whether `actor` can take `action` now, at what price for this actor, and if not, why not."""

    action: ActionSpec
    price: Cost
    allowed: bool
    reason: str = ""


class BarRole(StrEnum):
    """What a bar means to the shared layers (the player display's health words, the token's bar)."""

    HEALTH = "health"        # how far from going down: the players see it as a word
    ACTIONS = "actions"      # what is left to spend this turn (AP, actions, maneuvers)
    OTHER = "other"


@dataclass(frozen=True)
class ResourceSpec:
    """A tracked value shown as a bar on the board (AP, Health, Endurance, non-lethal)."""

    key: str
    label: str
    current: int
    maximum: int
    lower_is_worse: bool = True
    role: BarRole = BarRole.OTHER
    short: str = ""          # what a narrow bar says ("Armour" for "Light Armour durability"); the label if empty


# --------------------------------------------------------------------------- effects


@dataclass(frozen=True)
class SetStatus:
    """Set character.status[key] (wounds, non-lethal damage, Endurance lost...)."""

    character_id: str
    key: str
    value: StatValue


@dataclass(frozen=True)
class SetResource:
    """Set combatant.resources[key] (AP, aim, multi-turn progress...)."""

    combatant_id: str
    key: str
    value: StatValue


@dataclass(frozen=True)
class SetItemStat:
    """Set a carried item's stats[key] (durability left, rounds in the magazine)."""

    character_id: str
    item_id: str
    key: str
    value: StatValue


@dataclass(frozen=True)
class AddCondition:
    character_id: str
    key: str
    rounds: int | None = None


@dataclass(frozen=True)
class RemoveCondition:
    character_id: str
    key: str


Effect = SetStatus | SetResource | SetItemStat | AddCondition | RemoveCondition


# --------------------------------------------------------------------------- checks and combat


class Outcome(StrEnum):
    CRITICAL_SUCCESS = "critical success"
    SUCCESS = "success"
    FAILURE = "failure"
    CRITICAL_FAILURE = "critical failure"

    @property
    def succeeded(self) -> bool:
        return self in (Outcome.SUCCESS, Outcome.CRITICAL_SUCCESS)


@dataclass(frozen=True)
class Actor:
    """A character as it takes part in a check: its sheet, and its combat state if in a fight."""

    character: Character
    combatant: Combatant | None = None

    @property
    def name(self) -> str:
        return self.character.name


@dataclass(frozen=True)
class CheckRequest:
    """A check to make or to price.

    `skill` is a stat key of the ruleset (a skill or an attribute). `difficulty` is in the
    ruleset's own scale (crisis: the DL to reach, 0..20; crisis-classic: Difficulty Level 1..10).
    `assets` and `unfavourable` name the circumstances (same-named assets do not stack);
    `modifiers` are further terms (HIT, range, cover, the GM's circumstance).
    """

    actor: Actor
    skill: str
    difficulty: int
    modifiers: tuple[Term, ...] = ()
    assets: tuple[str, ...] = ()
    unfavourable: tuple[str, ...] = ()


@dataclass(frozen=True)
class CheckResult:
    total: Explained                # the rolled total with its terms
    target: Explained               # what it had to reach (or stay under)
    outcome: Outcome
    degree: int                     # crisis: Extras; crisis-classic: margin (negative on failure)
    dice: tuple[DieRoll, ...]
    stunts: int = 0                 # crisis-classic: dice showing the stunt face

    def describe(self) -> str:
        return f"{self.total.value:g} against {self.target.value:g}: {self.outcome.value}"


@dataclass(frozen=True)
class CheckOdds:
    """Exact probabilities of a check's outcomes and degrees (they each sum to 1)."""

    outcomes: Mapping[Outcome, float]
    degrees: Mapping[int, float]    # P(Extras == n) / P(margin == n)

    @property
    def success(self) -> float:
        return self.outcomes.get(Outcome.SUCCESS, 0.0) + self.outcomes.get(Outcome.CRITICAL_SUCCESS, 0.0)


@dataclass(frozen=True)
class ContestResult:
    active: CheckResult
    passive: CheckResult
    winner: str | None              # "active", "passive" or None (a tie that stands)
    reason: str


@dataclass(frozen=True)
class InitiativeEntry:
    combatant_id: str
    roll: Explained
    rank: int                        # 0 acts first
    tie_note: str = ""               # "PC acts before NPC on a tie", "won the tie reroll 5 to 3"


class CoverLevel(StrEnum):
    NONE = "none"
    LIGHT = "light"
    HEAVY = "heavy"
    TOTAL = "total"


@dataclass(frozen=True)
class AttackContext:
    """Everything an attack depends on, gathered by the controller (range and cover from the map).

    `extra_attacks` is the RoF use beyond the first attack (declared before rolling).
    `enemies_in_reach` counts the enemies in melee reach of the target of a melee attack.
    """

    attacker: Actor
    weapon: EquipmentItem
    target: Actor
    distance: float | None = None          # in the ruleset's tiles/metres; None for melee reach
    cover: CoverLevel = CoverLevel.NONE
    cover_penetrable: bool = False
    target_prone_facing: bool = False
    aim: int = 0
    extra_attacks: int = 0
    enemies_in_reach: int = 1
    circumstance: int = 0
    damage_circumstance: int = 0
    non_lethal: bool = False
    target_surprised: bool = False
    target_dodges: bool = False
    tiles_from_centre: int = 0             # area attacks: how far the target stands from the blast centre
    hex_grid: bool = False                 # area attacks scatter with a d6 on hex grids instead of a d8
    out_of_turn: bool = False              # the attacker acts outside its own turn (crisis: from overwatch)


@dataclass(frozen=True)
class DamageResult:
    """Damage dealt to one target, how defences changed it, and what it does to the target."""

    damage: Explained                # before defences
    taken: Explained                 # what reached the target after DR/soak
    lethal: bool
    effects: tuple[Effect, ...]
    notes: tuple[str, ...] = ()      # "Vera is dying", "Armour durability 10 -> 7"


@dataclass(frozen=True)
class AttackResult:
    context: AttackContext
    attack: CheckResult
    defence: CheckResult | None
    hit: bool
    damage: DamageResult | None
    effects: tuple[Effect, ...]      # everything the controller applies, ammunition and AP included
    summary: str                     # one line for the combat log
    followups: tuple[AttackResult, ...] = ()   # further attacks of the same action (RoF); their effects are
                                               # already part of this result's `effects`
    notes: tuple[str, ...] = ()      # scatter of a missed area attack, a dodge, ammunition left


@dataclass(frozen=True)
class AttackOdds:
    hit: float
    expected_damage: float
    damage: Mapping[int, float]      # P(damage taken == n), misses count as 0
    drop_target: float               # P(the target is incapacitated, dying or dead by this attack)


@dataclass(frozen=True)
class TurnEffects:
    effects: tuple[Effect, ...] = ()
    notes: tuple[str, ...] = ()


class StateRole(StrEnum):
    """What a character's state means to the shared layers, whatever the system calls it."""

    FIGHTING = "fighting"    # can act
    DOWN = "down"            # still in the fight but cannot act now (incapacitated, dying, unconscious)
    OUT = "out"              # out of the fight for good (dead): its turns are skipped


@dataclass(frozen=True)
class StateLabel:
    """How a character stands in the system's own words ('dying', 'knocked out'), what that means to the
    shared layers (`role`), and a plain explanation."""

    key: str
    text: str
    role: StateRole = StateRole.FIGHTING

    @property
    def fighting(self) -> bool:
        return self.role is StateRole.FIGHTING


# --------------------------------------------------------------------------- the interface


class Ruleset(ABC):
    """One game system. Every method is pure; `options` are the campaign's rule options."""

    id: str
    name: str
    # Headings for derived values on sheets; keys missing here read as "health_max" -> "Health max".
    DERIVED_LABELS: Mapping[str, str] = {}
    # How a weapon's range and an attack's distance are counted ("tiles" or "metres"), and what each
    # range increment after the first costs the attack roll.
    DISTANCE_UNIT: str = "tiles"
    RANGE_PENALTY_PER_INCREMENT: int = -1

    def crawl_reach(self, actor: Actor, options: Options) -> int | None:
        """Tiles one crawl takes a prone actor; None where the system has no crawling."""
        return None

    def currencies(self) -> Sequence[Currency]:
        """The currencies of the action economy, as the rules name them."""
        return ()

    def cost_text(self, price: Cost) -> str:
        """A price in the rules' words: "2 AP", "1 action", "1 maneuver + 2 strain"; "free" when it is nothing."""
        named = {c.key: c for c in self.currencies()}
        parts = [named[key].amount(n) if key in named else f"{n} {key}" for key, n in price.items() if n]
        return " + ".join(parts) or "free"

    def attack_defaults(self, attacker: Actor) -> dict[str, StatValue]:
        """AttackContext values the attacker's state sets before the GM changes them (crisis: the aim it has
        taken)."""
        return {}

    def weapon_range(self, weapon: EquipmentItem) -> float | None:
        """A ranged weapon's range increment, in the rules' distance unit (DISTANCE_UNIT); None for a melee
        weapon, which needs its target in reach."""
        return None

    def extra_attacks(self, weapon: EquipmentItem) -> int:
        """How many attacks beyond the first one action of this weapon may make (crisis: RoF - 1)."""
        return 0

    def blast_radius(self, weapon: EquipmentItem) -> int | None:
        """The radius in tiles of the area a weapon hits (a grenade's blast), for the map's template; None for
        a weapon that hits one target."""
        return None

    def movement(self) -> Movement | None:
        """The system's movement rules on the battle map (rules/movement.py); None lets the map move tokens
        freely, spending nothing."""
        return None

    def cover_between(self, terrain: Terrain, attacker_cell: Coord, target_cell: Coord,
                      attacker: Actor | None = None, target: Actor | None = None,
                      options: Options | None = None) -> CoverReading:
        """Cover of the target's cell against the attacker's on the battle map, as this system reads it (the
        actors when the map knows them); by default the painted cover as it stands."""
        from crisis_desktop.rules.cover import geometry_reading  # geometry imports this module: import on use

        return geometry_reading(terrain, attacker_cell, target_cell)

    def posture(self, character: Character) -> str | None:
        """How the character stands in the system's words ("prone", "kneeling"), for the map's token; None for
        upright or where the system has no postures."""
        return None

    def range_bands(self, options: Options) -> Mapping[str, Sequence[int]] | None:
        """Range bands by increment number, {"short": [1, 1], "medium": [2, 3], "long": [4, 10]};
        None where the system has no bands."""
        return None

    def derived_label(self, key: str) -> str:
        label = self.DERIVED_LABELS.get(key)
        if label:
            return label
        text = key.replace("_", " ")
        return text[:1].upper() + text[1:]

    # -- description of the system --------------------------------------------------------
    @abstractmethod
    def rule_options(self) -> Sequence[RuleOption]: ...

    def options_with_defaults(self, options: Options) -> dict[str, StatValue]:
        merged: dict[str, StatValue] = {o.key: o.default for o in self.rule_options()}
        merged.update({k: v for k, v in options.items() if k in merged})
        return merged

    @abstractmethod
    def character_fields(self) -> Sequence[FieldSpec]: ...

    @abstractmethod
    def item_fields(self, kind: ItemKind) -> Sequence[FieldSpec]: ...

    def npc_level_field(self) -> FieldSpec | None:
        """The field Quick NPC asks for, from which the rules build an NPC (crisis: its Difficulty Level);
        None where NPCs are not built from a level."""
        return None

    @abstractmethod
    def conditions(self) -> Sequence[ConditionSpec]: ...

    def equipment_catalogue(self) -> list[EquipmentItem]:
        """The system's own weapons, armour and gear (fresh copies), to seed a new campaign's catalogue."""
        return []

    @abstractmethod
    def actions(self) -> Sequence[ActionSpec]: ...

    # -- sheets ---------------------------------------------------------------------------
    @abstractmethod
    def new_stats(self, kind: CharacterKind, dice: DiceSource | None = None) -> dict[str, StatValue]:
        """A legal default stat block (crisis rolls the Health Body die when dice are given)."""

    def validate_character(self, character: Character) -> list[str]:
        """Every problem of the stat block in plain words; empty when legal."""
        problems: list[str] = []
        for spec in self.character_fields():
            if character.kind not in spec.kinds:
                continue
            reason = spec.validate(character.stats.get(spec.key, spec.default))
            if reason:
                problems.append(reason)
        return problems

    @abstractmethod
    def derived(self, character: Character, options: Options) -> dict[str, Explained]:
        """Derived values (Health max, Parry, Pace, Initiative...), each with its terms."""

    @abstractmethod
    def resources(self, actor: Actor, options: Options) -> Sequence[ResourceSpec]:
        """The bars the board shows for this actor."""

    @abstractmethod
    def state(self, character: Character, options: Options) -> StateLabel: ...

    def override_fields(self, actor: Actor, options: Options) -> list[OverrideField]:
        """The values the GM may override for this combatant: only those that apply to it (no AP where it
        counts actions, no ammunition on a knife). By default every status value and encounter resource."""
        fields = [OverrideField(OverrideKind.STATUS, k, k, v) for k, v in actor.character.status.items()]
        if actor.combatant is not None:
            fields += [OverrideField(OverrideKind.RESOURCE, k, k, v) for k, v in actor.combatant.resources.items()]
        return fields

    def badges(self, actor: Actor, options: Options) -> list[str]:
        """Short words the board shows beside a combatant's name for what the rules track and a GM should see
        at a glance (crisis: "overwatch", a multi-turn action under way); none by default."""
        return []

    # -- checks ---------------------------------------------------------------------------
    @abstractmethod
    def check(self, request: CheckRequest, dice: DiceSource, options: Options) -> CheckResult: ...

    @abstractmethod
    def check_odds(self, request: CheckRequest, options: Options) -> CheckOdds: ...

    @abstractmethod
    def contest(self, active: CheckRequest, passive: CheckRequest, dice: DiceSource,
                options: Options) -> ContestResult: ...

    # -- how a fight proceeds -------------------------------------------------------------
    @abstractmethod
    def round_flow(self, options: Options) -> RoundFlow:
        """How rounds proceed in this system (sequential turns, side slots, phases, declare/resolve)."""

    # -- turn order and action economy ----------------------------------------------------
    @abstractmethod
    def roll_initiative(self, actors: Sequence[Actor], dice: DiceSource,
                        options: Options) -> list[InitiativeEntry]:
        """Everyone's roll and final order; actors sharing a combatant.group share one roll."""

    @abstractmethod
    def available_actions(self, actor: Actor, options: Options) -> list[ActionAvailability]: ...

    @abstractmethod
    def spend_action(self, actor: Actor, action_key: str, options: Options,
                     cost: int | None = None) -> TurnEffects:
        """The effects of taking an action (AP spent, multi-turn progress). ValueError with the
        reason if the action is not allowed now."""

    @abstractmethod
    def start_turn(self, actor: Actor, options: Options) -> TurnEffects: ...

    @abstractmethod
    def end_turn(self, actor: Actor, options: Options) -> TurnEffects: ...

    @abstractmethod
    def start_encounter(self, actor: Actor, options: Options) -> TurnEffects: ...

    @abstractmethod
    def end_encounter(self, actor: Actor, options: Options) -> TurnEffects: ...

    # -- attacks, damage, healing ---------------------------------------------------------
    @abstractmethod
    def attack_modifiers(self, context: AttackContext, options: Options) -> list[Term]:
        """Every modifier of the attack roll, in order, for the attack dialog."""

    @abstractmethod
    def attack_odds(self, context: AttackContext, options: Options) -> AttackOdds: ...

    @abstractmethod
    def resolve_attack(self, context: AttackContext, dice: DiceSource, options: Options) -> AttackResult: ...

    def resolve_execute(self, context: AttackContext, dice: DiceSource, options: Options) -> AttackResult:
        """Execute a helpless target, where the system has such a rule (crisis does)."""
        raise ValueError(f"{self.name} has no Execute")

    @property
    def has_execute(self) -> bool:
        return type(self).resolve_execute is not Ruleset.resolve_execute

    @abstractmethod
    def apply_damage(self, target: Actor, amount: int, options: Options, *, lethal: bool = True,
                     damage_type: str = "physical", label: str = "damage") -> DamageResult: ...

    @abstractmethod
    def heal(self, healer: Actor, patient: Actor, dice: DiceSource, options: Options,
             modifiers: tuple[Term, ...] = ()) -> tuple[CheckResult, TurnEffects]: ...


__all__ = [
    "ActionAvailability", "ActionRole", "ActionSpec", "Actor", "AddCondition", "AttackContext", "AttackOdds",
    "AttackResult", "BarRole", "CheckOdds", "CheckRequest", "CheckResult", "ConditionSpec", "ContestResult", "Cost",
    "CoverLevel", "Currency", "DamageResult", "Effect", "Explained", "FieldKind", "FieldSpec", "InitiativeEntry",
    "Options", "Outcome", "OverrideField", "OverrideKind", "RemoveCondition", "ResourceSpec", "RuleOption",
    "Ruleset", "SetItemStat", "SetResource", "SetStatus", "StateLabel", "StateRole", "Term", "TurnEffects",
]
