"""The systems the conformance suite runs for: every id of the app's registry, and the test-only systems listed in
TEST_ONLY (an example system kept under tests/, registered for each conformance test with no edit in crisis_desktop/).

A test-only system says where its own data lives, since resources/ holds only the bundled systems':
its rule options' documentation (the rows the docs test reads); its bestiary, if any, it names itself
(Ruleset.bestiary_file)."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.registry import ruleset_ids
from tests.example_system.popcorn.ruleset import PopcornRuleset

SYSTEMS_ENV = "CONFORMANCE_SYSTEMS"
ROOT = Path(__file__).resolve().parents[2]
RULES_DOC = ROOT / "crisis_desktop" / "docs" / "rules.md"


@dataclass(frozen=True)
class ExtraSystem:
    """A system the suite checks besides the registry's: how to build it, and where its rule options are documented."""

    factory: Callable[[], Ruleset]
    rules_doc: Path | None = None     # the Markdown page listing its rule options (needed only if it has any)


# id -> the test-only system. Add an example system here (e.g. "popcorn": ExtraSystem(PopcornRuleset, ...)): every
# conformance test then runs for it too, and tests/conformance/conftest.py registers it for the test's duration.
TEST_ONLY: dict[str, ExtraSystem] = {
    PopcornRuleset.id: ExtraSystem(PopcornRuleset,
                                   rules_doc=ROOT / "tests" / "example_system" / "popcorn" / "RULES.md"),
}


def bundled() -> list[str]:
    """The ids of the app's registry, in its order (a test-only system registered for the test aside)."""
    return [i for i in ruleset_ids() if i not in TEST_ONLY]


def system_ids() -> list[str]:
    """Every id the conformance suite runs for: the registry's, then the test-only ones; only those named in the
    environment variable CONFORMANCE_SYSTEMS (ids separated by commas) where it is set, to check one system."""
    registered = bundled()
    ids = registered + [i for i in TEST_ONLY if i not in registered]
    chosen = [i.strip() for i in os.environ.get(SYSTEMS_ENV, "").split(",") if i.strip()]
    unknown = [i for i in chosen if i not in ids]
    if unknown:
        raise KeyError(f"{SYSTEMS_ENV} names {', '.join(unknown)}; the systems are {', '.join(ids)}")
    return [i for i in ids if i in chosen] if chosen else ids


def rules_doc(ruleset_id: str) -> Path:
    """The page that lists the system's rule options with their defaults."""
    extra = TEST_ONLY.get(ruleset_id)
    if extra is not None and ruleset_id not in bundled():
        assert extra.rules_doc is not None, f"{ruleset_id} names no page listing its rule options"
        return extra.rules_doc
    return RULES_DOC


def bestiary(ruleset_id: str) -> Path | None:
    """The system's bestiary file, or None for a system without one (the app then offers no From Bestiary…)."""
    path = make(ruleset_id).bestiary_file()
    return Path(str(path)) if path is not None and path.is_file() else None


def make(ruleset_id: str) -> Ruleset:
    """The system by id, test-only ones included (also outside a test, where they are not registered)."""
    extra = TEST_ONLY.get(ruleset_id)
    if extra is not None and ruleset_id not in bundled():
        return extra.factory()
    from crisis_desktop.rules.registry import get_ruleset

    return get_ruleset(ruleset_id)


def having(requirement: Callable[[Ruleset], object]) -> list[str]:
    """The ids of the systems a conditional requirement applies to (those with the capability it is about). A system
    that cannot even be asked (its constructor or the predicate raises) is included: its test then fails with the
    error, and no other system's test is kept from running."""
    def applies(ruleset_id: str) -> bool:
        try:
            return bool(requirement(make(ruleset_id)))
        except Exception:
            return True

    return [i for i in system_ids() if applies(i)]


def register_test_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Put every test-only system into the app's registry until `monkeypatch` is undone (after the test), so the
    controller, storage and the views find it by id as they find a bundled one. No edit in crisis_desktop/."""
    from crisis_desktop.rules import registry

    for ruleset_id, system in TEST_ONLY.items():
        monkeypatch.setitem(registry._FACTORIES, ruleset_id, system.factory)
