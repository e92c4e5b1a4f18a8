"""Moments fights compiled for the simulator: each attack drawn from the rules' exact hit chance (attacks.plan and
hit_chance) and damage dice, each hit landed by the rules' own wounds.take_damage, a major wound's death drawn from
its exact odds; moments as the declared flow runs them (ranked by the opposed INT test, declared worst to best,
resolved best to worst)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from crisis_desktop.domain import Character, CharacterKind, Combatant, ConditionState, EquipmentItem, ItemKind
from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    AttackRequest,
    AttackTarget,
    CoverLevel,
    Explained,
    SetStatus,
    StateRole,
)
from crisis_desktop.rules.base.quick import (
    Attempt,
    NotQuick,
    PlanChoice,
    Planner,
    PreparedFight,
    QuickFight,
    QuickWeapon,
)
from crisis_desktop.rules.kernel.geometry import Coord
from crisis_desktop.rules.kernel.quick_parts import MapReader, Sampler
from crisis_desktop.rules.moments import attacks, economy, moment, sheet, wounds
from crisis_desktop.rules.moments.d100 import band
from crisis_desktop.rules.moments.movement import MomentsMovement, band_cells

if TYPE_CHECKING:
    from crisis_desktop.rules.moments.ruleset import MomentsRuleset

FIGHTING, OUT = StateRole.FIGHTING, StateRole.OUT


@dataclass(frozen=True)
class _Strike:
    """An attack the rules allow: the damage rolled on a hit, None on a miss, drawn with one uniform number."""

    sampler: Sampler[int]
    damage_type: str


@dataclass
class MomentsFightState:
    """One moments fight under way, as numbers: each list holds one entry per combatant."""

    rng: random.Random                 # the fight's own generator: each new moment ranks everyone with it
    round: int
    ranking: list[int]                 # best first
    declared: list[int]                # the number of the stance each declared this moment, -1 for none
    resolving: bool                    # the moment's declarations are being resolved
    next: int                          # where in the ranking the next resolver is looked for
    current: int                       # who resolves now, -1 for nobody
    actions: list[int]                 # actions left this moment
    reactions: list[int]               # reactions left this moment
    hp_lost: list[int]
    dead: list[bool]
    cells: list[Coord | None]
    roles: list[StateRole] = field(default_factory=list)


class MomentsQuickFight(QuickFight[MomentsFightState]):
    """A prepared moments fight, compiled once for many simulated plays. Nobody reacts: the simulator declares each
    attack with the target's default reaction, none."""

    def __init__(self, rules: MomentsRuleset, prepared: PreparedFight) -> None:
        self.rules = rules
        self.options = dict(prepared.options)
        for rule in rules.rule_options():
            if self.options.get(rule.key, rule.default) not in rule.choices:
                raise NotQuick(f"the rule option {rule.label} is {self.options[rule.key]!r}, none of its choices")
        self.terrain = prepared.terrain
        campaign = prepared.campaign
        encounter = campaign.encounter(prepared.encounter_id)
        battle_map = next((m for m in campaign.battle_maps if m.id == encounter.battle_map_id), None) \
            if encounter.battle_map_id else None
        self.grid = self.terrain.grid if battle_map is not None and self.terrain is not None else None
        self.map = MapReader(rules, self.terrain, self.grid, self.options) \
            if self.terrain is not None and self.grid is not None else None
        tokens = {t.combatant_id: (t.x, t.y) for t in battle_map.tokens} if battle_map is not None else {}
        if battle_map is not None and len(tokens) < len(battle_map.tokens):
            raise NotQuick("a combatant has more than one token on the map")
        # Tokens of no one in this fight still stand in the way of a move.
        ids = {c.id for c in encounter.combatants}
        self._others = frozenset(cell for cid, cell in tokens.items() if cid not in ids)
        characters = [c.character_id for c in encounter.combatants]
        if len(set(characters)) < len(characters):
            raise NotQuick("a character fights as more than one combatant (they share its hit points)")
        # A new moment's stance until the combatant declares one.
        self._default = economy.STANCES[economy.DEFAULT]
        self._stances: list[list[economy.Stance]] = []          # what each may declare, as the flow offers it
        self._choices: list[tuple[PlanChoice, ...]] = []
        self._actors: list[Actor] = []                          # each at the moment's start, nothing declared
        self._by_stance: list[list[Actor]] = []                 # each having declared each of its stances
        self._start_cells: list[Coord | None] = []
        self._start_lost: list[int] = []
        self._hp_max: list[int] = []
        self._items: list[list[EquipmentItem]] = []
        self._initiative: list[tuple[int, bool]] = []
        for combatant in encounter.combatants:
            character = campaign.character(combatant.character_id)
            self._check(character)
            actor = self._declaring(character, combatant, self._default)
            stances = [economy.STANCES[c.key] for c in rules.declarable(actor, self.options)]
            self._stances.append(stances)
            self._choices.append(tuple(PlanChoice() for _ in stances))
            self._actors.append(actor)
            self._by_stance.append([self._declaring(character, combatant, stance) for stance in stances])
            self._start_cells.append(tokens.get(combatant.id) if self.grid is not None else None)
            self._start_lost.append(sheet.hp_lost(character))
            self._hp_max.append(int(sheet.hp_max(character).value))
            self._items.append(sheet.worn(character, ItemKind.WEAPON))
            self._initiative.append((int(moment.int_goal(actor, self.options).value),
                                     character.kind is CharacterKind.PC))
        self.sides = [c.side.value for c in encounter.combatants]
        self.weapons = [[QuickWeapon(item.id, rules.attacks.weapon_range(item) is not None) for item in items]
                        for items in self._items]
        self._near, self._distant = band_cells(self.options)[1:]
        self._death = {kind: attacks._death_chance(kind, self.options) for kind in sheet.DAMAGE_TYPES}
        self._strikes: dict[tuple[int, int, int, Coord | None, Coord | None, int], _Strike | None] = {}
        self._landed: dict[tuple[int, int, int, str], tuple[int, bool, bool]] = {}
        self._roles: dict[tuple[int, int, bool], StateRole] = {}
        self._moves: dict[tuple[int, Coord, Coord, frozenset[Coord]], str | None] = {}
        self._movement = MomentsMovement(rules)
        if all(self._role_of(i, lost, False) is OUT for i, lost in enumerate(self._start_lost)):
            raise NotQuick("nobody can act in this fight")

    def _check(self, character: Character) -> None:
        """NotQuick for what these fights do not play."""
        name = character.name
        if character.conditions:
            raise NotQuick(f"{name} starts the fight {character.conditions[0].key}")
        for item in sheet.worn(character, ItemKind.WEAPON):
            try:
                sheet.damage(item).distribution()
            except ValueError as exc:
                raise NotQuick(f"{name}'s {item.name} has damage the rules cannot roll: {exc}") from None
            if str(item.stats.get("damage_type", "crushing")) not in sheet.DAMAGE_TYPES:
                raise NotQuick(f"{name}'s {item.name} has no damage type of the major wound table")

    @staticmethod
    def _declaring(character: Character, combatant: Combatant, stance: economy.Stance) -> Actor:
        """The combatant having declared `stance`, nothing used yet (as the economy keeps it)."""
        return Actor(character, combatant.model_copy(update={"resources": {"stance": stance.key, "actions_used": 0,
                                                                            "reactions_used": 0}}))

    def _rank(self, rng: random.Random) -> list[int]:
        """The moment's ranking as moment.rank_moment settles it, best first: each d100 against the INT goal, better
        by band, then roll, a PC before an NPC, the higher goal; those still tied reroll a d100 (the higher first),
        then keep the encounter's order."""
        uniform = rng.random
        keys = []
        for g, pc in self._initiative:
            roll = int(uniform() * 100) + 1
            keys.append((-band(roll, g), -roll, not pc, -g))
        tied = Counter(keys)
        rerolls = [int(uniform() * 100) + 1 if tied[key] > 1 else 0 for key in keys]
        return sorted(range(len(keys)), key=lambda n: (keys[n], -rerolls[n], n))

    # -- a fight ---------------------------------------------------------------------------------------------
    def new(self, rng: random.Random) -> MomentsFightState:
        n, stance = len(self._actors), self._default
        s = MomentsFightState(rng, 1, self._rank(rng), [-1] * n, False, 0, -1, [stance.actions] * n,
                              [stance.reactions] * n, list(self._start_lost), [False] * n, list(self._start_cells))
        s.roles = [self._role_of(i, s.hp_lost[i], False) for i in range(n)]
        return s

    def round(self, s: MomentsFightState) -> int:
        return s.round

    def acting(self, s: MomentsFightState) -> tuple[int, ...]:
        return (s.current,) if s.current >= 0 else ()

    def advance(self, s: MomentsFightState, plan: Planner) -> bool:
        """The flow's next step: the worst ranked who can act and has not declared declares (what `plan` picks);
        once all have, resolution from the best ranked; each resolution done, the next declared who can still
        act; when none is left, a new moment ranks everyone again."""
        if not s.resolving:
            roles, declared = s.roles, s.declared
            for i in reversed(s.ranking):
                if declared[i] < 0 and roles[i] is FIGHTING:
                    declared[i] = picked = plan(i, self._choices[i])
                    stance = self._stances[i][picked]
                    s.actions[i], s.reactions[i] = stance.actions, stance.reactions
                    return True
            if all(d < 0 for d in declared):
                return False                # nobody declared: the flow offers no step
            s.resolving = True
            self._next_resolver(s)
            return True
        s.current = -1
        if not self._next_resolver(s):
            self._new_moment(s)
        return True

    def _next_resolver(self, s: MomentsFightState) -> bool:
        """The best ranked declared combatant not yet resolved resolves now (one who can no longer act loses its
        declaration); False when nobody is left to resolve."""
        ranking, declared, roles = s.ranking, s.declared, s.roles
        while s.next < len(ranking):
            i = ranking[s.next]
            s.next += 1
            if declared[i] >= 0 and roles[i] is FIGHTING:
                s.current = i
                return True
        return False

    def _new_moment(self, s: MomentsFightState) -> None:
        """Everyone ranked again; nothing used, nothing declared (the moment's default stance until one declares)."""
        n, stance = len(s.ranking), self._default
        s.round += 1
        s.ranking = self._rank(s.rng)
        s.declared = [-1] * n
        s.resolving, s.next, s.current = False, 0, -1
        s.actions, s.reactions = [stance.actions] * n, [stance.reactions] * n

    def role(self, s: MomentsFightState, i: int) -> StateRole:
        return s.roles[i]

    def roles(self, s: MomentsFightState) -> list[StateRole]:
        return s.roles

    def _role_of(self, i: int, hp_lost: int, dead: bool) -> StateRole:
        """The ruleset's state of the character with this much HP lost (and dead or not), as a role."""
        key = (i, hp_lost, dead)
        found = self._roles.get(key)
        if found is None:
            found = self._roles[key] = self.rules.sheet.state(self._character(*key), self.options).role
        return found

    def health_left(self, s: MomentsFightState, i: int) -> float:
        maximum = self._hp_max[i]
        return max(0, maximum - s.hp_lost[i]) / maximum if maximum > 0 else 1.0

    def has_weapon(self, s: MomentsFightState, i: int, w: int) -> bool:
        return True                         # nothing is thrown away or used up in a fight

    # -- attacks ---------------------------------------------------------------------------------------------
    def may_attack(self, s: MomentsFightState, i: int) -> bool:
        return s.actions[i] >= 1

    def attack(self, s: MomentsFightState, i: int, w: int, j: int, rng: random.Random) -> Attempt:
        """An attack costs an action; the rules refuse a balanced weapon thrown beyond near."""
        if s.actions[i] < 1:
            return Attempt.UNPAID
        cells = s.cells
        key = (i, w, j, cells[i], cells[j], s.declared[i])
        if key in self._strikes:
            strike = self._strikes[key]
        else:
            strike = self._strikes[key] = self._work_out(*key)
        if strike is None:
            return Attempt.REFUSED
        s.actions[i] -= 1
        raw = strike.sampler.draw(rng)
        if raw is not None:
            self._land(s, j, raw, strike.damage_type, rng)
        return Attempt.PAID

    def _work_out(self, i: int, w: int, j: int, here: Coord | None, there: Coord | None,
                  stance: int) -> _Strike | None:
        """i's attack with weapon w at j from `here` at `there`, under the stance i declared: its exact chance to
        hit and the weapon's damage dice; None when the rules refuse it."""
        try:
            p = attacks.plan(self._request(i, w, j, here, there, stance), self.options)
        except ValueError:
            return None
        weapon = p.weapon
        hit = attacks.hit_chance(p, self.options)
        rolled = sheet.damage(weapon).distribution()
        return _Strike(Sampler.of(1.0 - hit, {value: hit * weight for value, weight in rolled.items()}),
                       str(weapon.stats.get("damage_type", "crushing")))

    def _request(self, i: int, w: int, j: int, here: Coord | None, there: Coord | None,
                 stance: int) -> AttackRequest:
        """The attack as the simulator declares it (every input at its default), with the map's range band."""
        attacker = self._by_stance[i][stance] if stance >= 0 else self._actors[i]
        weapon = self._items[i][w]
        target = self._actors[j]
        own = {spec.key: spec.default for spec in self.rules.attacks.attack_inputs(attacker, weapon, 1, self.options)}
        values = {spec.key: spec.default for spec in self.rules.attacks.target_inputs(attacker, weapon, target, 1,
                                                                                      self.options)}
        if here is not None and there is not None and self.map is not None:
            distance, metres, reach, reading, _areas = self.map.measure(here, there)
            values |= self.rules.attacks.map_target_inputs(distance, metres, reading, reach=reach,
                                                           hex_grid=bool(self.grid and self.grid.hex),
                                                           options=self.options)
        return AttackRequest(attacker, weapon, (AttackTarget(target, values),), own)

    def _land(self, s: MomentsFightState, j: int, raw: int, damage_type: str, rng: random.Random) -> None:
        """A hit of `raw` damage on j, through its armour; a major wound kills as often as its d12 row and death
        test do."""
        key = (j, s.hp_lost[j], raw, damage_type)
        after = self._landed.get(key)
        if after is None:
            after = self._landed[key] = self._hit(*key)
        lost, dead, major = after
        dead = dead or s.dead[j] or (major and rng.random() < self._death[damage_type])
        s.hp_lost[j], s.dead[j] = lost, dead
        s.roles[j] = self._role_of(j, lost, dead)

    def _hit(self, j: int, hp_lost: int, raw: int, damage_type: str) -> tuple[int, bool, bool]:
        """What wounds.take_damage leaves of j after `raw` damage: HP lost, dead (of 0 HP), and whether a major
        wound is due (its death test still to come)."""
        character = self._character(j, hp_lost, False)
        result = wounds.take_damage(character, Explained.of(("damage", raw)), damage_type, 0, None, self.options)
        lost, dead = hp_lost, False
        for effect in result.effects:
            if isinstance(effect, SetStatus) and effect.key == "hp_lost" and isinstance(effect.value, int):
                lost = effect.value
            elif isinstance(effect, AddCondition) and effect.key == "dead":
                dead = True
        major = not dead and wounds.is_major(int(result.taken.value), sheet.hp(character))
        return lost, dead, major

    # -- the map ---------------------------------------------------------------------------------------------
    def cell(self, s: MomentsFightState, i: int) -> Coord | None:
        return s.cells[i]

    def cells(self, s: MomentsFightState) -> list[Coord | None]:
        return s.cells

    def map_refused(self, s: MomentsFightState, i: int, w: int, j: int) -> bool:
        here, there = s.cells[i], s.cells[j]
        if here is None or there is None or self.map is None:
            return False
        return self.map.refused(self._items[i][w], here, there)

    def cover(self, s: MomentsFightState, attacker: int, target: int, cell: Coord) -> tuple[CoverLevel, bool]:
        """The map's cover as the ruleset reads it (moments reads no one's posture into it)."""
        there = s.cells[attacker]
        assert there is not None and self.map is not None
        return self.map.cover(there, cell)

    def may_move(self, s: MomentsFightState, i: int) -> bool:
        """Move nearby takes an action; somewhere distant, an action and a reaction."""
        return s.roles[i] is FIGHTING and s.actions[i] >= 1

    def reach(self, s: MomentsFightState, i: int) -> int | None:
        """As MomentsMovement.reach: distant with an action and a reaction left, near with an action only."""
        if s.actions[i] >= 1:
            return self._distant if s.reactions[i] >= 1 else self._near
        return 0

    def move(self, s: MomentsFightState, i: int, goal: Coord) -> bool:
        """The move MomentsMovement.plan_move plans for the path (near or distant), paid as it prices it."""
        here = s.cells[i]
        assert here is not None and self.terrain is not None
        occupied = self._others.union(c for k, c in enumerate(s.cells) if k != i and c is not None)
        key = (i, here, goal, occupied)
        if key in self._moves:
            action = self._moves[key]
        else:
            action = self._moves[key] = self._planned(i, here, goal, occupied)
        if action is None or s.actions[i] < 1:
            return False
        if action == "move_distant":
            if s.reactions[i] < 1:
                return False
            s.reactions[i] -= 1
        s.actions[i] -= 1
        s.cells[i] = goal
        return True

    def _planned(self, i: int, here: Coord, goal: Coord, occupied: frozenset[Coord]) -> str | None:
        """The action the rules' plan of this move spends (for a combatant with its action and reaction), None
        when they refuse the path."""
        assert self.terrain is not None
        plan = self._movement.plan_move(self._actors[i], self.terrain, here, goal, occupied, self.options)
        return plan.action if plan.allowed else None

    # -- what is reported ------------------------------------------------------------------------------------
    def quiet_key(self, s: MomentsFightState) -> Hashable:
        return (tuple(s.hp_lost), tuple(s.dead))

    def actor_key(self, s: MomentsFightState, i: int) -> Hashable:
        return (s.hp_lost[i], s.dead[i])

    def actor(self, s: MomentsFightState, i: int) -> Actor:
        """The character with the HP this fight left it (its wounds' list and the usage rolls due, which nothing
        reports, are not kept), in the encounter as it opened."""
        return Actor(self._character(i, s.hp_lost[i], s.dead[i]), self._actors[i].combatant)

    def _character(self, i: int, hp_lost: int, dead: bool) -> Character:
        """The combatant's character with this fight's HP lost and death (a shallow copy: what it shares with the
        prepared one is only read)."""
        prepared = self._actors[i].character
        return prepared.model_copy(update={"status": {**prepared.status, "hp_lost": hp_lost},
                                           "conditions": [ConditionState(key="dead")] if dead else []})


__all__ = ["MomentsFightState", "MomentsQuickFight"]
