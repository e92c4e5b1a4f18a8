"""Skirmish fights compiled for the simulator: each attack drawn from the rules' exact outcome odds (fight_odds), each
blow landed by the rules' own wounds.take, each state read by the ruleset, each move priced by its movement; rounds as
the phased flow runs them (everyone plans, the phases resolve in order, then the End phase and its bleeding)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from crisis_desktop.domain import Character, ConditionState, EquipmentItem, StatValue
from crisis_desktop.domain.encounter import Combatant
from crisis_desktop.rules.base import (
    ActionRole,
    Actor,
    AddCondition,
    AttackRequest,
    AttackTarget,
    BarRole,
    CoverLevel,
    Effect,
    Explained,
    MapSpan,
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
from crisis_desktop.rules.skirmish import attacks, plans, sheet, wounds
from crisis_desktop.rules.skirmish.fight_odds import TIE, ranged_outcomes, skirmish_outcomes
from crisis_desktop.rules.skirmish.movement import SkirmishMovement

if TYPE_CHECKING:
    from crisis_desktop.rules.skirmish.ruleset import SkirmishRuleset

# Conditions a simulated fight can bring about (a wound's bleeding, a wound that kills), as bits of a combatant's mask.
BLEEDING, DEAD = 1, 2
_CONDITIONS = ((BLEEDING, "bleeding"), (DEAD, "dead"))
_BITS = {key: bit for bit, key in _CONDITIONS}
PLANNING = -1                        # the stage while everyone plans; else the number of the phase resolving
FIGHTING = StateRole.FIGHTING

# Each hit location's wound ("none", "critical", "supercritical"), in sheet.LOCATIONS order.
Wounds = tuple[str, ...]


@dataclass(frozen=True)
class _Plan:
    """One thing a combatant may plan: its key as the rules record it, the phase it resolves in, the tactics' view."""

    key: str
    phase: int
    choice: PlanChoice


@dataclass
class _Fighter:
    actor: Actor                     # as prepared, its combatant with no resources (the fight's start)
    items: list[EquipmentItem]       # its weapons, as the board lists them
    plans: list[_Plan]
    ranged: list[bool]               # each weapon attacks in the ranged phase (else it fights a skirmish)
    counted: list[bool]              # each weapon's throws are counted per target (Limited)


@dataclass
class SkirmishFightState:
    """One skirmish fight under way, as numbers: each list holds one entry per combatant."""

    round: int
    stage: int
    plans: list[int]                 # the plan made this round (its number among the fighter's plans), -1 none
    acting: list[int]                # who acts in the phase resolving (fixed as the phase begins)
    waiting: list[bool]              # still to carry out its planned action in this phase
    moved: list[bool]                # has made its move to an adjacent area this round
    fatigue: list[int]
    wounds: list[Wounds]
    conds: list[int]
    thrown: dict[tuple[int, int, int], int]     # (thrower, weapon, target) -> Limited missiles thrown at it
    cells: list[Coord | None]
    roles: list[StateRole]


