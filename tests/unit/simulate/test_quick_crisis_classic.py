"""Quick crisis-classic fights are the full rules' fights, sampled: each attack has the exact odds of the attack
dialog, a hit lands as the rules land it, turns and AP run as the sequential flow and the rules run them, the map
reads as the board's, every step the simulator takes in a full-rules fight is the step the compiled fight takes, and
whole fights come out as the full rules path plays them, within their sampling error."""

from __future__ import annotations

import copy
import random
from collections.abc import Hashable, Sequence
from typing import Any

import pytest

from crisis_desktop.controller.effects import ApplyEffects
from crisis_desktop.controller.simulate import FightPlayer, Setup, Tactics, Target, run_seed, simulate
from crisis_desktop.controller.simulate.engine import player_for
from crisis_desktop.controller.simulate.fight import SimController
from crisis_desktop.controller.simulate.quick import QuickPlayer
from crisis_desktop.controller.simulate.table_fight import TableFight, TableState
from crisis_desktop.domain import BattleMap, Campaign, Character, CharacterKind, ConditionState, StatValue
from crisis_desktop.domain.battle_map import Cell, Cover, Token
from crisis_desktop.domain.encounter import Combatant, Encounter, Side
from crisis_desktop.rules.base import Actor, CoverLevel, Effect, Explained, SetResource, SetStatus, StateRole
from crisis_desktop.rules.base.quick import Attempt, Planner, QuickFight
from crisis_desktop.rules.crisis_classic import damage, sheet, turns
from crisis_desktop.rules.crisis_classic.actions import RELOAD_PREFIX
from crisis_desktop.rules.crisis_classic.quick import ClassicFightState, ClassicQuickFight
from crisis_desktop.rules.crisis_classic.ruleset import CrisisClassicRuleset
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.geometry import Coord
from crisis_desktop.rules.kernel.npc_builds import carried
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.simulate.duels import duel
from tests.unit.simulate.equivalence import LIMIT, farthest_apart, same_ends_of_the_order, started

RULES = get_ruleset("crisis-classic")
assert isinstance(RULES, CrisisClassicRuleset)

MIXED = {"party": Tactics(Target.WEAKEST, cover=True), "enemies": Tactics(Target.DANGEROUS, cover=True, flee_at=0.5)}
# Every rule option away from its default: the NPCs roll defence, cover raises the defence roll, melee damage adds
# the Might modifier, a 1 is the stunt face, initiative counts Might.
OTHER_OPTIONS: dict[str, StatValue] = {"npc_defence": "roll", "cover_applies_to": "defence",
                                       "melee_damage_ability": "might_modifier", "stunt_face": "1",
                                       "initiative_formula": "speed_might"}


def _pc(name: str, gear: list[str], **stats: StatValue) -> Character:
    """A PC on the rules' new sheet with some ranks raised, carrying catalogue items (crisis-classic-<name>)."""
    return Character(kind=CharacterKind.PC, name=name, stats={**RULES.sheet.new_stats(CharacterKind.PC), **stats},
                     equipment=carried(RULES.equipment_catalogue(), [f"crisis-classic-{g}" for g in gear]))


