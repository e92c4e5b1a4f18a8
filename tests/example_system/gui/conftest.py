"""The GUI fixtures (a main window on a private data directory, scripted answers) for popcorn's GUI tests, and the
main window on popcorn's demo fight."""

from __future__ import annotations

import pytest

from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.main_window import MainWindow
from tests.example_system.popcorn.demo import ENCOUNTER, NAME, popcorn_campaign
from tests.gui.conftest import (  # noqa: F401  (fixtures)
    _garbage_freed_after_each_test,
    _plans_picked_by_name,
    answers,
    make_window,
)


@pytest.fixture
def popcorn_window(make_window, paths, monkeypatch) -> MainWindow:  # noqa: F811
    """The main window on popcorn's demo fight (saved where the store finds it by name), not started. Where the GUI
    would ask the GM who acts next, it fails the test: every step is taken from its own button here."""
    CampaignStore(paths).save(popcorn_campaign(), paths.campaigns / "popcorn-demo.json")
    window = make_window(NAME)
    assert window.document is not None and window.document.campaign.ruleset == "popcorn"
    window.resize(1280, 800)
    window.tabs.setCurrentWidget(window._board_host)
    window.encounter_board.show_encounter(ENCOUNTER)
    monkeypatch.setattr(BoardAsk, "choose", classmethod(lambda *_a: pytest.fail("the GM was asked to choose")))
    return window
