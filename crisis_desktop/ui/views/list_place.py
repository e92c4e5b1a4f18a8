"""A read-only list of one kind of campaign content (characters, encounters, battle maps)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt
from PySide6.QtGui import QShowEvent
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QWidget

if TYPE_CHECKING:
    from crisis_desktop.domain import Campaign

Rows = Callable[["Campaign"], Sequence[Sequence[str]]]


class ListPlace(QTreeWidget):
    """Rows produced by `rows(campaign)`, refreshed when the campaign changes.

    Counts in the rows (a map's painted cells, its tokens) change with commands that name neither the map
    nor the list: `update_campaign` after any change compares the rows and redraws only when they differ.
    """

    def __init__(self, headers: Sequence[str], rows: Rows, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows = rows
        self.setHeaderLabels(list(headers))
        self.setRootIsDecorated(False)
        self.setAlternatingRowColors(True)
        self.setSortingEnabled(True)
        self.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self._shown: list[list[str]] = []
        self._stale = False
        self._stale_campaign: Campaign | None = None

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802  Override QWidget::showEvent
        if self._stale:
            self.update_campaign(self._stale_campaign)
        super().showEvent(event)

    def show_campaign(self, campaign: Campaign | None) -> None:
        self._stale, self._stale_campaign = False, None
        self.clear()
        self._shown = []
        if campaign is None:
            return
        self._shown = [list(row) for row in self._rows(campaign)]
        self.addTopLevelItems([QTreeWidgetItem(row) for row in self._shown])
        for column in range(self.columnCount()):
            self.resizeColumnToContents(column)

    def update_campaign(self, campaign: Campaign | None) -> None:
        """After a change: show the rows again if any of them now reads differently (a count went up). Out of sight
        (during a fight, on another place) the rows are read again only when the list is shown."""
        if not self.isVisible():
            self._stale, self._stale_campaign = True, campaign
            return
        self._stale, self._stale_campaign = False, None
        rows = [list(row) for row in self._rows(campaign)] if campaign is not None else []
        if rows != self._shown:
            current = self.currentItem()
            key = current.text(0) if current is not None else None
            self.show_campaign(campaign)
            found = self.findItems(key, Qt.MatchFlag.MatchExactly, 0) if key is not None else []
            if found:
                self.setCurrentItem(found[0])


def battle_map_rows(campaign: Campaign) -> list[list[str]]:
    return [[m.name, m.grid.value, f"{m.width} × {m.height}", f"{m.metres_per_cell:g} m",
             str(m.terrain.count), str(len(m.tokens))] for m in campaign.battle_maps]