def _yard(*, ambush: bool = False) -> Campaign:
    """Three PCs against three Quick NPCs (two of them one group) across a yard with cover: a heavy wall, a light
    fence, a solid wall and a wooden one bullets go through. In the ambush the enemies are surprised and every rule
    option is away from its default."""
    pcs = [_pc("Vera", ["pistol", "knife", "body-armour-mk1"], light_weapons=2, melee=1, speed=13),
           _pc("Rask", ["sword", "body-armour-mk2"], melee=3, might=12, speed=12),
           _pc("Ilse", ["flintlock-musket", "revolver", "baton"], light_weapons=3, intelligence=12)]
    npcs = [RULES.quick_npc("Thug", 2), RULES.quick_npc("Guard", 4), RULES.quick_npc("Sergeant", 7)]
    combatants = [Combatant(id=f"c-{c.name.lower()}", character_id=c.id, side=Side.PARTY) for c in pcs]
    combatants += [Combatant(id=f"c-{c.name.lower()}", character_id=c.id, side=Side.ENEMIES,
                             setup={"surprised": ambush}, group="gate" if c.name in ("Thug", "Guard") else None)
                   for c in npcs]
    cells = [Cell(x=3, y=1, cover=Cover.HEAVY), Cell(x=3, y=2, cover=Cover.HEAVY), Cell(x=6, y=4, cover=Cover.LIGHT),
             Cell(x=6, y=5, cover=Cover.LIGHT), Cell(x=5, y=3, cover=Cover.TOTAL, penetrable=True),
             Cell(x=5, y=0, cover=Cover.TOTAL)]
    spots = {"c-vera": (1, 2), "c-rask": (2, 4), "c-ilse": (0, 5), "c-thug": (7, 1), "c-guard": (8, 3),
             "c-sergeant": (9, 4)}
    yard = BattleMap(id="m", name="Yard", width=10, height=7, cells=cells,
                     tokens=[Token(combatant_id=cid, x=x, y=y) for cid, (x, y) in spots.items()])
    encounter = Encounter(id="enc", name="Yard", combatants=combatants, battle_map_id="m")
    return Campaign(name="Yard", ruleset=RULES.id, characters=[*pcs, *npcs], encounters=[encounter],
                    battle_maps=[yard], rule_options=dict(OTHER_OPTIONS) if ambush else {})


def _quick(campaign: Campaign, tactics: dict[str, Tactics] | None = None) -> QuickPlayer:
    player = player_for(Setup.of(campaign, "enc", RULES, tactics))
    assert isinstance(player, QuickPlayer)
    return player


def _kernel(player: QuickPlayer) -> ClassicQuickFight:
    assert isinstance(player.fight, ClassicQuickFight)
    return player.fight


def _apply(ctl: SimController, effects: list[Effect] | tuple[Effect, ...]) -> None:
    """Effects landed on the full path's working copy, as the controller lands them."""
    ctl.view.changed(ApplyEffects(effects, "test").apply(ctl.campaign))


def _outcomes(fight: ClassicQuickFight, s: ClassicFightState, i: int, w: int,
              j: int) -> tuple[dict[int, float], dict[int, float], float, list[tuple[int, int, int, bool]]]:
    """What i's attack with weapon w does to j in the compiled fight as things stand: the chance of each number of
    critical hits and of each amount of Endurance and Health lost (a miss counts 0), the chance to kill, and each
    state it may leave j in (its Endurance and Health damage, durability, exhaustion)."""
    strike = fight._strike_of(s, i, w, j)
    assert not strike.blocked
    sampler = strike.crits
    crits, taken, killed = {0: sampler.miss}, {0: sampler.miss}, 0.0
    left = [(s.endurance[j], s.health[j], s.durability[j], s.exhausted[j])]
    previous = sampler.miss
    for n, upto in zip(sampler.values, sampler.cumulative, strict=True):
        weight, previous = min(upto, 1.0) - previous, min(upto, 1.0)     # the last value takes all that is left
        after = fight._hit(j, s.endurance[j], s.health[j], s.durability[j], s.exhausted[j], strike.end_terms,
                           strike.crit_damage, n)
        crits[n] = crits.get(n, 0.0) + weight
        lost = after[0] - s.endurance[j] + after[1] - s.health[j]
        taken[lost] = taken.get(lost, 0.0) + weight
        killed += weight if after[4] is StateRole.OUT else 0.0
        left.append(after[:4])
    return crits, taken, killed, left