class SkirmishQuickFight(QuickFight[SkirmishFightState]):
    """A prepared skirmish fight, compiled once for many simulated plays."""

    def __init__(self, rules: SkirmishRuleset, prepared: PreparedFight) -> None:
        self.rules = rules
        self.options = dict(prepared.options)
        self.terrain = prepared.terrain
        self.movement = SkirmishMovement(rules)
        campaign = prepared.campaign
        encounter = campaign.encounter(prepared.encounter_id)
        battle_map = next((m for m in campaign.battle_maps if m.id == encounter.battle_map_id), None) \
            if encounter.battle_map_id else None
        tokens = {t.combatant_id: (t.x, t.y) for t in battle_map.tokens} if battle_map is not None else {}
        self._phases = [phase.key for phase in rules.phases(self.options)]
        characters = [c.character_id for c in encounter.combatants]
        if len(set(characters)) < len(characters):
            raise NotQuick("one character plays two combatants (a blow to one would land on both)")
        self._fighters: list[_Fighter] = []
        for combatant in encounter.combatants:
            fresh = combatant.model_copy(deep=True)
            fresh.resources = {}
            self._fighters.append(self._fighter(Actor(campaign.character(combatant.character_id), fresh)))
        self.sides = [c.side.value for c in encounter.combatants]
        self.weapons = [[QuickWeapon(item.id, ranged) for item, ranged in zip(f.items, f.ranged, strict=True)]
                        for f in self._fighters]
        self._choices = [[p.choice for p in f.plans] for f in self._fighters]
        self._start_cells = [tokens.get(c.id) if self.terrain is not None else None for c in encounter.combatants]
        self._start = [(sheet.fatigue(f.actor.character),
                        tuple(sheet.wound(f.actor.character, loc) for loc in sheet.LOCATIONS)) for f in self._fighters]
        self._inputs: dict[tuple[int, int, int], tuple[dict[str, StatValue], dict[str, StatValue]]] = {}
        self._characters: dict[tuple[int, int, Wounds, int], Character] = {}
        self._combatants: dict[tuple[int, int, bool], Combatant] = {}
        self._readings: dict[tuple[int, int, Wounds, int], tuple[StateRole, float]] = {}
        self._unpaid: dict[tuple[int, int, int, int, int], bool] = {}
        self._blows: dict[tuple[int, int, int, Wounds, Wounds, int, int], Sampler[tuple[int, int, str]] | None] = {}
        self._landed: dict[tuple[int, int, Wounds, int, int, str], tuple[int, Wounds, int]] = {}
        self._bled: dict[tuple[int, int, Wounds, int], int] = {}
        self.map = MapReader(rules, self.terrain, self.terrain.grid, self.options) if self.terrain is not None else None
        self._map_refusals: dict[tuple[int, str, Coord, Coord, tuple[int, ...]], bool] = {}
        self._moves: dict[tuple[int, Coord, Coord, frozenset[Coord], int, bool, StateRole], str | None | bool] = {}

    def _fighter(self, actor: Actor) -> _Fighter:
        c = actor.character
        if c.conditions:
            raise NotQuick(f"{c.name} starts the fight {c.conditions[0].key}")
        # The board's weapons are those equipped; the plans offer every weapon carried (one not equipped is planned
        # for, never attacked with).
        carried = [item for item in sheet.weapons(c) if item.equipped]
        position = {item.id: w for w, item in enumerate(carried)}
        phase = {key: n for n, key in enumerate(self._phases)}
        planned = []
        for p in self.rules.plannable(actor, self.options):
            weapon = position.get(p.item) if p.item is not None else None
            planned.append(_Plan(p.key, phase[p.phase], PlanChoice(weapon, p.role is ActionRole.MOVE)))
        ranged = [sheet.is_ranged(item) for item in carried]
        counted = [r and attacks.limited_allowance(AttackRequest(actor, item, (AttackTarget(actor),)), self.options)
                   is not None for item, r in zip(carried, ranged, strict=True)]
        return _Fighter(actor, carried, planned, ranged, counted)

    # -- a fight ---------------------------------------------------------------------------------------------
    def new(self, rng: random.Random) -> SkirmishFightState:
        n = len(self._fighters)
        s = SkirmishFightState(1, PLANNING, [-1] * n, [], [False] * n, [False] * n, [f for f, _ in self._start],
                               [w for _, w in self._start], [0] * n, {}, list(self._start_cells), [])
        s.roles = [self._reading(i, s.fatigue[i], s.wounds[i], 0)[0] for i in range(n)]
        return s

    def round(self, s: SkirmishFightState) -> int:
        return s.round

    def stage(self, s: SkirmishFightState) -> Hashable:
        return s.stage

    def acting(self, s: SkirmishFightState) -> list[int]:
        return [i for i in s.acting if s.waiting[i]]

    def advance(self, s: SkirmishFightState, plan: Planner) -> bool:
        """The phased flow's next step as the simulator takes it: the first able combatant still to plan plans; once
        all have, the first phase anyone planned for begins; in a phase, the first still waiting is marked resolved;
        once none is, the next phase planned for, or the End phase and a new round."""
        if s.stage == PLANNING:
            for i, planned in enumerate(s.plans):
                if planned < 0 and s.roles[i] is FIGHTING:
                    s.plans[i] = plan(i, self._choices[i])
                    return True
            if all(planned < 0 for planned in s.plans):
                return False                # nobody planned: the flow offers no step
            self._enter(s, self._later(s))
            return True
        for i in s.acting:
            if s.waiting[i]:
                s.waiting[i] = False
                return True
        self._enter(s, self._later(s))
        return True

    def _later(self, s: SkirmishFightState) -> int | None:
        """The next phase after the current stage that someone planned for (down since or not); None: the End phase."""
        planned = {self._fighters[i].plans[p].phase for i, p in enumerate(s.plans) if p >= 0}
        return next((k for k in range(s.stage + 1, len(self._phases)) if k in planned), None)

    def _enter(self, s: SkirmishFightState, phase: int | None) -> None:
        """The phase begins: those who planned for it and can act now act in it, in the encounter's order."""
        if phase is None:
            self._end_round(s)
            return
        s.stage = phase
        s.acting = [i for i, p in enumerate(s.plans)
                    if p >= 0 and self._fighters[i].plans[p].phase == phase and s.roles[i] is FIGHTING]
        s.waiting = [False] * len(s.plans)
        for i in s.acting:
            s.waiting[i] = True

    def _end_round(self, s: SkirmishFightState) -> None:
        """The End phase (plans and moves cleared, each bleeding combatant bleeds), then a new round's planning."""
        for i in range(len(s.plans)):
            fatigue = self._bleed(i, s.fatigue[i], s.wounds[i], s.conds[i])
            if fatigue != s.fatigue[i]:
                s.fatigue[i] = fatigue
                s.roles[i] = self._reading(i, fatigue, s.wounds[i], s.conds[i])[0]
        n = len(s.plans)
        s.round, s.stage = s.round + 1, PLANNING
        s.plans, s.acting, s.waiting, s.moved = [-1] * n, [], [False] * n, [False] * n

    def _bleed(self, i: int, fatigue: int, wounds_: Wounds, conds: int) -> int:
        """Fatigue after the End phase's bleeding (wounds.bleed)."""
        key = (i, fatigue, wounds_, conds)
        found = self._bled.get(key)
        if found is None:
            effects, _notes = wounds.bleed(self._character(*key))
            found = self._bled[key] = self._apply(effects, fatigue, wounds_, conds)[0]
        return found

    def role(self, s: SkirmishFightState, i: int) -> StateRole:
        return s.roles[i]

    def roles(self, s: SkirmishFightState) -> list[StateRole]:
        return s.roles

    def health_left(self, s: SkirmishFightState, i: int) -> float:
        return self._reading(i, s.fatigue[i], s.wounds[i], s.conds[i])[1]

    def _reading(self, i: int, fatigue: int, wounds_: Wounds, conds: int) -> tuple[StateRole, float]:
        """The ruleset's state of the character as it stands, as a role, and the share of its health bar left."""
        key = (i, fatigue, wounds_, conds)
        found = self._readings.get(key)
        if found is None:
            character = self._character(*key)
            share = 1.0
            for bar in self.rules.sheet.resources(Actor(character), self.options):
                if bar.role is BarRole.HEALTH and bar.maximum > 0:
                    share = bar.current / bar.maximum if bar.lower_is_worse else 1.0 - bar.current / bar.maximum
                    break
            found = self._readings[key] = (self.rules.sheet.state(character, self.options).role, share)
        return found

    def has_weapon(self, s: SkirmishFightState, i: int, w: int) -> bool:
        return True                         # nothing is used up in these rules (Limited counts throws per target)

    # -- attacks ---------------------------------------------------------------------------------------------
    def may_act(self, s: SkirmishFightState, i: int) -> bool:
        return s.waiting[i]                 # in its phase, its planned action not yet carried out

    def may_attack(self, s: SkirmishFightState, i: int) -> bool:
        return s.waiting[i] and self._fighters[i].plans[s.plans[i]].choice.weapon is not None

    def attack(self, s: SkirmishFightState, i: int, w: int, j: int, rng: random.Random) -> Attempt:
        """The attack as the board makes it: only in the attacker's phase, with the weapon it planned (the rules'
        price); it carries out the attacker's planned action, and in a skirmish the target's too."""
        f = self._fighters[i]
        thrown = s.thrown.get((i, w, j), 0)
        if self._refused_price(i, w, j, s.plans[i], thrown):
            return Attempt.UNPAID
        if not s.waiting[i]:
            return Attempt.REFUSED          # the board's refusal: not its phase, or its planned action is carried out
        blows = self._blows_of(s, i, w, j)
        if blows is None:
            return Attempt.REFUSED
        drawn = blows.draw(rng)
        if drawn is not None:
            who, dealt, loc = drawn
            self._land(s, i if who == 0 else j, dealt, loc)
        s.waiting[i] = False
        if not f.ranged[w]:
            s.waiting[j] = False
        if f.counted[w]:
            s.thrown[(i, w, j)] = thrown + 1
        return Attempt.FREE                 # an attack costs nothing here: one a phase, as planned

    def _refused_price(self, i: int, w: int, j: int, plan: int, thrown: int) -> bool:
        """Whether the rules' price refuses the attack (attacks.price): not the weapon planned, too heavy to wield, or
        a Limited weapon with nothing left to throw at this target."""
        key = (i, w, j, plan, thrown)
        found = self._unpaid.get(key)
        if found is None:
            f = self._fighters[i]
            item = f.items[w]
            resources: dict[str, str | int] = {plans.PLAN_KEY: f.plans[plan].key} if plan >= 0 else {}
            target = self._fighters[j].actor
            request = AttackRequest(f.actor, item, (AttackTarget(target),))
            resources[attacks.limited_key(request, target)] = thrown
            attacker = Actor(f.actor.character, f.actor.combatant.model_copy(update={"resources": resources})
                             if f.actor.combatant is not None else None)
            own, aimed = self._declared(i, w, j)
            priced = AttackRequest(attacker, item, (AttackTarget(target, aimed),), own)
            found = self._unpaid[key] = attacks.price(priced, self.options)[1] is not None
        return found

    def _declared(self, i: int, w: int, j: int) -> tuple[dict[str, StatValue], dict[str, StatValue]]:
        """The attack's own inputs and the target's as the simulator declares them: every one at its default."""
        key = (i, w, j)
        found = self._inputs.get(key)
        if found is None:
            attacker, item, target = self._fighters[i].actor, self._fighters[i].items[w], self._fighters[j].actor
            found = self._inputs[key] = (
                {spec.key: spec.default for spec in self.rules.attacks.attack_inputs(attacker, item, 1, self.options)},
                {spec.key: spec.default for spec in self.rules.attacks.target_inputs(attacker, item, target, 1,
                                                                                     self.options)})
        return found

    def _blows_of(self, s: SkirmishFightState, i: int, w: int, j: int) -> Sampler[tuple[int, int, str]] | None:
        """The blows of i's attack on j with weapon w, from the rules' exact outcome odds; None where the rules refuse
        it. The rolls read each side's wounds (disadvantage) and plan (the target's skirmish weapon, a miscellaneous
        action's evasion); the map fixes no input in these rules (map_target_inputs is empty)."""
        key = (i, w, j, s.wounds[i], s.wounds[j], s.plans[i], s.plans[j])
        if key in self._blows:
            return self._blows[key]
        attacker = self._actor(i, s.fatigue[i], s.wounds[i], s.conds[i], s.plans[i], s.moved[i])
        target = self._actor(j, s.fatigue[j], s.wounds[j], s.conds[j], s.plans[j], s.moved[j])
        own, aimed = self._declared(i, w, j)
        request = AttackRequest(attacker, self._fighters[i].items[w], (AttackTarget(target, aimed),), own)
        try:
            rollers = attacks.rollers(request, self.options)
        except ValueError:
            found = None
        else:
            outcomes = ranged_outcomes(rollers[0], rollers[1]) if self._fighters[i].ranged[w] \
                else skirmish_outcomes(rollers, self.options)
            locations = wounds.location_odds()
            weights: dict[tuple[int, int, str], float] = {}
            # As fight_odds reads each (dealer, taker, multiplier): the damage past the taker's armour, by location.
            for (d, t, m), p in outcomes.items():
                dealer, taker = rollers[d], rollers[t]
                mult = wounds.multiplier(0, self.options) if m == TIE else m
                protection = wounds.armour_against(taker.actor.character, dealer.weapon, self.options)
                _raw, taken = wounds.damage(mult, sheet.base_damage(dealer.weapon), protection)
                dealt = int(taken.value)
                if dealt <= 0:
                    continue                # the armour stops the blow: nothing changes
                for loc, q in locations.items():
                    weights[(t, dealt, loc)] = weights.get((t, dealt, loc), 0.0) + p * q
            found = Sampler.of(1.0 - sum(weights.values()), weights)
        self._blows[key] = found
        return found

    def _land(self, s: SkirmishFightState, k: int, dealt: int, loc: str) -> None:
        """A blow of `dealt` damage past armour on k at `loc`: pain, the wound and what follows (wounds.take)."""
        key = (k, s.fatigue[k], s.wounds[k], s.conds[k], dealt, loc)
        after = self._landed.get(key)
        if after is None:
            taken = Explained.of(("damage", dealt))
            result = wounds.take(self._character(k, s.fatigue[k], s.wounds[k], s.conds[k]), taken, taken, loc)
            after = self._landed[key] = self._apply(result.effects, s.fatigue[k], s.wounds[k], s.conds[k])
        s.fatigue[k], s.wounds[k], s.conds[k] = after
        s.roles[k] = self._reading(k, *after)[0]

    @staticmethod
    def _apply(effects: Sequence[Effect], fatigue: int, wounds_: Wounds, conds: int) -> tuple[int, Wounds, int]:
        """The rules' effects on a character, as this fight's numbers (anything else is a rule this does not play)."""
        marks = list(wounds_)
        for effect in effects:
            if isinstance(effect, SetStatus) and effect.key == "fatigue" and isinstance(effect.value, int):
                fatigue = effect.value
            elif isinstance(effect, SetStatus) and effect.key.startswith("wound_"):
                marks[sheet.LOCATIONS.index(effect.key.removeprefix("wound_"))] = str(effect.value)
            elif isinstance(effect, AddCondition) and effect.key in _BITS:
                conds |= _BITS[effect.key]
            else:
                raise TypeError(f"a quick skirmish fight does not play {effect!r}")
        return fatigue, tuple(marks), conds

    # -- the map ---------------------------------------------------------------------------------------------
    def cell(self, s: SkirmishFightState, i: int) -> Coord | None:
        return s.cells[i]

    def cells(self, s: SkirmishFightState) -> list[Coord | None]:
        return s.cells

    def map_refused(self, s: SkirmishFightState, i: int, w: int, j: int) -> bool:
        """No line of sight or out of the weapon's reach, or what else the rules read from the map (a marksman
        engaged with an opponent standing next to it)."""
        here, there = s.cells[i], s.cells[j]
        if here is None or there is None or self.map is None:
            return False
        weapon = self._fighters[i].items[w]
        if self.map.refused(weapon, here, there):
            return True
        grid = self.map.grid
        near = tuple(k for k, c in enumerate(s.cells) if c is not None and k != i and s.roles[k] is FIGHTING
                     and grid.reach(c, here) == 1)
        if not near:
            return False
        key = (i, weapon.id, here, there, near)
        found = self._map_refusals.get(key)
        if found is None:
            tiles, metres, reach, reading, areas = self.map.measure(here, there)
            span = MapSpan(tiles, metres, reach, grid.metres_per_cell, grid.hex, reading, areas,
                           self._fighters[i].actor, self._fighters[j].actor,
                           tuple(self._fighters[k].actor for k in near))
            found = self._map_refusals[key] = bool(self.rules.attacks.map_reading(span, weapon, self.options).refusals)
        return found

    def cover(self, s: SkirmishFightState, attacker: int, target: int, cell: Coord) -> tuple[CoverLevel, bool]:
        """The map's cover as it stands (these rules read no actor into it)."""
        there = s.cells[attacker]
        assert there is not None and self.map is not None
        return self.map.cover(there, cell)

    def may_move(self, s: SkirmishFightState, i: int) -> bool:
        return True                         # a drag inside the token's own area is always free

    def reach(self, s: SkirmishFightState, i: int) -> int | None:
        return None                         # moves are counted in areas, not tiles

    def move(self, s: SkirmishFightState, i: int, goal: Coord) -> bool:
        """As the board's drag: free inside the token's area; into an adjacent area it is the move planned, which
        carries out the planned action (the movement's plan_move, then the action taken)."""
        here = s.cells[i]
        assert here is not None and self.terrain is not None
        occupied = frozenset(c for k, c in enumerate(s.cells) if k != i and c is not None)
        # The plan reads the mover's plan, whether it moved this round and whether it can act (its state's role).
        key = (i, here, goal, occupied, s.plans[i], s.moved[i], s.roles[i])
        found = self._moves.get(key)
        if found is None:
            actor = self._actor(i, s.fatigue[i], s.wounds[i], s.conds[i], s.plans[i], s.moved[i])
            plan = self.movement.plan_move(actor, self.terrain, here, goal, occupied, self.options)
            found = self._moves[key] = plan.action if plan.allowed else False
        if found is False:
            return False
        if isinstance(found, str):
            if not s.waiting[i]:
                return False                # taking the action needs the combatant's phase
            s.moved[i] = True
            # A planned melee attack carries its move into the area it is fought in: the attack carries it out.
            planned = self._fighters[i].plans[s.plans[i]].key if s.plans[i] >= 0 else ""
            if self.rules.carries_out_plan(planned, found):
                s.waiting[i] = False
        s.cells[i] = goal
        return True

    # -- what is reported ------------------------------------------------------------------------------------
    def quiet_key(self, s: SkirmishFightState) -> Hashable:
        return (tuple(s.fatigue), tuple(s.wounds), tuple(s.conds))

    def actor_key(self, s: SkirmishFightState, i: int) -> Hashable:
        return (s.fatigue[i], s.wounds[i], s.conds[i])

    def actor(self, s: SkirmishFightState, i: int) -> Actor:
        """The character as this fight left it, in the encounter as it opened (its combatant only read)."""
        return Actor(self._character(i, s.fatigue[i], s.wounds[i], s.conds[i]), self._fighters[i].actor.combatant)

    def _actor(self, i: int, fatigue: int, wounds_: Wounds, conds: int, plan: int, moved: bool) -> Actor:
        """The combatant as it stands, with its plan and move recorded as the rules record them."""
        key = (i, plan, moved)
        combatant = self._combatants.get(key)
        if combatant is None:
            prepared = self._fighters[i].actor.combatant
            assert prepared is not None
            resources: dict[str, str | bool] = {plans.PLAN_KEY: self._fighters[i].plans[plan].key} if plan >= 0 else {}
            if moved:
                resources[plans.MOVED_KEY] = True
            combatant = self._combatants[key] = prepared.model_copy(update={"resources": resources})
        return Actor(self._character(i, fatigue, wounds_, conds), combatant)

    def _character(self, i: int, fatigue: int, wounds_: Wounds, conds: int) -> Character:
        """The combatant's character with this fight's Fatigue, wounds and conditions (a shallow copy: what it shares
        with the prepared one, its equipment, is only read)."""
        key = (i, fatigue, wounds_, conds)
        found = self._characters.get(key)
        if found is None:
            prepared = self._fighters[i].actor.character
            status = {**prepared.status, "fatigue": fatigue}
            status |= {f"wound_{loc}": mark for loc, mark in zip(sheet.LOCATIONS, wounds_, strict=True)
                       if mark != "none" or f"wound_{loc}" in prepared.status}
            found = self._characters[key] = prepared.model_copy(update={
                "status": status, "conditions": [ConditionState(key=k) for bit, k in _CONDITIONS if conds & bit]})
        return found


__all__ = ["SkirmishFightState", "SkirmishQuickFight"]
