"""The player display under side slots: the round's slots in order, the one acting now and the side that acts, as
the fight goes on; nothing of the kind under the crisis turn order."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.flows import OrderRow, StepRole
from crisis_desktop.ui.player_display.display import PlayerDisplay
from crisis_desktop.ui.player_display.slot_strip import Slot, SlotStrip, acting_text, slots_of
from crisis_desktop.ui.player_display.turn_list import SIDE_COLOURS
from tests.gui.genesys_fight import combatant, genesys_board, genesys_document


def labels(display: PlayerDisplay) -> list[tuple[str, str, str]]:
    return [(s.label, s.side, s.state) for s in display.slots.slots]


def test_the_slots_of_the_round_and_the_side_acting_follow_the_fight(qtbot, paths):
    document = genesys_document(paths)
    board = genesys_board(document, start=False)
    qtbot.addWidget(board)
    display = PlayerDisplay(board.model)
    qtbot.addWidget(display)
    display.resize(1280, 720)
    display.show_encounter(document.session)
    document.changed.connect(display.apply_changes)
    display.show()
    assert display.slots.isHidden() and display.round_label.text() == "Get ready"
    ctl = board.controller
    document.push(ctl.start(RandomDice(9)))
    assert not display.slots.isHidden()
    assert display.round_label.text() == "Round 1 · PC slot 1"
    assert labels(display) == [("PC slot 1", "party", "now"), ("NPC slot 1", "enemies", "later"),
                               ("PC slot 2", "party", "later"), ("NPC slot 2", "enemies", "later"),
                               ("NPC slot 3", "enemies", "later")]
    assert display.slots.text == "PC slot 1 — players act"
    document.push(ctl.step("fill_slot", combatant(board, "Jax")))
    document.push(ctl.step_by_role(StepRole.ADVANCE))
    assert display.slots.text == "NPC slot 1 — enemies act"
    assert [state for _l, _s, state in labels(display)] == ["done", "now", "later", "later", "later"]
    document.undo_stack.undo()                      # undo goes back to Jax's turn in the first slot
    assert display.slots.text == "PC slot 1 — players act"
    # The strip names no one: who fills a slot is for the turn list, which leaves hidden combatants out.
    assert all(name not in display.slots.accessibleName() for name in ("Jax", "Kara", "Thugs", "Boss"))
    image = display.slots.grab().toImage()
    painted = {image.pixelColor(x, y).name() for x in range(0, image.width(), 2) for y in range(image.height())}
    assert SIDE_COLOURS["party"].name() in painted             # the slot acting now, filled in its side's colour


def test_the_crisis_turn_order_has_no_slots(qtbot, document, board):
    display = PlayerDisplay(board.model)
    qtbot.addWidget(display)
    display.show_encounter(document.session)
    document.changed.connect(display.apply_changes)
    document.push(board.controller.start(RandomDice(3)))
    assert display.round_label.text() in ("Round 1", "Surprise round")
    assert display.slots.isHidden() and display.slots.slots == []
    assert all("slot" not in label.text() for label in display.findChildren(QLabel))


def test_slots_read_from_the_flows_rows_alone():
    rows = [OrderRow("a", "PC slot 1", "done", side="party"), OrderRow(None, "NPC slot 1", "to fill", True, "enemies"),
            OrderRow("b", "", "to act")]
    assert slots_of(rows) == [Slot("PC slot 1", "party", "done"), Slot("NPC slot 1", "enemies", "now")]
    assert acting_text(slots_of(rows)) == "NPC slot 1 — enemies act"
    ended = [OrderRow("a", "PC slot 1", "done", side="party"), OrderRow(None, "NPC slot 1", "skipped", side="enemies")]
    assert [s.state for s in slots_of(ended)] == ["done", "done"] and acting_text(slots_of(ended)) == ""
    assert acting_text([Slot("Ally slot 1", "allies", "now")]) == "Ally slot 1 — allies side acts"


def test_many_slots_still_fit_in_smaller_type(qtbot):
    strip = SlotStrip(dict(SIDE_COLOURS))
    qtbot.addWidget(strip)
    strip.resize(900, 60)
    few = [OrderRow(None, "PC slot 1", current=True, side="party")]
    strip.set_rows(few)
    assert strip._fitting_size() == strip.point_size
    many = [OrderRow(None, f"NPC slot {n}", current=n == 1, side="enemies") for n in range(1, 13)]
    strip.set_rows(many)
    assert 9 <= strip._fitting_size() < strip.point_size
    assert strip._width(strip._fitting_size()) <= 900 or strip._fitting_size() == 9
