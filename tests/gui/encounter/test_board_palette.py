"""Dark and light themes: the board's current-turn row and the dialogs' problem texts read (WCAG contrast 4.5:1)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QModelIndex, Qt
from PySide6.QtGui import QColor, QImage, QPalette

from crisis_desktop.ui import theme
from crisis_desktop.ui.dialogs.check_dialog import CheckDialog
from crisis_desktop.ui.models.board_model import COL_NAME, CurrentRole
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.gui.palettes import app_palette, dark_palette, light_palette

PALETTES = {"light": light_palette, "dark": dark_palette}


def test_wcag_contrast_is_the_standard_formula():
    assert theme.luminance(QColor(255, 255, 255)) == pytest.approx(1.0)
    assert theme.luminance(QColor(0, 0, 0)) == pytest.approx(0.0)
    assert theme.contrast(QColor(0, 0, 0), QColor(255, 255, 255)) == pytest.approx(21.0)
    # #767676 on white is the lightest grey WCAG lists as passing AA: 4.54:1.
    assert theme.contrast(QColor(0x76, 0x76, 0x76), QColor(255, 255, 255)) == pytest.approx(4.54, abs=0.01)


@pytest.mark.parametrize("name", PALETTES)
def test_readable_shades_a_colour_until_it_reads_on_the_background(name):
    background = PALETTES[name]().color(QPalette.ColorRole.Window)
    for hue in (QColor(200, 30, 45), QColor(240, 190, 40), QColor(76, 160, 90), QColor(90, 110, 170)):
        shaded = theme.readable(hue, background)
        assert theme.contrast(shaded, background) >= theme.MIN_CONTRAST


def current_index(board: EncounterBoard) -> QModelIndex:
    model = board.model
    rows = [r for r in range(model.rowCount()) if model.index(r, 0).data(CurrentRole)]
    assert len(rows) == 1, "one combatant acts now"
    return model.index(rows[0], COL_NAME)


def running_board(qtbot, document) -> EncounterBoard:
    board = EncounterBoard()
    qtbot.addWidget(board)
    board.resize(1400, 600)
    board.set_document(document)
    board.show_encounter("enc-ridge")
    board.show()
    qtbot.waitExposed(board)
    board.act_start.trigger()
    # Selected, the row would show the palette's highlight: look at the current row as such.
    board.table.clearSelection()
    board.table.setCurrentIndex(QModelIndex())
    return board


def text_and_background(image: QImage, left: int, top: int, width: int, height: int) -> tuple[QColor, QColor]:
    """The colour filling most of a cell of a grab, and the pixel of its text that differs most from it."""
    counts: dict[int, int] = {}
    pixels = [image.pixelColor(x, y) for x in range(left, left + width) for y in range(top, top + height)]
    for colour in pixels:
        counts[colour.rgb()] = counts.get(colour.rgb(), 0) + 1
    background = QColor.fromRgb(max(counts, key=lambda rgb: counts[rgb]))
    text = max(pixels, key=lambda colour: theme.contrast(colour, background))
    return text, background


@pytest.mark.parametrize("name", PALETTES)
def test_the_current_turn_row_reads_in_light_and_dark(qtbot, document, name):
    with app_palette(PALETTES[name]()) as palette:
        board = running_board(qtbot, document)
        index = current_index(board)
        background = index.data(Qt.ItemDataRole.BackgroundRole).color()
        brush = index.data(Qt.ItemDataRole.ForegroundRole)
        # Without a colour of its own the view writes the row in the palette's text colour.
        foreground = brush.color() if brush is not None else palette.color(QPalette.ColorRole.Text)
        assert theme.contrast(foreground, background) >= theme.MIN_CONTRAST
        # The row stands out from the others: not the base colour of the table.
        assert background != palette.color(QPalette.ColorRole.Base)
        # What reaches the screen: the cell's text against its background in a grab of the table.
        rect = board.table.visualRect(index)
        image = board.table.viewport().grab().toImage()
        text, shown = text_and_background(image, rect.left() + 2, rect.top() + 2, rect.width() - 4, rect.height() - 4)
        assert shown == background
        assert theme.contrast(text, shown) >= theme.MIN_CONTRAST, (name, text.name(), shown.name())
        board.close()


@pytest.mark.parametrize("name", PALETTES)
def test_a_dialogs_problem_text_reads_and_follows_a_change_of_theme(qtbot, document, name):
    other = "light" if name == "dark" else "dark"
    with app_palette(PALETTES[name]()):
        board = running_board(qtbot, document)
        dialog = CheckDialog(board.controller, board.controller.view.current_id(), board)
        qtbot.addWidget(dialog)
        label = dialog.problem

        def reads() -> float:
            colours = label.palette()
            ink, window = colours.color(QPalette.ColorRole.WindowText), colours.color(QPalette.ColorRole.Window)
            return theme.contrast(ink, window)

        assert reads() >= theme.MIN_CONTRAST
        red = label.palette().color(QPalette.ColorRole.WindowText)
        assert red.red() > red.green() + 40, "a problem still shows in red"
        with app_palette(PALETTES[other]()) as switched:
            assert label.palette().color(QPalette.ColorRole.Window) == switched.color(QPalette.ColorRole.Window)
            assert reads() >= theme.MIN_CONTRAST
        assert reads() >= theme.MIN_CONTRAST
