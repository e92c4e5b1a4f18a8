"""Cover through the ruleset: the default reads the painted cover as it stands, the crisis rulesets read
penetrable material against firearms (and keep geometry's terrain untouched)."""

from __future__ import annotations

import pytest

from crisis_desktop.rules.base import CoverLevel, Ruleset
from crisis_desktop.rules.kernel.geometry import Terrain, parse_map
from crisis_desktop.rules.registry import get_ruleset

NONE, LIGHT, HEAVY, TOTAL = CoverLevel.NONE, CoverLevel.LIGHT, CoverLevel.HEAVY, CoverLevel.TOTAL


def terrain(text: str):  # type: ignore[no-untyped-def]
    battle_map, marks = parse_map(text)
    return Terrain.of(battle_map), {k: v[0] for k, v in marks.items()}


@pytest.mark.parametrize("ruleset_id", ["crisis", "crisis-classic"])
def test_the_crisis_rulesets_read_bullets_through_penetrable_cover(ruleset_id):
    rules = get_ruleset(ruleset_id)
    t, m = terrain("a..Wt")
    reading = rules.cover_between(t, m["a"], m["t"])
    assert (reading.cover, reading.penetrable, reading.prone_facing, reading.line_of_sight) == (TOTAL, True, False,
                                                                                               False)
    assert reading.result.terrain_pierced is HEAVY
    assert reading.reason == \
        "no line of sight: total cover from (3, 0); bullets go through: heavy cover against firearms"
    assert reading.context_fields() == {"cover": TOTAL, "cover_penetrable": True, "target_prone_facing": False}
    solid = rules.cover_between(*terrain("a..ht")[:1], m["a"], m["t"])
    assert (solid.cover, solid.penetrable, solid.reason) == (HEAVY, False, "heavy cover from (3, 0)")


def test_the_crisis_reading_leaves_the_scene_terrain_as_painted():
    t, m = terrain("a..Lt")
    get_ruleset("crisis").cover_between(t, m["a"], m["t"])
    assert t.pierce is None and t.levels[(3, 0)] == (1, 1)


def test_the_default_reading_is_the_painted_cover():
    rules = get_ruleset("crisis")
    t, m = terrain("a..Wt")
    reading = Ruleset.cover_between(rules, t, m["a"], m["t"])
    assert (reading.cover, reading.penetrable) == (TOTAL, True)
    assert reading.reason == "no line of sight: total cover from (3, 0)"
    assert reading.result.terrain_pierced is TOTAL
    plain = Ruleset.cover_between(rules, *terrain("a..lt")[:1], m["a"], m["t"])
    assert (plain.cover, plain.penetrable) == (LIGHT, False)
    clear = Ruleset.cover_between(rules, *terrain("a...t")[:1], m["a"], m["t"])
    assert (clear.cover, clear.penetrable, clear.reason) == (NONE, False, "clear line: no cover")
