"""Typed dice the board asks for, in all five systems on their demo fights: one face a field, each field naming
whose roll it is and which die; the initiative prompt names each combatant's pool; the next die never merges with
the face before it; an unknown face, a number the die has not or a face too many is refused with the reason."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from crisis_desktop.ui.dialogs.dice_form import DiceForm, DieField, die_heading
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.gui.five_boards import open_board
from tests.unit.rules.five_fights import SYSTEMS


def fill(field: DieField, rng: random.Random) -> None:
    """A face for the field as the GM gives it: a face clicked on a die of symbols, a number typed otherwise (never
    the top face nor a 1, which explode and implode in crisis)."""
    if field.buttons:
        rng.choice(list(field.buttons.values())).click()
    else:
        sides = field.die.sides
        QTest.keyClicks(field.face, str(rng.randint(2, max(2, sides - 1))))


def answer_with(form_seen: list[DiceForm], act: Callable[[DiceForm], None]) -> None:
    """When the board's dice form opens: keep it, act on it."""
    def answer() -> None:
        form = QApplication.activeModalWidget()
        assert isinstance(form, DiceForm)
        form_seen.append(form)
        act(form)
    QTimer.singleShot(0, answer)


@pytest.mark.parametrize("system", SYSTEMS)
def test_initiative_is_typed_one_face_a_field_with_each_pool_named(qtbot, paths, system):
    board = open_board(qtbot, paths, system)
    ctl = board.controller
    pools = ctl.initiative_dice()
    named = [die for pool in pools for die in pool.dice]
    seen: list[DiceForm] = []
    headings: list[str] = []

    def type_every_die(form: DiceForm) -> None:
        rng = random.Random(3)
        # Only the die asked next has a field, named; filling it brings the next (a tie or an explosion adds some).
        while not form.ok.isEnabled():
            empty = [f for f in form.fields if not f.face.text()]
            assert len(empty) == 1 and form.focusWidget() is empty[0].face, form.problem.text()
            fill(empty[0], rng)
        headings.extend(f.heading.text() for f in form.fields)
        QTest.keyClick(form.focusWidget(), Qt.Key.Key_Return)

    if named:
        answer_with(seen, type_every_die)
    board.act_start.trigger()
    assert ctl.view.encounter.started
    if system == "skirmish":               # its rounds open with planning: no dice, nothing asked
        assert pools == [] and seen == []
        return
    form = seen[0]
    # The prompt lists each combatant's pool, and each field says whose roll and which die, in the rules' order.
    prompt = form.prompt.text()
    assert all(pool.describe() in prompt for pool in pools) and len(pools) >= 4
    assert headings[:len(named)] == [die_heading(n, die) for n, die in enumerate(named, start=1)]
    assert len(form.values()) == len(form.fields) >= len(named)          # one face in every field


def test_the_initiative_prompt_reads_the_pools_of_genesys_and_crisis(qtbot, paths, monkeypatch):
    asked: list[str] = []
    monkeypatch.setattr(BoardAsk, "dice", classmethod(lambda _c, _p, title, prompt, *a, **k: asked.append(prompt)))
    for system in ("genesys", "crisis"):
        board = open_board(qtbot, paths, system)
        board.act_start.trigger()                           # the GM cancels
        assert not board.controller.view.encounter.started
    genesys, crisis = asked
    assert genesys.splitlines()[:3] == ["Turn order: each one's dice, in the order rolled:",
                                        "Kara Voss: Proficiency die (yellow) ×2",
                                        "Jax Marrow: Ability die (green) ×2"]
    assert "Madame Sable: Proficiency die (yellow) ×2, Ability die (green)" in genesys.splitlines()
    assert crisis.splitlines()[1:3] == ["Vera Kask: d10", 'Dmitri "Dim" Orlov: d6']
    assert "Wolf (group roll for 2): d4" in crisis.splitlines()


def test_the_die_asked_for_again_gets_a_field_of_its_own(qtbot, paths, monkeypatch):
    """The board asks again for the die missing (here after an answer of one face): the face given stays in its
    field, the next face typed goes in a new empty field, never glued onto the last ("s" then "a" is not "sa")."""
    board = open_board(qtbot, paths, "genesys")
    original = BoardAsk.dice.__func__
    calls: list[tuple[str, list]] = []
    seen: list[DiceForm] = []

    def ask(cls, parent, title, prompt, value=(), **kwargs):
        calls.append((prompt, list(value)))
        if len(calls) == 1:
            return ["s"]                              # one face: the roll reads more
        answer_with(seen, lambda form: None)
        QTimer.singleShot(0, lambda: QTest.keyClicks(seen[0].focusWidget(), "a"))
        QTimer.singleShot(0, lambda: seen[0].reject())
        return original(cls, parent, title, prompt, value, **kwargs)

    monkeypatch.setattr(BoardAsk, "dice", classmethod(ask))
    board.act_start.trigger()
    prompt, value = calls[1]
    assert prompt.startswith("Enter another Proficiency die for Kara Voss: initiative (Cool): Proficiency die.\n")
    assert value == ["s"]
    form = seen[0]
    assert [f.face.text() for f in form.fields] == ["s", "a", ""]          # and the die after, waiting
    assert [f.heading.text() for f in form.fields[:2]] == ["1. Kara Voss: initiative (Cool): Proficiency die (yellow)",
                                                       "2. Kara Voss: initiative (Cool): Proficiency die (yellow)"]
    assert form.values() == ["s", "a"]
    assert not board.controller.view.encounter.started          # cancelled


