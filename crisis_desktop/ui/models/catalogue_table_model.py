"""Qt table model over the campaign catalogue's items of one kind (weapons, armour, gear); edits become commands."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal

from crisis_desktop.controller.catalogue_commands import SetCatalogueValue
from crisis_desktop.controller.commands import Command
from crisis_desktop.domain import Campaign, EquipmentItem, ItemKind
from crisis_desktop.rules.base import FieldKind, FieldSpec, Ruleset
from crisis_desktop.ui.models.equipment_table_model import ItemRole, parse_value, show_value
from crisis_desktop.ui.plain_text import tooltip

AnyIndex = QModelIndex | QPersistentModelIndex
NOTES_HEADER = "GM notes"
NOTES_TIP = "For the GM only: catalogue notes are never printed on a sheet."


class CatalogueTableModel(QAbstractTableModel):
    """Rows: the catalogue's entries of `kind`, in catalogue order; columns: Name, the ruleset's item fields, Notes.

    Editing a cell builds a SetCatalogueValue command and hands it to `push`; the model never assigns to domain
    objects. A refused value keeps the old one and is explained through `editRefused`.

    Signals:
        editRefused(str): the reason an edit was refused.
    """

    editRefused = Signal(str)

    def __init__(self, kind: ItemKind, push: Callable[[Command], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self._push = push
        self._campaign: Campaign | None = None
        self._ruleset: Ruleset | None = None
        self._specs: Sequence[FieldSpec] = ()
        self._items: list[EquipmentItem] = []

    # -- feeding the model ---------------------------------------------------------------------
    def set_campaign(self, campaign: Campaign | None, ruleset: Ruleset | None) -> None:
        """Show another campaign's catalogue (a reset: the rows are a different list)."""
        self.beginResetModel()
        self._campaign = campaign
        self._ruleset = ruleset
        self._specs = tuple(ruleset.item_fields(self.kind)) if ruleset else ()
        self._items = self._live(campaign)
        self.endResetModel()

    def refresh(self) -> None:
        """The catalogue changed: remove, insert and update rows to match it."""
        live = self._live(self._campaign)
        live_ids = [i.id for i in live]
        for row in reversed(range(len(self._items))):
            if self._items[row].id not in live_ids:
                self.beginRemoveRows(QModelIndex(), row, row)
                del self._items[row]
                self.endRemoveRows()
        known = {i.id for i in self._items}
        for target, item in enumerate(live):
            if item.id not in known:
                row = min(target, len(self._items))
                self.beginInsertRows(QModelIndex(), row, row)
                self._items.insert(row, item)
                self.endInsertRows()
        if [i.id for i in self._items] != live_ids:  # reordered by hand in the file: rare
            self.beginResetModel()
            self._items = live
            self.endResetModel()
            return
        self._items = live
        if self._items:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._items) - 1, self.columnCount() - 1))

    def _live(self, campaign: Campaign | None) -> list[EquipmentItem]:
        return [i for i in campaign.equipment if i.kind is self.kind] if campaign else []

    def item_at(self, row: int) -> EquipmentItem:
        return self._items[row]

    def row_of(self, item_id: str) -> int | None:
        return next((row for row, item in enumerate(self._items) if item.id == item_id), None)

    def spec_at(self, column: int) -> FieldSpec | None:
        """The ruleset's field behind a column; None for the name and the notes."""
        return self._column(column)[1] if 0 <= column < self.columnCount() else None

    def _column(self, column: int) -> tuple[str, FieldSpec | None]:
        """The command field behind a column, and its FieldSpec for ruleset stats."""
        if column == 0:
            return "name", None
        if column == len(self._specs) + 1:
            return "notes", None
        spec = self._specs[column - 1]
        return f"stats.{spec.key}", spec

    # -- QAbstractItemModel interface -----------------------------------------------------------
    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008  # Override ::rowCount
        return 0 if parent.isValid() else len(self._items)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008  # Override ::columnCount
        return 0 if parent.isValid() else len(self._specs) + 2

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # Override QAbstractItemModel::headerData
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        field, spec = self._column(section)
        if role == Qt.ItemDataRole.DisplayRole:
            if spec is None:
                return "Name" if field == "name" else NOTES_HEADER
            return spec.label
        if role == Qt.ItemDataRole.ToolTipRole:
            if spec is None:
                return NOTES_TIP if field == "notes" else None
            allowed = f" ({', '.join(map(str, spec.choices))})" if spec.kind is FieldKind.CHOICE else ""
            return tooltip(f"{spec.help}{allowed}") or None
        return None

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # Override ::data
        if not index.isValid() or not 0 <= index.row() < len(self._items):
            return None
        item = self._items[index.row()]
        field, spec = self._column(index.column())
        if role == ItemRole:
            return item
        if spec is None:
            text = item.name if field == "name" else item.notes
            if role == Qt.ItemDataRole.DisplayRole or (role == Qt.ItemDataRole.EditRole and field == "name"):
                return text if field == "name" else " ".join(text.split())
            if role == Qt.ItemDataRole.ToolTipRole:
                return tooltip(item.notes) or None
            return None
        value = item.stats.get(spec.key)
        # A value the rules do not allow (a hand-edited file): shown, marked, with the reason as its tooltip.
        refused = spec.validate(value) if value is not None else None
        if role == Qt.ItemDataRole.DisplayRole:
            shown = show_value(spec, value)
            if spec.kind is FieldKind.CHOICE:
                shown = shown.replace("_", " ")  # as the list of choices shows it: "light weapons"
            return f"{shown} (not allowed)" if refused else shown
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(refused) if refused else None
        if role == Qt.ItemDataRole.EditRole:
            if spec.kind is FieldKind.INT and isinstance(value, int) and not isinstance(value, bool):
                return value
            return show_value(spec, value)
        return None

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # Override
        if not index.isValid() or role != Qt.ItemDataRole.EditRole or self._campaign is None \
                or self._ruleset is None:
            return False
        item = self._items[index.row()]
        field, spec = self._column(index.column())
        new = value if spec is None else parse_value(spec, value)
        current = item.stats.get(spec.key) if spec is not None else getattr(item, field)
        if new == current and type(new) is type(current):
            return True
        try:
            command = SetCatalogueValue(self._campaign, self._ruleset, item.id, field, new)
        except ValueError as exc:
            self.editRefused.emit(str(exc))
            return False
        self._push(command)  # the document's changed signal refreshes this model
        return True

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:  # Override QAbstractItemModel::flags
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
        # Notes span lines: they are edited in the box under the table, not in a one-line cell.
        return flags if index.column() == len(self._specs) + 1 else flags | Qt.ItemFlag.ItemIsEditable
