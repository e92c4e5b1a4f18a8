"""The suite's own hook: a system listed in TEST_ONLY is one more id the suite runs for, is registered in the app's
registry for a test (found by id by get_ruleset, storage and the controller) and is gone from it afterwards; a
conditional requirement runs for the systems that have what it is about."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.domain import Campaign, Character, Encounter
from crisis_desktop.rules.registry import get_ruleset, ruleset_ids
from crisis_desktop.storage.campaign_store import CampaignStore
from tests.conformance.systems import (
    SYSTEMS_ENV,
    TEST_ONLY,
    ExtraSystem,
    having,
    make,
    register_test_only,
    system_ids,
)
from tests.fakes.sequential import SequentialFake


def test_a_test_only_system_is_run_for_and_registered_for_the_test_only(monkeypatch, paths) -> None:
    bundled = ruleset_ids()
    monkeypatch.delenv(SYSTEMS_ENV, raising=False)
    monkeypatch.setitem(TEST_ONLY, "fake-sequential", ExtraSystem(SequentialFake))
    assert system_ids() == [*bundled, "fake-sequential"]
    assert make("fake-sequential").id == "fake-sequential"          # outside the registry, for the parametrization
    assert "fake-sequential" in having(lambda rules: rules.attacks is not None)
    assert "fake-sequential" not in having(lambda rules: rules.npc_level_field() is not None)   # no Quick NPC
    with pytest.raises(KeyError):
        get_ruleset("fake-sequential")
    with pytest.MonkeyPatch.context() as registered:
        register_test_only(registered)
        assert ruleset_ids() == [*bundled, "fake-sequential"]
        assert isinstance(get_ruleset("fake-sequential"), SequentialFake)
        # A campaign of the system keeps in a file and opens a fight, found by its id like a bundled one.
        campaign = Campaign(name="Tiny", ruleset="fake-sequential", characters=[Character(name="Pat")],
                            encounters=[Encounter(id="enc", name="Brawl")])
        store = CampaignStore(paths)
        store.save(campaign, paths.campaigns / "tiny.json")
        loaded = store.load(paths.campaigns / "tiny.json")
        assert EncounterController(loaded, "enc", get_ruleset(loaded.ruleset)).view.encounter.name == "Brawl"
    assert ruleset_ids() == bundled


def test_the_environment_narrows_the_suite_to_the_systems_it_names(monkeypatch) -> None:
    monkeypatch.setenv(SYSTEMS_ENV, "genesys, crisis")
    assert system_ids() == ["crisis", "genesys"]            # in the registry's order
    monkeypatch.setenv(SYSTEMS_ENV, "genesis")
    with pytest.raises(KeyError, match="CONFORMANCE_SYSTEMS names genesis; the systems are crisis, "):
        system_ids()
    monkeypatch.setenv(SYSTEMS_ENV, "")
    assert system_ids() == ruleset_ids()


def test_a_system_that_cannot_be_asked_is_kept_for_its_test_to_fail(monkeypatch) -> None:
    """Nothing is asserted or raised while the suite is collected: a system whose capability cannot be asked runs
    the conditional test, which then fails with the error."""
    def broken() -> SequentialFake:
        raise RuntimeError("half written")

    monkeypatch.delenv(SYSTEMS_ENV, raising=False)
    monkeypatch.setitem(TEST_ONLY, "broken", ExtraSystem(broken))
    assert having(lambda rules: rules.movement() is not None)[-1] == "broken"