def _exact(fight: ClassicQuickFight, s: ClassicFightState, i: int, w: int, j: int, ctl: SimController,
           ids: Sequence[str]) -> None:
    """The compiled attack has the rules' exact odds (attack_odds) for the attack the board would declare."""
    exact = RULES.attacks.attack_odds(ctl.preview.attack_request(ids[i], fight.weapons[i][w].id, ids[j]),
                                      ctl.view.options)
    crits, taken, killed, _ = _outcomes(fight, s, i, w, j)
    assert 1.0 - fight._strike_of(s, i, w, j).crits.miss == pytest.approx(exact.hit, abs=1e-12)
    assert killed == pytest.approx(exact.drop_target, abs=1e-9)
    # The odds count an exhausted target's plain hit as a critical one: its critical hits are compared as damage.
    compared = [(taken, exact.damage)]
    if not sheet.is_exhausted(ctl.view.character_of(ids[j])):
        compared.append((crits, exact.critical_hits))
    for outcomes, odds in compared:
        assert set(outcomes) | {0} == set(odds) | {0}, (ids[i], ids[j])
        for value, weight in odds.items():
            assert outcomes.get(value, 0.0) == pytest.approx(weight, abs=1e-9), (ids[i], ids[j], value)


@pytest.mark.parametrize("ambush", [False, True])
def test_every_attack_at_the_start_has_the_exact_odds_of_the_attack_dialog(ambush: bool) -> None:
    """For each attacker, weapon and foe in the yard (in the ambush, in its surprise round): the quick fight's chance
    to hit, of each number of critical hits, of the damage the target takes and of killing it equal the rules'
    exact attack odds for the attack the board would declare."""
    player = _quick(_yard(ambush=ambush))
    fight = _kernel(player)
    ctl = started(player.full)
    s = fight.new(random.Random(0))
    assert fight.round(s) == ctl.view.encounter.round == (0 if ambush else 1)
    compared = 0
    for i, attacker in enumerate(player.ids):
        for w, weapon in enumerate(fight.weapons[i]):
            for j in player.enemies[i]:
                refused = bool(ctl.preview.map_refusals(attacker, weapon.id, player.ids[j]))
                assert fight.map_refused(s, i, w, j) == refused
                if not refused:
                    _exact(fight, s, i, w, j, ctl, player.ids)
                    compared += 1
    assert compared >= 12


def test_turn_order_falls_as_the_rules_roll_it() -> None:
    """Who acts first, and who last, as often in quick fights as under the rules' own initiative roll (a group rolls
    once, ties are rolled again)."""
    player = _quick(_yard(ambush=True))
    fight, ctl = _kernel(player), started(player.full)
    actors = [ctl.view.actor(cid) for cid in player.ids]
    dice, rng = RandomDice(rng=random.Random(3)), random.Random(4)

    def real() -> list[str]:
        entries = sorted(RULES.roll_initiative(actors, dice, ctl.view.options), key=lambda e: e.rank)
        return [e.combatant_id for e in entries]

    same_ends_of_the_order(player.ids, real, lambda: [player.ids[i] for i in fight.new(rng).order])


def test_the_map_reads_as_the_boards() -> None:
    player = _quick(_yard())
    fight, ctl = _kernel(player), started(player.full)
    s = fight.new(random.Random(0))
    for i, a in enumerate(player.ids):
        for j, b in enumerate(player.ids):
            if i != j:
                measure = ctl.preview.measure(b, a)
                here = fight.cell(s, i)
                assert measure is not None and here is not None
                assert fight.cover(s, j, i, here) == (measure.reading.cover, measure.reading.line_of_sight)
    assert any(fight.map_refused(s, i, w, j) for i in range(len(player.ids)) for w in range(len(fight.weapons[i]))
               for j in player.enemies[i])           # melee weapons out of reach: the board refuses them too


