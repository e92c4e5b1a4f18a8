"""Edit › Equipment Catalogue: the campaign's weapons, armour and gear, added, edited, duplicated and deleted."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractItemModel,
    QItemSelectionModel,
    QModelIndex,
    QPersistentModelIndex,
    QSignalBlocker,
    Qt,
    Signal,
)
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.catalogue_commands import (
    CATALOGUE_FIELD,
    AddCatalogueItem,
    RemoveCatalogueItem,
    SetCatalogueValue,
    blank_item,
    duplicate_catalogue_item,
)
from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command, Steps
from crisis_desktop.domain import EquipmentItem, ItemKind
from crisis_desktop.rules.base import FieldKind, Ruleset
from crisis_desktop.ui import theme
from crisis_desktop.ui.models.catalogue_table_model import NOTES_TIP, CatalogueTableModel
from crisis_desktop.ui.models.equipment_table_model import ItemRole, show_value
from crisis_desktop.ui.widgets.notes_edit import NotesEdit

if TYPE_CHECKING:
    from crisis_desktop.ui.document import CampaignDocument

TAB_NAMES = {ItemKind.WEAPON: "Weapons", ItemKind.ARMOUR: "Armour", ItemKind.GEAR: "Gear"}


class ChoiceDelegate(QStyledItemDelegate):
    """Cells of a field with a fixed set of values (a weapon's skill, a yes/no flag) are picked from the rules'
    choices in a list; every other cell gets Qt's own editor."""

    def __init__(self, model: CatalogueTableModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._model = model

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:  # Override ::createEditor
        spec = self._model.spec_at(index.column())
        if spec is None or spec.kind not in (FieldKind.CHOICE, FieldKind.BOOL):
            return super().createEditor(parent, option, index)
        combo = QComboBox(parent)
        if not spec.required:
            combo.addItem("", None)
        for choice in spec.choices if spec.kind is FieldKind.CHOICE else (True, False):
            combo.addItem(show_value(spec, choice).replace("_", " "), choice)
        return combo

    def setEditorData(self, editor: QWidget,
                      index: QModelIndex | QPersistentModelIndex) -> None:  # Override ::setEditorData
        spec = self._model.spec_at(index.column())
        if isinstance(editor, QComboBox) and spec is not None:
            editor.setCurrentIndex(max(0, editor.findData(index.data(ItemRole).stats.get(spec.key))))
            return
        super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: QModelIndex | QPersistentModelIndex) -> None:  # Override ::setModelData
        if isinstance(editor, QComboBox):
            model.setData(index, editor.currentData())
            return
        super().setModelData(editor, model, index)


class CatalogueEditor(QDialog):
    """The open campaign's equipment catalogue, one tab per kind: a table of every entry with the ruleset's item
    fields, edited in place, and the current entry's GM notes under it. Every edit is a command on the campaign's
    undo stack (Ctrl+Z in the window undoes it); a value the rules refuse is kept out, with the reason shown under
    the table. Characters carry copies: editing an entry changes what is given from now on, not what they carry.

    Signals:
        message(str): a line for the window's status bar.
    """

    message = Signal(str)

    def __init__(self, document: CampaignDocument, ruleset: Ruleset, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("catalogue-editor")
        self.setWindowTitle(f"Equipment catalogue: {document.campaign.name}")
        self.document = document
        self.ruleset = ruleset
        self.tabs = QTabWidget()
        self.models: dict[ItemKind, CatalogueTableModel] = {}
        self.tables: dict[ItemKind, QTableView] = {}
        for kind, name in TAB_NAMES.items():
            model = CatalogueTableModel(kind, self.push, self)
            model.set_campaign(document.campaign, ruleset)
            model.editRefused.connect(self.show_problem)
            table = QTableView()
            table.setObjectName(f"catalogue-{kind.value}")
            table.setModel(model)
            table.setItemDelegate(ChoiceDelegate(model, table))
            table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
            table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed
                                  | QAbstractItemView.EditTrigger.AnyKeyPressed)
            table.setAlternatingRowColors(True)
            table.setWordWrap(False)  # one line per item; the full notes are in the box below and the tooltip
            table.verticalHeader().hide()
            table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            table.horizontalHeader().setStretchLastSection(True)
            table.selectionModel().currentRowChanged.connect(lambda *_: self._current_changed())
            self.tabs.addTab(table, name)
            self.models[kind] = model
            self.tables[kind] = table
        self.tabs.currentChanged.connect(lambda _i: self._tab_shown())

        self.problem = QLabel()
        self.problem.setObjectName("catalogue-problem")
        theme.mark_problem(self.problem)
        font = self.problem.font()
        font.setBold(True)
        self.problem.setFont(font)
        self.problem.setWordWrap(True)
        self.problem.hide()
        self.notes = NotesEdit()
        self.notes.setObjectName("catalogue-notes")
        self.notes.setPlaceholderText("GM only, never printed: where it comes from, house rulings, price")
        self.notes.setToolTip(NOTES_TIP)
        self.notes.setTabChangesFocus(True)
        self.notes.setMaximumHeight(80)
        self.notes.textChanged.connect(self._notes_edited)
        self.notes.refused.connect(self.show_problem)
        self.notes_label = QLabel("GM &notes (never printed):")
        self.notes_label.setBuddy(self.notes)

        self.act_add = self._action("&New", self.add, QKeySequence.StandardKey.New, "A blank item of this tab's kind")
        self.act_duplicate = self._action("&Duplicate", self.duplicate_selected, "Ctrl+D",
                                          "Copy the selected items")
        self.act_delete = self._action("De&lete", self.delete_selected, QKeySequence.StandardKey.Delete,
                                       "Delete the selected items from the catalogue (undoable)")
        # The window's Undo and Redo, here too: the dialog is a window of its own.
        self.act_undo = document.undo_stack.createUndoAction(self, "Undo")
        self.act_undo.setShortcut(QKeySequence.StandardKey.Undo)
        self.act_redo = document.undo_stack.createRedoAction(self, "Redo")
        self.act_redo.setShortcuts([QKeySequence(QKeySequence.StandardKey.Redo), QKeySequence("Ctrl+Y")])
        self.addActions([self.act_undo, self.act_redo])
        self._layout()
        document.changed.connect(self.on_changed)
        self.resize(980, 520)
        self._tab_shown()

    def _action(self, text: str, slot: Callable[[], object], shortcut: str | QKeySequence.StandardKey,
                tip: str) -> QAction:
        action = QAction(text, self)
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.setToolTip(f"{tip} ({action.shortcut().toString()})")
        action.triggered.connect(lambda _=False: slot())
        self.addAction(action)
        return action

    def _layout(self) -> None:
        buttons = QHBoxLayout()
        for action in (self.act_add, self.act_duplicate, self.act_delete):
            button = QPushButton(action.text())
            button.setToolTip(action.toolTip())
            button.clicked.connect(action.trigger)
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addStretch(1)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        buttons.addWidget(close)
        intro = QLabel(f"The {self.ruleset.name} fields of every item the GM can give. Characters carry copies: "
                       "a change here applies to what is given from now on.")
        intro.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.tabs, 1)
        layout.addWidget(self.problem)
        layout.addWidget(self.notes_label)
        layout.addWidget(self.notes)
        layout.addLayout(buttons)

    # -- what is shown ----------------------------------------------------------------------------------
    def current_kind(self) -> ItemKind:
        return list(TAB_NAMES)[self.tabs.currentIndex()]

    def current_item(self) -> EquipmentItem | None:
        kind = self.current_kind()
        index = self.tables[kind].currentIndex()
        return self.models[kind].item_at(index.row()) if index.isValid() else None

    def selected_ids(self) -> list[str]:
        kind = self.current_kind()
        table, model = self.tables[kind], self.models[kind]
        rows = sorted({i.row() for i in table.selectionModel().selectedRows()})
        if not rows and table.currentIndex().isValid():
            rows = [table.currentIndex().row()]
        return [model.item_at(row).id for row in rows]

    def select(self, item_id: str, column: int = 0) -> None:
        """Show the entry's tab and make it the current row."""
        for position, (kind, model) in enumerate(self.models.items()):
            row = model.row_of(item_id)
            if row is not None:
                self.tabs.setCurrentIndex(position)
                table = self.tables[kind]
                table.selectionModel().setCurrentIndex(
                    model.index(row, column),
                    QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
                table.scrollTo(model.index(row, column))
                return

    def _update_titles(self) -> None:
        for position, (kind, name) in enumerate(TAB_NAMES.items()):
            count = self.models[kind].rowCount()
            self.tabs.setTabText(position, f"{name} ({count})" if count else name)

    def _tab_shown(self) -> None:
        """A tab without a current row starts on its first item, so its notes are at hand."""
        kind = self.current_kind()
        table, model = self.tables[kind], self.models[kind]
        if not table.currentIndex().isValid() and model.rowCount():
            self.select(model.item_at(0).id)
        self._current_changed()

    def _current_changed(self) -> None:
        item = self.current_item()
        with QSignalBlocker(self.notes):
            if item is None or item.notes != self.notes.toPlainText():
                self.notes.setPlainText(item.notes if item else "")
        self.notes.setEnabled(item is not None)
        has = item is not None
        self.act_duplicate.setEnabled(has)
        self.act_delete.setEnabled(has)
        self._update_titles()

    def on_changed(self, changes: ChangeSet) -> None:
        """The document's changed signal: follow the catalogue (undo and redo included)."""
        if "ruleset" in changes.campaign_fields:  # other rules, other fields: open it again for them
            self.reject()
        elif "*" in changes.campaign_fields:  # a backup restored: another campaign object
            for model in self.models.values():
                model.set_campaign(self.document.campaign, self.ruleset)
            self._current_changed()
        elif CATALOGUE_FIELD in changes.campaign_fields:
            for model in self.models.values():
                model.refresh()
            self._current_changed()

    def show_problem(self, reason: str) -> None:
        """A refused edit: said under the table until the next edit that is taken."""
        self.problem.setText(reason)
        self.problem.setToolTip(reason)
        self.problem.show()
        self.message.emit(reason)

    # -- edits ----------------------------------------------------------------------------------------
    def push(self, command: Command) -> None:
        self.problem.hide()
        self.document.push(command)

    def _notes_edited(self) -> None:
        item = self.current_item()
        if item is None:
            return
        try:
            command = SetCatalogueValue(self.document.campaign, self.ruleset, item.id, "notes",
                                        self.notes.toPlainText())
        except ValueError as exc:
            self.show_problem(str(exc))
            return
        self.push(command)

    def add(self, kind: ItemKind | None = None) -> EquipmentItem:
        """A blank item of the tab's kind (or `kind`), selected with its name ready to type."""
        kind = kind or self.current_kind()
        item = blank_item(self.ruleset, kind)
        self.push(AddCatalogueItem(self.document.campaign, self.ruleset, item))
        self.select(item.id)
        table = self.tables[kind]
        table.setFocus(Qt.FocusReason.OtherFocusReason)
        table.edit(table.currentIndex())
        return item

    def duplicate_selected(self) -> None:
        """One undo step copying every selected entry; each copy comes right after its original."""
        ids = self.selected_ids()
        if not ids:
            return
        campaign, before = self.document.campaign, {e.id for e in self.document.campaign.equipment}
        text = f"Duplicate {len(ids)} catalogue items"
        # Last first: a copy put after a later entry leaves the places of the earlier ones as they are.
        self.push(Steps(text, [partial(duplicate_catalogue_item, campaign, self.ruleset, i) for i in reversed(ids)]))
        added = [e.id for e in campaign.equipment if e.id not in before]
        if added:
            self.select(added[0])

    def delete_selected(self) -> None:
        """One undo step deleting every selected entry; what characters carry stays as it is."""
        ids = self.selected_ids()
        if not ids:
            return
        kind, campaign = self.current_kind(), self.document.campaign
        model = self.models[kind]
        row = min(r for r in (model.row_of(i) for i in ids) if r is not None)
        names = ", ".join(e.name for e in campaign.equipment if e.id in ids)
        self.push(Steps(f"Delete {len(ids)} catalogue items", [partial(RemoveCatalogueItem, campaign, i) for i in ids]))
        if model.rowCount():
            self.select(model.item_at(min(row, model.rowCount() - 1)).id)
        self.message.emit(f"Deleted {names} from the catalogue (Ctrl+Z brings {'it' if len(ids) == 1 else 'them'} "
                          "back)")

    def done(self, result: int) -> None:  # Override QDialog::done: stop following the document
        with contextlib.suppress(RuntimeError, TypeError):  # already disconnected
            self.document.changed.disconnect(self.on_changed)
        super().done(result)

    def index_of(self, kind: ItemKind, item_id: str, column: int = 0) -> QModelIndex:
        """The model index of an entry's cell (for tests and for focusing a cell)."""
        row = self.models[kind].row_of(item_id)
        return self.models[kind].index(row, column) if row is not None else QModelIndex()
