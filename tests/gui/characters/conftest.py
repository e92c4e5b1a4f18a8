"""Fixtures for the Characters view: a document over a saved copy of the demo, the view, scripted answers."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.ui.dialogs.character_dialogs import CharacterAsk
from crisis_desktop.ui.document import CampaignDocument
from crisis_desktop.ui.views.characters_view import CharactersView
from tests.gui.characters.fake_ruleset import fake_rules


class CharacterAnswers:
    """Replaces CharacterAsk's dialogs with queued answers and records what was asked."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.queued: dict[str, list[object]] = {k: [] for k in ("open_file", "save_file", "count", "choose",
                                                                "quick_npc")}
        self.asked: list[tuple[str, tuple[object, ...]]] = []
        for kind in self.queued:
            monkeypatch.setattr(CharacterAsk, kind, classmethod(self._answer(kind)))

    def _answer(self, kind: str) -> Callable[..., object]:
        def answer(_cls, _parent, *args, **_kwargs):
            self.asked.append((kind, args))
            if not self.queued[kind]:
                raise AssertionError(f"Unexpected question {kind}: {args}")
            return self.queued[kind].pop(0)
        return answer


@pytest.fixture
def char_answers(monkeypatch) -> CharacterAnswers:
    return CharacterAnswers(monkeypatch)


@pytest.fixture
def store(paths) -> CampaignStore:
    return CampaignStore(paths)


@pytest.fixture
def make_document(qtbot, paths, store):
    """A document over a campaign file in the private data folder (the demo unless a campaign is given)."""
    def make(campaign: Campaign | None = None) -> CampaignDocument:
        path = paths.campaigns / "test.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        if campaign is None:
            path.write_bytes(resource("demo", "campaign.json").read_bytes())
        else:
            store.save(campaign, path)
        return CampaignDocument(store.load(path), path, store)
    return make


@pytest.fixture
def make_view(qtbot, answers, char_answers):
    """A shown CharactersView over a document, with the given rules (the fake ones by default)."""
    def make(document: CampaignDocument | None, rules: Callable[[str], Ruleset] = fake_rules,
             bestiary: Callable[[str], Path] | None = None) -> CharactersView:
        kwargs = {"bestiary_for": bestiary} if bestiary else {}
        view = CharactersView(rules, **kwargs)
        qtbot.addWidget(view)
        view.resize(1280, 800)
        view.set_document(document)
        view.show()
        return view
    return make
