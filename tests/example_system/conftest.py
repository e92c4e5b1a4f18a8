"""Popcorn is registered for every test of the example system (nothing in crisis_desktop names it)."""

from __future__ import annotations

import pytest

from tests.example_system.popcorn import register


@pytest.fixture(autouse=True)
def popcorn_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch)
