"""Popcorn, a small d20 system: d20 + Might (melee) or Agility (ranged) against the target's Defence, damage from the
weapon's die, down at 0 hit points; one action and one move a turn; popcorn initiative (flow.py)."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import replace
from functools import cached_property

from crisis_desktop.domain import Character, EquipmentItem, ItemKind
from crisis_desktop.rules.base import (
    ActionSpec,
    Actor,
    AttackOdds,
    AttackRequest,
    AttackResult,
    Attacks,
    BarRole,
    CheckOdds,
    CheckRequest,
    CheckResult,
    Checks,
    ContestResult,
    Cost,
    Currency,
    DamageResult,
    Explained,
    FieldKind,
    FieldSpec,
    InitiativeEntry,
    Options,
    Outcome,
    ResourceSpec,
    RuleOption,
    Ruleset,
    SetStatus,
    Term,
)
from crisis_desktop.rules.base.economy_part import Economy
from crisis_desktop.rules.base.sheet_part import Sheet
from crisis_desktop.rules.kernel.dice import DiceSource, DieRoll
from crisis_desktop.rules.kernel.flows import RoundFlow
from crisis_desktop.rules.kernel.geometry import AreaRelation, Coord, Terrain, find_path
from crisis_desktop.rules.kernel.movement import Movement, MovePlan, refused
from tests.example_system.popcorn import sheet
from tests.example_system.popcorn.flow import PopcornFlow
from tests.example_system.popcorn.sheet import hit_points_left, number


def d20(modifier: int, to_reach: int) -> float:
    """The chance of d20 + modifier reaching `to_reach`; a natural 20 always does, a natural 1 never."""
    return sum(1 for face in range(1, 21) if face == 20 or (face != 1 and face + modifier >= to_reach)) / 20


class PopcornMovement(Movement):
    """One move a turn, up to SPEED tiles along a walkable path."""

    def reach(self, actor: Actor, terrain: Terrain, options: Options) -> int | None:
        return sheet.SPEED if self.may_move(actor, options) else 0

    def move_actions(self, actor: Actor) -> tuple[str, ...] | None:
        return ("move",)

    def plan_move(self, actor: Actor, terrain: Terrain, start: Coord, goal: Coord, occupied: Collection[Coord],
                  options: Options) -> MovePlan:
        path = find_path(terrain, start, goal, occupied=occupied)
        if path is None:
            return refused(f"{actor.name} cannot go there: walls or other tokens block every path")
        if path.cost > sheet.SPEED:
            return refused(f"A move goes {sheet.SPEED} tiles; that is {path.cost}", path)
        spent = self.spend(actor, "move", path, options)
        return replace(spent, text=f"{spent.text}: {path.cost} tiles") if spent.allowed else spent


class PopcornChecks(Checks):
    """The checks of the popcorn rules."""

    rules: PopcornRuleset

    def check_skills(self, character: Character, options: Options) -> list[tuple[str, str]]:
        return [("agility", "Agility"), ("might", "Might")]

    def check_inputs(self, actor: Actor, skill: str, options: Options) -> list[FieldSpec]:
        return [FieldSpec("difficulty", "Difficulty", FieldKind.INT, "Check", 10, 1, 30),
                FieldSpec("circumstance", "Circumstance", FieldKind.INT, "Check", 0, -10, 10)]

    def check(self, request: CheckRequest, dice: DiceSource, options: Options) -> CheckResult:
        face = dice.roll(20, f"{request.actor.name}: {request.skill}")
        total = Explained.of(("d20", face), (request.skill.capitalize(), number(request.actor.character,
                                                                               request.skill)), *request.modifiers)
        won = total.value >= request.difficulty
        return CheckResult(total, Explained.of(("difficulty", request.difficulty)),
                           Outcome.SUCCESS if won else Outcome.FAILURE, int(total.value) - request.difficulty,
                           (DieRoll(20, face),))

    def check_odds(self, request: CheckRequest, options: Options) -> CheckOdds:
        bonus = number(request.actor.character, request.skill) + sum(int(t.value) for t in request.modifiers)
        hits = sum(1 for face in range(1, 21) if face + bonus >= request.difficulty) / 20
        return CheckOdds({Outcome.SUCCESS: hits, Outcome.FAILURE: 1 - hits}, {})

    def contest(self, active: CheckRequest, passive: CheckRequest, dice: DiceSource,
                options: Options) -> ContestResult:
        a, p = self.check(active, dice, options), self.check(passive, dice, options)
        winner = "active" if a.total.value > p.total.value else "passive" if p.total.value > a.total.value else None
        return ContestResult(a, p, winner, "the higher total wins; a tie stands")


class PopcornAttacks(Attacks):
    """The attacks of the popcorn rules."""

    rules: PopcornRuleset

    def weapon_range(self, weapon: EquipmentItem) -> float | None:
        reach = weapon.stats.get("range", 0)
        return float(reach) if isinstance(reach, int) and reach > 0 else None

    def reach_refusal(self, weapon: EquipmentItem, tiles: int, reach: int, areas: AreaRelation) -> str | None:
        limit = self.weapon_range(weapon)
        if limit is not None and tiles > limit:
            return f"beyond the {weapon.name}'s range ({limit:g} tiles)"
        return super().reach_refusal(weapon, tiles, reach, areas)

    def attack_modifiers(self, request: AttackRequest, options: Options) -> list[Term]:
        if len(request.targets) > 1:
            raise ValueError(f"The {request.weapon.name} takes one target")
        stat = "agility" if self.weapon_range(request.weapon) is not None else "might"
        return [Term(stat.capitalize(), number(request.attacker.character, stat))]

    def to_beat(self, request: AttackRequest, options: Options) -> Explained | None:
        return Explained.of(("Defence", number(request.target.character, "defence")))

    def _damage_die(self, weapon: EquipmentItem) -> int:
        die = weapon.stats.get("damage", 6)
        return die if isinstance(die, int) and die > 0 else 6

    def attack_odds(self, request: AttackRequest, options: Options) -> AttackOdds:
        bonus = int(sum(t.value for t in self.attack_modifiers(request, options)))
        hit = d20(bonus, number(request.target.character, "defence"))
        die = self._damage_die(request.weapon)
        damage: dict[int, float] = {0: 1 - hit} | {n: hit / die for n in range(1, die + 1)}
        left = hit_points_left(request.target.character)
        drop = sum(p for n, p in damage.items() if n and n >= left) if left > 0 else 0.0
        return AttackOdds(hit, hit * (die + 1) / 2, damage, drop)

    def resolve_attack(self, request: AttackRequest, dice: DiceSource, options: Options) -> AttackResult:
        _price, cannot = self.attack_price(request, options)
        if cannot:
            raise ValueError(cannot)
        attacker, target = request.attacker, request.target
        modifiers = self.attack_modifiers(request, options)
        face = dice.roll(20, f"{attacker.name}: attack with the {request.weapon.name}")
        total = Explained.of(("d20", face), *modifiers)
        defence = number(target.character, "defence")
        hit = face == 20 or (face != 1 and total.value >= defence)
        attack = CheckResult(total, Explained.of(("Defence", defence)), Outcome.SUCCESS if hit else Outcome.FAILURE,
                             int(total.value) - defence, (DieRoll(20, face),))
        damage = None
        if hit:
            rolled = dice.roll(self._damage_die(request.weapon), f"{attacker.name}: damage ({request.weapon.name})")
            damage = self.apply_damage(target, rolled, options)
        summary = (f"{attacker.name} hits {target.name} with the {request.weapon.name} for {damage.taken.value:g}"
                   if damage else f"{attacker.name} misses {target.name} ({total.value:g} against Defence {defence})")
        return AttackResult(request, target, attack, None, hit, damage,
                            damage.effects if damage else (), summary)

    def apply_damage(self, target: Actor, amount: int, options: Options, *, lethal: bool = True,
                     damage_type: str = "physical", label: str = "damage") -> DamageResult:
        wounds = number(target.character, "hit_points") - hit_points_left(target.character)
        now = min(number(target.character, "hit_points"), wounds + amount)
        left = number(target.character, "hit_points") - now
        notes = (f"{target.name} is down",) if left <= 0 < hit_points_left(target.character) else ()
        return DamageResult(Explained.of((label, amount)), Explained.of((label, amount)), lethal,
                            (SetStatus(target.character.id, "wounds", now),), notes)


class PopcornSheet(Sheet):
    """The character sheet of the popcorn rules."""

    rules: PopcornRuleset

    def character_fields(self) -> Sequence[FieldSpec]:
        return sheet.FIELDS

    def item_fields(self, kind: ItemKind) -> Sequence[FieldSpec]:
        return sheet.WEAPON_FIELDS if kind is ItemKind.WEAPON else ()

    def resources(self, actor: Actor, options: Options) -> Sequence[ResourceSpec]:
        character = actor.character
        bars = [ResourceSpec("hp", "Hit points", hit_points_left(character), number(character, "hit_points"),
                             role=BarRole.HEALTH)]
        if actor.combatant is not None:
            left = actor.combatant.resources
            bars += [ResourceSpec(c.key, c.plural.capitalize(), int(left.get(c.key, 0) or 0), sheet.ALLOWANCE[c.key],
                                  role=BarRole.ACTIONS) for c in sheet.CURRENCIES]
        return bars


class PopcornEconomy(Economy):
    """The action economy of the popcorn rules."""

    rules: PopcornRuleset

    def currencies(self) -> Sequence[Currency]:
        return sheet.CURRENCIES

    def actions(self) -> Sequence[ActionSpec]:
        return sheet.ACTIONS

    def turn_allowance(self) -> Cost:
        return sheet.ALLOWANCE


class PopcornRuleset(Ruleset):
    id = "popcorn"
    name = "Popcorn"

    # -- description and sheet ------------------------------------------------------------------------
    def rule_options(self) -> Sequence[RuleOption]:
        return (RuleOption("first_turn", "Who acts first", ("roll", "gm"), "roll",
                           "roll: the highest d20 + Agility; gm: the GM picks"),)

    def equipment_catalogue(self) -> list[EquipmentItem]:
        return sheet.catalogue()

    def npc_level_field(self) -> FieldSpec | None:
        return sheet.NPC_LEVEL

    def quick_npc(self, name: str, level: int, dice: DiceSource | None = None) -> Character:
        return sheet.npc(name, level)

    def round_flow(self, options: Options) -> RoundFlow:
        return PopcornFlow(self, gm_opens=self.options_with_defaults(options)["first_turn"] == "gm")

    def roll_initiative(self, actors: Sequence[Actor], dice: DiceSource, options: Options) -> list[InitiativeEntry]:
        """d20 + Agility each; the higher total first, then the higher Agility, then the encounter's order."""
        rolled = []
        for n, actor in enumerate(actors):
            agility = number(actor.character, "agility")
            face = dice.roll(20, f"{actor.name}: initiative (d20 + Agility)")
            cid = actor.combatant.id if actor.combatant else actor.character.id
            rolled.append((-(face + agility), -agility, n, cid, Explained.of(("d20", face), ("Agility", agility))))
        rolled.sort()
        return [InitiativeEntry(r[3], r[4], rank) for rank, r in enumerate(rolled)]

    MOVEMENT = PopcornMovement

    @cached_property
    def checks(self) -> PopcornChecks:
        return PopcornChecks(self)

    @cached_property
    def attacks(self) -> PopcornAttacks:
        return PopcornAttacks(self)

    @cached_property
    def sheet(self) -> PopcornSheet:
        return PopcornSheet(self)

    @cached_property
    def economy(self) -> PopcornEconomy:
        return PopcornEconomy(self)

