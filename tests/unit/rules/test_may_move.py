"""Every bundled system has movement on the map, so the conformance suite's may_move requirement
(tests/conformance/test_economy.py, for the systems with movement) covers them all."""

from __future__ import annotations

from crisis_desktop.rules.registry import get_ruleset, ruleset_ids


def test_every_ruleset_has_movement() -> None:
    assert ruleset_ids() == [r for r in ruleset_ids() if get_ruleset(r).movement() is not None]
