"""Qt table model over the campaign catalogue's items of one kind (weapons, armour, gear); edits become commands."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt

from crisis_desktop.controller.catalogue_commands import SetCatalogueValue
from crisis_desktop.domain import Campaign, EquipmentItem
from crisis_desktop.rules.base import FieldKind, Ruleset
from crisis_desktop.ui.models.equipment_table_model import ItemRole, ItemRowsModel, parse_value, show_value
from crisis_desktop.ui.paint_guard import guarded
from crisis_desktop.ui.plain_text import tooltip

AnyIndex = QModelIndex | QPersistentModelIndex
NOTES_HEADER = "GM notes"
NOTES_TIP = "For the GM only: catalogue notes are never printed on a sheet."


class CatalogueTableModel(ItemRowsModel):
    """Rows: the catalogue's entries of `kind`, in catalogue order; columns: Name, the ruleset's item fields, Notes.

    Editing a cell builds a SetCatalogueValue command and hands it to `push`; the model never assigns to domain
    objects. A refused value keeps the old one and is explained through `editRefused`.
    """

    LAST = "notes"

    # -- feeding the model ---------------------------------------------------------------------
    def set_campaign(self, campaign: Campaign | None, ruleset: Ruleset | None) -> None:
        """Show another campaign's catalogue (a reset: the rows are a different list)."""
        self.beginResetModel()
        self._campaign = campaign
        self._ruleset = ruleset
        self._specs = tuple(ruleset.sheet.item_fields(self.kind)) if ruleset else ()
        self._items = self._live(campaign)
        self.endResetModel()

    def refresh(self) -> None:
        """The catalogue changed: remove, insert and update rows to match it."""
        self._sync(self._live(self._campaign))

    def _live(self, campaign: Campaign | None) -> list[EquipmentItem]:
        return [i for i in campaign.equipment if i.kind is self.kind] if campaign else []

    # -- QAbstractItemModel interface -----------------------------------------------------------
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
            labels = ", ".join(spec.choice_label(c) for c in spec.choices)
            allowed = f" ({labels})" if spec.kind is FieldKind.CHOICE else ""
            return tooltip(f"{spec.help}{allowed}") or None
        return None

    @guarded()
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
        if role == Qt.ItemDataRole.EditRole:
            if spec.kind is FieldKind.INT and isinstance(value, int) and not isinstance(value, bool):
                return value
            return show_value(spec, value)
        return self._stat_cell(spec, value, role)

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # Override
        if not index.isValid() or role != Qt.ItemDataRole.EditRole or self._campaign is None \
                or self._ruleset is None:
            return False
        item = self._items[index.row()]
        field, spec = self._column(index.column())
        new = value if spec is None else parse_value(spec, value)
        campaign, ruleset = self._campaign, self._ruleset
        return self._edit(item, field, spec, new, lambda: SetCatalogueValue(campaign, ruleset, item.id, field, new))

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:  # Override QAbstractItemModel::flags
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
        # Notes span lines: they are edited in the box under the table, not in a one-line cell.
        return flags if index.column() == len(self._specs) + 1 else flags | Qt.ItemFlag.ItemIsEditable
