"""Crisis-classic fights compiled for the simulator: each attack drawn from the rules' exact hit and critical-hit
chances (combat_odds.hit_chances), each hit landed by the rules' own damage (damage.damage_result), each state read
by the ruleset; turns as the sequential flow runs them (initiative rolled by the rules, skipped when out, the surprise
round), AP as turns.start_turn gives them."""

from __future__ import annotations

import random
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from crisis_desktop.domain import Character, ConditionState, EquipmentItem, ItemKind
from crisis_desktop.domain.encounter import Combatant
from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    AttackRequest,
    AttackTarget,
    Effect,
    Explained,
    SetItemStat,
    SetResource,
    SetStatus,
    StateRole,
)
from crisis_desktop.rules.base.capabilities import is_surprised
from crisis_desktop.rules.base.quick import Attempt, NotQuick, PreparedFight, QuickWeapon
from crisis_desktop.rules.crisis_classic import actions, combat, combat_odds, damage, sheet
from crisis_desktop.rules.crisis_classic.actions import MULTI_TURN_ABOVE, resolve_action
from crisis_desktop.rules.crisis_classic.movement import ClassicMovement
from crisis_desktop.rules.crisis_classic.options import option
from crisis_desktop.rules.kernel.geometry import Coord
from crisis_desktop.rules.kernel.quick_parts import Sampler, SequentialQuickFight

if TYPE_CHECKING:
    from crisis_desktop.rules.crisis_classic.ruleset import CrisisClassicRuleset
    from crisis_desktop.rules.kernel.movement import Movement

# The one condition a simulated fight can bring about (damage.damage_result adds it when Endurance runs out).
EXHAUSTED = "exhausted"


@dataclass(frozen=True)
class _Strike:
    """One attack as the rules plan it at a distance and cover: whether the rules refuse it whatever the attacker
    can pay (a target in total cover), its critical hits (0 for a plain hit, None for a miss), and its damage."""

    blocked: bool
    crits: Sampler[int]
    end_terms: Explained               # Endurance damage of a hit
    end_amount: int                    # what of it the damage reads
    crit_damage: int                   # Health damage of each critical hit


class _Dice:
    """Dice for the rules' own initiative roll, drawn from the fight's generator (nothing recorded)."""

    def __init__(self, rng: random.Random) -> None:
        self._uniform = rng.random

    def roll(self, sides: int, label: str = "", kind: object = None) -> int:
        return int(self._uniform() * sides) + 1


@dataclass
class _Fighter:
    actor: Actor                       # the prepared character, its combatant as the encounter's start leaves it
    weapons: list[EquipmentItem]
    ammo: list[int | None]             # rounds loaded at the start; None where the weapon counts none
    mags: list[int | None]             # spare magazines at the start; None where they are not counted
    reload: list[int | None]           # the AP a reload of the weapon costs; None where it has no reload
    armour: EquipmentItem | None       # the armour the rules read (sheet.equipped_armour)
    endurance: int                     # Endurance and Health damage at the start
    health: int
    health_max: int
    attack_cost: int
    move_cost: int
    move_metres: int
    reach: int | None


@dataclass
class ClassicFightState:
    """One crisis-classic fight under way, as numbers: each list holds one entry per combatant."""

    round: int
    order: list[int]
    index: int
    endurance: list[int]               # Endurance damage taken
    health: list[int]                  # Health damage taken
    durability: list[int]
    exhausted: list[bool]              # the Exhausted condition
    ap: list[int]
    ammo: list[list[int | None]]
    cells: list[Coord | None]
    roles: list[StateRole] = field(default_factory=list)
    mags: list[list[int | None]] = field(default_factory=list)
    pending: list[int] = field(default_factory=list)     # the weapon of a reload under way over turns (-1: none)
    progress: list[int] = field(default_factory=list)    # the AP paid towards it so far


