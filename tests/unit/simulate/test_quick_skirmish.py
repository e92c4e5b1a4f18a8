"""Quick skirmish fights are the full rules' fights, sampled: each attack's blows have the exact odds the attack dialog
shows, every step the simulator takes in a full-rules fight is the step the compiled fight takes (plans, phases, moves,
what the rules refuse), and whole fights come out as the full rules path plays them, within their sampling error."""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from dataclasses import replace
from typing import Any

import pytest

from crisis_desktop.controller.simulate import FightPlayer, Setup, Tactics, Target, run_seed
from crisis_desktop.controller.simulate.engine import player_for
from crisis_desktop.controller.simulate.fight import SimController
from crisis_desktop.controller.simulate.quick import QuickPlayer
from crisis_desktop.controller.simulate.table_fight import TableFight, TableState
from crisis_desktop.domain import Campaign, ConditionState
from crisis_desktop.rules.base import Actor, CoverLevel, StateRole
from crisis_desktop.rules.base.quick import Attempt, Planner, QuickFight
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.geometry import Coord
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.rules.skirmish import attacks, plans, sheet
from crisis_desktop.rules.skirmish.quick import BLEEDING, DEAD, PLANNING, SkirmishFightState, SkirmishQuickFight
from tests.unit.simulate.equivalence import LIMIT, demo, encounter_id, farthest_apart

MIXED = {"party": Tactics(Target.WEAKEST, cover=True), "enemies": Tactics(Target.DANGEROUS, cover=True, flee_at=0.5)}


def _quick(campaign: Campaign, tactics: dict[str, Tactics] | None = None) -> QuickPlayer:
    player = player_for(Setup.of(campaign, encounter_id(campaign), get_ruleset(campaign.ruleset), tactics))
    assert isinstance(player, QuickPlayer)
    assert isinstance(player.fight, SkirmishQuickFight)
    return player


def _kernel(player: QuickPlayer) -> SkirmishQuickFight:
    assert isinstance(player.fight, SkirmishQuickFight)
    return player.fight


def _mirror(fight: SkirmishQuickFight, ids: Sequence[str], ctl: SimController) -> SkirmishFightState:
    """The compiled fight's numbers for this moment of a full-rules fight (its flow, sheets, plans and tokens); the
    roles read by the compiled fight must be the board's."""
    flow = ctl.view.encounter.flow
    stage = PLANNING if flow.get("stage", "planning") == "planning" else fight._phases.index(flow["stage"])
    planned = flow.get("plans", {})
    numbers = [-1 if cid not in planned else
               next(n for n, p in enumerate(fight._fighters[i].plans) if p.key == planned[cid])
               for i, cid in enumerate(ids)]
    acting = [ids.index(cid) for cid in flow.get("acting", [])] if stage != PLANNING else []
    waiting = [i in acting and ids[i] not in flow.get("done", []) for i in range(len(ids))]
    characters = [ctl.view.character_of(cid) for cid in ids]
    thrown: dict[tuple[int, int, int], int] = {}
    for i, cid in enumerate(ids):
        for key, value in ctl.view.combatant(cid).resources.items():
            if key.startswith("limited:") and isinstance(value, int):
                _, item, target = key.split(":")
                thrown[(i, [w.id for w in fight.weapons[i]].index(item), ids.index(target))] = value
    cells = ctl.preview.token_cells()
    s = SkirmishFightState(
        ctl.view.encounter.round, stage, numbers, acting, waiting,
        [ctl.view.combatant(cid).resources.get(plans.MOVED_KEY) is True for cid in ids],
        [sheet.fatigue(c) for c in characters],
        [tuple(sheet.wound(c, loc) for loc in sheet.LOCATIONS) for c in characters],
        [BLEEDING * c.has_condition("bleeding") | DEAD * c.has_condition("dead") for c in characters],
        thrown, [cells.get(cid) for cid in ids], [])
    s.roles = [fight._reading(i, s.fatigue[i], s.wounds[i], s.conds[i])[0] for i in range(len(ids))]
    assert s.roles == [ctl.view.state_of(cid).role for cid in ids]
    return s


def _same(full: SkirmishFightState, quick: SkirmishFightState, what: str) -> None:
    assert full == quick, what


