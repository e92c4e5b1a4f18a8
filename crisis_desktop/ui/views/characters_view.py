"""The Characters place: every character in a searchable, filterable table beside its sheet."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelection, QItemSelectionModel, QModelIndex, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QScrollArea,
    QSplitter,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.character_commands import (
    AddCharacter,
    character_from_json,
    character_to_json,
    delete_characters,
    duplicate_character,
    encounters_using,
)
from crisis_desktop.controller.commands import Command, Macro
from crisis_desktop.controller.importing import AddCharacters, read_characters
from crisis_desktop.controller.npc_builder import build_npc, difficulty_spec, from_bestiary, parse_bestiary
from crisis_desktop.domain import Character, CharacterKind
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.imports import read_import
from crisis_desktop.ui.dialogs.ask import Ask
from crisis_desktop.ui.dialogs.character_dialogs import JSON_FILTER, CharacterAsk
from crisis_desktop.ui.models.character_filter_proxy import CharacterFilterProxy
from crisis_desktop.ui.models.character_table_model import CharacterIdRole, CharacterTableModel
from crisis_desktop.ui.views.sheet_editor import SheetEditor

if TYPE_CHECKING:
    from crisis_desktop.ui.document import CampaignDocument

def rules_bestiary(ruleset: Ruleset) -> Traversable | None:
    return ruleset.bestiary_file()


class CharactersView(QWidget):
    """Table of the campaign's characters (search, kind and tag filters, sort) and the sheet editor.

    `ruleset_for` turns the campaign's ruleset id into a Ruleset (tests pass a fake one);
    `bestiary_for` gives the bestiary file of a ruleset (None or a missing file: it has none).

    Signals:
        message(str): a line for the window's status bar.
    """

    message = Signal(str)

    def __init__(self, ruleset_for: Callable[[str], Ruleset] = get_ruleset,
                 bestiary_for: Callable[[Ruleset], Traversable | None] = rules_bestiary,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ruleset_for = ruleset_for
        self._bestiary_for = bestiary_for
        self.document: CampaignDocument | None = None
        self.ruleset: Ruleset | None = None
        # The window's remembered UI state (see use_settings); the export folder is kept in it.
        self._settings_ui: dict[str, object] | None = None
        self._save_settings: Callable[[], None] = lambda: None

        self.model = CharacterTableModel(self)
        self._tags_of: dict[str, tuple[str, ...]] = {}   # character id -> its tags when the tag filter was filled
        self.proxy = CharacterFilterProxy(self)
        self.proxy.setSourceModel(self.model)
        self.search = QLineEdit()
        self.search.setObjectName("character-search")
        self.search.setPlaceholderText("Search names, players, tags, notes (Ctrl+F)")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self.proxy.set_search)
        self.kind_filter = QComboBox()
        for label, kind in (("All", ""), ("PCs", CharacterKind.PC.value), ("NPCs", CharacterKind.NPC.value)):
            self.kind_filter.addItem(label, kind)  # plain strings: Qt hands enums back as str anyway
        self.kind_filter.currentIndexChanged.connect(self._kind_chosen)
        self.tag_filter = QComboBox()
        self.tag_filter.setMinimumContentsLength(12)
        self.tag_filter.currentIndexChanged.connect(lambda _i: self.proxy.set_tag(self.tag_filter.currentData()))

        self.table = QTableView()
        self.table.setObjectName("characters-table")
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(28)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        header.resizeSection(0, 180)
        self.table.selectionModel().currentRowChanged.connect(self._current_changed)
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._update_actions())

        self.sheet = SheetEditor()
        self.sheet.message.connect(self.message)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.sheet)
        self._build_actions()
        self._layout_widgets(scroll)
        self.set_document(None)

    # -- construction --------------------------------------------------------------------------
    def _action(self, text: str, slot: Callable[[], object],
                shortcut: str | QKeySequence | QKeySequence.StandardKey | None = None,
                tip: str = "", on: QWidget | None = None) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        # Shortcuts work while this place has focus; Delete only in the table, so it still edits text fields.
        action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut if on is not None
                                  else Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.setToolTip(f"{tip} ({action.shortcut().toString()})" if shortcut is not None else tip)
        action.triggered.connect(lambda _=False: slot())
        (on or self).addAction(action)
        return action

    def _build_actions(self) -> None:
        self.act_new_pc = self._action("New &PC", lambda: self.new_character(CharacterKind.PC), "Ctrl+N",
                                       "Add a player character")
        self.act_new_npc = self._action("New &NPC", lambda: self.new_character(CharacterKind.NPC), None,
                                        "Add an NPC with the rules' default stats")
        self.act_quick_npc = self._action("&Quick NPC…", self.quick_npc, None,
                                          "Build an NPC ready to fight: skills and weapons for its level")
        self.act_bestiary = self._action("From &Bestiary…", self.add_from_bestiary, None,
                                         "Copy an NPC from the bestiary of these rules")
        self.act_duplicate = self._action("&Duplicate", self.duplicate, "Ctrl+D", "Copy the selected characters")
        self.act_duplicate_n = self._action("Duplicate ×&N…", self.duplicate_n, None,
                                            "Make numbered copies: Raider 1, Raider 2, …")
        self.act_delete = self._action("De&lete", self.delete_selected, QKeySequence.StandardKey.Delete,
                                       "Delete the selected characters (undoable)", on=self.table)
        self.act_import = self._action("&Import…", self.import_character, None, "Add a character from a JSON file")
        self.act_export = self._action("&Export…", self.export_character, None,
                                       "Save the selected character as a JSON file")
        self.act_sheets = self._action("Export &Sheets…", self.export_sheets, None,
                                       "Sheets of all characters or of the selection as PDF, HTML or Markdown")
        self.act_print = self._action("&Print Sheets…", self.print_sheets, QKeySequence.StandardKey.Print,
                                      "Print the sheets of the selected characters (all if none)")
        self.act_find = self._action("Find", self.focus_search, QKeySequence.StandardKey.Find, "Search")
        self.toolbar = QToolBar("Characters")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar.addActions([self.act_new_pc, self.act_new_npc, self.act_quick_npc, self.act_bestiary])
        self.toolbar.addSeparator()
        self.toolbar.addActions([self.act_duplicate, self.act_duplicate_n, self.act_delete])
        self.toolbar.addSeparator()
        self.toolbar.addActions([self.act_import, self.act_export, self.act_sheets, self.act_print])

    def _layout_widgets(self, sheet: QWidget) -> None:
        filters = QHBoxLayout()
        filters.addWidget(self.search, 1)
        filters.addWidget(self.kind_filter)
        filters.addWidget(self.tag_filter)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addLayout(filters)
        left_layout.addWidget(self.table)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(left)
        self.splitter.addWidget(sheet)
        self.splitter.setStretchFactor(0, 2)
        self.splitter.setStretchFactor(1, 3)
        layout = QVBoxLayout(self)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.splitter, 1)
        # Tab order: search, filters, table, then into the sheet.
        QWidget.setTabOrder(self.search, self.kind_filter)
        QWidget.setTabOrder(self.kind_filter, self.tag_filter)
        QWidget.setTabOrder(self.tag_filter, self.table)
        QWidget.setTabOrder(self.table, self.sheet.name)

    # -- the open campaign ---------------------------------------------------------------------
    def set_document(self, document: CampaignDocument | None) -> None:
        """Show another open campaign (or none)."""
        if self.document is not None:
            self.document.changed.disconnect(self.on_changed)
            self.document.stepped.disconnect(self._show_stepped)
        self.document = document
        if document is not None:
            document.changed.connect(self.on_changed)
            document.stepped.connect(self._show_stepped)
        self._load()

    def _load(self) -> None:
        campaign = self.document.campaign if self.document else None
        self.ruleset = None
        problem = ""
        if campaign is not None:
            try:
                self.ruleset = self._ruleset_for(campaign.ruleset)
            except (KeyError, ImportError) as exc:  # an unknown or broken ruleset: the table still works
                problem = f"No character sheets: {str(exc).strip(chr(39) + chr(34))}"
        self.model.set_rules_check(self.ruleset.sheet.validate_character if self.ruleset else None)
        self.model.set_campaign(campaign)
        self.sheet.set_context(self.document if self.ruleset else None, self.ruleset)
        self._fill_tags()
        self.setEnabled(campaign is not None)
        if problem:
            self.message.emit(problem)
        if self.proxy.rowCount():
            self.table.selectionModel().setCurrentIndex(
                self.proxy.index(0, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
        self._update_actions()

    def on_changed(self, changes: ChangeSet) -> None:
        """The document's changed signal: update rows, tags and the sheet from the ChangeSet."""
        if self.document is None:
            return
        if "*" in changes.campaign_fields or "ruleset" in changes.campaign_fields:
            self._load()
            return
        self.model.apply_changes(self.document.campaign, changes)
        if changes.characters_added or changes.characters_removed or self._tags_changed(changes.characters):
            self._fill_tags()
        self.sheet.on_changed(changes)
        self._update_actions()

    def _show_stepped(self, changes: ChangeSet) -> None:
        """An undo or a redo: select the characters it brought back, else those it changed, so that the row
        selected is the one the step was about (not a neighbour that took a deleted row's place)."""
        if self.document is None:
            return
        characters = self.document.campaign.characters
        ids = [c.id for c in characters if c.id in changes.characters_added] or \
            [c.id for c in characters if c.id in changes.characters]
        if ids and sorted(ids) != sorted(self.selected_ids()):
            self.select(ids)

    def _kind_chosen(self) -> None:
        kind = self.kind_filter.currentData()
        self.proxy.set_kind(CharacterKind(kind) if kind else None)

    def _tags_changed(self, character_ids: set[str] | frozenset[str]) -> bool:
        """Whether any of these characters' tags differ from when the tag filter was last filled."""
        campaign = self.document.campaign if self.document else None
        if campaign is None:
            return bool(character_ids)
        for character_id in character_ids:
            row = self.model.row_of(character_id)
            character = self.model.character_at(row) if row is not None else None
            if character is None or tuple(character.tags) != self._tags_of.get(character_id):
                return True
        return False

    def _fill_tags(self) -> None:
        campaign = self.document.campaign if self.document else None
        self._tags_of = {c.id: tuple(c.tags) for c in campaign.characters} if campaign else {}
        tags = sorted({t for c in campaign.characters for t in c.tags}, key=str.casefold) if campaign else []
        current = self.tag_filter.currentData()
        with QSignalBlocker(self.tag_filter):
            self.tag_filter.clear()
            self.tag_filter.addItem("All tags", None)
            for tag in tags:
                self.tag_filter.addItem(tag, tag)
            index = self.tag_filter.findData(current)
        self.tag_filter.setCurrentIndex(max(index, 0))
        if index < 0:
            self.proxy.set_tag(None)

    # -- selection -----------------------------------------------------------------------------
    def selected_ids(self) -> list[str]:
        """Ids of the selected characters, in the order the table shows them."""
        rows = sorted(self.table.selectionModel().selectedRows(), key=QModelIndex.row)
        return [index.data(CharacterIdRole) for index in rows]

    def current_id(self) -> str | None:
        index = self.table.currentIndex()
        return index.data(CharacterIdRole) if index.isValid() else None

    def select(self, character_ids: list[str]) -> None:
        """Select these characters (making the first current), clearing filters that hide them."""
        rows = [self.model.row_of(cid) for cid in character_ids]
        indexes = [self.proxy.mapFromSource(self.model.index(r, 0)) for r in rows if r is not None]
        if any(not i.isValid() for i in indexes):
            self.search.clear()
            self.kind_filter.setCurrentIndex(0)
            self.tag_filter.setCurrentIndex(0)
            indexes = [self.proxy.mapFromSource(self.model.index(r, 0)) for r in rows if r is not None]
        selection = self.table.selectionModel()
        # One selection of runs of rows, selected at once: a signal (and a count of the selected rows) per row
        # made selecting an import of hundreds take seconds.
        wanted = QItemSelection()
        rows_in_view = sorted({i.row() for i in indexes})
        for first, last in _runs(rows_in_view):
            wanted.select(self.proxy.index(first, 0), self.proxy.index(last, 0))
        flags = (QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
        selection.select(wanted, flags)
        if indexes:
            selection.setCurrentIndex(indexes[0], QItemSelectionModel.SelectionFlag.Current)
            self.table.scrollTo(indexes[0])

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        self.sheet.show_character(current.data(CharacterIdRole) if current.isValid() else None)
        self._update_actions()

    def _update_actions(self) -> None:
        has_campaign = self.document is not None and self.ruleset is not None
        count = len(self.table.selectionModel().selectedRows()) if has_campaign else 0
        for action in (self.act_new_pc, self.act_new_npc, self.act_quick_npc, self.act_import):
            action.setEnabled(has_campaign)
        bestiary = self._bestiary_for(self.ruleset) if self.ruleset is not None else None
        has_bestiary = bestiary is not None and bestiary.is_file()
        self.act_bestiary.setEnabled(has_campaign and has_bestiary)
        self.act_duplicate.setEnabled(count >= 1)
        self.act_delete.setEnabled(count >= 1)
        self.act_duplicate_n.setEnabled(count == 1)
        self.act_export.setEnabled(count == 1)
        self.act_sheets.setEnabled(has_campaign)
        self.act_print.setEnabled(has_campaign)

    # -- actions -------------------------------------------------------------------------------
    def _push(self, command: Command, select: list[str] | None = None) -> None:
        assert self.document is not None
        self.document.push(command)
        if select:
            self.select(select)

    def focus_search(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    def new_character(self, kind: CharacterKind) -> Character | None:
        """Add a character with the rules' default stats, select it and put the cursor in its name."""
        if self.document is None or self.ruleset is None:
            return None
        character = Character(kind=kind, name="New PC" if kind is CharacterKind.PC else "New NPC",
                              stats=dict(self.ruleset.sheet.new_stats(kind)))
        self._push(AddCharacter(self.document.campaign, character), [character.id])
        self.sheet.focus_name()
        return character

    def quick_npc(self) -> None:
        if self.document is None or self.ruleset is None:
            return
        spec = difficulty_spec(self.ruleset)
        if spec is None:
            Ask.error(self, "Quick NPC", f"The {self.ruleset.name} rules do not build NPCs from a level")
            return
        low, high = spec.minimum or 0, spec.maximum or 20
        kinds = self.ruleset.npc_kind_field()
        answer = CharacterAsk.quick_npc(
            self, low, high, spec.default if isinstance(spec.default, int) else low, label=spec.label, tip=spec.help,
            kinds=[(str(c), kinds.choice_label(c)) for c in kinds.choices] if kinds else (),
            kind_label=kinds.label if kinds else "Kind", kind_default=str(kinds.default) if kinds else "",
            kind_tip=kinds.help if kinds else "")
        if answer is None:
            return
        try:
            npc = build_npc(self.ruleset, answer[0], answer[1], kind=answer[2] if len(answer) > 2 else None)
        except ValueError as exc:
            Ask.error(self, "Quick NPC", str(exc))
            return
        self._push(AddCharacter(self.document.campaign, npc, text=f"Quick NPC {npc.name}"), [npc.id])

    def add_from_bestiary(self) -> None:
        if self.document is None or self.ruleset is None:
            return
        path = self._bestiary_for(self.ruleset)
        if path is None:
            return
        try:
            entries = parse_bestiary(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError) as exc:
            Ask.error(self, "Bestiary", f"Cannot read the bestiary {path.name}: {exc}")
            return
        entries.sort(key=lambda e: e.name.casefold())
        picked = CharacterAsk.choose(self, "Add from bestiary", "NPC:", [e.name for e in entries])
        if picked is None:
            return
        campaign = self.document.campaign
        npc = from_bestiary(entries[picked], [c.name for c in campaign.characters])
        self._push(AddCharacter(campaign, npc, text=f"Add {npc.name} from the bestiary"), [npc.id])

    def duplicate(self) -> None:
        ids = self.selected_ids()
        if self.document is None or not ids:
            return
        campaign = self.document.campaign
        before = {c.id for c in campaign.characters}
        # Last first: a copy put after a later character leaves the places of the earlier ones as they are.
        position = {c.id: i for i, c in enumerate(campaign.characters)}
        ordered = sorted(ids, key=lambda cid: position[cid], reverse=True)
        commands = [duplicate_character(campaign, cid, 1) for cid in ordered]
        command = commands[0] if len(commands) == 1 else Macro(f"Duplicate {len(ids)} characters", commands)
        self._push(command)
        self.select([c.id for c in campaign.characters if c.id not in before])

    def duplicate_n(self) -> None:
        ids = self.selected_ids()
        if self.document is None or len(ids) != 1:
            return
        source = self.document.campaign.character(ids[0])
        count = CharacterAsk.count(self, "Duplicate", f"How many copies of {source.name}?", 2, 1, 500)
        if count is None:
            return
        campaign = self.document.campaign
        before = {c.id for c in campaign.characters}
        self._push(duplicate_character(campaign, ids[0], count))
        self.select([c.id for c in campaign.characters if c.id not in before])

    def delete_selected(self) -> None:
        ids = self.selected_ids()
        if self.document is None or not ids:
            return
        campaign = self.document.campaign
        used = encounters_using(campaign, ids)
        if used and not Ask.yes_no(self, "Delete characters",
                                   f"They take part in {', '.join(used)}; deleting removes them from there too "
                                   "(Undo brings everything back). Delete?"):
            return
        next_row = min(self.proxy.mapFromSource(self.model.index(self.model.row_of(cid) or 0, 0)).row()
                       for cid in ids)
        self._push(delete_characters(campaign, ids, self.ruleset))
        if self.proxy.rowCount():
            index = self.proxy.index(min(next_row, self.proxy.rowCount() - 1), 0)
            self.select([index.data(CharacterIdRole)])
        self.message.emit(f"Deleted {len(ids)} character{'s' if len(ids) != 1 else ''} (Ctrl+Z brings them back)")

    def import_character(self) -> None:
        if self.document is None or self.ruleset is None:
            return
        path = CharacterAsk.open_file(self, "Import character", JSON_FILTER)
        if path is None:
            return
        try:
            raw = read_import(path)
            if self.ruleset.importers() and not _one_object(raw):
                self._import_many(path, raw)
                return
            character = character_from_json(raw, self.ruleset)
        except ValueError as exc:
            Ask.error(self, "Import character", f"{path.name} was not imported: {exc}")
            return
        self._push(AddCharacter(self.document.campaign, character, text=f"Import {character.name}"), [character.id])

    def _import_many(self, path: Path, raw: bytes) -> None:
        """A file in a format the rules read (an adversary data set): every character it holds as one undo step,
        then the report (what was kept in the GM notes, what was refused and why). ValueError if refused whole."""
        assert self.document is not None and self.ruleset is not None
        batch = read_characters(raw, self.ruleset, self.document.campaign.equipment,
                                self.document.campaign.rule_options)
        characters = batch.characters
        if characters:
            count = len(characters)
            self._push(AddCharacters(characters, f"Import {count} character{'s' if count != 1 else ''} from "
                                                 f"{path.name}"), [c.id for c in characters])
        lines = batch.report()
        shown = lines[:REPORT_LINES] + ([f"… and {len(lines) - REPORT_LINES} more lines (each character's GM notes "
                                         "keep what was not mapped)"] if len(lines) > REPORT_LINES else [])
        self.message.emit(f"{path.name}: {batch.summary()}")
        Ask.info(self, "Import", f"{path.name} ({batch.format}):\n" + "\n".join(shown))

    def export_character(self) -> None:
        ids = self.selected_ids()
        if self.document is None or len(ids) != 1:
            return
        from crisis_desktop.storage.atomic import atomic_write_text

        character = self.document.campaign.character(ids[0])
        path = CharacterAsk.save_file(self, "Export character", f"{character.name}.json", JSON_FILTER)
        if path is None:
            return
        try:
            atomic_write_text(path, character_to_json(character))
        except OSError as exc:
            Ask.error(self, "Export character", f"Could not write {path}: {exc}")
            return
        self.message.emit(f"Exported {character.name} to {path.name}")

    def print_sheets(self) -> None:
        """Print the sheets through the system's print dialog, each character from a new page (the NPCs as stat
        blocks, several to a page, when the GM ticks it on the dialog's Sheets tab). The sheets are laid out and
        painted on a thread of their own, with progress and Cancel (a cancelled print job is aborted)."""
        if self.document is None:
            return
        from crisis_desktop.export.output import ExportError
        from crisis_desktop.export.pdf import paint_sheets
        from crisis_desktop.export.sheet import build_sheet
        from crisis_desktop.ui.dialogs.export_dialog import PrintAsk
        from crisis_desktop.ui.dialogs.progress import Cancelled, with_progress

        campaign = self.document.campaign
        ids = self.selected_ids()
        characters = [campaign.character(i) for i in ids] if ids else list(campaign.characters)
        if not characters:
            return
        npcs = sum(1 for c in characters if c.kind is CharacterKind.NPC)
        choice = PrintAsk.printer(self, len(characters), npcs)
        if choice is None:
            return
        templates = self.document.store.paths.data_dir / "templates"
        count = len(characters)

        def work(step: Callable[[int, str], None]) -> int:
            ruleset = get_ruleset(campaign.ruleset)
            sheets = [build_sheet(c, ruleset, campaign.rule_options) for c in characters]
            return paint_sheets(choice.printer, sheets, templates, npc_blocks=choice.npc_blocks,
                                progress=lambda i, sheet: step(i + 1, f"Sheet {i + 1} of {count}: {sheet.name}"))

        try:
            with_progress(self, "Printing sheets", count, work,
                          preparing=f"Preparing {count} sheet{'s' if count != 1 else ''}…")
        except Cancelled:
            self.message.emit("Printing cancelled: the print job was stopped")
            return
        except ExportError as exc:  # a template of the data folder that is not read (a FIFO, not UTF-8)
            Ask.error(self, "Print sheets", str(exc))
            return
        self.message.emit(f"Sent {count} sheet(s) to the printer")

    def use_settings(self, ui: dict[str, object], save: Callable[[], None]) -> None:
        """The window's remembered UI state (`ui`, saved by `save`): the export folder is kept there."""
        self._settings_ui, self._save_settings = ui, save

    def export_sheets(self) -> None:
        """Export sheets: the GM chooses all characters or the selection, format, paper and folder (remembered)."""
        if self.document is None:
            return
        from crisis_desktop.export.output import ExportError, FilesExist
        from crisis_desktop.export.run import export_sheets
        from crisis_desktop.ui.dialogs.export_dialog import ExportDialog
        from crisis_desktop.ui.dialogs.progress import Cancelled, with_progress

        campaign = self.document.campaign
        ids = self.selected_ids()
        ui = self._settings_ui
        remembered = ui.get("export_folder") if ui is not None else None
        folder = Path(remembered) if isinstance(remembered, str) and remembered else Path.home()
        choice = ExportDialog.ask(self, len(campaign.characters), len(ids), folder)
        if choice is None:
            return
        characters = [campaign.character(i) for i in ids] if choice.selection and ids else list(campaign.characters)
        if ui is not None:
            ui["export_folder"] = str(choice.folder)
            self._save_settings()
        templates = self.document.store.paths.data_dir / "templates"

        def run(force: bool) -> list[Path]:
            # On a thread of its own, with progress and Cancel while the sheets render; a cancelled export writes
            # nothing.
            def work(step: Callable[[int, str], None]) -> list[Path]:
                return export_sheets(campaign, characters, choice.fmt, choice.folder, paper=choice.paper,
                                     force=force, template_dir=templates, npc_blocks=choice.npc_blocks,
                                     progress=lambda done, total, sheet: step(
                                         done, f"Sheet {done} of {total}: {sheet.name}"))

            count = len(characters)
            return with_progress(self, "Exporting sheets", count, work,
                                 preparing=f"Preparing {count} sheet{'s' if count != 1 else ''}…")

        try:
            try:
                written = run(False)
            except FilesExist as exc:
                # The one refusal the GM can overrule here: files from an earlier export.
                if not Ask.yes_no(self, "Export sheets", f"{exc}.\n\nReplace them?"):
                    return
                written = run(True)
        except Cancelled:
            self.message.emit("Export cancelled: nothing was written")
            return
        except (ExportError, OSError) as exc:
            Ask.error(self, "Export sheets", f"The sheets were not exported: {exc}")
            return
        self.message.emit(f"Exported {len(characters)} sheet(s) to {written[0].parent}")


REPORT_LINES = 40  # lines of an import's report shown in its message box


def _one_object(raw: bytes) -> bool:
    """Whether the file holds one JSON object (a character exported from this app), not a list or anything else."""
    return raw.lstrip()[:1] == b"{"


def _runs(rows: list[int]) -> list[tuple[int, int]]:
    """Sorted rows as runs of consecutive ones: [1, 2, 3, 7] -> [(1, 3), (7, 7)]."""
    runs: list[tuple[int, int]] = []
    for row in rows:
        if runs and runs[-1][1] == row - 1:
            runs[-1] = (runs[-1][0], row)
        else:
            runs.append((row, row))
    return runs