def test_turns_and_ap_run_as_the_flow_and_the_rules_run_them() -> None:
    """The ambush in lockstep with the full path (the same turn order): the surprise round for those not surprised,
    then everyone in order, each turn's start bringing AP as the rules give them (4, at most 6; 2 when exhausted),
    the dead skipped."""
    player = _quick(_yard(ambush=True))
    fight, ctl = _kernel(player), started(player.full)
    order = ctl.view.encounter.flow["order"]
    assert isinstance(order, list)
    s = fight.new(random.Random(0))
    s.order, s.index, s.ap = [player.ids.index(str(cid)) for cid in order], -1, [0] * len(order)
    assert fight.advance(s, lambda _i, _choices: 0)                               # the first turn, as the flow's
    guard, sergeant = player.ids.index("c-guard"), player.ids.index("c-sergeant")
    sergeant_character = ctl.view.character_of("c-sergeant")
    seen: list[tuple[int, int]] = []
    for step in range(16):
        (i,) = fight.acting(s)
        assert ctl.view.acting() == (player.ids[i],)
        assert fight.round(s) == ctl.view.encounter.round
        assert s.ap[i] == ctl.view.combatant(player.ids[i]).resources["ap"]
        seen.append((fight.round(s), i))
        # Each turn leaves a different number of AP for the next one, as spending them would.
        left = step % 4
        s.ap[i] = left
        _apply(ctl, [SetResource(player.ids[i], "ap", left)])
        if step == 5:
            # The sergeant runs out of Endurance and the guard dies, on both paths.
            maximum = int(sheet.endurance_max(sergeant_character).value)
            _apply(ctl, damage.damage_result(sergeant_character, Explained.of(("test", maximum)), 0, 0).effects)
            s.endurance[sergeant], s.exhausted[sergeant] = maximum, True
            _apply(ctl, [SetStatus(ctl.view.character_of("c-guard").id, "health_damage", 1000)])
            s.health[guard] = 1000
            s.roles[guard] = fight._role(guard, s.endurance[guard], 1000, False)
            assert s.roles[guard] is ctl.view.state_of("c-guard").role is StateRole.OUT
        assert fight.advance(s, lambda _i, _choices: 0)
        step_taken = player.full._next_step(ctl)
        assert step_taken is not None and step_taken[0] == "next_turn"
        ctl.commands.step(step_taken[0], step_taken[1], step_taken[2], RandomDice(2))
    surprise = [i for round_, i in seen if round_ == 0]
    assert sorted(player.ids[i] for i in surprise) == ["c-ilse", "c-rask", "c-vera"]
    assert any(i == sergeant for _, i in seen[8:]) and not any(i == guard for _, i in seen[8:])


def test_a_hit_lands_as_the_rules_land_it() -> None:
    """Hit after hit on the armoured sergeant: Endurance, then critical hits stopped by the armour while it lasts,
    every hit critical once exhausted, down to death; each bar and the state as the full path leaves them."""
    player = _quick(_yard())
    fight, ctl = _kernel(player), started(player.full)
    s: ClassicFightState = fight.new(random.Random(0))
    rask, sergeant = player.ids.index("c-rask"), player.ids.index("c-sergeant")
    sword = fight._strike_of(s, rask, 0, sergeant)
    for crits in (0, 1, 0, 0, 2, 0, 3, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0):
        if fight.role(s, sergeant) is StateRole.OUT:
            break
        fight._land(s, sergeant, sword, crits)
        target = ctl.view.character_of("c-sergeant")
        _apply(ctl, damage.damage_result(target, sword.end_terms, sword.crit_damage, crits).effects)
        quick_bars = [(b.key, b.current) for b in RULES.sheet.resources(fight.actor(s, sergeant), ctl.view.options)]
        full_bars = [(b.key, b.current) for b in RULES.sheet.resources(ctl.view.actor("c-sergeant"), ctl.view.options)]
        assert [bar for bar in quick_bars if bar[0] != "ap"] == [bar for bar in full_bars if bar[0] != "ap"]
        assert fight.role(s, sergeant) is ctl.view.state_of("c-sergeant").role
        assert s.exhausted[sergeant] == target.has_condition("exhausted")
    assert fight.role(s, sergeant) is StateRole.OUT and s.exhausted[sergeant] and s.durability[sergeant] == 0