def _blows(fight: SkirmishQuickFight, s: SkirmishFightState, i: int, w: int, j: int,
           k: int) -> tuple[dict[int, float], float, float, float]:
    """What i's attack on j with weapon w does to its attacker (k 0) or its target (k 1) in the compiled fight: the
    damage past armour, the chances to drop, of a critical and of a supercritical wound."""
    blows = fight._blows_of(s, i, w, j)
    assert blows is not None
    hurt = (i, j)[k]
    damage, drop, critical, supercritical = {0: 0.0}, 0.0, 0.0, 0.0
    previous = blows.miss
    for (who, dealt, loc), upto in zip(blows.values, blows.cumulative, strict=True):
        upto = min(upto, 1.0)                                 # the last blow takes all that is left
        p, previous = upto - previous, upto
        if who != k:
            continue
        damage[dealt] = damage.get(dealt, 0.0) + p
        after = replace(s, fatigue=list(s.fatigue), wounds=list(s.wounds), conds=list(s.conds), roles=list(s.roles))
        fight._land(after, hurt, dealt, loc)
        drop += p if after.roles[hurt] is not StateRole.FIGHTING else 0.0
        at = sheet.LOCATIONS.index(loc)
        if after.wounds[hurt][at] != s.wounds[hurt][at]:
            critical += p if after.wounds[hurt][at] == "critical" else 0.0
            supercritical += p if after.wounds[hurt][at] == "supercritical" else 0.0
    damage[0] += 1.0 - sum(damage.values())
    return damage, drop, critical, supercritical


def _controller(player: QuickPlayer, wounds: dict[str, dict[str, str]]) -> SimController:
    """A full-rules fight started on a copy of the setup whose characters have these wounds (by combatant)."""
    full = player.full
    campaign = Campaign.model_validate(full.setup.campaign.model_dump())
    encounter = campaign.encounter(full.setup.encounter_id)
    for combatant in encounter.combatants:
        campaign.character(combatant.character_id).status.update(wounds.get(combatant.id, {}))
    ctl = SimController(campaign, full.setup.encounter_id, full.ruleset, full.options, full.terrain)
    ctl.commands.start(RandomDice(rng=random.Random(1)))
    return ctl


LATER = {"paraverse_text": "later", "skirmish_tie_multiplier": "0", "wield_over_penalty": "2"}


@pytest.mark.parametrize(("moment", "options"), [("start", {}), ("wounded, with plans", {}), ("start", LATER),
                                                 ("wounded, with plans", LATER)])
def test_every_attack_has_the_exact_odds_of_the_attack_dialog(moment: str, options: dict[str, str]) -> None:
    """For each attacker, weapon and foe of the toll bridge: the damage the compiled fight's blows deal past armour,
    the chances to drop and of a critical or supercritical wound equal the attack dialog's exact odds for the
    target, and in a skirmish the rules' exact odds for the attacker too (it may take the blow). The second moment
    has wounds that put rolls at disadvantage and plans that choose a skirmisher's weapon; the later text's options
    change the damage, the Wield and the skirmish's natural 20s and ties."""
    campaign = demo("skirmish.json")
    campaign.rule_options = dict(options)
    player = _quick(campaign)
    fight, ids = _kernel(player), player.ids
    rules = player.full.ruleset
    wounds = {} if moment == "start" else {"cmb-bridge-aldric": {"wound_arms": "critical"},
                                           "cmb-bridge-gorran": {"wound_legs": "critical"},
                                           "cmb-bridge-mira": {"wound_torso": "critical"}}
    ctl = _controller(player, wounds)
    if moment != "start":
        for cid, plan in (("cmb-bridge-mira", "melee:pc-mira-1"), ("cmb-bridge-tobin", "ranged:pc-tobin-0"),
                          ("cmb-bridge-gorran", "melee:npc-gorran-0")):
            ctl.view.combatant(cid).resources[plans.PLAN_KEY] = plan
    s = _mirror(fight, ids, ctl)
    compared = 0
    for i, attacker in enumerate(ids):
        for w, weapon in enumerate(fight.weapons[i]):
            for j in player.enemies[i]:
                request = ctl.preview.attack_request(attacker, weapon.id, ids[j])
                dialog = rules.attacks.attack_odds(request, ctl.view.options)
                damage, drop, critical, supercritical = _blows(fight, s, i, w, j, 1)
                assert damage == pytest.approx(dict(dialog.damage), abs=1e-12), (attacker, weapon.id, ids[j])
                assert drop == pytest.approx(dialog.drop_target, abs=1e-12)
                assert critical == pytest.approx(dialog.chances["critical wound"], abs=1e-12)
                assert supercritical == pytest.approx(dialog.chances["supercritical wound"], abs=1e-12)
                if not weapon.ranged:
                    mine = rules.fight_odds(request, ctl.view.options).of(attacker)
                    damage, drop, critical, supercritical = _blows(fight, s, i, w, j, 0)
                    assert damage == pytest.approx(dict(mine.damage), abs=1e-12)
                    assert (drop, critical, supercritical) == pytest.approx(
                        (mine.drop, mine.critical, mine.supercritical), abs=1e-12)
                compared += 1
    assert compared >= 30


