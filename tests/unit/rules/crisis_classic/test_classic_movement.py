"""Crisis-classic movement on the map: one Move per drag, up to the derived Move in metres along the path."""

from __future__ import annotations

from classic_helpers import make_actor

from crisis_desktop.domain.battle_map import GridKind
from crisis_desktop.rules.crisis_classic import CrisisClassicRuleset
from crisis_desktop.rules.kernel.geometry import Terrain, parse_map

RULES = CrisisClassicRuleset()


def terrain(text: str):  # type: ignore[no-untyped-def]
    battle_map, marks = parse_map(text, GridKind.SQUARE, metres_per_cell=1.5)
    return Terrain.of(battle_map), {k: v[0] for k, v in marks.items()}


def test_a_move_counts_metres_along_the_path():
    t, m = terrain("a......")
    runner = make_actor(speed=13)  # Move: Speed modifier 3 + 2 = 5 m
    movement = RULES.movement()
    plan = movement.plan_move(runner, t, m["a"], (3, 0), (), {})
    assert (plan.allowed, plan.action, plan.price, plan.text) == (True, "move", {"ap": 1}, "Move (1 AP): 4.5 m of 5 m")
    far = movement.plan_move(runner, t, m["a"], (4, 0), (), {})
    assert not far.allowed and far.text == "Vera cannot go there: needs 6 m, Move reaches 5 m"
    assert movement.reach(runner, t, {}) == 3


def test_difficult_ground_and_walls_count():
    t, m = terrain("a~~.#b")
    runner = make_actor(speed=13)
    movement = RULES.movement()
    # Two difficult cells cost 4 tiles of path: 6 m.
    assert movement.plan_move(runner, t, m["a"], (2, 0), (), {}).text == \
        "Vera cannot go there: needs 6 m, Move reaches 5 m"
    assert movement.plan_move(runner, t, m["a"], (1, 0), (), {}).text == "Move (1 AP): 3 m of 5 m"
    assert movement.plan_move(runner, t, m["a"], (4, 0), (), {}).text == "Vera cannot go there: (4, 0) is a wall"


def test_without_the_ap_the_rules_reason_is_given():
    t, m = terrain("a..")
    plan = RULES.movement().plan_move(make_actor(ap=0), t, m["a"], (1, 0), (), {})
    assert not plan.allowed and plan.action == "move" and "AP" in plan.text


def test_posture_for_the_token():
    assert RULES.posture(make_actor().character) is None
    assert RULES.posture(make_actor(conditions=("prone",)).character) == "prone"
