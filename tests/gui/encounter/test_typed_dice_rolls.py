"""Typed dice in the check and attack dialogs, on each system's demo fight: one face a die, each shown as a chip of
its own named by the die it is read as (whose roll, which die), the die wanted next said; a face after a clicked one
is a die of its own; a face too many or too few is refused with the reason."""

from __future__ import annotations

import random

import pytest
from PySide6.QtTest import QTest

from crisis_desktop.domain import CharacterKind
from crisis_desktop.rules.base import ActionRole
from crisis_desktop.rules.kernel.dice import DiceSource, DieAsk, RandomDice, probe
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from crisis_desktop.ui.dialogs.check_dialog import CheckDialog
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from crisis_desktop.ui.widgets.dice_entry import TypedDiceEntry, dice_tokens
from tests.gui.five_boards import open_board
from tests.unit.rules.five_fights import SYSTEMS


def started(qtbot, paths, system: str) -> EncounterBoard:
    board = open_board(qtbot, paths, system)
    board.document.push(board.controller.start(RandomDice(7)))
    return board


def type_die(entry: TypedDiceEntry, die: DieAsk, rng: random.Random) -> int | str:
    """The GM gives one die: a face clicked on the palette for a die of symbols, a number and a space otherwise (never
    the top face nor a 1, which explode and implode in crisis)."""
    if die.kind is not None:
        face: int | str = rng.choice(die.kind.face_texts())
        entry.face_buttons[(die.kind.key, str(face))].click()
    else:
        face = rng.randint(2, max(2, die.sides - 1))
        QTest.keyClicks(entry.faces, f"{face} ")
    return face


@pytest.mark.parametrize("system", SYSTEMS)
def test_a_check_is_typed_one_face_a_die_each_chip_named(qtbot, paths, system):
    board = started(qtbot, paths, system)
    ctl = board.controller
    who = next(c.id for c in ctl.view.encounter.combatants if ctl.view.character_of(c.id).kind is CharacterKind.PC)
    dialog = CheckDialog(ctl, who, board)
    qtbot.addWidget(dialog)
    entry = dialog.dice_entry
    entry.typed_dice.setChecked(True)
    rng = random.Random(11)
    typed: list[int | str] = []
    asked: list[DieAsk] = []
    for _ in range(30):
        found = entry.probe(dice_tokens(entry.faces.text()))
        if found.missing is None:
            break
        # The die wanted next is said, with whose roll it is.
        assert entry.next_die.text().startswith(f"Next: {found.missing.name} for {ctl.view.name(who)}: ")
        assert entry.next_die.text().endswith(found.missing.label)
        asked.append(found.missing)
        typed.append(type_die(entry, found.missing, rng))
    assert entry.next_die.text() == "" and typed
    assert entry.chip_texts() == [f"{n}  {die.name}: {face}" for n, (die, face) in enumerate(zip(asked, typed,
                                                                                               strict=True), 1)]
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()


def test_a_check_refuses_a_face_too_many_or_too_few(qtbot, paths):
    board = started(qtbot, paths, "crisis")
    ctl = board.controller
    vera = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Vera Kask")
    dialog = CheckDialog(ctl, vera, board)
    qtbot.addWidget(dialog)
    entry = dialog.dice_entry
    entry.typed_dice.setChecked(True)
    dialog.roll()
    first = entry.probe([]).missing
    assert dialog.problem.text() == f"Enter another d{first.sides} for {first.label}."
    entry.faces.setText("2 3")
    assert entry.chips[1].toolTip() == "Not read by this roll"
    dialog.roll()
    assert dialog.problem.text() == "1 face typed beyond what this roll reads: take them out, or check the order"
    assert dialog.rolled_event is None
    entry.faces.setText("2")
    dialog.roll()
    assert dialog.rolled_event is not None, dialog.problem.text()