def test_a_limited_weapon_is_thrown_as_the_rules_price_it() -> None:
    """The brigand's javelin (Limited, one missile per target) is thrown at a foe once; the rules' price then refuses
    another at that foe, not at the next one, and the compiled fight says so too."""
    campaign = demo("skirmish.json")
    player = _quick(campaign)
    fight, ids = _kernel(player), player.ids
    thrower = ids.index("cmb-bridge-brigand-2")
    javelin = next(w for w, weapon in enumerate(fight.weapons[thrower]) if weapon.ranged)
    plan = next(n for n, p in enumerate(fight._fighters[thrower].plans) if p.choice.weapon == javelin)
    mira, tobin = ids.index("cmb-bridge-mira"), ids.index("cmb-bridge-tobin")
    s = fight.new(random.Random(0))
    s.stage, s.plans[thrower], s.acting, s.waiting[thrower] = 0, plan, [thrower], True
    assert fight.attack(s, thrower, javelin, mira, random.Random(1)) is Attempt.FREE
    assert s.thrown == {(thrower, javelin, mira): 1} and not fight.may_act(s, thrower)
    s.waiting[thrower] = True                                  # its next ranged phase
    assert fight.attack(s, thrower, javelin, mira, random.Random(2)) is Attempt.UNPAID
    ctl = _controller(player, {})
    ctl.view.combatant(ids[thrower]).resources.update({plans.PLAN_KEY: fight._fighters[thrower].plans[plan].key,
                                                  f"limited:{fight.weapons[thrower][javelin].id}:{ids[mira]}": 1})
    for foe, refused in ((mira, True), (tobin, False)):
        request = ctl.preview.attack_request(ids[thrower], fight.weapons[thrower][javelin].id, ids[foe])
        assert (attacks.price(request, ctl.view.options)[1] is not None) is refused
    assert fight.attack(s, thrower, javelin, tobin, random.Random(3)) is Attempt.FREE


class _Lockstep(QuickFight[TableState]):
    """A full-rules fight (TableFight) whose every answer and step is checked against the compiled fight's at the same
    moment (the moment mirrored from the board): attacks are rolled on the board, and the compiled fight must have
    been able to deal the blow it dealt."""

    def __init__(self, player: QuickPlayer) -> None:
        self.table, self.fight, self.player = TableFight(player.full), _kernel(player), player
        self.ids = self.table.ids
        self.sides, self.weapons, self.has_movement = self.table.sides, self.table.weapons, self.table.has_movement
        assert self.fight.weapons == self.table.weapons and self.fight.sides == self.table.sides
        self.steps: dict[str, int] = {}
        self._quiet: tuple[Hashable, Hashable] | None = None

    def _now(self, s: TableState) -> SkirmishFightState:
        return _mirror(self.fight, self.ids, s.ctl)

    def _count(self, what: str) -> None:
        self.steps[what] = self.steps.get(what, 0) + 1

    def new(self, rng: random.Random) -> TableState:
        s = self.table.new(rng)
        _same(self._now(s), self.fight.new(rng), "the start")
        self._quiet = None
        return s

    def round(self, s: TableState) -> int:
        return self.table.round(s)

    def stage(self, s: TableState) -> Hashable:
        return self.table.stage(s)

    def acting(self, s: TableState) -> Sequence[int]:
        found = list(self.table.acting(s))
        assert found == self.fight.acting(self._now(s))
        return found

    def may_act(self, s: TableState, i: int) -> bool:
        found = self.table.may_act(s, i)
        assert found == self.fight.may_act(self._now(s), i)
        return found

    def advance(self, s: TableState, plan: Planner) -> bool:
        mine = self._now(s)
        stepped = self.fight.advance(mine, lambda i, choices: self.player._plan_for(mine, i, choices))
        assert self.table.advance(s, plan) == stepped
        _same(self._now(s), mine, "a step of the flow")
        self._count("step")
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
        return self.table.may_attack(s, i)

    def attack(self, s: TableState, i: int, w: int, j: int, rng: random.Random) -> Attempt:
        before = self._now(s)
        mine = replace(before, fatigue=list(before.fatigue), wounds=list(before.wounds), conds=list(before.conds),
                       roles=list(before.roles), waiting=list(before.waiting), thrown=dict(before.thrown))
        made = self.table.attack(s, i, w, j, rng)
        assert self.fight.attack(mine, i, w, j, random.Random(0)) is made
        after = self._now(s)
        self._count(f"attack {made.value}")
        if made is Attempt.FREE:
            blows = self.fight._blows_of(before, i, w, j)
            assert blows is not None
            dealt = []
            for who, damage, loc in blows.values:
                hurt = replace(before, fatigue=list(before.fatigue), wounds=list(before.wounds),
                               conds=list(before.conds), roles=list(before.roles))
                self.fight._land(hurt, (i, j)[who], damage, loc)
                dealt.append((hurt.fatigue, hurt.wounds, hurt.conds))
            seen = (after.fatigue, after.wounds, after.conds)
            assert seen in dealt or (blows.miss > 0 and seen == (before.fatigue, before.wounds, before.conds))
            mine.fatigue, mine.wounds, mine.conds, mine.roles = after.fatigue, after.wounds, after.conds, after.roles
        _same(after, mine, "an attack")
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
        _same(self._now(s), mine, "a move")
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
        found = self.table.actor(s, i)
        assert self.fight.actor(self._now(s), i).character.status == \
            {**found.character.status, "fatigue": sheet.fatigue(found.character)}
        return found


