"""Qt table model over a campaign's characters (character_filter_proxy.py searches, filters and sorts it)."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QApplication, QStyle

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.ui.paint_guard import guarded
from crisis_desktop.ui.plain_text import tooltip
from crisis_desktop.ui.widgets.portrait import portrait_pixmap

CharacterRole = Qt.ItemDataRole.UserRole + 1   # the domain Character of the row
CharacterIdRole = Qt.ItemDataRole.UserRole + 2

COLUMNS = ("Name", "Kind", "Player", "Tags")
THUMBNAIL_PX = 24
# Rows per slice of the idle work (search texts, sort keys): a few milliseconds at most.
WARM_ROWS = 1000

AnyIndex = QModelIndex | QPersistentModelIndex
Filter = tuple[tuple[str, ...], CharacterKind | None, str | None]   # search words, kind, tag


class CharacterTableModel(QAbstractTableModel):
    """One row per character of the campaign, in the campaign's order; read-only.

    The model keeps its own list of the Character objects it shows, so that between a command
    changing the campaign and the model hearing of it, rows still answer consistently. Changes
    arrive as ChangeSets (`apply_changes`) and become dataChanged / row inserts / row removals;
    only a whole new campaign resets the model. With a rules check (`set_rules_check`, the ruleset's
    validate_character), a character whose file holds values the rules refuse shows a warning icon on its name and
    the reasons as the tooltip.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._campaign: Campaign | None = None
        self._rows: list[Character] = []
        self._row_by_id: dict[str, int] = {}
        self._search: dict[str, str] = {}          # character id -> lower-cased text the search box looks in
        self._thumbnails: dict[str, QPixmap | None] = {}
        self._check: Callable[[Character], list[str]] | None = None
        self._problems: dict[str, list[str]] = {}   # character id -> what the rules refuse in its sheet

    # -- feeding the model ---------------------------------------------------------------------
    def set_rules_check(self, check: Callable[[Character], list[str]] | None) -> None:
        """What the rules refuse in a character (None: nothing is checked); set before `set_campaign`."""
        self._check = check
        self._problems.clear()

    def problems(self, row: int) -> list[str]:
        """What the rules refuse in the character of `row` (worked out once per change of it)."""
        character = self._rows[row]
        if self._check is None:
            return []
        if character.id not in self._problems:
            self._problems[character.id] = self._check(character)
        return self._problems[character.id]

    def set_campaign(self, campaign: Campaign | None) -> None:
        """Show another campaign (or none): the one place the model resets."""
        self.beginResetModel()
        self._campaign = campaign
        self._rows = list(campaign.characters) if campaign is not None else []
        self._reindex()
        self._search.clear()
        self._thumbnails.clear()
        self._problems.clear()
        self.endResetModel()

    def apply_changes(self, campaign: Campaign | None, changes: ChangeSet) -> None:
        """Bring the rows in line with the campaign after `changes`, touching only what changed."""
        if campaign is not self._campaign or "*" in changes.campaign_fields:
            self.set_campaign(campaign)
            return
        if campaign is None:
            return
        for character_id in changes.characters_removed | changes.characters_added | changes.characters:
            self._search.pop(character_id, None)
            self._problems.pop(character_id, None)
        characters = campaign.characters
        # Rows come, go or move only with a change that says so (an edit of some characters, a fight's every step,
        # names them: the loop below takes their live objects); a walk over 10,000 rows is not made for each.
        # (A reorder that names an encounter or combatants is of that encounter's combatants: next turn's.)
        structural = bool(changes.characters_added or changes.characters_removed
                          or (changes.order and not changes.encounters and not changes.combatants))
        same_rows = len(self._rows) == len(characters) and (
            not structural or all(map(operator.is_, self._rows, characters)))
        if not same_rows:  # rows come or go or move, or an undo put back copies: line the rows up by id
            self._remove_gone(campaign)
            self._insert_new(campaign)
            if [c.id for c in self._rows] != [c.id for c in characters]:
                self._reorder(campaign)
        # Commands edit characters in place, but an undo may put back an equal copy: take the live objects.
        for character_id in changes.characters:
            row = self._row_by_id.get(character_id)
            if row is not None:
                self._rows[row] = characters[row]
                self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    def _remove_gone(self, campaign: Campaign) -> None:
        present = {c.id for c in campaign.characters}
        for row in reversed(range(len(self._rows))):
            if self._rows[row].id not in present:
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._rows[row]
                self.endRemoveRows()
        self._reindex()

    def _insert_new(self, campaign: Campaign) -> None:
        known = set(self._row_by_id)
        characters = campaign.characters
        target = 0
        while target < len(characters):
            if characters[target].id in known:
                target += 1
                continue
            # Rows before `target` are already in campaign order, so the new rows go exactly there; a run of new
            # ones (an import of hundreds) is one insertion.
            end = target
            while end < len(characters) and characters[end].id not in known:
                end += 1
            row = min(target, len(self._rows))
            self.beginInsertRows(QModelIndex(), row, row + end - target - 1)
            self._rows[row:row] = characters[target:end]
            self.endInsertRows()
            target = end
        self._reindex()

    def _reorder(self, campaign: Campaign) -> None:
        self.layoutAboutToBeChanged.emit()
        old_ids = [c.id for c in self._rows]
        self._rows = list(campaign.characters)
        self._reindex()
        old_persistent = self.persistentIndexList()
        new_persistent = []
        for index in old_persistent:
            new_row = self._row_by_id.get(old_ids[index.row()], -1) if index.row() < len(old_ids) else -1
            new_persistent.append(self.index(new_row, index.column()) if new_row >= 0 else QModelIndex())
        self.changePersistentIndexList(old_persistent, new_persistent)
        self.layoutChanged.emit()

    def _reindex(self) -> None:
        self._row_by_id = {c.id: row for row, c in enumerate(self._rows)}

    # -- lookups for views and the proxy --------------------------------------------------------
    @property
    def campaign(self) -> Campaign | None:
        return self._campaign

    def character_at(self, row: int) -> Character:
        return self._rows[row]

    def row_of(self, character_id: str) -> int | None:
        return self._row_by_id.get(character_id)

    def search_text(self, row: int) -> str:
        """What the search box matches against: name, player, tags and notes, case-folded (cached)."""
        character = self._rows[row]
        text = self._search.get(character.id)
        if text is None:
            text = "\n".join((character.name, character.player, " ".join(character.tags), character.notes)).casefold()
            self._search[character.id] = text
        return text

    # -- QAbstractItemModel interface -----------------------------------------------------------
    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008  # Override QAbstractItemModel::rowCount
        return 0 if parent.isValid() else len(self._rows)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008  # Override ::columnCount
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # Override QAbstractItemModel::headerData
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(COLUMNS):
            return COLUMNS[section]
        return None

    @guarded()
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # Override ::data
        if not index.isValid():
            return None
        return self.value(index.row(), index.column(), role)

    def value(self, row: int, column: int, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        """What `data` answers for (row, column, role), without building an index (the proxy asks this)."""
        if not 0 <= row < len(self._rows):
            return None
        character = self._rows[row]
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return character.name
            if column == 1:
                return "PC" if character.kind is CharacterKind.PC else "NPC"
            if column == 2:
                return character.player
            if column == 3:
                return ", ".join(character.tags)
        elif role == Qt.ItemDataRole.DecorationRole and column == 0:
            if self.problems(row):
                return QApplication.style().standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning)
            return self._thumbnail(character.portrait)
        elif role == Qt.ItemDataRole.ToolTipRole and column == 0:
            problems = self.problems(row)
            if problems:
                return tooltip("The rules refuse values in this sheet; fix them:\n" +
                               "\n".join(f"• {p}" for p in problems))
            return tooltip(character.notes.split("\n", 1)[0]) or None
        elif role == CharacterRole:
            return character
        elif role == CharacterIdRole:
            return character.id
        return None

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:  # Override QAbstractItemModel::flags
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren

    def _thumbnail(self, portrait: str | None) -> QPixmap | None:
        if not portrait:
            return None
        if portrait not in self._thumbnails:
            self._thumbnails[portrait] = portrait_pixmap(portrait, THUMBNAIL_PX)
        return self._thumbnails[portrait]