def test_an_attack_costs_two_ap_and_a_round() -> None:
    player = _quick(_yard())
    fight = _kernel(player)
    s = fight.new(random.Random(0))
    vera, thug = player.ids.index("c-vera"), player.ids.index("c-thug")
    pistol = next(w for w, weapon in enumerate(fight.weapons[vera]) if weapon.ranged)
    s.ap[vera] = 5
    rounds = s.ammo[vera][pistol]
    assert rounds == 7 and not fight.map_refused(s, vera, pistol, thug)
    assert fight.attack(s, vera, pistol, thug, random.Random(1)) is Attempt.PAID
    assert fight.attack(s, vera, pistol, thug, random.Random(2)) is Attempt.PAID
    assert (s.ap[vera], s.ammo[vera][pistol]) == (1, 5)
    assert not fight.may_attack(s, vera) and fight.may_move(s, vera)
    assert fight.attack(s, vera, pistol, thug, random.Random(3)) is Attempt.UNPAID
    s.ap[vera], s.ammo[vera][pistol] = 6, 0
    assert fight.attack(s, vera, pistol, thug, random.Random(4)) is Attempt.EMPTY     # empty: reload first
    reported = {t.label: t.marked for t in RULES.printing.tracks(fight.actor(s, vera).character, {})}
    assert reported["Pistol rounds"] == 7


def test_a_move_goes_as_far_as_the_rules_move_allows() -> None:
    """Speed 13 walks 5 m, three cells of 1.5 m: farther is refused, and a move costs 1 AP."""
    player = _quick(_yard())
    fight = _kernel(player)
    s = fight.new(random.Random(0))
    vera = player.ids.index("c-vera")
    assert fight.reach(s, vera) == 3
    s.ap[vera] = 1
    assert not fight.move(s, vera, (1, 6))
    assert fight.move(s, vera, (1, 5)) and s.cells[vera] == (1, 5) and s.ap[vera] == 0
    assert not fight.may_move(s, vera) and not fight.move(s, vera, (1, 4))


def _mirror(fight: ClassicQuickFight, ids: Sequence[str], ctl: SimController) -> ClassicFightState:
    """The compiled fight's numbers for this moment of a full-rules fight (its flow, sheets, AP, rounds loaded and
    tokens); the roles the compiled fight reads must be the board's."""
    flow = ctl.view.encounter.flow
    characters = [ctl.view.character_of(cid) for cid in ids]
    armours = [sheet.equipped_armour(c) for c in characters]

    def loaded(i: int, w: int, key: str = "ammo") -> int | None:
        rounds = characters[i].item(fight.weapons[i][w].id).stats.get(key)
        return rounds if isinstance(rounds, int) and not isinstance(rounds, bool) else None

    def pending(cid: str) -> int:
        """The weapon of a reload under way (-1: none)."""
        key = ctl.view.combatant(cid).resources.get("pending_action")
        weapons = [RELOAD_PREFIX + w.id for w in fight.weapons[ids.index(cid)]]
        return weapons.index(key) if key in weapons else -1

    cells = ctl.preview.token_cells()
    s = ClassicFightState(
        ctl.view.encounter.round, [ids.index(str(cid)) for cid in flow["order"]], int(flow["index"]),
        [sheet.status(c, "endurance_damage") for c in characters],
        [sheet.status(c, "health_damage") for c in characters],
        [sheet.item_int(a, "durability") if a is not None else 0 for a in armours],
        [c.has_condition("exhausted") for c in characters], [turns.res_int(ctl.view.combatant(cid),
                                                                           "ap") for cid in ids],
        [[loaded(i, w) for w in range(len(fight.weapons[i]))] for i in range(len(ids))],
        [cells.get(cid) for cid in ids],
        mags=[[loaded(i, w, "mag") for w in range(len(fight.weapons[i]))] for i in range(len(ids))],
        pending=[pending(cid) for cid in ids],
        progress=[turns.res_int(ctl.view.combatant(cid), "pending_progress") for cid in ids])
    s.roles = [fight._role(i, s.endurance[i], s.health[i], s.exhausted[i]) for i in range(len(ids))]
    assert s.roles == [ctl.view.state_of(cid).role for cid in ids]
    return s