@pytest.mark.parametrize("tactics", [None, MIXED], ids=["nearest", "mixed"])
def test_every_step_of_a_full_rules_fight_is_the_quick_fights(tactics: dict[str, Tactics] | None) -> None:
    """Full-rules fights played by the simulator, each answer (who acts, what the map refuses, cover) and each step
    (plans, phases, attacks and their price, moves, the End phase) checked against the compiled fight's at the same
    moment."""
    campaign = demo("skirmish.json")
    lockstep = _Lockstep(_quick(campaign, tactics))
    player = QuickPlayer(lockstep.player.full, lockstep)
    for index in range(4):
        player.play(run_seed(5, index))
    steps: dict[str, Any] = lockstep.steps
    assert steps["step"] > 100 and steps["attack free"] > 20 and steps["move made"] > 3, steps


def test_a_fight_the_quick_fights_do_not_play_goes_the_full_rules_path() -> None:
    ruleset = get_ruleset("skirmish")
    campaign = demo("skirmish.json")
    encounter = encounter_id(campaign)
    assert type(player_for(Setup.of(campaign, encounter, ruleset))) is QuickPlayer
    campaign.character("pc-tobin").conditions = [ConditionState(key="bleeding")]
    player = player_for(Setup.of(campaign, encounter, ruleset))
    assert type(player) is FightPlayer
    assert player.played_by == \
        "the full rules path (quick fights do not play this one: Tobin Ashe starts the fight bleeding)"
    twice = demo("skirmish.json")
    twice.encounter(encounter).combatants[1].character_id = "pc-aldric"
    player = player_for(Setup.of(twice, encounter, ruleset))
    assert type(player) is FightPlayer and "one character plays two combatants" in player.played_by


def test_quick_fights_are_deterministic_under_a_seed() -> None:
    campaign = demo("skirmish.json")
    first, second = _quick(campaign), _quick(campaign)
    records = [first.play(run_seed(9, index)) for index in range(30)]
    assert records == [second.play(run_seed(9, index)) for index in range(30)]
    assert len({(r.winner, r.rounds, r.attacks) for r in records}) > 5        # the dice do change the fights


@pytest.mark.slow
@pytest.mark.parametrize("tactics", [MIXED], ids=["mixed"])
def test_whole_fights_come_out_as_the_full_rules_path_plays_them(tactics: dict[str, Tactics] | None) -> None:
    """Each figure the simulator reports for the toll bridge (win chances, rounds, each combatant's chance to go down
    and to die, the Stamina left) agrees between quick fights and the full rules path within 4 standard errors."""
    campaign = demo("skirmish.json")
    z, key, _full, _quick_fights = farthest_apart(campaign, encounter_id(campaign), tactics)
    assert z <= LIMIT, (key, z)
