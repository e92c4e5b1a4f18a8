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


def test_slots_tell_nothing_of_combatants_the_players_do_not_see():
    sides = {"pc": "party", "thug": "enemies", "boss": "enemies", "spy": "enemies"}
    # Three NPC slots for three NPCs, one of them (the spy) hidden: the players see two NPC slots.
    start = [OrderRow(None, "PC slot 1", "to fill", True, "party"), OrderRow(None, "NPC slot 1", side="enemies"),
             OrderRow(None, "NPC slot 2", side="enemies"), OrderRow(None, "NPC slot 3", side="enemies"),
             *(OrderRow(cid, "", "to act") for cid in sides)]
    assert slots_of(start) == [Slot("PC slot 1", "party", "now"), Slot("NPC slot 1", "enemies", "later"),
                               Slot("NPC slot 2", "enemies", "later"), Slot("NPC slot 3", "enemies", "later")]
    assert [s.label for s in slots_of(start, {"spy"}, sides)] == ["PC slot 1", "NPC slot 1", "NPC slot 2"]
    # The spy takes the first NPC slot: that slot is not shown, the next one takes its label, and only the slots
    # the thug and the boss can still fill are left.
    spy_acts = [OrderRow("pc", "PC slot 1", "done", side="party"), OrderRow("spy", "NPC slot 1", "acting", True,
                                                                            "enemies"),
                OrderRow(None, "NPC slot 2", side="enemies"), OrderRow(None, "NPC slot 3", side="enemies"),
                OrderRow("thug", "", "to act"), OrderRow("boss", "", "to act")]
    shown = slots_of(spy_acts, {"spy"}, sides)
    assert shown == [Slot("PC slot 1", "party", "done"), Slot("NPC slot 1", "enemies", "later"),
                     Slot("NPC slot 2", "enemies", "later")]
    assert acting_text(shown) == ""                    # no "enemies act" while only the unseen spy acts
    # The thug and the boss have acted; the last NPC slot is the spy's to fill: the players see no turn of it.
    last = [OrderRow("pc", "PC slot 1", "done", side="party"), OrderRow("thug", "NPC slot 1", "done", side="enemies"),
            OrderRow("boss", "NPC slot 2", "done", side="enemies"),
            OrderRow(None, "NPC slot 3", "to fill", True, "enemies"), OrderRow("spy", "", "to act")]
    assert [(s.label, s.state) for s in slots_of(last, {"spy"}, sides)] == [
        ("PC slot 1", "done"), ("NPC slot 1", "done"), ("NPC slot 2", "done")]
    assert acting_text(slots_of(last, {"spy"}, sides)) == ""


def test_the_players_screen_shows_no_turn_of_a_hidden_npc(qtbot, paths):
    document = genesys_document(paths)
    board = genesys_board(document, start=False)
    qtbot.addWidget(board)
    ctl = board.controller
    boss = combatant(board, "Boss")
    document.push(ctl.set_hidden(boss, True))
    display = PlayerDisplay(board.model)
    qtbot.addWidget(display)
    display.resize(1280, 720)
    display.show_encounter(document.session)
    document.changed.connect(display.apply_changes)
    display.show()
    document.push(ctl.start(RandomDice(9)))
    # Three NPC slots on the GM's board, two for the players (the thugs and the enforcer are seen).
    assert [s.label for s in display.slots.slots if s.side == "enemies"] == ["NPC slot 1", "NPC slot 2"]
    boss_turn = None
    for _ in range(20):
        if ctl.view.encounter.round > 1:
            break
        step = ctl.offers()[0]
        if step.actors:                                  # the GM fills an NPC slot with the hidden boss first
            actor = boss if boss in step.actors else step.actors[0]
            document.push(ctl.step(step.key, actor))
            if actor == boss:
                boss_turn = (display.round_label.text(), display.slots.text,
                             [s.state for s in display.slots.slots if s.side == "enemies"])
        else:
            document.push(ctl.step_by_role(StepRole.ADVANCE))
    assert boss_turn is not None, "the boss never acted"
    header, line, states = boss_turn
    # While the hidden boss acts, the players see the round and no side acting, no slot lit.
    assert header == "Round 1" and line == "" and "now" not in states