class _Lockstep(QuickFight[TableState]):
    """A full-rules fight (TableFight) whose every answer and step is checked against the compiled fight's at the same
    moment (mirrored from the board): each attack has the rules' exact odds there, is priced alike, and lands on the
    board as one of the outcomes the compiled fight draws from."""

    def __init__(self, player: QuickPlayer) -> None:
        self.table, self.fight = TableFight(player.full), _kernel(player)
        self.ids = self.table.ids
        self.sides, self.weapons, self.has_movement = self.table.sides, self.table.weapons, self.table.has_movement
        assert self.fight.weapons == self.table.weapons and self.fight.sides == self.table.sides
        self.steps: dict[str, int] = {}
        self._quiet: tuple[Hashable, Hashable] | None = None

    def _now(self, s: TableState) -> ClassicFightState:
        return _mirror(self.fight, self.ids, s.ctl)

    def _count(self, what: str) -> None:
        self.steps[what] = self.steps.get(what, 0) + 1

    def new(self, rng: random.Random) -> TableState:
        s = self.table.new(rng)
        now = self._now(s)
        assert now == self.fight._open(list(now.order)), "the start"
        self._quiet = None
        return s

    def round(self, s: TableState) -> int:
        return self.table.round(s)

    def stage(self, s: TableState) -> Hashable:
        return self.table.stage(s)

    def acting(self, s: TableState) -> Sequence[int]:
        found = list(self.table.acting(s))
        assert found == list(self.fight.acting(self._now(s)))
        return found

    def may_act(self, s: TableState, i: int) -> bool:
        found = self.table.may_act(s, i)
        assert found == self.fight.may_act(self._now(s), i)
        return found

    def advance(self, s: TableState, plan: Planner) -> bool:
        mine = self._now(s)
        stepped = self.fight.advance(mine, plan)
        assert self.table.advance(s, plan) == stepped
        assert self._now(s) == mine, "a turn"
        self._count("turn")
        return stepped

    def role(self, s: TableState, i: int) -> StateRole:
        return self.table.role(s, i)

    def roles(self, s: TableState) -> list[StateRole]:
        return self.table.roles(s)

    def health_left(self, s: TableState, i: int) -> float:
        found = self.table.health_left(s, i)
        assert found == pytest.approx(self.fight.health_left(self._now(s), i), abs=1e-12)
        return found

    def has_weapon(self, s: TableState, i: int, w: int) -> bool:
        found = self.table.has_weapon(s, i, w)
        assert found == self.fight.has_weapon(self._now(s), i, w)
        return found

    def may_attack(self, s: TableState, i: int) -> bool:
        """The compiled fight says no only where the rules refuse every weapon against every foe standing."""
        mine = self._now(s)
        if not self.fight.may_attack(mine, i):
            ctl = s.ctl
            for w, weapon in enumerate(self.weapons[i]):
                for j, side in enumerate(self.sides):
                    if side != self.sides[i] and mine.roles[j] is StateRole.FIGHTING:
                        request = ctl.preview.attack_request(self.ids[i], weapon.id, self.ids[j])
                        assert RULES.attacks.attack_price(request, ctl.view.options)[1] is not None, (i, w, j)
        return self.table.may_attack(s, i)

    def may_ready(self, s: TableState, i: int) -> bool:
        return self.table.may_ready(s, i)

    def ready(self, s: TableState, i: int) -> bool:
        """A reload taken (or refused) alike on the board and in the compiled fight."""
        mine = self._now(s)
        readied = self.table.ready(s, i)
        assert self.fight.may_ready(mine, i) == readied
        assert self.fight.ready(mine, i) == readied
        assert self._now(s) == mine, "a reload"
        self._count(f"reload {'taken' if readied else 'refused'}")
        return readied

    def attack(self, s: TableState, i: int, w: int, j: int, rng: random.Random) -> Attempt:
        before = self._now(s)
        request = s.ctl.preview.attack_request(self.ids[i], self.weapons[i][w].id, self.ids[j])
        paid = RULES.attacks.attack_price(request, s.ctl.view.options)[1] is None
        if paid:
            _exact(self.fight, before, i, w, j, s.ctl, self.ids)
        mine = copy.deepcopy(before)
        made = self.table.attack(s, i, w, j, rng)
        assert self.fight.attack(mine, i, w, j, random.Random(0)) is made
        assert made is Attempt.PAID if paid else made in (Attempt.UNPAID, Attempt.EMPTY)
        after = self._now(s)
        self._count(f"attack {made.value}")
        if made is Attempt.PAID:
            landed = (after.endurance[j], after.health[j], after.durability[j], after.exhausted[j])
            assert landed in _outcomes(self.fight, before, i, w, j)[3]
            mine.endurance[j], mine.health[j], mine.durability[j], mine.exhausted[j] = landed
            mine.roles[j] = after.roles[j]
        assert after == mine, "an attack"
        return made

    def cell(self, s: TableState, i: int) -> Coord | None:
        return self.table.cell(s, i)

    def cells(self, s: TableState) -> list[Coord | None]:
        return self.table.cells(s)

    def map_refused(self, s: TableState, i: int, w: int, j: int) -> bool:
        found = self.table.map_refused(s, i, w, j)
        assert found == self.fight.map_refused(self._now(s), i, w, j)
        return found

    def cover(self, s: TableState, attacker: int, target: int, cell: Coord) -> tuple[CoverLevel, bool]:
        found = self.table.cover(s, attacker, target, cell)
        assert found == self.fight.cover(self._now(s), attacker, target, cell)
        return found

    def may_move(self, s: TableState, i: int) -> bool:
        found = self.table.may_move(s, i)
        assert found == self.fight.may_move(self._now(s), i)
        return found

    def reach(self, s: TableState, i: int) -> int | None:
        found = self.table.reach(s, i)
        assert found == self.fight.reach(self._now(s), i)
        return found

    def move(self, s: TableState, i: int, goal: Coord) -> bool:
        mine = self._now(s)
        moved = self.table.move(s, i, goal)
        assert self.fight.move(mine, i, goal) == moved
        assert self._now(s) == mine, "a move"
        self._count(f"move {'made' if moved else 'refused'}")
        return moved

    def quiet_key(self, s: TableState) -> Hashable:
        """The board's key and the compiled fight's change together (a stalemate is seen at the same round)."""
        pair = (self.table.quiet_key(s), self.fight.quiet_key(self._now(s)))
        if self._quiet is not None:
            assert (pair[0] == self._quiet[0]) == (pair[1] == self._quiet[1])
        self._quiet = pair
        return pair[0]

    def actor_key(self, s: TableState, i: int) -> Hashable:
        return None

    def actor(self, s: TableState, i: int) -> Actor:
        """What is reported of the combatant: every bar and sheet track as the board's."""
        found = self.table.actor(s, i)
        mine = self.fight.actor(self._now(s), i)
        options = s.ctl.view.options
        assert [(b.key, b.current, b.maximum) for b in RULES.sheet.resources(mine, options) if b.key != "ap"] == \
            [(b.key, b.current, b.maximum) for b in RULES.sheet.resources(found, options) if b.key != "ap"]
        assert RULES.printing.tracks(mine.character, options) == RULES.printing.tracks(found.character, options)
        return found


