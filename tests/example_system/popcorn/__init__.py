"""Popcorn: a sixth, small game system kept under tests as the example of adding one, registered for a test session
by `register` (nothing in crisis_desktop names it)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from crisis_desktop.rules import registry
from crisis_desktop.rules.base import Ruleset
from tests.example_system.popcorn.ruleset import PopcornRuleset

ID = PopcornRuleset.id
FACTORIES: dict[str, Callable[[], Ruleset]] = {ID: PopcornRuleset}


def register(monkeypatch: pytest.MonkeyPatch) -> None:
    """Popcorn in the app's registry for one test, as a line in rules/registry.py would put it for good."""
    for ruleset_id, factory in FACTORIES.items():
        monkeypatch.setitem(registry._FACTORIES, ruleset_id, factory)


__all__ = ["FACTORIES", "ID", "PopcornRuleset", "register"]