def typed_form(board: EncounterBoard) -> DiceForm:
    """The form the board shows for its initiative dice, without running it."""
    from functools import partial

    from crisis_desktop.rules.kernel.dice import probe

    ctl = board.controller
    return DiceForm("Initiative dice", "", partial(probe, ctl.start), (), ctl.ruleset.symbol_glyphs())


def test_a_click_fills_its_own_die_and_typing_goes_on_to_the_next(qtbot, paths):
    board = open_board(qtbot, paths, "genesys")
    form = typed_form(board)
    qtbot.addWidget(form)
    form.show()
    first = form.fields[0]
    assert set(first.buttons) == {"blank", "s", "ss", "a", "sa", "aa", "tr"}       # only the yellow die's faces
    first.buttons["s"].click()
    assert len(form.fields) == 2 and form.focusWidget() is form.fields[1].face
    QTest.keyClicks(form.focusWidget(), "a")
    # Kara's second yellow die holds "a"; the field of the die after it (Jax's first green one) waits, empty.
    assert [f.face.text() for f in form.fields] == ["s", "a", ""]
    assert form.fields[2].heading.text() == "3. Jax Marrow: initiative (Cool): Ability die (green)"
    first.buttons["sa"].click()                           # a click replaces the face: one die, one face
    assert [f.face.text() for f in form.fields[:2]] == ["sa", "a"]
    assert form.values()[:2] == ["sa", "a"]


def test_faces_that_cannot_be_read_are_refused_with_the_reason(qtbot, paths):
    genesys = typed_form(open_board(qtbot, paths, "genesys"))
    qtbot.addWidget(genesys)
    QTest.keyClicks(genesys.fields[0].face, "zz")
    assert genesys.problem.text() == "The Proficiency die has the faces blank, s, ss, a, sa, aa, tr; 'zz' was entered"
    assert not genesys.ok.isEnabled()
    genesys.fields[0].face.setText("s a")
    genesys.update_fields()
    assert genesys.problem.text() == ("Die 1 (Proficiency die (yellow)) takes one face; 's a' is 2 faces: give each "
                                      "die its own field")
    assert not genesys.ok.isEnabled()

    crisis = typed_form(open_board(qtbot, paths, "crisis"))
    qtbot.addWidget(crisis)
    vera = crisis.fields[0]
    assert vera.heading.text() == "1. Vera Kask: turn order (Mind d10): d10"
    QTest.keyClicks(vera.face, "11")
    assert crisis.problem.text() == "A d10 for Vera Kask: turn order (Mind d10) shows 1 to 10; 11 was entered"
    # A 10 explodes: the next die is Vera's again. Typed, then Vera's 10 corrected to 7, the faces after it move up a
    # die (Dmitri 5, Ines 2, Tomas 4, the wolves 3) and the last is a face too many.
    vera.face.setText("10")
    crisis.update_fields()
    assert crisis.fields[1].heading.text() == "2. Vera Kask: turn order (Mind d10) (exploded): d10"
    QTest.keyClicks(crisis.fields[1].face, "5")
    assert crisis.fields[2].heading.text() == '3. Dmitri "Dim" Orlov: turn order (Mind d6): d6'
    for face in "243":                                  # Dmitri, Ines, Tomas: each typed in the field the last brings
        QTest.keyClicks(crisis.fields[-1].face, face)
    assert crisis.fields[-1].heading.text() == "6. Wolf: turn order (Mind d4): d4"
    QTest.keyClicks(crisis.fields[-1].face, "2")
    assert crisis.ok.isEnabled() and crisis.problem.text() == ""
    vera.face.setText("7")
    crisis.update_fields()
    assert crisis.problem.text() == "1 face typed beyond what this roll reads: take them out, or check the order"
    assert not crisis.ok.isEnabled()
    crisis.fields[-1].face.clear()
    crisis.update_fields()
    assert crisis.ok.isEnabled() and len(crisis.fields) == 5
