"""Swift (difficult ground costs a character with it no extra maneuver) and Quick Draw (once a round, drawing or
putting away a weapon or item is an incidental instead of the Manage gear maneuver), each said where it changes the
price."""

from __future__ import annotations

from crisis_desktop.rules.base import SetResource
from crisis_desktop.rules.genesys.actions import QUICK_DRAW_USED
from crisis_desktop.rules.genesys.movement import without_difficult_ground
from crisis_desktop.rules.kernel.geometry import Terrain, parse_map
from tests.unit.rules.genesys.people import RULES, actor, kara

# A lane of 5 difficult tiles between Kara (K) and where she goes (G): 5 steps, each counting double = 10 tiles.
LANE = "K~~~~G"


def lane() -> tuple[Terrain, tuple[int, int], tuple[int, int]]:
    battle_map, marks = parse_map(LANE)
    return Terrain.of(battle_map), marks["K"][0], marks["G"][0]


def test_difficult_ground_costs_two_maneuvers_and_one_with_swift():
    terrain, start, goal = lane()
    movement = RULES.movement()
    slow = movement.plan_move(actor(kara()), terrain, start, goal, set(), {})
    # 4 difficult tiles at 2 and the open goal at 1: 9 tiles, medium range: engaged-short 1 + short-medium 1.
    assert slow.action == "move_far" and slow.path.cost == 9
    assert slow.text == "Move two bands (2 maneuvers + 2 strain): 9 of 12 tiles"
    swift = kara()
    swift.stats["talents"] = "Swift"
    fast = RULES.movement().plan_move(actor(swift), terrain, start, goal, set(), {})
    assert fast.action == "move" and fast.path.cost == 5 and fast.cost_text == "1 maneuver"
    assert fast.text == "Move (1 maneuver): 5 of 6 tiles, Swift: difficult ground at no extra cost"


def test_swift_on_open_ground_says_nothing_and_the_smooth_map_keeps_cover():
    battle_map, marks = parse_map("K.h~.G")
    terrain = Terrain.of(battle_map)
    smooth = without_difficult_ground(terrain)
    assert terrain.difficult == {(3, 0)} and smooth.difficult == frozenset()
    assert smooth.levels == terrain.levels                     # the heavy cover stays
    swift = kara()
    swift.stats["talents"] = "Swift"
    open_move = RULES.movement().plan_move(actor(swift), terrain, (0, 0), (2, 0), set(), {})
    assert open_move.text == "Move (1 maneuver): 2 of 6 tiles"


def test_quick_draw_makes_manage_gear_an_incidental_once_a_round():
    drawer = kara()
    drawer.stats["talents"] = "Quick Draw"
    gear = next(a for a in RULES.economy.available_actions(actor(drawer), {}) if a.action.key == "manage_gear")
    assert gear.allowed and gear.price == {} and RULES.economy.cost_text(gear.price) == "free"
    spent = RULES.economy.spend_action(actor(drawer), "manage_gear", {})
    assert spent.effects == (SetResource("c-kara", QUICK_DRAW_USED, True),)          # no maneuver counted
    assert spent.notes == ("Quick Draw: Kara draws or puts away a weapon or item as an incidental (once a round)",)
    again = RULES.economy.spend_action(actor(drawer, **{QUICK_DRAW_USED: True}), "manage_gear", {})
    assert SetResource("c-kara", "maneuvers_used", 1) in again.effects and not again.notes
    started = RULES.start_turn(actor(drawer, **{QUICK_DRAW_USED: True}), {})
    assert SetResource("c-kara", QUICK_DRAW_USED, False) in started.effects


def test_without_quick_draw_manage_gear_is_a_maneuver():
    plain = RULES.economy.spend_action(actor(kara()), "manage_gear", {})
    assert plain.effects == (SetResource("c-kara", "maneuvers_used", 1),)