class ClassicQuickFight(SequentialQuickFight[ClassicFightState]):
    """A prepared crisis-classic fight, compiled once for many simulated plays; its turns as the sequential flow runs
    them (quick_parts.SequentialQuickFight), with the AP the crisis-classic rules give at a turn's start."""

    def __init__(self, rules: CrisisClassicRuleset, prepared: PreparedFight) -> None:
        self.rules = rules
        super().__init__(rules, prepared)
        campaign = prepared.campaign
        encounter = campaign.encounter(prepared.encounter_id)
        self.movement: Movement = ClassicMovement(rules)
        played: set[str] = set()
        self._fighters: list[_Fighter] = []
        for combatant in encounter.combatants:
            if combatant.character_id in played:
                raise NotQuick(f"{campaign.character(combatant.character_id).name} plays more than one combatant")
            played.add(combatant.character_id)
            self._fighters.append(self._fighter(campaign.character(combatant.character_id), combatant))
        self._actors = [f.actor for f in self._fighters]
        self._ids = [c.id for c in encounter.combatants]
        self.weapons = [[QuickWeapon(w.id, rules.attacks.weapon_range(w) is not None) for w in f.weapons]
                        for f in self._fighters]
        surprise = set(rules.surprise_round(self._actors))
        self._in_surprise_round = frozenset(i for i, cid in enumerate(self._ids) if cid in surprise)
        self._surprised = frozenset(i for i, c in enumerate(encounter.combatants) if is_surprised(c))
        self._strikes: dict[tuple[int, int, int, Coord | None, Coord | None, bool, bool, bool], _Strike] = {}
        self._landed: dict[tuple[int, int, int, int, bool, int, int, int],
                           tuple[int, int, int, bool, StateRole]] = {}
        self._roles: dict[tuple[int, int, int, bool], StateRole] = {}
        self._turn_ap: dict[tuple[int, int, int, bool], int] = {}
        self._moves: dict[tuple[Coord, Coord, frozenset[Coord], int], int | None] = {}
        self._caps = [[c if isinstance(c := w.stats.get("cap"), int) and not isinstance(c, bool) else 0
                       for w in f.weapons] for f in self._fighters]
        self._auto_continue = option(self.options, "multi_turn_continue") == "auto"

    def _fighter(self, character: Character, combatant: Combatant) -> _Fighter:
        if character.conditions:
            raise NotQuick(f"{character.name} starts the fight {character.conditions[0].key}")
        fresh = combatant.model_copy(deep=True)
        # The encounter's start sets the combat resources (AP 0, no aim, nothing pending), as the controller does.
        for effect in self.rules.start_encounter(Actor(character, fresh), self.options).effects:
            if isinstance(effect, SetResource):
                fresh.resources[effect.key] = effect.value
        actor = Actor(character, fresh)
        weapons = [i for i in character.equipment if i.kind is ItemKind.WEAPON and i.equipped]
        ammo = [a if isinstance(a := w.stats.get("ammo"), int) and not isinstance(a, bool) else None
                for w in weapons]
        mags = [m if isinstance(m := w.stats.get("mag"), int) and not isinstance(m, bool) else None for w in weapons]
        reloadable = {w.id for w in actions.reloadable(character)}
        reload = [resolve_action(character, actions.reload_key(w)).cost if w.id in reloadable else None
                  for w in weapons]
        reach = self.movement.reach(actor, self.terrain, self.options) if self.terrain is not None else None
        return _Fighter(actor, weapons, ammo, mags, reload, sheet.equipped_armour(character),
                        sheet.status(character, "endurance_damage"), sheet.status(character, "health_damage"),
                        int(sheet.health_max(character).value), resolve_action(character, "attack").cost,
                        resolve_action(character, "move").cost, int(sheet.move_distance(character, half=False).value),
                        reach)

    # -- a fight ---------------------------------------------------------------------------------------------
    def new(self, rng: random.Random) -> ClassicFightState:
        entries = sorted(self.rules.roll_initiative(self._actors, _Dice(rng), self.options), key=lambda e: e.rank)
        position = {cid: i for i, cid in enumerate(self._ids)}
        return self._open([position[e.combatant_id] for e in entries])

    def _open(self, order: list[int]) -> ClassicFightState:
        """The fight opened in this turn order as the flow opens it: the surprise round where anyone is surprised,
        the first turn begun."""
        n = len(self._fighters)
        s = ClassicFightState(
            0 if self._in_surprise_round else 1, order, -1,
            [f.endurance for f in self._fighters], [f.health for f in self._fighters],
            [sheet.item_int(f.armour, "durability") if f.armour is not None else 0 for f in self._fighters],
            [False] * n, [0] * n, [list(f.ammo) for f in self._fighters], list(self._start_cells),
            mags=[list(f.mags) for f in self._fighters], pending=[-1] * n, progress=[0] * n)
        s.roles = [self._role(i, s.endurance[i], s.health[i], False) for i in range(n)]
        return self._open_turns(s)

    def _surprise(self, s: ClassicFightState) -> frozenset[int]:
        return self._in_surprise_round

    def _weapon_item(self, i: int, w: int) -> EquipmentItem:
        return self._fighters[i].weapons[w]

    def _start_turn(self, s: ClassicFightState, i: int) -> None:
        """The AP the rules' start of a turn leaves (4 more, 2 when exhausted, at most 6). (The end of a turn ends
        only conditions that last the turn, Stunned: a simulated fight starts with no condition and brings about
        none but Exhausted, which lasts.)"""
        key = (i, s.ap[i], s.endurance[i], s.exhausted[i])
        found = self._turn_ap.get(key)
        if found is None:
            actor = self._actor(i, s.endurance[i], s.health[i], s.exhausted[i], ap=s.ap[i])
            found = s.ap[i]
            for effect in self.rules.start_turn(actor, self.options).effects:
                if isinstance(effect, SetResource) and effect.key == "ap" and isinstance(effect.value, int):
                    found = effect.value
            self._turn_ap[key] = found
        s.ap[i] = found
        if s.pending[i] >= 0 and found > 0 and self._auto_continue:
            # turns.start_turn: under "auto" the AP gained go into the reload under way at once.
            self._reload(s, i, s.pending[i])

    def _role(self, i: int, endurance: int, health: int, exhausted: bool) -> StateRole:
        """The ruleset's state of the character with this damage, as a role."""
        key = (i, endurance, health, exhausted)
        found = self._roles.get(key)
        if found is None:
            character = self._character(i, endurance, health, exhausted)
            found = self._roles[key] = self.rules.sheet.state(character, self.options).role
        return found

    def health_left(self, s: ClassicFightState, i: int) -> float:
        maximum = self._fighters[i].health_max
        return max(0, maximum - s.health[i]) / maximum if maximum > 0 else 1.0

    def has_weapon(self, s: ClassicFightState, i: int, w: int) -> bool:
        return True                         # nothing in these rules is used up by an attack

    # -- attacks ---------------------------------------------------------------------------------------------
    def may_attack(self, s: ClassicFightState, i: int) -> bool:
        if s.ap[i] < self._fighters[i].attack_cost:
            return False
        return any(rounds is None or rounds >= 1 for rounds in s.ammo[i])

    # -- reloading -------------------------------------------------------------------------------------------
    def _readying(self, s: ClassicFightState, i: int) -> int | None:
        """The first weapon whose reload the rules allow now and which it readies (turns.available_actions,
        ResolvedAction.readies, turns.why_not): no round loaded, a spare magazine left where they are counted, the
        AP it costs (at least 1 for one longer than a full AP pool)."""
        f, ap = self._fighters[i], s.ap[i]
        for w, cost in enumerate(f.reload):
            rounds, mags = s.ammo[i][w], s.mags[i][w]
            if cost is None or rounds is None or rounds >= 1 or (mags is not None and mags <= 0):
                continue
            if ap >= (1 if cost > MULTI_TURN_ABOVE else cost):
                return w
        return None

    def may_ready(self, s: ClassicFightState, i: int) -> bool:
        return self._readying(s, i) is not None

    def ready(self, s: ClassicFightState, i: int) -> bool:
        w = self._readying(s, i)
        if w is None:
            return False
        if s.pending[i] != w:
            s.pending[i], s.progress[i] = -1, 0      # turns.cancel_pending: another action ends the one under way
        self._reload(s, i, w)
        return True

    def _reload(self, s: ClassicFightState, i: int, w: int) -> None:
        """turns.spend_action and _progress for a reload: its AP paid (over turns where it costs more than a full
        pool); once paid in full the weapon holds its CAP again and one spare magazine fewer is left."""
        cost = self._fighters[i].reload[w]
        assert cost is not None
        if cost > MULTI_TURN_ABOVE:
            progress = s.progress[i] if s.pending[i] == w else 0
            spent = max(0, min(s.ap[i], cost - progress))
            s.ap[i] -= spent
            if progress + spent < cost:
                s.pending[i], s.progress[i] = w, progress + spent
                return
        else:
            s.ap[i] -= cost
        s.pending[i], s.progress[i] = -1, 0
        s.ammo[i][w] = self._caps[i][w]
        mags = s.mags[i][w]
        if mags is not None:
            s.mags[i][w] = mags - 1

    def attack(self, s: ClassicFightState, i: int, w: int, j: int, rng: random.Random) -> Attempt:
        """As combat.refusal prices it (any reason is one the attacker cannot pay for now), then resolve_attack: the
        AP and a round spent, the hit and its critical hits drawn, the damage landed."""
        f = self._fighters[i]
        ammo = s.ammo[i]
        rounds = ammo[w]
        if rounds is not None and rounds < 1:
            return Attempt.EMPTY
        if s.ap[i] < f.attack_cost:
            return Attempt.UNPAID
        strike = self._strike_of(s, i, w, j)
        if strike.blocked:
            return Attempt.UNPAID
        s.ap[i] -= f.attack_cost
        s.pending[i], s.progress[i] = -1, 0          # combat: an attack cancels a reload under way
        if rounds is not None:
            ammo[w] = rounds - 1
        crits = strike.crits.draw(rng)
        if crits is not None:
            self._land(s, j, strike, crits)
        return Attempt.PAID

    def _strike_of(self, s: ClassicFightState, i: int, w: int, j: int) -> _Strike:
        """i's attack with weapon w on j as things stand: where both stand, whether j is surprised (in the surprise
        round), whether either is exhausted."""
        cells = s.cells
        key = (i, w, j, cells[i], cells[j], s.round == 0 and j in self._surprised, s.exhausted[i], s.exhausted[j])
        return self._strikes.get(key) or self._strike(*key)

    def _land(self, s: ClassicFightState, j: int, strike: _Strike, crits: int) -> None:
        key = (j, s.endurance[j], s.health[j], s.durability[j], s.exhausted[j], strike.end_amount, strike.crit_damage,
               crits)
        after = self._landed.get(key)
        if after is None:
            after = self._landed[key] = self._hit(j, s.endurance[j], s.health[j], s.durability[j], s.exhausted[j],
                                                  strike.end_terms, strike.crit_damage, crits)
        s.endurance[j], s.health[j], s.durability[j], s.exhausted[j], s.roles[j] = after

    def _hit(self, j: int, endurance: int, health: int, durability: int, exhausted: bool, end_terms: Explained,
             crit_damage: int, crits: int) -> tuple[int, int, int, bool, StateRole]:
        """What a hit leaves of j, by the effects damage.damage_result gives: Endurance and Health damage,
        durability, the Exhausted condition, and its role then."""
        target = self._character(j, endurance, health, exhausted, durability)
        result = damage.damage_result(target, end_terms, crit_damage, crits)
        for effect in result.effects:
            endurance, health, durability, exhausted = _applied(effect, endurance, health, durability, exhausted)
        return endurance, health, durability, exhausted, self._role(j, endurance, health, exhausted)

    def _strike(self, i: int, w: int, j: int, here: Coord | None, there: Coord | None, surprised: bool,
                attacker_exhausted: bool, target_exhausted: bool) -> _Strike:
        """i's attack with weapon w on j from `here` at `there` as the simulator declares it (every input at its
        default, the map's distance and cover), for an attacker that can pay for it: the hit chances read the
        sheets and conditions of both, never their damage."""
        f = self._fighters[i]
        weapon = f.weapons[w]
        attacker = self._actor(i, f.endurance, f.health, attacker_exhausted, ap=sheet.MAX_AP)
        target = self._fighters[j]
        target_actor = self._actor(j, target.endurance, target.health, target_exhausted)
        fight_round = 0 if surprised else 1     # the inputs read the round only as the surprise round or not
        rules, options = self.rules, self.options
        own = {spec.key: spec.default for spec in rules.attacks.attack_inputs(attacker, weapon, fight_round, options)}
        values = {spec.key: spec.default
                  for spec in rules.attacks.target_inputs(attacker, weapon, target_actor, fight_round, options)}
        if here is not None and there is not None and self.map is not None:
            tiles, metres, reach, reading, _areas = self.map.measure(here, there)
            values |= rules.attacks.map_target_inputs(tiles, metres, reading, reach=reach, hex_grid=self.map.grid.hex,
                                                      options=options)
        context = combat.context_of(AttackRequest(attacker, weapon, (AttackTarget(target_actor, values),), own))
        hits = combat_odds.hit_chances(context, options)
        end_terms = combat.end_damage_terms(context, options)
        found = self._strikes[(i, w, j, here, there, surprised, attacker_exhausted, target_exhausted)] = _Strike(
            bool(combat.refusal(context)), Sampler.of(1.0 - sum(hits.values()), hits), end_terms,
            int(end_terms.value), sheet.item_int(weapon, "damage"))
        return found

    # -- the map ---------------------------------------------------------------------------------------------
    def may_move(self, s: ClassicFightState, i: int) -> bool:
        return s.ap[i] >= self._fighters[i].move_cost

    def reach(self, s: ClassicFightState, i: int) -> int | None:
        return self._fighters[i].reach

    def move(self, s: ClassicFightState, i: int, goal: Coord) -> bool:
        """One Move as ClassicMovement.plan_move allows it (a path within the Move's metres), paid in AP."""
        here = s.cells[i]
        assert here is not None and self.terrain is not None
        f = self._fighters[i]
        occupied = frozenset(c for k, c in enumerate(s.cells) if k != i and c is not None)
        key = (here, goal, occupied, f.move_metres)
        if key in self._moves:
            cost = self._moves[key]
        else:
            # Planned for the mover with AP to pay (the plan reads the mover only for its Move's metres): whether it
            # has them is counted here.
            plan = self.movement.plan_move(self._actor(i, f.endurance, f.health, False, ap=sheet.MAX_AP),
                                           self.terrain, here, goal, occupied, self.options)
            cost = self._moves[key] = plan.price.get("ap", 0) if plan.allowed else None
        if cost is None or s.ap[i] < cost:
            return False
        s.ap[i] -= cost
        s.pending[i], s.progress[i] = -1, 0          # turns.spend_action: a Move cancels a reload under way
        s.cells[i] = goal
        return True

    # -- what is reported ------------------------------------------------------------------------------------
    def quiet_key(self, s: ClassicFightState) -> Hashable:
        return (tuple(s.endurance), tuple(s.health), tuple(s.durability))

    def actor_key(self, s: ClassicFightState, i: int) -> Hashable:
        return (s.endurance[i], s.health[i], s.durability[i], s.exhausted[i], tuple(s.ammo[i]), tuple(s.mags[i]))

    def finish(self, s: ClassicFightState) -> None:
        """The end of the encounter as the rules have it (turns.end_encounter: the combat's cost in Endurance, and
        Exhausted where it takes the last of it), before the figures are read."""
        for i in range(len(s.roles)):
            ended = self.rules.end_encounter(self._actor(i, s.endurance[i], s.health[i], s.exhausted[i],
                                                         s.durability[i]), self.options)
            for effect in ended.effects:
                if isinstance(effect, SetStatus) and effect.key == "endurance_damage" and isinstance(effect.value, int):
                    s.endurance[i] = effect.value
                elif isinstance(effect, AddCondition) and effect.key == "exhausted":
                    s.exhausted[i] = True
            s.roles[i] = self._role(i, s.endurance[i], s.health[i], s.exhausted[i])

    def actor(self, s: ClassicFightState, i: int) -> Actor:
        """The character as this fight has left it (a copy), in the encounter as it opened."""
        f = self._fighters[i]
        character = self._character(i, s.endurance[i], s.health[i], s.exhausted[i], s.durability[i])
        loaded: dict[str, dict[str, int]] = {}
        for w, weapon in enumerate(f.weapons):
            counted = {key: value for key, value in (("ammo", s.ammo[i][w]), ("mag", s.mags[i][w]))
                       if value is not None}
            if counted:
                loaded[weapon.id] = counted
        character.equipment = [item.model_copy(update={"stats": {**item.stats, **loaded[item.id]}})
                               if item.id in loaded else item for item in character.equipment]
        return Actor(character, f.actor.combatant)

    def _actor(self, i: int, endurance: int, health: int, exhausted: bool, durability: int | None = None, *,
               ap: int | None = None) -> Actor:
        """The combatant with this damage (and AP, where given), as the rules read it."""
        f = self._fighters[i]
        combatant = f.actor.combatant
        if ap is not None and combatant is not None:
            combatant = combatant.model_copy(update={"resources": {**combatant.resources, "ap": ap}})
        return Actor(self._character(i, endurance, health, exhausted, durability), combatant)

    def _character(self, i: int, endurance: int, health: int, exhausted: bool,
                   durability: int | None = None) -> Character:
        """The combatant's character with this damage and durability (a shallow copy: what it shares with the
        prepared one is only read)."""
        f = self._fighters[i]
        prepared = f.actor.character
        update: dict[str, object] = {
            "status": {**prepared.status, "endurance_damage": endurance, "health_damage": health},
            "conditions": [ConditionState(key=EXHAUSTED)] if exhausted else []}
        armour = f.armour
        if armour is not None and durability is not None:
            worn = armour.model_copy(update={"stats": {**armour.stats, "durability": durability}})
            update["equipment"] = [worn if item is armour else item for item in prepared.equipment]
        return prepared.model_copy(update=update)


def _applied(effect: Effect, endurance: int, health: int, durability: int,
             exhausted: bool) -> tuple[int, int, int, bool]:
    """One of the rules' effects on a fighter's damage, durability and Exhausted condition."""
    if isinstance(effect, SetStatus) and effect.key in ("endurance_damage", "health_damage") \
            and isinstance(effect.value, int):
        if effect.key == "endurance_damage":
            return effect.value, health, durability, exhausted
        return endurance, effect.value, durability, exhausted
    if isinstance(effect, SetItemStat) and effect.key == "durability" and isinstance(effect.value, int):
        return endurance, health, effect.value, exhausted
    if isinstance(effect, AddCondition) and effect.key == EXHAUSTED:
        return endurance, health, durability, True
    raise TypeError(f"quick crisis-classic fights do not play the effect {effect}")


__all__ = ["ClassicFightState", "ClassicQuickFight"]
