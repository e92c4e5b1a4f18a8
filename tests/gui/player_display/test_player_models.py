"""The players' board proxy: hidden combatants and GM-only data never in it; health as words; live updates."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from crisis_desktop.controller.character_commands import SetCharacterField
from crisis_desktop.rules.base import StateRole as Standing
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.ui.models.board_model import CombatantIdRole, CurrentRole, ResourcesRole
from crisis_desktop.ui.player_display.health import BADLY_WOUNDED, DOWN, UNHURT, WOUNDED, health_word
from crisis_desktop.ui.player_display.health_modes import HealthMode
from crisis_desktop.ui.player_display.models import (
    HealthDetailsRole,
    HealthTextRole,
    HealthWordRole,
    PlayerBoardProxy,
)
from tests.fight_helpers import order

SNIPER = "cmb-ambush-corp-sniper"    # hidden from the players in the demo


@pytest.fixture
def proxy(board) -> PlayerBoardProxy:
    model = PlayerBoardProxy()
    model.setSourceModel(board.model)
    return model


def ids(model: PlayerBoardProxy) -> list[str]:
    return [model.index(row, 0).data(CombatantIdRole) for row in range(model.rowCount())]


def everything(model: PlayerBoardProxy) -> str:
    """Every value of every role of every cell and header, as text."""
    values = []
    for row in range(model.rowCount()):
        for column in range(model.columnCount()):
            for role in range(0, int(Qt.ItemDataRole.UserRole) + 60):
                values.append(repr(model.index(row, column).data(role)))
    for column in range(model.columnCount()):
        values.append(repr(model.headerData(column, Qt.Orientation.Horizontal)))
    return "\n".join(values)


FIGHTING, DOWN_NOW, OUT = Standing.FIGHTING, Standing.DOWN, Standing.OUT


@pytest.mark.parametrize(("state", "current", "maximum", "word"), [
    (FIGHTING, 10, 10, UNHURT), (FIGHTING, None, None, UNHURT), (FIGHTING, 12, 10, UNHURT),
    (FIGHTING, 9, 10, WOUNDED), (FIGHTING, 5, 10, WOUNDED), (FIGHTING, 3, 7, BADLY_WOUNDED),
    (FIGHTING, 4, 10, BADLY_WOUNDED), (FIGHTING, 1, 10, BADLY_WOUNDED), (FIGHTING, 0, 10, DOWN),
    (DOWN_NOW, 3, 10, DOWN), (DOWN_NOW, 10, 10, DOWN), (OUT, -2, 10, DOWN),
])
def test_health_words_and_their_thresholds(state, current, maximum, word):
    assert health_word(state, current, maximum) == word


def test_the_proxy_passes_qtmodeltester(qtmodeltester, proxy):
    qtmodeltester.check(proxy)


def test_a_hidden_npc_is_never_in_the_proxy_and_follows_the_board_live(document, board, proxy):
    assert SNIPER in [board.model.combatant_id(r) for r in range(board.model.rowCount())]
    assert SNIPER not in ids(proxy)
    assert len(ids(proxy)) == board.model.rowCount() - 1
    ctl = board.controller
    document.push(ctl.set_hidden(SNIPER, False))
    assert SNIPER in ids(proxy)
    document.push(ctl.set_hidden("cmb-ambush-raider-rask", True))
    assert "cmb-ambush-raider-rask" not in ids(proxy)
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert SNIPER not in ids(proxy) and "cmb-ambush-raider-rask" in ids(proxy)


def test_gm_notes_npc_numbers_and_gm_flags_never_reach_the_players(document, board, proxy):
    rask = board.controller.view.character_of("cmb-ambush-raider-rask")
    document.push(SetCharacterField(document.campaign, rask.id, "gm_notes", "SECRET plan: flees at round 3"))
    document.push(board.controller.set_hidden(SNIPER, True))
    document.push(board.controller.overrides.set_status(rask.id, "wounds", 2))
    text = everything(proxy)
    assert "SECRET" not in text
    sniper_name = board.controller.view.name(SNIPER)
    assert sniper_name not in text
    assert "hidden" not in text and "group" not in text
    row = ids(proxy).index("cmb-ambush-raider-rask")
    assert proxy.index(row, 1).data(ResourcesRole) == ()
    health = proxy.index(row, 1).data()
    assert health in (WOUNDED, BADLY_WOUNDED) and not any(ch.isdigit() for ch in health)
    assert proxy.index(row, 0).data() == rask.name


def test_party_numbers_are_an_option(qtbot, document, board, proxy):
    row = ids(proxy).index("cmb-ambush-vera")
    assert proxy.index(row, 1).data(HealthTextRole).startswith("unhurt (")
    assert proxy.index(row, 1).data(ResourcesRole)
    with qtbot.waitSignal(proxy.dataChanged, check_params_cb=lambda a, b, _roles: (a.row(), b.row()) == (
            0, proxy.rowCount() - 1)):
        proxy.set_health_mode("party", HealthMode.COLOURED)
    assert proxy.index(row, 1).data() == "unhurt" and proxy.index(row, 1).data(ResourcesRole) == ()
    assert proxy.index(row, 1).data(HealthDetailsRole) == ""
    proxy.set_health_mode("party", HealthMode.NUMBERS)
    assert proxy.index(row, 1).data(HealthDetailsRole).startswith("Health ")
    npc_row = ids(proxy).index("cmb-ambush-raider-rask")
    assert proxy.index(npc_row, 1).data(HealthDetailsRole) == ""


def test_each_word_shows_as_an_npc_is_hurt(document, board, proxy):
    ctl = board.controller
    rask = ctl.view.character_of("cmb-ambush-raider-rask")
    row = ids(proxy).index("cmb-ambush-raider-rask")
    maximum = next(b.maximum for b in board.model.index(board.model.row_of("cmb-ambush-raider-rask"), 0)
                   .data(ResourcesRole) if b.key == "health")
    seen = [proxy.index(row, 0).data(HealthWordRole)]
    for wounds in (1, maximum - (maximum + 1) // 2 + 1, maximum):
        document.push(ctl.overrides.set_status(rask.id, "wounds", wounds))
        seen.append(proxy.index(row, 0).data(HealthWordRole))
    assert seen == [UNHURT, WOUNDED, BADLY_WOUNDED, DOWN]


def test_the_current_actor_is_marked_and_moves_with_the_turn(document, board, proxy):
    ctl = board.controller
    document.push(ctl.start(RandomDice(7)))
    current = [i for i in range(proxy.rowCount()) if proxy.index(i, 0).data(CurrentRole)]
    if ctl.view.current_id() == SNIPER:
        document.push(ctl.step("next_turn"))
        current = [i for i in range(proxy.rowCount()) if proxy.index(i, 0).data(CurrentRole)]
    assert len(current) == 1 and ids(proxy)[current[0]] == ctl.view.current_id()
    document.push(ctl.step("next_turn"))
    if ctl.view.current_id() != SNIPER:
        assert [ids(proxy)[i] for i in range(proxy.rowCount()) if proxy.index(i, 0).data(CurrentRole)] == [
            ctl.view.current_id()]
    visible = [c for c in order(ctl.view) if c != SNIPER]
    assert ids(proxy) == visible, "turn order, without the hidden sniper"