@pytest.mark.parametrize(("ambush", "tactics"), [(False, None), (True, MIXED)], ids=["yard", "ambush-mixed"])
def test_every_step_of_a_full_rules_fight_is_the_quick_fights(ambush: bool, tactics: dict[str, Tactics] | None
                                                              ) -> None:
    """Full-rules fights played by the simulator, each answer (who acts, what the map refuses, cover, reach) and each
    step (turns and their AP, attacks with their odds, price and damage, moves) checked against the compiled fight's
    at the same moment."""
    lockstep = _Lockstep(_quick(_yard(ambush=ambush), tactics))
    player = QuickPlayer(lockstep.table.player, lockstep)
    for index in range(3):
        player.play(run_seed(5, index))
    steps: dict[str, Any] = lockstep.steps
    assert steps["turn"] > 20 and steps["attack paid"] > 40 and steps["move made"] > 3, steps


def test_a_fight_the_quick_fights_do_not_play_goes_the_full_rules_path() -> None:
    campaign = duel(RULES)
    npc = campaign.character(campaign.encounter("enc").combatant("c-npc").character_id)
    npc.conditions = [ConditionState(key="prone")]
    player = player_for(Setup.of(campaign, "enc", RULES))
    assert type(player) is FightPlayer
    assert player.played_by == "the full rules path (quick fights do not play this one: Target starts the fight prone)"
    twice = duel(RULES)
    pc = twice.encounter("enc").combatant("c-pc")
    twice.encounter("enc").combatants.append(Combatant(id="c-pc-2", character_id=pc.character_id, side=Side.PARTY))
    player = player_for(Setup.of(twice, "enc", RULES))
    assert type(player) is FightPlayer and player.played_by.endswith("plays more than one combatant)")
    assert type(player_for(Setup.of(duel(RULES), "enc", RULES))) is QuickPlayer


