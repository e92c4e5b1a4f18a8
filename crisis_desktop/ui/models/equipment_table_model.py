"""Qt table model over the items of one kind (weapons, armour, gear) a character carries; edits become commands."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt, Signal

from crisis_desktop.controller.character_commands import SetItemValue
from crisis_desktop.controller.commands import Command
from crisis_desktop.domain import Campaign, Character, EquipmentItem, ItemKind, StatValue
from crisis_desktop.rules.base import FieldKind, FieldSpec, Ruleset
from crisis_desktop.ui.paint_guard import guarded
from crisis_desktop.ui.plain_text import tooltip

ItemRole = Qt.ItemDataRole.UserRole + 1   # the domain EquipmentItem of the row
SpecRole = Qt.ItemDataRole.UserRole + 2   # the FieldSpec of a stat column, for its cell editor (stat_delegate)

AnyIndex = QModelIndex | QPersistentModelIndex


def show_value(spec: FieldSpec, value: StatValue) -> str:
    """A stat as the sheet shows it: d8 for a die, blank for none, yes/no for a flag."""
    if value is None:
        return ""
    if spec.kind is FieldKind.DIE and isinstance(value, int) and not isinstance(value, bool):
        return f"d{value}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if spec.kind is FieldKind.CHOICE:
        return spec.choice_label(value)
    return str(value)


def parse_value(spec: FieldSpec, value: Any) -> StatValue:
    """What the user typed (text from a line edit, or a number from a spin box) as a stat value.

    Text that cannot be read is returned unchanged, so that spec.validate explains what is wrong.
    """
    if not isinstance(value, str) or spec.kind not in (FieldKind.INT, FieldKind.DIE, FieldKind.BOOL):
        return value
    text = value.strip().lower()
    if not text:
        return None
    if spec.kind is FieldKind.BOOL:
        return {"yes": True, "true": True, "no": False, "false": False}.get(text, value)
    if spec.kind is FieldKind.DIE and text.startswith("d"):
        text = text[1:]
    try:
        return int(text)
    except ValueError:
        return value


class ItemRowsModel(QAbstractTableModel):
    """What the tables of items share (a character's items, the campaign catalogue's entries): rows are items of
    one `kind`, columns Name, the ruleset's item fields and one last column (`LAST`: "equipped" or "notes").
    Rows follow the domain list by inserts and removals (`_sync`); an edit becomes a command handed to `push`,
    and a refused one keeps the old value and is explained through `editRefused`.

    Signals:
        editRefused(str): the reason an edit was refused.
    """

    editRefused = Signal(str)
    LAST = ""

    def __init__(self, kind: ItemKind, push: Callable[[Command], None], parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.kind = kind
        self._push = push
        self._campaign: Campaign | None = None
        self._ruleset: Ruleset | None = None
        self._specs: Sequence[FieldSpec] = ()
        self._items: list[EquipmentItem] = []

    def _sync(self, live: list[EquipmentItem]) -> None:
        """Remove, insert and update rows to match `live` (the items as the domain has them now)."""
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
        if [i.id for i in self._items] != live_ids:  # reordered: rare, no persistent rows to keep here
            self.beginResetModel()
            self._items = live
            self.endResetModel()
            return
        self._items = live
        if self._items:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._items) - 1, self.columnCount() - 1))

    def item_at(self, row: int) -> EquipmentItem:
        return self._items[row]

    def row_of(self, item_id: str) -> int | None:
        return next((row for row, item in enumerate(self._items) if item.id == item_id), None)

    def spec_at(self, column: int) -> FieldSpec | None:
        """The ruleset's field behind a column; None for the name and the last column."""
        return self._column(column)[1] if 0 <= column < self.columnCount() else None

    def _column(self, column: int) -> tuple[str, FieldSpec | None]:
        """The command field behind a column, and its FieldSpec for ruleset stats."""
        if column == 0:
            return "name", None
        if column == len(self._specs) + 1:
            return self.LAST, None
        spec = self._specs[column - 1]
        return f"stats.{spec.key}", spec

    def _stat_cell(self, spec: FieldSpec, value: StatValue, role: int) -> Any:
        """A stat cell's text and tooltip: a value the rules do not allow (a hand-edited file) is shown, marked,
        with the reason as its tooltip."""
        refused = spec.validate(value) if value is not None else None
        if role == Qt.ItemDataRole.DisplayRole:
            return f"{show_value(spec, value)} (not allowed)" if refused else show_value(spec, value)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(refused) if refused else None
        return None

    def _edit(self, item: EquipmentItem, field: str, spec: FieldSpec | None, new: Any,
              command: Callable[[], Command]) -> bool:
        """Push the command that sets `field` of `item` to `new` (nothing when it is already that); False with
        `editRefused` when the rules refuse it."""
        current = item.stats.get(spec.key) if spec is not None else getattr(item, field)
        if new == current and type(new) is type(current):
            return True
        try:
            built = command()
        except ValueError as exc:
            self.editRefused.emit(str(exc))
            return False
        self._push(built)  # the document's changed signal refreshes this model
        return True

    # -- QAbstractItemModel interface -----------------------------------------------------------
    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008  # Override ::rowCount
        return 0 if parent.isValid() else len(self._items)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008  # Override ::columnCount
        return 0 if parent.isValid() else len(self._specs) + 2


