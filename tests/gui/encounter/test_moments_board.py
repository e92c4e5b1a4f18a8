"""The real encounter board running the moments demo's fight: declarations asked worst to best with the rules'
choices, shown on the board as they are announced, resolution best to worst, attacks met by parries; undo all."""

from __future__ import annotations

from typing import Any

import pytest

from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.ui.dialogs.ask import Ask
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.document import CampaignDocument
from crisis_desktop.ui.models.board_model import AnnouncedRole
from crisis_desktop.ui.player_display.models import PlayerBoardProxy
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.fakes.drive import standing, targets


@pytest.fixture
def ford_board(qtbot, paths) -> EncounterBoard:
    campaign = Campaign.model_validate_json(resource("demo", "moments.json").read_bytes())
    store = CampaignStore(paths)
    path = paths.campaigns / "moments.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    store.save(campaign, path)
    view = EncounterBoard()
    qtbot.addWidget(view)
    view.resize(1400, 800)
    view.set_document(CampaignDocument(campaign, path, store))
    view.show_encounter(campaign.encounters[0].id)
    view.show()
    return view


def test_the_ford_through_the_board(ford_board, monkeypatch):
    board = ford_board
    document = board.document
    asked: list[tuple[str, list[str]]] = []
    errors: list[str] = []
    monkeypatch.setattr(Ask, "yes_no", classmethod(lambda _c, _p, title, text, *a, **k: True))
    monkeypatch.setattr(Ask, "info", classmethod(lambda _c, _p, title, text: None))
    monkeypatch.setattr(Ask, "error", classmethod(lambda _c, _p, title, text: errors.append(text)))
    monkeypatch.setattr(BoardAsk, "choose", classmethod(lambda _c, _p, title, prompt, names: asked.append(
        (prompt, names)) or 0))
    dice = RandomDice(7)

    def ask(_cls: Any, _parent: Any, ctl: Any, attacker_id: str, target_id: str | None = None) -> Any:
        weapon = ctl.preview.weapons(attacker_id)[0]
        foe = targets(ctl, attacker_id)[0]
        # The map is ignored (the GM's override): everyone closes in; the target parries while it can.
        request = ctl.preview.attack_request(attacker_id, weapon.id, foe, override=True, range="close",
                                     reaction="parry" if ctl.view.actor(foe).combatant.resources.get(
                                         "reactions_used") == 0 else "none")
        return ctl.attack(request, dice)

    monkeypatch.setattr(AttackDialog, "ask", classmethod(ask))
    start_state = document.campaign.model_dump()
    board.act_start.trigger()
    ctl = board.controller
    assert board.round_label.text() == "Moment 1 · declaring"
    # The players' screen: each declaration beside the name as it is announced, nothing of the GM's words.
    players = PlayerBoardProxy()
    players.setSourceModel(board.model)
    assert [players.index(r, 0).data(AnnouncedRole) for r in range(2)] == ["declares now", ""]
    board.act_plan.trigger()
    names = [str(players.index(r, 0).data()) for r in range(players.rowCount())]
    announced = [players.index(r, 0).data(AnnouncedRole) for r in range(players.rowCount())]
    assert announced == ["declared: Action and reaction", "declares now"] + [""] * (len(announced) - 2), announced
    assert not any("declare" in name for name in names)
    labels: set[str] = set()
    seen_declared = False
    for _ in range(400):
        if len(standing(ctl)) < 2:
            break
        labels.add(board.round_label.text())
        shown = [str(board.model.index(row, 1).data()) for row in range(board.model.rowCount())]
        seen_declared = seen_declared or any("(declared: Action and reaction" in text for text in shown)
        for cid in ctl.view.acting():
            if targets(ctl, cid) and ctl.view.actor(cid).combatant.resources.get("actions_used") == 0:
                board.select(cid)
                assert board.actor_panel.attack_button.isEnabled()
                board.actor_panel.attack_button.click()
        if len(standing(ctl)) < 2:
            break
        action = next((a for a in (board.act_plan, board.act_next) if a.isVisible() and a.isEnabled()), None)
        assert action is not None, [(o.label, o.reason) for o in ctl.offers()]
        action.trigger()
    else:
        pytest.fail("the fight did not end")
    assert errors == []
    assert asked and all(names[0] == "Action and reaction" for _prompt, names in asked)
    assert {"Moment 1 · declaring", "Moment 1 · resolving", "Moment 2 · declaring"} <= labels and seen_declared
    assert any(entry.kind == "reaction" for entry in ctl.view.encounter.log)
    board.act_end.trigger()
    end_state = document.campaign.model_dump()
    board.table.setCurrentIndex(board.model.index(-1, -1))
    document.undo_stack.setIndex(0)
    assert document.campaign.model_dump() == start_state
    document.undo_stack.setIndex(document.undo_stack.count())
    assert document.campaign.model_dump() == end_state