def test_quick_fights_are_deterministic_under_a_seed() -> None:
    first, second = _quick(_yard(ambush=True)), _quick(_yard(ambush=True))
    records = [first.play(run_seed(9, index)) for index in range(30)]
    assert records == [second.play(run_seed(9, index)) for index in range(30)]
    assert len({(r.winner, r.rounds, r.attacks) for r in records}) > 1


def test_the_quick_path_reports_the_same_figures_as_the_full_one() -> None:
    campaign = _yard()
    full = simulate(campaign, "enc", RULES, runs=3, seed=1, processes=1, quick=False)
    quick = simulate(campaign, "enc", RULES, runs=3, seed=1, processes=1)
    assert quick.played_by.startswith("quick fights")
    labels = [(c.name, sorted(label for label, _ in c.bars.values())) for c in full.combatants]
    assert labels and labels == [(c.name, sorted(label for label, _ in c.bars.values())) for c in quick.combatants]


# -- whole fights, quick against the full rules path --------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize(("name", "tactics"), [("ambush", MIXED)],
                         ids=["ambush-mixed"])
def test_whole_fights_come_out_as_the_full_rules_path_plays_them(name: str, tactics: dict[str, Tactics] | None
                                                                  ) -> None:
    """Each figure the simulator reports (win chances, rounds, each combatant's chance to go down and to die, what is
    left of each bar) agrees between quick fights and the full rules path within 4 standard errors."""
    campaign = duel(RULES) if name == "duel" else _yard(ambush=name == "ambush")
    z, key, _full, _quick_summary = farthest_apart(campaign, "enc", tactics)
    assert z <= LIMIT, (key, z)


@pytest.mark.parametrize("auto", [False, True], ids=["manual", "auto"])
def test_every_reload_of_a_full_rules_fight_is_the_quick_fights(auto: bool) -> None:
    """Vera's pistol down to its last round, Ilse's musket a reload of 10 AP (over two turns): each reload the
    simulator's tactics take on the board (an empty weapon, no attack made) is taken alike in the compiled fight, its
    AP, progress over turns (moved on by hand, or at once at the turn's start under "auto"), rounds and spare
    magazines the same after it, and refused alike."""
    campaign = _yard()
    vera = next(c for c in campaign.characters if c.name == "Vera")
    next(i for i in vera.equipment if i.name == "Pistol").stats["ammo"] = 1
    if auto:
        campaign.rule_options["multi_turn_continue"] = "auto"
    lockstep = _Lockstep(_quick(campaign))
    player = QuickPlayer(lockstep.table.player, lockstep)
    for index in range(3):
        player.play(run_seed(5, index))
    steps: dict[str, Any] = lockstep.steps
    assert steps["reload taken"] >= 10 and steps["reload refused"] > 0 and steps["attack empty"] > 0, steps
