"""GM override… in the real window during a fight, given what no campaign can hold (nan, inf, 1e400, numbers past
the bounds, a lone surrogate, 50 MB of text): the dialog names the field and the reason, nothing changes, the
board and the map still paint, and a save still works afterwards."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialogButtonBox

from crisis_desktop.domain.limits import MAX_NUMBER
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk, OverrideDialog

OUT_OF_RANGE = f"numbers in a campaign go from {-MAX_NUMBER:,} to {MAX_NUMBER:,}"
NOT_FINITE = "is not a number a campaign can hold (Infinity and NaN are refused)"

HOSTILE = [
    ("nan", f"nan {NOT_FINITE}"),
    ("inf", f"inf {NOT_FINITE}"),
    ("-inf", f"-inf {NOT_FINITE}"),
    ("1e400", f"inf {NOT_FINITE}"),
    ("3000000000", f"out of range (3,000,000,000): {OUT_OF_RANGE}"),
    ("-5000000000", f"out of range (-5,000,000,000): {OUT_OF_RANGE}"),
    ("x" * 50_000_000, None),    # the line edit keeps 32,767 characters of it: text where a number stands
]
# What each system's board offers to change in a fight (its label in the dialog, before " (now ...)").
FIELDS = [("status", "wounds", "Wounds"), ("resource", "actions_taken", "Actions taken this round"),
          ("initiative", "", "Initiative")]


@pytest.fixture
def fight(make_window):
    window = make_window()
    window.resize(1280, 800)
    window.tabs.setCurrentWidget(window._board_host)
    board = window.encounter_board
    board.show_encounter("enc-ridge")
    board.act_start.trigger()
    window.grab()
    return window, board


def override_with(monkeypatch, qtbot, board, kind: str, key: str, text: str) -> list[str]:
    """Drive the real dialog from the board's GM override… button: pick the field, type `text`, press OK; the
    problem the dialog shows (empty when it took the value)."""
    shown: list[str] = []

    def answer(_cls, parent, controller, combatant_id):
        dialog = OverrideDialog(controller, combatant_id, parent)
        qtbot.addWidget(dialog)
        dialog.what.setCurrentIndex(next(i for i in range(dialog.what.count())
                                         if dialog.what.itemData(i) == (kind, key)))
        dialog.value.setText(text)
        dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
        shown.append(dialog.problem.text())
        return dialog.command       # None when refused: the GM cancels after reading why

    monkeypatch.setattr(BoardAsk, "override", classmethod(answer))
    board.selected_strip.override_button.click()
    return shown


@pytest.mark.parametrize(("kind", "key", "label"), FIELDS)
def test_values_no_campaign_can_hold_are_refused_naming_the_field(fight, monkeypatch, qtbot, answers, kind, key,
                                                                  label):
    window, board = fight
    ctl = board.controller
    wolf = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Wolf")
    board.select(wolf)
    before = window.document.campaign.model_dump_json()
    depth = window.document.undo_stack.count()
    for text, reason in HOSTILE:
        if kind == "initiative" and not text.lstrip("-").isdigit():
            continue        # initiative takes whole numbers only, and says so (below)
        shown = override_with(monkeypatch, qtbot, board, kind, key, text)
        expected = f"{label}: {reason}" if reason else f"{label} is a number: not {'x' * 40!r}"
        assert shown == [expected], text[:20]
        assert window.document.campaign.model_dump_json() == before
        assert window.document.undo_stack.count() == depth
        window.grab()
    if kind == "initiative":
        assert override_with(monkeypatch, qtbot, board, kind, key, "nan") == [f"{label}: nan {NOT_FINITE}"]
    # A value that fits still goes in, and the campaign saves.
    assert override_with(monkeypatch, qtbot, board, kind, key, "1") == [""]
    assert window.document.undo_stack.count() == depth + 1
    window.grab()
    window.tabs.setCurrentIndex(1)
    window.grab()
    path = window.document.path
    told: list[object] = []
    window.document.saveFinished.connect(told.append)
    window.menus.act_save.trigger()
    window.document.wait_for_save()
    assert told == [None] and not window.isWindowModified()
    assert b"NaN" not in path.read_bytes() and b"Infinity" not in path.read_bytes()
    assert not answers.texts("error")


def test_a_lone_surrogate_typed_as_a_value_never_reaches_the_campaign(fight, monkeypatch, qtbot, answers):
    window, board = fight
    ctl = board.controller
    wolf = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Wolf")
    board.select(wolf)
    before, depth = window.document.campaign.model_dump_json(), window.document.undo_stack.count()
    shown = override_with(monkeypatch, qtbot, board, "status", "wounds", "\ud800")
    assert shown == ["Wounds is a number: type one"]     # Qt keeps nothing of the half character
    assert window.document.campaign.model_dump_json() == before
    assert window.document.undo_stack.count() == depth


def test_the_effects_refuse_what_the_dialog_would_not_let_through(fight):
    """Whoever asks (the rules, a replay, a dialog without the check): the effect names the key and changes
    nothing."""
    window, board = fight
    ctl = board.controller
    wolf = next(c for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Wolf")
    before = window.document.campaign.model_dump_json()
    for value, reason in [(float("nan"), f"nan {NOT_FINITE}"), (3_000_000_000, f"out of range (3,000,000,000): "
                                                                               f"{OUT_OF_RANGE}"),
                          ("\ud800", "holds '\\ud800' at character 1, half of a character that cannot be written "
                                     "to a file")]:
        with pytest.raises(ValueError) as refused:
            ctl.overrides.set_resource(wolf.id, "actions_taken", value)
        assert str(refused.value) == f"actions_taken: {reason}"
        with pytest.raises(ValueError, match="^wounds: "):
            ctl.overrides.set_status(wolf.character_id, "wounds", value)
    assert window.document.campaign.model_dump_json() == before


def test_values_beyond_the_sheets_bounds_are_refused_in_the_dialog_naming_the_field(fight, monkeypatch, qtbot,
                                                                                    answers):
    """The bounds of the field's FieldSpec, as the sheet editor keeps them: the dialog shows the controller's
    reason, nothing changes; a value within them still goes in."""
    window, board = fight
    ctl = board.controller
    vera = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Vera Kask")
    pistol = next(i for i in ctl.view.character_of(vera).equipment if i.name == "Pistol")
    board.select(vera)
    before, depth = window.document.campaign.model_dump_json(), window.document.undo_stack.count()
    for kind, key, text, reason in [
            ("item", f"{pistol.id}:ammo", "1001", "Pistol: Rounds loaded must be at most 1000, not 1001"),
            ("item", f"{pistol.id}:ammo", "3000000000", f"Pistol: Rounds loaded: out of range (3,000,000,000): "
                                                        f"{OUT_OF_RANGE}"),
            ("status", "wounds", "-1", "Wounds must be at least 0, not -1"),
            ("status", "wounds", "2.5", "Wounds must be a whole number, not 2.5")]:
        assert override_with(monkeypatch, qtbot, board, kind, key, text) == [reason], text
        assert window.document.campaign.model_dump_json() == before
        assert window.document.undo_stack.count() == depth
    assert override_with(monkeypatch, qtbot, board, "item", f"{pistol.id}:ammo", "5") == [""]
    assert window.document.undo_stack.count() == depth + 1
    assert pistol.id in {i.id for i in ctl.view.character_of(vera).equipment}
    assert ctl.view.character_of(vera).item(pistol.id).stats["ammo"] == 5
    window.grab()
    assert not answers.texts("error")