class EquipmentTableModel(ItemRowsModel):
    """Rows: the character's items of `kind`; columns: Name, the ruleset's item fields, Equipped.

    Editing a cell builds a SetItemValue command and hands it to `push`; the model never assigns to
    domain objects. A refused value keeps the old one and is explained through `editRefused`.
    """

    LAST = "equipped"

    def __init__(self, kind: ItemKind, push: Callable[[Command], None], parent: QObject | None = None) -> None:
        super().__init__(kind, push, parent)
        self._character_id: str | None = None

    # -- feeding the model ---------------------------------------------------------------------
    def set_character(self, campaign: Campaign | None, ruleset: Ruleset | None, character: Character | None) -> None:
        """Show another character's items (a reset: the rows are a different list)."""
        self.beginResetModel()
        self._campaign = campaign
        self._ruleset = ruleset
        self._character_id = character.id if character else None
        self._specs = tuple(ruleset.sheet.item_fields(self.kind)) if ruleset else ()
        self._items = self._live_items(character)
        self.endResetModel()

    def refresh(self, character: Character) -> None:
        """The shown character changed: remove, insert and update rows to match its items."""
        self._sync(self._live_items(character))

    def _live_items(self, character: Character | None) -> list[EquipmentItem]:
        return [i for i in character.equipment if i.kind is self.kind] if character else []

    # -- QAbstractItemModel interface -----------------------------------------------------------
    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # Override QAbstractItemModel::headerData
        if orientation != Qt.Orientation.Horizontal or not 0 <= section < self.columnCount():
            return None
        _field, spec = self._column(section)
        if role == Qt.ItemDataRole.DisplayRole:
            if spec is None:
                return "Name" if section == 0 else "Equipped"
            return spec.label
        if role == Qt.ItemDataRole.ToolTipRole and spec is not None:
            return spec.help or None
        return None

    @guarded()
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # Override ::data
        if not index.isValid() or not 0 <= index.row() < len(self._items):
            return None
        item = self._items[index.row()]
        field, spec = self._column(index.column())
        if role == ItemRole:
            return item
        if role == SpecRole:
            return spec
        if field == "equipped":
            if role == Qt.ItemDataRole.CheckStateRole:
                return Qt.CheckState.Checked if item.equipped else Qt.CheckState.Unchecked
            return None
        if field == "name":
            if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
                return item.name
            if role == Qt.ItemDataRole.ToolTipRole:
                return tooltip(item.notes) or None
            return None
        assert spec is not None
        value = item.stats.get(spec.key)
        written = self._ruleset.sheet.item_stat_text(item, spec.key) if self._ruleset is not None else None
        if written and role == Qt.ItemDataRole.DisplayRole and not spec.validate(value):
            return written                                  # as the rules write it: "Brawn + 2"
        if role == Qt.ItemDataRole.EditRole:
            # Numbers, dice and choices as they are, for the StatDelegate's editors; the rest as text to type.
            if spec.kind in (FieldKind.INT, FieldKind.DIE, FieldKind.CHOICE):
                return value
            return show_value(spec, value)
        return self._stat_cell(spec, value, role)

    def setData(self, index: AnyIndex, value: Any, role: int = Qt.ItemDataRole.EditRole) -> bool:  # Override
        if not index.isValid() or self._campaign is None or self._ruleset is None or self._character_id is None:
            return False
        item = self._items[index.row()]
        field, spec = self._column(index.column())
        if field == "equipped":
            if role != Qt.ItemDataRole.CheckStateRole:
                return False
            new: Any = Qt.CheckState(value) == Qt.CheckState.Checked
        elif role != Qt.ItemDataRole.EditRole:
            return False
        else:
            new = value if spec is None else parse_value(spec, value)
        campaign, ruleset, character_id = self._campaign, self._ruleset, self._character_id
        return self._edit(item, field, spec, new,
                          lambda: SetItemValue(campaign, ruleset, character_id, item.id, field, new))

    def flags(self, index: AnyIndex) -> Qt.ItemFlag:  # Override QAbstractItemModel::flags
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        flags = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemNeverHasChildren
        if index.column() == len(self._specs) + 1:
            return flags | Qt.ItemFlag.ItemIsUserCheckable
        return flags | Qt.ItemFlag.ItemIsEditable
