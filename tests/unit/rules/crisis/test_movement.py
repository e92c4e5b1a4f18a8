"""Crisis movement on the map: Move and Run by Pace, Crawl when prone, the AP checked against the actions now."""

from __future__ import annotations

import pytest
from conftest import actor, npc, pc

from crisis_desktop.domain.battle_map import GridKind
from crisis_desktop.rules.kernel.geometry import Terrain, parse_map
from crisis_desktop.rules.kernel.movement import Movement

ROW = "a" + "." * 14


@pytest.fixture(scope="module")
def row():
    battle_map, marks = parse_map(ROW, GridKind.SQUARE)
    return Terrain.of(battle_map), marks["a"][0]


def test_the_crisis_ruleset_has_movement(rules):
    assert isinstance(rules.movement(), Movement)


@pytest.mark.parametrize(("tiles", "action", "cost", "text"), [
    (3, "move", 1, "Move (1 AP): 3 of 4 tiles"),
    (5, "run", 2, "Run (2 AP): 5 of 8 tiles"),
    (8, "run", 2, "Run (2 AP): 8 of 8 tiles"),
])
def test_move_or_run_by_pace(rules, row, tiles, action, cost, text):
    terrain, start = row
    vera = actor(pc(body=8), ap=6)  # Pace: Body d8 / 2 = 4 tiles
    plan = rules.movement().plan_move(vera, terrain, start, (start[0] + tiles, 0), (), {})
    assert (plan.allowed, plan.action, plan.price, plan.cost_text, plan.text) == (True, action, {"ap": cost},
                                                                                  f"{cost} AP", text)
    assert plan.path.cost == tiles and plan.path.cells[-1] == (tiles, 0)


def test_beyond_run_is_refused_with_the_reach(rules, row):
    terrain, start = row
    plan = rules.movement().plan_move(actor(pc(body=8), ap=6), terrain, start, (9, 0), (), {})
    assert not plan.allowed and plan.action is None
    assert plan.text == "Vera cannot go there: needs 9 tiles, Run reaches 8"


def test_without_the_ap_the_rules_reason_is_given(rules, row):
    terrain, start = row
    plan = rules.movement().plan_move(actor(pc(body=8), ap=1), terrain, start, (6, 0), (), {})
    assert not plan.allowed and plan.action == "run" and plan.price == {"ap": 2}
    assert plan.text.startswith("Not enough AP: Run costs 2")


def test_prone_crawls_up_to_the_crawl_reach(rules, row):
    terrain, start = row
    crawler = actor(pc(body=8, conditions=("prone",)), ap=6)
    movement = rules.movement()
    plan = movement.plan_move(crawler, terrain, start, (4, 0), (), {})
    assert (plan.allowed, plan.action, plan.text) == (True, "crawl", "Crawl: 4 of 4 tiles (1 AP)")
    half = movement.plan_move(crawler, terrain, start, (3, 0), (), {"crawl_reach": "half_pace"})
    assert not half.allowed
    assert half.text == "Vera is prone: Crawl reaches 2 tiles, this needs 3; stand up to go further"
    assert (movement.reach(crawler, terrain, {}), movement.reach(crawler, terrain, {"crawl_reach": "half_pace"})) \
        == (4, 2)


def test_reach_is_a_run_standing(rules, row):
    terrain, _ = row
    assert rules.movement().reach(actor(pc(body=8), ap=6), terrain, {}) == 8


def test_an_npc_on_two_actions_pays_one_action(rules, row):
    terrain, start = row
    wolf = actor(npc(body=8), actions_taken=0)
    plan = rules.movement().plan_move(wolf, terrain, start, (2, 0), (), {"npc_actions": "two_actions"})
    assert plan.allowed and plan.cost_text == "1 action" and plan.text == "Move (1 action): 2 of 4 tiles"


def test_posture_for_the_token(rules):
    assert rules.posture(pc()) is None
    assert rules.posture(pc(conditions=("kneeling",))) == "kneeling"
    assert rules.posture(pc(conditions=("prone",))) == "prone"
    assert rules.posture(pc(conditions=("kneeling", "prone"))) == "prone"
