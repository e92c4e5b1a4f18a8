"""Driving a fight through the real encounter board's tool bar, whatever the ruleset: everyone acting attacks once
(the attack dialog answered with the first weapon at the first standing enemy), then the GM clicks the first step
open (a plan, act now, else the step that moves on), as tests/fakes/drive.py does through the controller."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

from crisis_desktop.domain import Campaign
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.paths import AppPaths
from crisis_desktop.ui.dialogs.ask import Ask
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.document import CampaignDocument
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.fakes.drive import standing, targets
from tests.gui.flow_steps import assert_buttons_follow_the_flow


def open_board(qtbot: Any, paths: AppPaths, campaign: Campaign, encounter_id: str,
               ruleset_for: Callable[[str], Ruleset] | None = None) -> EncounterBoard:
    """The campaign saved and opened on a shown board at the encounter; its rules by `ruleset_for` (the app's
    registry by default)."""
    store = CampaignStore(paths)
    path = paths.campaigns / "board.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    store.save(campaign, path)
    board = EncounterBoard()
    qtbot.addWidget(board)
    board.resize(1400, 800)
    kwargs = {"ruleset_for": ruleset_for} if ruleset_for is not None else {}
    board.set_document(CampaignDocument(campaign, path, store, **kwargs))
    board.show_encounter(encounter_id)
    board.show()
    return board


@dataclass
class BoardFight:
    """What the GM saw: the round labels shown, the attacks made (round, label, attacker), the plans asked."""

    labels: set[str] = field(default_factory=set)
    attacked: set[Any] = field(default_factory=set)
    asked: list[tuple[str, list[str]]] = field(default_factory=list)


def fight_through_the_board(board: EncounterBoard, monkeypatch: pytest.MonkeyPatch, dice: DiceSource,
                            max_steps: int = 600) -> BoardFight:
    """Fight the started encounter until one side has nobody fighting; every step button follows the flow on the
    way, and no error is shown."""
    seen = BoardFight()
    errors: list[str] = []
    monkeypatch.setattr(Ask, "yes_no", classmethod(lambda _c, _p, title, text, *a, **k: True))
    monkeypatch.setattr(Ask, "info", classmethod(lambda _c, _p, title, text: None))
    monkeypatch.setattr(Ask, "error", classmethod(lambda _c, _p, title, text: errors.append(text)))
    monkeypatch.setattr(BoardAsk, "choose", classmethod(lambda _c, _p, title, prompt, names: seen.asked.append(
        (prompt, names)) or 0))

    def ask(_cls: Any, _parent: Any, ctl: Any, attacker_id: str, target_id: str | None = None) -> Any:
        weapon = ctl.preview.weapons(attacker_id)[0]
        return ctl.attack(ctl.preview.attack_request(attacker_id, weapon.id, targets(ctl, attacker_id)[0]), dice)

    monkeypatch.setattr(AttackDialog, "ask", classmethod(ask))
    ctl = board.controller
    for _ in range(max_steps):
        if len(standing(ctl)) < 2:
            break
        seen.labels.add(board.round_label.text())
        assert_buttons_follow_the_flow(board)
        for cid in ctl.view.acting():
            key = (ctl.view.encounter.round, ctl.view.round_label(), cid)
            if key not in seen.attacked and targets(ctl, cid) and ctl.preview.weapons(cid):
                seen.attacked.add(key)
                board.select(cid)
                assert board.actor_panel.attack_button.isEnabled()
                board.actor_panel.attack_button.click()
        if len(standing(ctl)) < 2:
            break
        choose = next((o for o in ctl.offers() if o.role.value == "choose" and o.allowed), None)
        if choose is not None and board.selected_id() not in choose.actors:
            board.select(choose.actors[-1])  # the GM clicks the row of whoever takes its place now
        action = next((a for a in (board.act_plan, board.act_act_now, board.act_next)
                       if a.isVisible() and a.isEnabled()), None)
        assert action is not None, [(o.label, o.reason) for o in ctl.offers()]
        action.trigger()
    else:
        pytest.fail("the fight did not end")
    assert errors == []
    return seen
