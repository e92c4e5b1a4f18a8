"""Crisis fights compiled for the simulator: each attack drawn from the rules' exact outcome odds (attacks.py), each
hit landed by the rules' own damage (damage.hit), each state read by the ruleset; turns as the sequential flow runs
them (initiative by the rules, skipped when out, the surprise round), with what the rules do at a turn's start."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from crisis_desktop.domain import Character, CharacterKind, ConditionState, EquipmentItem, ItemKind
from crisis_desktop.rules.base import Actor, AttackRequest, AttackTarget, CheckRequest, StateRole
from crisis_desktop.rules.base.capabilities import is_surprised
from crisis_desktop.rules.base.quick import Attempt, NotQuick, PreparedFight, QuickWeapon
from crisis_desktop.rules.crisis import attacks, checks, combat, damage, initiative, reloading, sheet, stats, tables
from crisis_desktop.rules.crisis.actions import FRESH, NPC_ACTIONS_PER_ROUND
from crisis_desktop.rules.crisis.movement import route
from crisis_desktop.rules.crisis.options import option
from crisis_desktop.rules.kernel.geometry import Coord, area_template, scatter, scatter_die
from crisis_desktop.rules.kernel.quick_parts import Sampler, SequentialQuickFight

if TYPE_CHECKING:
    from crisis_desktop.rules.crisis.ruleset import CrisisRuleset


# Conditions a simulated fight can bring about, as bits of a combatant's mask.
DYING, DEAD, INCAPACITATED = 1, 2, 4
_CONDITIONS = ((DYING, "dying"), (DEAD, "dead"), (INCAPACITATED, "incapacitated"))


@dataclass(frozen=True)
class _Strike:
    """One target's part of an attack as the rules plan it at a distance and cover: its damage, or why it cannot
    be hurt."""

    blocked: bool
    sampler: Sampler[int] | None           # single attacks: hit and raw damage together; area attacks: raw damage only
    damage_type: str
    ignore_dr: bool
    increments: int


@dataclass
class _Gun:
    item: EquipmentItem
    cap: int | None
    cost: int
    area: bool
    radius: int
    used_up: bool                      # thrown with no magazine: gone once thrown
    ranged: bool
    rel: int                           # the AP a Reload of it costs (at least 1)


@dataclass
class _Fighter:
    actor: Actor
    npc_actions: bool
    health_max: int
    pace: int
    armour_id: str | None
    dr: dict[str, int]
    guns: list[_Gun]


@dataclass
class CrisisFightState:
    """One crisis fight under way, as numbers: each list holds one entry per combatant."""

    round: int
    order: list[int]
    index: int
    surprise: frozenset[int]
    wounds: list[int]
    nonlethal: list[int]
    conds: list[int]
    durability: list[int]
    ap: list[int]
    taken: list[int]
    ammo: list[list[int]]
    mags: list[list[int | None]]       # spare magazines left per weapon; None where they are not counted
    pending: list[int]                 # the AP of a Reload under way over several turns (0: none)
    progress: list[int]                # the AP paid towards it so far
    gone: list[set[int]]
    cells: list[Coord | None]
    roles: list[StateRole] = field(default_factory=list)


class CrisisQuickFight(SequentialQuickFight[CrisisFightState]):
    """A prepared crisis fight, compiled once for many simulated plays; its turns as the sequential flow runs them
    (quick_parts.SequentialQuickFight), with what the crisis rules do at a turn's start."""

    def __init__(self, rules: CrisisRuleset, prepared: PreparedFight) -> None:
        self.rules = rules
        super().__init__(rules, prepared)
        campaign = prepared.campaign
        encounter = campaign.encounter(prepared.encounter_id)
        self._fighters: list[_Fighter] = []
        self._start_ammo: list[list[int]] = []
        self._start_mags: list[list[int | None]] = []
        self._start_durability: list[int] = []
        surprised = set()
        for index, combatant in enumerate(encounter.combatants):
            character = campaign.character(combatant.character_id)
            fresh = combatant.model_copy(deep=True)
            fresh.resources = dict(FRESH)
            self._fighters.append(self._fighter(Actor(character, fresh)))
            if is_surprised(combatant):
                surprised.add(index)
        self.weapons = [[QuickWeapon(g.item.id, g.ranged) for g in f.guns] for f in self._fighters]
        self._actors = [f.actor for f in self._fighters]
        self._units = self._initiative_units()
        self._surprised = frozenset(surprised)
        self._max_ap, self._ap_per_turn = tables.ap_limits()
        self._bleed = tables.conditions()["dying"].wound_per_turn
        self._death_at = tables.combat()["death_at_health"]
        table = tables.actions()
        self._move_ap, self._run_ap = table["move"].cost, table["run"].cost
        self._strikes: dict[tuple[int, int, int, Coord | None, Coord | None, int], _Strike] = {}
        self._area_roll: dict[tuple[int, int, int, Coord | None, Coord | None], tuple[_Strike, float]] = {}
        self._landed: dict[tuple[int, int, int, int, int, int, str, bool], tuple[int, int, int, int, StateRole]] = {}
        self._roles: dict[tuple[int, int, int, int], StateRole] = {}
        self._routes: dict[tuple[Coord, Coord, frozenset[Coord], int], str | None] = {}
        self._templates: dict[tuple[Coord, int], dict[Coord, int]] = {}

    def _fighter(self, actor: Actor) -> _Fighter:
        c = actor.character
        name = c.name
        if c.conditions:
            raise NotQuick(f"{name} starts the fight {c.conditions[0].key}")
        armours = stats.equipped(c, ItemKind.ARMOUR)
        if len(armours) > 1:
            raise NotQuick(f"{name} wears more than one armour")
        guns = []
        for item in stats.equipped(c, ItemKind.WEAPON):
            cap = item.stats.get("cap")
            capacity = cap if isinstance(cap, int) and not isinstance(cap, bool) else None
            guns.append(_Gun(item, capacity, combat.attack_cost(item), combat.is_area(item),
                             stats.int_stat(item, "aoe_radius"), "thrown" in item.tags and capacity is None,
                             self.rules.attacks.weapon_range(item) is not None,
                             max(stats.int_stat(item, "reload_ap", reloading.DEFAULT_REL), 1)))
        armour = armours[0] if armours else None
        self._start_ammo.append([stats.int_stat(g.item, "ammo") if g.cap is not None else 0 for g in guns])
        self._start_mags.append([m if isinstance(m := g.item.stats.get("mag"), int) and not isinstance(m, bool)
                                 else None for g in guns])
        self._start_durability.append(
            stats.int_stat(armour, "durability", stats.int_stat(armour, "durability_max")) if armour else 0)
        dr = {key[3:]: stats.int_stat(armour, key) for key in armour.stats if key.startswith("dr_")} if armour else {}
        npc = c.kind is CharacterKind.NPC and option(self.options, "npc_actions") == "two_actions"
        return _Fighter(actor, npc, int(sheet.health(c).value), int(sheet.pace(c).value),
                        armour.id if armour else None, dr, guns)

    def _initiative_units(self) -> list[tuple[int, int, bool, list[int]]]:
        """Who rolls for turn order (a PC, an NPC, an NPC group by its first member): (Mind die sides, what is added
        to the roll, PC or not, the combatants it places), as initiative.roll_for reads them."""
        position = {id(f.actor): i for i, f in enumerate(self._fighters)}
        units = []
        for unit in initiative._units(self._actors):
            lead = unit.members[0]
            die = stats.roll_die(lead.character, "mind", self.options)
            added = die.bonus + int(sum(t.value for t in stats.condition_check_terms(lead.character, "mind"))) \
                + initiative.circumstance(lead)
            units.append((die.sides, added, unit.is_pc, [position[id(m)] for m in unit.members]))
        return units

    def _order(self, rng: random.Random) -> list[int]:
        """Turn order as initiative.roll_initiative settles it, each roll drawn as the rules roll it (a Mind die
        whose top face explodes; a natural 1 counts 1 whether or not it implodes)."""
        units = self._units
        uniform = rng.random

        def roll(unit: int) -> int:
            sides, added = units[unit][0], units[unit][1]
            total = face = int(uniform() * sides) + 1
            while face == sides:
                face = int(uniform() * sides) + 1
                total += face
            return total + added

        ranks, _ = initiative.ranked([roll(u) for u in range(len(units))], [u[2] for u in units], roll)
        return [i for u in ranks for i in units[u][3]]

    # -- a fight ---------------------------------------------------------------------------------------------
    def new(self, rng: random.Random) -> CrisisFightState:
        n = len(self._fighters)
        surprise = self._surprised and frozenset(i for i in range(n) if i not in self._surprised)
        s = CrisisFightState(
            0 if surprise else 1, self._order(rng), -1, surprise or frozenset(),
            [stats.wounds(f.actor.character) for f in self._fighters],
            [stats.nonlethal(f.actor.character) for f in self._fighters], [0] * n, list(self._start_durability),
            [0] * n, [0] * n, [list(a) for a in self._start_ammo], [list(m) for m in self._start_mags], [0] * n,
            [0] * n, [set() for _ in range(n)],
            list(self._start_cells))
        s.roles = [self._role(i, s) for i in range(n)]
        return self._open_turns(s)

    def _surprise(self, s: CrisisFightState) -> frozenset[int]:
        return s.surprise

    def _weapon_item(self, i: int, w: int) -> EquipmentItem:
        return self._fighters[i].guns[w].item

    def _start_turn(self, s: CrisisFightState, i: int) -> None:
        """AP regained (to the maximum), the NPC's two actions back; a dying combatant bleeds, and dies of it. (The
        end of a turn counts down only conditions that last a number of rounds, and a simulated fight brings about
        none: it starts from none, and damage's conditions last until removed.)"""
        s.taken[i] = 0
        ap = s.ap[i] + self._ap_per_turn
        s.ap[i] = ap if ap < self._max_ap else self._max_ap
        conds = s.conds[i]
        if conds & DYING and not conds & DEAD:
            s.wounds[i] += self._bleed
            if self._fighters[i].health_max - s.wounds[i] <= self._death_at:
                s.conds[i] = (conds & ~DYING) | DEAD
            s.roles[i] = self._role(i, s)

    def _role(self, i: int, s: CrisisFightState) -> StateRole:
        return self._role_of(i, s.wounds[i], s.nonlethal[i], s.conds[i])

    def _role_of(self, i: int, wounds: int, nonlethal: int, conds: int) -> StateRole:
        """The ruleset's state of the character with these wounds and conditions, as a role."""
        key = (i, wounds, nonlethal, conds)
        found = self._roles.get(key)
        if found is None:
            found = self._roles[key] = self.rules.sheet.state(self._character(*key), self.options).role
        return found

    def health_left(self, s: CrisisFightState, i: int) -> float:
        maximum = self._fighters[i].health_max
        return (maximum - s.wounds[i]) / maximum if maximum > 0 else 1.0

    def has_weapon(self, s: CrisisFightState, i: int, w: int) -> bool:
        return w not in s.gone[i]

    # -- attacks ---------------------------------------------------------------------------------------------
    def may_attack(self, s: CrisisFightState, i: int) -> bool:
        f = self._fighters[i]
        gone, ammo = s.gone[i], s.ammo[i]
        if f.npc_actions:
            if s.taken[i] >= NPC_ACTIONS_PER_ROUND:
                return False
            ap = 1 << 30                    # an NPC's action pays for any attack
        else:
            ap = s.ap[i]
        for w, gun in enumerate(f.guns):
            if ap >= gun.cost and (gun.cap is None or ammo[w] >= 1) and w not in gone:
                return True
        return False

    def attack(self, s: CrisisFightState, i: int, w: int, j: int, rng: random.Random) -> Attempt:
        f = self._fighters[i]
        gun = f.guns[w]
        if gun.cap is not None and s.ammo[i][w] < 1:
            return Attempt.EMPTY if gun.cap > 0 else Attempt.UNPAID
        if f.npc_actions:
            if s.taken[i] >= NPC_ACTIONS_PER_ROUND:
                return Attempt.UNPAID
        elif s.ap[i] < gun.cost:
            return Attempt.UNPAID
        if gun.area:
            return self._blast(s, i, w, j, rng)
        cells = s.cells
        strike = self._strikes.get((i, w, j, cells[i], cells[j], -1)) or self._strike(i, w, j, cells[i], cells[j], -1)
        if strike.blocked:
            return Attempt.REFUSED
        self._pay(s, i, w)
        sampler = strike.sampler
        assert sampler is not None
        u = rng.random()
        if u >= sampler.miss:
            self._land(s, j, sampler.values[bisect_right(sampler.cumulative, u)], strike)
        return Attempt.PAID

    # -- reloading -------------------------------------------------------------------------------------------
    def _reload_target(self, s: CrisisFightState, i: int) -> int | None:
        """The weapon a Reload loads now (reloading.reload_target): of the magazine weapons not full with a spare
        magazine left, the one with the fewest rounds loaded, the cheapest to reload among equals."""
        guns, ammo, mags = self._fighters[i].guns, s.ammo[i], s.mags[i]
        wanting = [w for w, g in enumerate(guns) if g.cap is not None and g.cap > 0 and ammo[w] < g.cap
                   and (mags[w] is None or (mags[w] or 0) > 0) and w not in s.gone[i]]
        return min(wanting, key=lambda w: (ammo[w], guns[w].rel), default=None)

    def may_ready(self, s: CrisisFightState, i: int) -> bool:
        """Whether a Reload is allowed now (actions.availability): a weapon to load, and an NPC's action, the AP it
        costs, or for one longer than a turn's AP at least 1 AP to move it on."""
        w = self._reload_target(s, i)
        if w is None:
            return False
        if self._fighters[i].npc_actions:
            return s.taken[i] < NPC_ACTIONS_PER_ROUND
        rel = self._fighters[i].guns[w].rel
        return s.ap[i] >= (1 if rel > self._max_ap else rel)

    def ready(self, s: CrisisFightState, i: int) -> bool:
        """A Reload as actions.spend_action takes it: an NPC's action, or its AP (over several turns where it costs
        more than a turn's AP, moved on by all the AP left); once paid in full the weapon holds its capacity again
        and one spare magazine fewer is left."""
        if not self.may_ready(s, i):
            return False
        w = self._reload_target(s, i)
        assert w is not None
        gun = self._fighters[i].guns[w]
        if self._fighters[i].npc_actions:
            s.taken[i] += 1
        elif gun.rel > self._max_ap:
            progress = s.progress[i] if s.pending[i] == gun.rel else 0
            step = min(s.ap[i], gun.rel - progress)
            s.ap[i] -= step
            if progress + step < gun.rel:
                s.pending[i], s.progress[i] = gun.rel, progress + step
                return True
        else:
            s.ap[i] -= gun.rel
        s.pending[i] = s.progress[i] = 0
        assert gun.cap is not None
        s.ammo[i][w] = gun.cap
        mags = s.mags[i][w]
        if mags is not None:
            s.mags[i][w] = mags - 1
        return True

    def _pay(self, s: CrisisFightState, i: int, w: int) -> None:
        f = self._fighters[i]
        gun = f.guns[w]
        s.pending[i] = s.progress[i] = 0        # an attack ends a Reload under way
        if gun.cap is not None:
            s.ammo[i][w] -= 1
        if f.npc_actions:
            s.taken[i] += 1
        else:
            s.ap[i] -= gun.cost
        if gun.used_up:
            s.gone[i].add(w)

    def _blast(self, s: CrisisFightState, i: int, w: int, j: int, rng: random.Random) -> Attempt:
        """One attack roll for everyone under the template around j (the thrower spared); a miss scatters and
        catches whoever stands where it lands, the thrower too."""
        gun = self._fighters[i].guns[w]
        aimed, p_hit = self._aimed_blast(i, w, j, s.cells[i], s.cells[j])
        if aimed.blocked:
            return Attempt.REFUSED
        centre = s.cells[j]
        caught = [(j, 0)] if centre is None else \
            [(k, d) for k, d in self._under(s, centre, gun.radius) if k != i]
        if centre is not None and not any(k == j for k, _ in caught):
            caught = [(j, 0)]                 # the aimed target out of the fight: the dialog's target alone
        # The map must allow the attack on everyone under the template, as on the board.
        if any(self.map_refused(s, i, w, k) for k, _ in caught):
            return Attempt.REFUSED
        self._pay(s, i, w)
        if rng.random() < p_hit:
            self._hurt(s, [(k, self._strike(i, w, k, s.cells[i], s.cells[k], tiles)) for k, tiles in caught], rng)
            return Attempt.PAID
        grid, here = self.grid, s.cells[i]
        if grid is None or centre is None or here is None:
            return Attempt.PAID
        face = rng.randint(1, scatter_die(grid))
        landing = scatter(grid, centre, here, face, aimed.increments).landing
        self._hurt(s, [(k, self._scattered(i, w, k, tiles)) for k, tiles in self._under(s, landing, gun.radius)], rng)
        return Attempt.PAID

    def _hurt(self, s: CrisisFightState, strikes: list[tuple[int, _Strike]], rng: random.Random) -> None:
        """Each one caught by a blast takes its own damage (none where the rules spare it)."""
        for k, strike in strikes:
            if not strike.blocked:
                assert strike.sampler is not None
                raw = strike.sampler.draw(rng)
                if raw is not None:
                    self._land(s, k, raw, strike)

    def _under(self, s: CrisisFightState, centre: Coord, radius: int) -> list[tuple[int, int]]:
        """Everyone not out of the fight under a template around `centre`, with their distance from it, nearest
        first (as the map finds them)."""
        assert self.grid is not None
        key = (centre, radius)
        template = self._templates.get(key)
        if template is None:
            template = self._templates[key] = area_template(self.grid, centre, radius)
        found = [(k, template[cell]) for k, cell in enumerate(s.cells)
                 if cell is not None and cell in template and s.roles[k] is not StateRole.OUT]
        return sorted(found, key=lambda item: item[1])

    def _land(self, s: CrisisFightState, j: int, raw: int, strike: _Strike) -> None:
        """A hit of `raw` damage on j, through its armour, with the conditions it brings."""
        key = (j, s.wounds[j], s.nonlethal[j], s.durability[j], s.conds[j], raw, strike.damage_type, strike.ignore_dr)
        after = self._landed.get(key)
        if after is None:
            after = self._landed[key] = self._hit(*key)
        s.wounds[j], s.nonlethal[j], s.durability[j], s.conds[j], s.roles[j] = after

    def _hit(self, j: int, wounds: int, nonlethal: int, durability: int, conds: int, raw: int, damage_type: str,
             ignore_dr: bool) -> tuple[int, int, int, int, StateRole]:
        """What a hit of `raw` damage leaves of j (damage.hit, through its armour while it lasts, and the conditions
        damage.effects_of gives): wounds, non-lethal damage, durability, conditions, and its role then."""
        f = self._fighters[j]
        armoured = f.armour_id is not None and durability > 0
        vitals = damage.Vitals(f.health_max, wounds, nonlethal, f.dr.get(damage_type, 0) if armoured else 0,
                               durability if armoured else 0)
        h = damage.hit(vitals, raw, lethal=True, ignore_dr=ignore_dr, wear_rule=option(self.options, "small_hit_wear"),
                       spare_threshold=option(self.options, "spare_life_threshold"))
        if h.dead:
            conds = (conds & ~DYING) | DEAD
        elif h.dying:
            conds |= DYING
        if h.incapacitated and not h.dead:
            conds |= INCAPACITATED
        after = h.after
        left = after.durability if armoured else durability
        return (after.wounds, after.nonlethal, left, conds,
                self._role_of(j, after.wounds, after.nonlethal, conds))

    def _request(self, i: int, w: int, targets: list[tuple[int, Coord | None, Coord | None, int]]) -> AttackRequest:
        """The attack as the simulator declares it (every input at its default), with the map's distance and cover
        for each target (attacker's cell, target's cell) and its distance from a blast's centre."""
        f = self._fighters[i]
        weapon = f.guns[w].item
        attacker = f.actor
        own = {spec.key: spec.default for spec in self.rules.attacks.attack_inputs(attacker, weapon, 1, self.options)}
        declared = []
        for k, here, there, tiles in targets:
            target = self._fighters[k].actor
            values = {spec.key: spec.default for spec in self.rules.attacks.target_inputs(attacker, weapon, target, 1,
                                                                                          self.options)}
            if here is not None and there is not None:
                assert self.map is not None
                distance, metres, reach, reading, _areas = self.map.measure(here, there)
                values |= self.rules.attacks.map_target_inputs(distance, metres, reading, reach=reach,
                                                               hex_grid=bool(self.grid and self.grid.hex),
                                                               options=self.options)
            if tiles >= 0:
                values |= self.rules.attacks.blast_inputs(tiles)
            declared.append(AttackTarget(target, values))
        return AttackRequest(attacker, weapon, tuple(declared), own)

    def _strike(self, i: int, w: int, j: int, here: Coord | None, there: Coord | None, tiles: int) -> _Strike:
        """j's part of i's attack with weapon w from `here` at `there` (`tiles` from a blast's centre, -1 for no
        blast): a single attack's hit and damage, or a blast's damage alone."""
        key = (i, w, j, here, there, tiles)
        found = self._strikes.get(key)
        if found is None:
            found = self._strikes[key] = self._work_out(self._request(i, w, [(j, here, there, tiles)]),
                                                        area=tiles >= 0)
        return found

    def _work_out(self, request: AttackRequest, area: bool) -> _Strike:
        context = attacks.single(request, self.options)
        p = combat.plan(context, self.options)
        if p.blocked:
            return _Strike(True, None, p.damage_type, p.ignore_dr, p.increments)
        dmg = dict(attacks._damage_dist(p, self.options))
        if area:
            raw = {value + context.damage_circumstance: weight for value, weight in dmg.items()}
            return _Strike(False, Sampler.of(0.0, raw), p.damage_type, p.ignore_dr, p.increments)
        sides, flat = checks.modifier_total(
            CheckRequest(context.attacker, p.skill, int(p.target.value), combat.volley_terms(p, 0)), self.options)
        p_miss, hit = attacks._raw_outcomes(sides, flat, int(p.target.value), dmg, p.add_extras,
                                            context.damage_circumstance, None)
        return _Strike(False, Sampler.of(p_miss, hit), p.damage_type, p.ignore_dr, p.increments)

    def _aimed_blast(self, i: int, w: int, j: int, here: Coord | None, there: Coord | None) -> tuple[_Strike, float]:
        """The blast's one attack roll, aimed at j: whether it may be made at all, and its chance to hit."""
        key = (i, w, j, here, there)
        found = self._area_roll.get(key)
        if found is None:
            request = self._request(i, w, [(j, here, there, 0)])
            context = attacks.single(request, self.options)
            p = combat.plan(context, self.options)
            strike = _Strike(p.blocked is not None, None, p.damage_type, p.ignore_dr, p.increments)
            sides, flat = checks.modifier_total(
                CheckRequest(context.attacker, p.skill, int(p.target.value), combat.volley_terms(p, 0)), self.options)
            p_miss, _ = attacks._raw_outcomes(sides, flat, int(p.target.value), {0: 1.0}, False, 0, None)
            found = self._area_roll[key] = (strike, 1.0 - p_miss)
        return found

    def _scattered(self, i: int, w: int, k: int, tiles: int) -> _Strike:
        """k caught where a missed blast landed, `tiles` from it: no attack roll, no cover, no range."""
        return self._strike(i, w, k, None, None, tiles)

    # -- the map ---------------------------------------------------------------------------------------------
    def may_move(self, s: CrisisFightState, i: int) -> bool:
        if self._fighters[i].npc_actions:
            return s.taken[i] < NPC_ACTIONS_PER_ROUND
        return s.ap[i] >= min(self._move_ap, self._run_ap)

    def reach(self, s: CrisisFightState, i: int) -> int | None:
        return 2 * self._fighters[i].pace

    def move(self, s: CrisisFightState, i: int, goal: Coord) -> bool:
        """Move (Pace tiles) or Run (twice that) as the path's length needs, paid in AP or an NPC's action."""
        here = s.cells[i]
        assert here is not None and self.terrain is not None
        f = self._fighters[i]
        occupied = frozenset(c for k, c in enumerate(s.cells) if k != i and c is not None)
        key = (here, goal, occupied, f.pace)
        if key in self._routes:
            action = self._routes[key]
        else:
            action = self._routes[key] = route(self.terrain, here, goal, f.pace, occupied=occupied,
                                               move_ap=self._move_ap, run_ap=self._run_ap).option.action
        if action is None:
            return False
        if f.npc_actions:
            if s.taken[i] >= NPC_ACTIONS_PER_ROUND:
                return False
            s.taken[i] += 1
        else:
            cost = self._move_ap if action == "move" else self._run_ap
            if s.ap[i] < cost:
                return False
            s.ap[i] -= cost
        s.pending[i] = s.progress[i] = 0        # as any other action, a move ends a Reload under way
        s.cells[i] = goal
        return True

    # -- what is reported ------------------------------------------------------------------------------------
    def quiet_key(self, s: CrisisFightState) -> Hashable:
        return (tuple(s.wounds), tuple(s.nonlethal), tuple(s.conds), tuple(s.durability))

    def actor_key(self, s: CrisisFightState, i: int) -> Hashable:
        return (s.wounds[i], s.nonlethal[i], s.conds[i], s.durability[i], tuple(s.ammo[i]), tuple(s.mags[i]),
                frozenset(s.gone[i]))

    def actor(self, s: CrisisFightState, i: int) -> Actor:
        """The character as this fight left it (a copy), in the encounter as it opened (its combatant only read)."""
        character = self._character(i, s.wounds[i], s.nonlethal[i], s.conds[i])
        f = self._fighters[i]
        gone = {f.guns[w].item.id for w in s.gone[i]}
        changed: dict[str, dict[str, int]] = {}
        for w, gun in enumerate(f.guns):
            if gun.cap is not None:
                changed[gun.item.id] = {"ammo": s.ammo[i][w]}
                mags = s.mags[i][w]
                if mags is not None:
                    changed[gun.item.id]["mag"] = mags
        if f.armour_id is not None:
            changed[f.armour_id] = {"durability": s.durability[i]}
        # The prepared items are only read: those this fight changed are copies with the new values.
        character.equipment = [item if item.id not in changed else
                               item.model_copy(update={"stats": {**item.stats, **changed[item.id]}})
                               for item in character.equipment if item.id not in gone]
        return Actor(character, f.actor.combatant)

    def _character(self, i: int, wounds: int, nonlethal: int, conds: int) -> Character:
        """The combatant's character with this fight's wounds and conditions (a shallow copy: what it shares with
        the prepared one, its equipment, is only read)."""
        prepared = self._fighters[i].actor.character
        return prepared.model_copy(update={
            "status": {**prepared.status, "wounds": wounds, "nonlethal": nonlethal},
            "conditions": [ConditionState(key=key) for bit, key in _CONDITIONS if conds & bit]})


__all__ = ["CrisisFightState", "CrisisQuickFight"]
