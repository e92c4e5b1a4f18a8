"""Fixtures of the crisis-classic tests."""

from __future__ import annotations

import pytest

from crisis_desktop.rules.crisis_classic import CrisisClassicRuleset


@pytest.fixture(scope="session")
def rules() -> CrisisClassicRuleset:
    return CrisisClassicRuleset()