def test_a_face_typed_after_a_clicked_one_is_a_die_of_its_own(qtbot, paths):
    board = started(qtbot, paths, "genesys")
    ctl = board.controller
    kara = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Kara Voss")
    dialog = CheckDialog(ctl, kara, board)
    qtbot.addWidget(dialog)
    entry = dialog.dice_entry
    first = entry.probe([]).missing
    entry.face_buttons[(first.kind.key, "s")].click()
    QTest.keyClicks(entry.faces, "a")
    assert dice_tokens(entry.faces.text()) == ["s", "a"] and len(entry.chips) == 2
    second = entry.probe(["s"]).missing
    assert entry.chip_texts() == [f"1  {first.name}: s", f"2  {second.name}: a"]


def usable_attack(board: EncounterBoard, attacker: str) -> AttackDialog | None:
    """The attack dialog on an enemy the attacker reaches with a weapon it holds ready, from where both stand on the
    demo's map; None when the rules refuse every one (out of reach, nothing planned)."""
    ctl = board.controller
    side = ctl.view.combatant(attacker).side
    for target in [c.id for c in ctl.view.encounter.combatants if c.side is not side]:
        dialog = AttackDialog(ctl, attacker, target, board)
        for n in range(dialog.weapon.count()):
            dialog.weapon.setCurrentIndex(n)
            if dialog.request() is not None \
                    and probe(lambda dice, d=dialog: ctl.attack(d.request(), dice), []).problem is None:
                return dialog
        dialog.deleteLater()
    return None


def an_attack(board: EncounterBoard) -> AttackDialog:
    """The fight played on as the flow offers (planning or declaring an attack where it plans, the first to fill a
    slot, the next step) until someone acting reaches an enemy: that attack's dialog."""
    ctl = board.controller
    for _ in range(60):
        for attacker in ctl.view.acting():
            dialog = usable_attack(board, attacker)
            if dialog is not None:
                return dialog
        offers = [o for o in ctl.offers() if o.allowed]
        offer = next((o for o in offers if o.role is StepRole.PLAN), None) \
            or next((o for o in offers if o.role is StepRole.CHOOSE and o.actors), None) \
            or next(o for o in offers if o.role is StepRole.ADVANCE)
        choice = next((c.key for c in offer.choices if c.role is ActionRole.ATTACK), None) \
            or (offer.choices[0].key if offer.choices else None)
        board.document.push(ctl.step(offer.key, offer.actors[0] if offer.actors else None, choice))
    raise AssertionError("nobody reaches an enemy")


@pytest.mark.parametrize("system", SYSTEMS)
def test_one_attack_is_typed_one_face_a_die(qtbot, paths, system):
    board = started(qtbot, paths, system)
    ctl = board.controller
    dialog = an_attack(board)
    qtbot.addWidget(dialog)

    def attack(dice: DiceSource) -> object:
        return ctl.attack(dialog.request(), dice)

    entry = dialog.dice_entry
    entry.typed_dice.setChecked(True)
    pool = entry.expected
    rng = random.Random(5)
    typed: list[int | str] = []
    for _ in range(30):
        found = probe(attack, dice_tokens(entry.faces.text()))
        assert found.problem is None, found.problem
        if found.missing is None:
            break
        typed.append(type_die(entry, found.missing, rng))
    assert typed and dice_tokens(entry.faces.text()) == typed
    # A chip a die, each named by the die the attack reads it as (Ability die (green), d20...).
    asked = probe(attack, typed).asked
    assert len(asked) == len(typed)
    assert entry.chip_texts() == [f"{n}  {die.name}: {face}"
                                  for n, (die, face) in enumerate(zip(asked, typed, strict=True), 1)]
    assert all(die.name == kind.name for die, kind in zip(asked[:len(pool)], pool, strict=True))
    assert (system == "genesys") == bool(pool)          # the one system of dice of symbols
    dialog.roll()
    # Rolled with exactly the faces typed (a face too many or too few is refused), the pool's dice showing theirs.
    assert dialog.rolled_event is not None, dialog.problem.text()
    assert [face.text for _kind, face in dialog.roll_box.rolled_dice.dice] == typed[:len(pool)]
