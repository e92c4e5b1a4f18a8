"""Weapons, armour and gear of one character: tables edited in place, items added from the campaign catalogue or
blank."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.catalogue_commands import blank_item
from crisis_desktop.controller.character_commands import AddItem, RemoveItem, item_from_catalogue
from crisis_desktop.controller.commands import Command
from crisis_desktop.domain import Campaign, Character, EquipmentItem, ItemKind
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.ui.dialogs.character_dialogs import CharacterAsk
from crisis_desktop.ui.models.equipment_table_model import EquipmentTableModel
from crisis_desktop.ui.plain_text import plain_label
from crisis_desktop.ui.theme import mark_problem
from crisis_desktop.ui.widgets.stat_delegate import StatDelegate
from crisis_desktop.ui.widgets.stat_fields import scroll_into_view

TAB_NAMES = {ItemKind.WEAPON: "Weapons", ItemKind.ARMOUR: "Armour", ItemKind.GEAR: "Gear"}
ADD_TEXT = {ItemKind.WEAPON: "&Add weapon…", ItemKind.ARMOUR: "&Add armour…", ItemKind.GEAR: "&Add gear…"}


class EquipmentPanel(QTabWidget):
    """One tab per item kind, each a table over the character's items of that kind.

    Signals:
        message(str): something to tell the user (a refused edit, an empty catalogue).
    """

    message = Signal(str)

    def __init__(self, push: Callable[[Command], None], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._push = push
        self._campaign: Campaign | None = None
        self._character: Character | None = None
        self._ruleset: Ruleset | None = None
        self.models: dict[ItemKind, EquipmentTableModel] = {}
        self.tables: dict[ItemKind, QTableView] = {}
        # Under each table, the reason its last edit was refused (hidden while there is none).
        self.reasons: dict[ItemKind, QLabel] = {}
        for kind, name in TAB_NAMES.items():
            model = EquipmentTableModel(kind, push, self)
            model.editRefused.connect(lambda reason, k=kind: self._refused(k, reason))
            table = QTableView()
            delegate = StatDelegate(table)
            delegate.refused.connect(lambda reason, k=kind: self._refused(k, reason))
            table.setItemDelegate(delegate)
            table.setObjectName(f"equipment-{kind.value}")
            table.setModel(model)
            table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
            table.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed
                                  | QAbstractItemView.EditTrigger.AnyKeyPressed)
            table.verticalHeader().hide()
            table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            table.horizontalHeader().setStretchLastSection(True)
            table.setMinimumHeight(110)
            add = QPushButton(ADD_TEXT[kind])
            add.clicked.connect(lambda _=False, k=kind: self.add_from_catalogue(k))
            blank = QPushButton("&Blank")
            blank.setToolTip(f"A new {TAB_NAMES[kind].lower()} item with the rules' defaults, to fill in here")
            blank.clicked.connect(lambda _=False, k=kind: self.add_blank(k))
            remove = QPushButton("Remove")
            remove.clicked.connect(lambda _=False, k=kind: self.remove_selected(k))
            buttons = QHBoxLayout()
            buttons.addWidget(add)
            buttons.addWidget(blank)
            buttons.addWidget(remove)
            buttons.addStretch(1)
            page = QWidget()
            layout = QVBoxLayout(page)
            layout.addWidget(table)
            reason = plain_label()  # reasons quote what was typed
            reason.setObjectName(f"equipment-reason-{kind.value}")
            reason.setWordWrap(True)
            mark_problem(reason)
            reason.hide()
            layout.addWidget(reason)
            self.reasons[kind] = reason
            layout.addLayout(buttons)
            self.addTab(page, name)
            self.models[kind] = model
            self.tables[kind] = table

    def _refused(self, kind: ItemKind, reason: str) -> None:
        """Show why an edit was refused under its table, in view, and tell the window."""
        self._clear_reasons()
        self.setCurrentIndex(list(TAB_NAMES).index(kind))
        self.reasons[kind].setText(reason)
        self.reasons[kind].show()
        scroll_into_view(self.reasons[kind])
        self.message.emit(reason)

    def reason(self) -> str:
        """The reason an edit of an item was refused, as shown under its table ('' when none is shown)."""
        return next((label.text() for label in self.reasons.values() if not label.isHidden()), "")

    def _clear_reasons(self) -> None:
        for label in self.reasons.values():
            label.hide()
            label.setText("")

    def set_character(self, campaign: Campaign | None, ruleset: Ruleset | None, character: Character | None) -> None:
        self._clear_reasons()
        self._campaign = campaign
        self._character = character
        self._ruleset = ruleset
        for model in self.models.values():
            model.set_character(campaign, ruleset, character)
        self._update_titles()

    def refresh(self, character: Character) -> None:
        self._clear_reasons()  # an edit was made: any refusal before it is old news
        self._character = character
        for model in self.models.values():
            model.refresh(character)
        self._update_titles()

    def _update_titles(self) -> None:
        for index, (kind, name) in enumerate(TAB_NAMES.items()):
            count = self.models[kind].rowCount()
            self.setTabText(index, f"{name} ({count})" if count else name)

    def add_from_catalogue(self, kind: ItemKind) -> None:
        """Pick an entry of the campaign's equipment catalogue; the character gets a copy of it."""
        if self._campaign is None or self._character is None:
            return
        entries = sorted((e for e in self._campaign.equipment if e.kind is kind), key=lambda e: e.name.casefold())
        if not entries:
            self.message.emit(f"The campaign's equipment catalogue has no {TAB_NAMES[kind].lower()}")
            return
        labels = [self.picker_label(e) for e in entries]
        picked = CharacterAsk.choose(self, f"Add {TAB_NAMES[kind].lower()}", f"Give {self._character.name}:", labels)
        if picked is not None:
            self._push(AddItem(self._campaign, self._character.id, item_from_catalogue(entries[picked])))

    def picker_label(self, entry: EquipmentItem) -> str:
        """The entry's name with its key stats, as the rules give them: "Pistol — DMG d6, RNG 4, RoF 2, CAP 7"."""
        summary = self._ruleset.sheet.item_summary(entry) if self._ruleset is not None else ""
        return f"{entry.name} — {summary}" if summary else entry.name

    def add_blank(self, kind: ItemKind) -> None:
        """Give the character a blank item of this kind (the rules' defaults), its name ready to type."""
        if self._campaign is None or self._character is None or self._ruleset is None:
            return
        item = blank_item(self._ruleset, kind)
        self._push(AddItem(self._campaign, self._character.id, item))
        self.setCurrentIndex(list(TAB_NAMES).index(kind))
        table, model = self.tables[kind], self.models[kind]
        row = next((r for r in range(model.rowCount()) if model.item_at(r).id == item.id), None)
        if row is not None:
            table.setCurrentIndex(model.index(row, 0))
            table.setFocus()
            table.edit(model.index(row, 0))

    def remove_selected(self, kind: ItemKind) -> None:
        if self._campaign is None or self._character is None:
            return
        rows = sorted({i.row() for i in self.tables[kind].selectionModel().selectedRows()}, reverse=True)
        if not rows and self.tables[kind].currentIndex().isValid():
            rows = [self.tables[kind].currentIndex().row()]
        for row in rows:
            self._push(RemoveItem(self._campaign, self._character.id, self.models[kind].item_at(row).id))
