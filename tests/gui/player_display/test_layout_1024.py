"""The players' screen at 1024x640 and up: nothing overlaps or is clipped (a long title beside the round), the map
is fitted, every row of the turn order is in view."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QWidget

from crisis_desktop.controller.encounter_commands import SetEncounterField
from crisis_desktop.controller.fog_commands import RevealCells, SetFog
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.ui.player_display.display import PlayerDisplay


def placed(widget: QWidget, display: PlayerDisplay) -> QRect:
    return QRect(widget.mapTo(display, widget.rect().topLeft()), widget.size())


@pytest.mark.parametrize("size", [(1024, 640), (1280, 720), (1920, 1080)])
def test_nothing_overlaps_and_everything_fits(qtbot, document, board, size):
    document.push(SetEncounterField("enc-ambush", "name",
                                    "The long and winding ambush on the ridge road, at dusk"))
    document.push(board.controller.start(RandomDice(2024)))
    display = PlayerDisplay(board.model)
    qtbot.addWidget(display)
    display.resize(*size)
    display.show_encounter(document.session)
    display.show()
    qtbot.waitExposed(display)
    parts = {"title": display.title, "round": display.round_label, "turns": display.turns,
             "map": display.map_stack}
    if display.slots.isVisible():
        parts["slots"] = display.slots
    rects = {name: placed(widget, display) for name, widget in parts.items()}
    window = display.rect()
    for name, rect in rects.items():
        assert window.contains(rect), f"{name} {rect} is outside the window {window}"
    names = list(rects)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not rects[a].intersects(rects[b]), f"{a} {rects[a]} overlaps {b} {rects[b]}"
    # The round is told whole; the title gives way ("…") rather than run under it.
    round_label = display.round_label
    assert round_label.fontMetrics().horizontalAdvance(round_label.text()) <= round_label.contentsRect().width()
    title = display.title
    assert title.fontMetrics().horizontalAdvance(title.shown_text()) <= title.contentsRect().width()
    assert title.text().startswith(title.shown_text().rstrip("…")) and len(title.shown_text()) > 10
    # Every row of the turn order in view.
    proxy, turns = display.proxy, display.turns
    assert proxy.rowCount() >= 7
    viewport = turns.viewport().rect()
    for row in range(proxy.rowCount()):
        assert viewport.contains(turns.visualRect(proxy.index(row, 0))), f"row {row} is cut off"
    # The map fitted: the whole scene within the view, and filling it on one side.
    view = display.map_view
    mapped = view.mapFromScene(view.sceneRect()).boundingRect()
    assert view.viewport().rect().adjusted(-2, -2, 2, 2).contains(mapped)
    assert mapped.width() >= view.viewport().width() - 4 or mapped.height() >= view.viewport().height() - 4


def test_under_fog_the_map_fits_what_the_players_may_see(qtbot, document, board):
    display = PlayerDisplay(board.model)
    qtbot.addWidget(display)
    display.resize(1024, 640)
    display.show_encounter(document.session)
    document.changed.connect(display.apply_changes)
    display.show()
    qtbot.waitExposed(display)
    view = display.map_view
    whole = view.mapFromScene(view.sceneRect()).boundingRect()
    document.push(SetFog(document.campaign, "map-ridge-road", True))
    document.push(RevealCells(document.campaign, "map-ridge-road", {(x, y) for x in range(4, 10) for y in range(4, 8)}))
    seen = view.mapFromScene(display.scene.view_rect()).boundingRect()
    assert view.viewport().rect().adjusted(-2, -2, 2, 2).contains(seen)
    assert seen.width() >= view.viewport().width() - 4 or seen.height() >= view.viewport().height() - 4
    cell = display.scene.size * view.transform().m11()
    assert cell > 1.5 * whole.width() / display.scene.battle_map.width, "tokens read larger"
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert view.mapFromScene(view.sceneRect()).boundingRect().width() <= whole.width() + 2, "the whole map again"
