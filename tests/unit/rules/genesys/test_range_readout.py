"""The battle map's range readout under genesys: the range band of a distance, the maneuvers to engage, the weapon's
difficulty there or why it cannot reach; crisis keeps its range increments."""

from __future__ import annotations

import pytest

from crisis_desktop.rules.crisis import CrisisRuleset
from tests.unit.rules.genesys.people import RULES, gear


def readout(tiles: int, reach: int, weapon: str | None = None, **options: object) -> list[str]:
    item = gear(weapon)[0] if weapon else None
    lines = RULES.attacks.range_readout(item, tiles, reach, RULES.options_with_defaults(options))
    assert lines is not None
    return lines


@pytest.mark.parametrize(("tiles", "reach", "band", "maneuvers"), [
    (1, 1, "engaged", None),
    (2, 2, "short", "closing to engaged: 1 maneuver"),
    (6, 6, "short", "closing to engaged: 1 maneuver"),
    (7, 7, "medium", "closing to engaged: 2 maneuvers"),
    (13, 13, "long", "closing to engaged: 4 maneuvers"),
    (19, 19, "extreme", "closing to engaged: 6 maneuvers"),
    (60, 60, "extreme", "closing to engaged: 6 maneuvers"),
])
def test_the_band_and_the_maneuvers_to_engage_at_six_cells_a_band(tiles, reach, band, maneuvers):
    lines = readout(tiles, reach)
    assert lines[0] == ("engaged (adjacent)" if band == "engaged" else f"{band} range (6 tiles a band)")
    assert (lines[1] if len(lines) > 1 else None) == maneuvers


def test_the_rule_option_sets_the_depth_of_a_band():
    assert readout(7, 7, range_band_cells=4)[0] == "medium range (4 tiles a band)"
    assert readout(9, 9, range_band_cells=4)[0] == "long range (4 tiles a band)"


def test_the_weapon_there_its_difficulty_or_why_not():
    assert readout(5, 5, "Heavy pistol")[-1] == "Heavy pistol: Easy"
    assert readout(10, 10, "Heavy pistol")[-1] == "Heavy pistol: Average"
    assert readout(14, 14, "Heavy pistol")[-1] == "Heavy pistol: out of range (reaches medium)"
    assert readout(1, 1, "Sword")[-1] == "Sword: Average"
    assert readout(2, 2, "Sword")[-1] == "Sword: out of reach (engaged only)"
    assert readout(20, 20, "Sniper rifle")[-1] == "Sniper rifle: Daunting"


def test_crisis_has_no_readout_of_its_own():
    crisis = CrisisRuleset()
    assert crisis.attacks.range_readout(None, 5, 5, crisis.options_with_defaults({})) is None
