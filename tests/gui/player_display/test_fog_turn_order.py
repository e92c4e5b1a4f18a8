"""The players' turn order and the fog of war: NPCs in the fog are not listed (or read "Unknown"), PCs always are."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.fog_commands import RevealCells, SetFog
from crisis_desktop.controller.map_commands import SetToken
from crisis_desktop.domain import Side
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.ui.models.board_model import CombatantIdRole, ConditionsRole, CurrentRole, ResourcesRole
from crisis_desktop.ui.player_display.display import PlayerDisplay
from crisis_desktop.ui.player_display.models import (
    UNKNOWN,
    HealthDetailsRole,
    HealthTextRole,
    HealthWordRole,
    PlayerBoardProxy,
    SideRole,
)

MAP = "map-ridge-road"
SNIPER = "cmb-ambush-corp-sniper"    # hidden from the players in the demo
RASK, JORY, BOSS = "cmb-ambush-raider-rask", "cmb-ambush-raider-jory", "cmb-ambush-raider-boss"
RASK_CELL = (14, 6)
PARTY = ["cmb-ambush-vera", "cmb-ambush-dmitri", "cmb-ambush-ines", "cmb-ambush-tomas"]


@pytest.fixture
def display(qtbot, document, board) -> PlayerDisplay:
    shown = PlayerDisplay(board.model)
    qtbot.addWidget(shown)
    shown.show_encounter(document.session)
    document.changed.connect(shown.apply_changes)
    yield shown
    document.changed.disconnect(shown.apply_changes)


def ids(proxy: PlayerBoardProxy) -> list[str]:
    return [proxy.index(row, 0).data(CombatantIdRole) for row in range(proxy.rowCount())]


def row_of(proxy: PlayerBoardProxy, combatant_id: str) -> int:
    return ids(proxy).index(combatant_id)


def test_npcs_in_the_fog_leave_the_turn_order_until_revealed(document, display):
    proxy, campaign = display.proxy, document.campaign
    everyone = ids(proxy)
    assert {RASK, JORY, BOSS} <= set(everyone) and SNIPER not in everyone
    document.push(SetFog(campaign, MAP, True))
    assert ids(proxy) == [c for c in everyone if c in PARTY], "only the party, in the same order"
    document.push(RevealCells(campaign, MAP, {RASK_CELL}))
    assert ids(proxy) == [c for c in everyone if c in PARTY or c == RASK]
    assert set(ids(proxy)) == set(display.scene.tokens), "the list and the players' map show the same people"
    document.undo_stack.undo()
    assert RASK not in ids(proxy) and RASK not in display.scene.tokens
    document.undo_stack.redo()
    assert RASK in ids(proxy)
    document.push(SetToken(MAP, RASK, (RASK_CELL[0] + 1, RASK_CELL[1])))
    assert RASK not in ids(proxy), "he stepped back into the fog"
    document.undo_stack.undo()
    assert RASK in ids(proxy)
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert ids(proxy) == everyone, "fog off: everyone but the hidden sniper again"


def test_a_hidden_combatant_stays_out_even_when_revealed(document, board, display):
    campaign = document.campaign
    document.push(SetFog(campaign, MAP, True))
    document.push(RevealCells(campaign, MAP, {(21, 11)}))       # where the sniper lies
    display.proxy.set_fogged_as_unknown(True)
    assert SNIPER not in ids(display.proxy)
    document.push(board.controller.set_hidden(RASK, True))
    assert RASK not in ids(display.proxy), "hidden by the GM: not even as unknown"


def test_pcs_are_never_hidden_by_the_fog(document, board, display):
    proxy, campaign = display.proxy, document.campaign
    document.push(SetFog(campaign, MAP, True))
    assert [c for c in ids(proxy) if c in PARTY] == [c for c in ids(proxy)] and len(ids(proxy)) == 4
    document.push(board.controller.set_side("cmb-ambush-vera", Side.ENEMIES))
    assert "cmb-ambush-vera" in ids(proxy), "a PC on the other side is still the players' own"
    proxy.set_fogged_as_unknown(True)
    vera = board.controller.view.character_of("cmb-ambush-vera")
    assert proxy.index(row_of(proxy, "cmb-ambush-vera"), 0).data() == vera.name


def test_with_the_option_npcs_in_the_fog_keep_their_place_as_unknown(document, board, display):
    proxy, campaign, ctl = display.proxy, document.campaign, board.controller
    rask = ctl.view.character_of(RASK)
    document.push(ctl.overrides.set_status(rask.id, "wounds", 3))
    document.push(ctl.overrides.add_condition(rask.id, ctl.ruleset.sheet.conditions()[0].key, 2))
    document.push(ctl.start(RandomDice(7)))
    everyone = ids(proxy)
    proxy.set_fogged_as_unknown(True)
    document.push(SetFog(campaign, MAP, True))
    assert ids(proxy) == everyone, "same rows, same order"
    row = row_of(proxy, RASK)
    assert proxy.index(row, 0).data() == UNKNOWN
    assert [proxy.index(row, 0).data(role) for role in (HealthWordRole, HealthTextRole, HealthDetailsRole)] == [
        "", "", ""]
    assert proxy.index(row, 0).data(ConditionsRole) == () and proxy.index(row, 1).data(ResourcesRole) == ()
    assert proxy.index(row, 1).data() in ("", None) and proxy.index(row, 2).data() in ("", None)
    assert proxy.index(row, 0).data(SideRole) is None, "not even which side it is on"
    names = {proxy.index(r, 0).data() for r in range(proxy.rowCount())}
    assert not names & {ctl.view.name(c) for c in (RASK, JORY, BOSS)}
    assert {ctl.view.name(c) for c in PARTY} <= names
    # An unknown NPC's turn still lights its row: the players see that someone in the fog acts.
    for _ in range(len(everyone) + 1):
        if ctl.view.current_id() in (RASK, JORY, BOSS):
            break
        document.push(ctl.step("next_turn"))
    current = [r for r in range(proxy.rowCount()) if proxy.index(r, 0).data(CurrentRole)]
    assert [ids(proxy)[r] for r in current] == [ctl.view.current_id()]
    assert proxy.index(current[0], 0).data() == UNKNOWN
    document.push(RevealCells(campaign, MAP, {RASK_CELL}))
    assert proxy.index(row, 0).data() == rask.name and proxy.index(row, 0).data(HealthWordRole) != ""
    proxy.set_fogged_as_unknown(False)
    assert ids(proxy) == [c for c in everyone if c in PARTY or c == RASK]


def test_the_proxy_passes_qtmodeltester_while_the_fog_comes_and_goes(qtmodeltester, document, display):
    proxy, campaign = display.proxy, document.campaign
    document.push(SetFog(campaign, MAP, True))
    qtmodeltester.check(proxy)
    proxy.set_fogged_as_unknown(True)
    qtmodeltester.check(proxy)
    document.push(RevealCells(campaign, MAP, {RASK_CELL}))
    proxy.set_fogged_as_unknown(False)
    qtmodeltester.check(proxy)


def test_an_unknown_row_is_painted_muted_and_a_named_one_is_not(qtbot, document, display):
    display.resize(1280, 720)
    display.show()
    qtbot.waitExposed(display)
    display.proxy.set_fogged_as_unknown(True)
    document.push(SetFog(document.campaign, MAP, True))
    document.push(RevealCells(document.campaign, MAP, {RASK_CELL}))
    image = display.turns.viewport().grab().toImage()
    muted = display.turns.delegate.muted

    def muted_pixels(combatant_id: str) -> int:
        rect = display.turns.visualRect(display.proxy.index(row_of(display.proxy, combatant_id), 0))
        return sum(image.pixelColor(x, y) == muted for x in range(rect.left(), rect.right(), 2)
                   for y in range(rect.top(), rect.bottom(), 2))

    assert muted_pixels(JORY) > 20 and muted_pixels(RASK) == 0
