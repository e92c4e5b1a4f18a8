"""A pytest plugin that registers popcorn for a whole test session, before collection, so that tests parametrized
over every registered ruleset (`ruleset_ids()` read at collection) take it in too:

    pytest -p tests.example_system.plugin tests/unit/...

The per-test `register(monkeypatch)` (popcorn/__init__.py) is what popcorn's own tests use."""

from __future__ import annotations

import pytest

from crisis_desktop.rules import registry
from tests.example_system.popcorn import FACTORIES


def pytest_configure(config: pytest.Config) -> None:
    registry._FACTORIES.update(FACTORIES)


def pytest_unconfigure(config: pytest.Config) -> None:
    for ruleset_id in FACTORIES:
        registry._FACTORIES.pop(ruleset_id, None)
