"""The players' screen tells the table no more than it may know, in each of the five systems: nothing of a fighter the
GM hid (no row, no token, no name, no slot of its own, no turn) and no plan before the flow announces it (no plan's
words, no order the plans make), checked on its model and on the text it paints, through two rounds of each fight."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication, QLabel

from crisis_desktop.controller.character_commands import SetCharacterField
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.ui.models.board_model import AnnouncedRole, CombatantIdRole, CurrentRole
from crisis_desktop.ui.player_display.display import PlayerDisplay
from tests.gui.five_boards import open_board
from tests.unit.rules.five_fights import SYSTEMS

SECRET = "Xavier Quillfeather"      # the hidden fighter's name: no other word on any screen has it


@contextmanager
def painted_text(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every string the players' screen's own painting code draws while inside (its rows, chips and tokens)."""
    drawn: list[str] = []
    original = QPainter.drawText

    def record(painter: QPainter, *args: object) -> object:
        drawn.extend(a for a in args if isinstance(a, str))
        return original(painter, *args)  # type: ignore[call-overload]

    with monkeypatch.context() as patch:
        patch.setattr(QPainter, "drawText", record)
        yield drawn


def everything_shown(display: PlayerDisplay, monkeypatch: pytest.MonkeyPatch) -> tuple[str, list[str]]:
    """All the players can read (the labels, the slot strip, each row's data, and what the screen paints), and what
    it paints alone."""
    proxy = display.proxy
    roles = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole, AnnouncedRole)
    rows = [str(proxy.index(r, c).data(role) or "") for r in range(proxy.rowCount())
            for c in range(proxy.columnCount()) for role in roles]
    with painted_text(monkeypatch) as drawn:
        display.grab()
    labels = [label.text() for label in display.findChildren(QLabel)]
    return "\n".join([*labels, display.slots.text, *rows, *drawn]), drawn


def players_order(display: PlayerDisplay) -> list[str]:
    proxy = display.proxy
    return [proxy.index(r, 0).data(CombatantIdRole) for r in range(proxy.rowCount())]


@pytest.mark.parametrize("system", SYSTEMS)
def test_nothing_of_a_hidden_fighter_nor_of_an_unannounced_plan_reaches_the_players(qtbot, paths, monkeypatch,
                                                                                    system):
    board = open_board(qtbot, paths, system)
    document, ctl = board.document, board.controller
    assert document is not None and ctl is not None
    hidden = [c for c in ctl.view.encounter.combatants if c.side.value == "enemies"][-1]
    document.push(SetCharacterField(document.campaign, hidden.character_id, "name", SECRET))
    document.push(ctl.set_hidden(hidden.id, True))
    display = PlayerDisplay(board.model)
    qtbot.addWidget(display)
    display.resize(1024, 640)
    display.show_encounter(document.session)
    document.changed.connect(display.apply_changes)
    display.show()
    document.push(ctl.start(RandomDice(7)))
    others = {c.id for c in ctl.view.encounter.combatants} - {hidden.id}
    planned: list[str] = []             # the words of each plan or declaration the GM made
    steps = hidden_turns = 0
    while ctl.view.encounter.round <= 2 and steps < 60:
        steps += 1
        QApplication.processEvents()
        # Nothing of the hidden fighter, on the model, the map or the painted screen; all the others are there.
        assert set(players_order(display)) == others, system
        assert hidden.id not in display.scene.tokens
        shown, painted = everything_shown(display, monkeypatch)
        assert SECRET not in shown and "Xavier" not in shown, system
        # The rows are read as painted; a name of up to 12 letters whole, the actor's with its marker too (in smaller
        # type, or with its health on the line below), a longer one at least that far.
        assert all(any(ctl.view.name(cid)[:12] in text for text in painted) for cid in others), (system, painted)
        # A plan's words show only once the flow announces them (a declaration made aloud, plans read out).
        announced = " ".join(str(board.model.index(r, 0).data(AnnouncedRole) or "")
                             for r in range(board.model.rowCount()))
        for words in planned:
            assert words not in shown or words in announced, (system, words)
        hidden_turns += hidden.id in ctl.view.acting()
        if list(ctl.view.acting()) == [hidden.id]:
            # The hidden fighter's turn alone: the players see nobody acting and no side's turn.
            assert not any(display.proxy.index(r, 0).data(CurrentRole) for r in range(display.proxy.rowCount()))
            assert " act" not in display.slots.text, (system, display.slots.text)
        offers = [o for o in ctl.offers() if o.allowed]
        plan = next((o for o in offers if o.role is StepRole.PLAN and o.actors and o.choices), None)
        if plan is not None:
            # Planning or declaring does not move anyone on the players' list.
            before = players_order(display)
            actor = plan.actors[0]
            planned.append(plan.choices[0].label)
            document.push(ctl.step(plan.key, actor, plan.choices[0].key))
            QApplication.processEvents()
            assert players_order(display) == before, (system, plan.key)
            continue
        choose = next((o for o in offers if o.role is StepRole.CHOOSE and o.actors), None)
        if choose is not None:          # a slot to fill: the hidden fighter's turn first, where it may take one
            document.push(ctl.step(choose.key, hidden.id if hidden.id in choose.actors else choose.actors[0]))
            continue
        advance = next(o for o in offers if o.role is StepRole.ADVANCE)
        document.push(ctl.step(advance.key, dice=RandomDice(steps) if advance.rolls else None))
    assert ctl.view.encounter.round > 2, (system, steps)
    assert hidden_turns, system         # the walk met the hidden fighter's turns
    if system in ("skirmish", "moments"):
        assert planned, system
