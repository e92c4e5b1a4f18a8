"""A light and a dark QPalette as a desktop's light and dark themes give them, for tests and screenshots."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

Role = QPalette.ColorRole
Group = QPalette.ColorGroup


def light_palette() -> QPalette:
    """Fusion's own palette: light grey windows, white bases, black text."""
    style = QStyleFactory.create("Fusion")
    assert style is not None
    return style.standardPalette()


def dark_palette() -> QPalette:
    """A dark theme: near-black bases, grey windows, light text, a blue highlight."""
    palette = QPalette()
    for role, colour in ((Role.Window, QColor(45, 45, 48)), (Role.WindowText, QColor(230, 230, 230)),
                         (Role.Base, QColor(30, 30, 32)), (Role.AlternateBase, QColor(42, 42, 46)),
                         (Role.Text, QColor(230, 230, 230)), (Role.Button, QColor(53, 53, 57)),
                         (Role.ButtonText, QColor(230, 230, 230)), (Role.BrightText, QColor(255, 90, 90)),
                         (Role.Highlight, QColor(42, 110, 190)), (Role.HighlightedText, QColor(255, 255, 255)),
                         (Role.ToolTipBase, QColor(53, 53, 57)), (Role.ToolTipText, QColor(230, 230, 230)),
                         (Role.PlaceholderText, QColor(150, 150, 150)), (Role.Light, QColor(80, 80, 84)),
                         (Role.Midlight, QColor(66, 66, 70)), (Role.Mid, QColor(40, 40, 43)),
                         (Role.Dark, QColor(25, 25, 27)), (Role.Shadow, QColor(10, 10, 10)),
                         (Role.Link, QColor(110, 170, 255))):
        palette.setColor(role, colour)
    for role in (Role.Text, Role.WindowText, Role.ButtonText):
        palette.setColor(Group.Disabled, role, QColor(130, 130, 130))
    return palette


@contextmanager
def app_palette(palette: QPalette) -> Iterator[QPalette]:
    """The application under `palette` for the block, and its own palette again afterwards."""
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    before = QPalette(app.palette())
    app.setPalette(palette)
    app.processEvents()     # widgets hear of the change through posted events
    try:
        yield palette
    finally:
        app.setPalette(before)
        app.processEvents()
