"""A read-only list of one kind of campaign content (characters, encounters, battle maps)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

if TYPE_CHECKING:
    from crisis_desktop.domain import Campaign

Rows = Callable[["Campaign"], Sequence[Sequence[str]]]


class ListPlace(QTreeWidget):
    """Rows produced by `rows(campaign)`, refreshed when the campaign changes."""

    def __init__(self, headers: Sequence[str], rows: Rows, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows = rows
        self.setHeaderLabels(list(headers))
        self.setRootIsDecorated(False)
        self.setAlternatingRowColors(True)
        self.setSortingEnabled(True)
        self.sortByColumn(0, Qt.SortOrder.AscendingOrder)

    def show_campaign(self, campaign: Campaign | None) -> None:
        self.clear()
        if campaign is None:
            return
        self.addTopLevelItems([QTreeWidgetItem(list(row)) for row in self._rows(campaign)])
        for column in range(self.columnCount()):
            self.resizeColumnToContents(column)


def battle_map_rows(campaign: Campaign) -> list[list[str]]:
    return [[m.name, m.grid.value, f"{m.width} × {m.height}", f"{m.metres_per_cell:g} m",
             str(len(m.cells)), str(len(m.tokens))] for m in campaign.battle_maps]
