"""The character sheet editor: generated from the active ruleset's field metadata; every edit is a command."""

from __future__ import annotations

import html
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QSignalBlocker, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.character_commands import (
    AddCharacterCondition,
    RemoveCharacterCondition,
    SetCharacterField,
    SetStat,
    change_kind,
    normalise_tags,
)
from crisis_desktop.controller.commands import Command
from crisis_desktop.domain import Campaign, Character, CharacterKind, Combatant, EquipmentItem, ItemKind
from crisis_desktop.rules.base import Actor, FieldKind, FieldSpec, Ruleset, in_words
from crisis_desktop.ui import theme
from crisis_desktop.ui.dialogs.ask import Ask
from crisis_desktop.ui.dialogs.character_dialogs import IMAGE_FILTER, CharacterAsk
from crisis_desktop.ui.models.equipment_table_model import show_value
from crisis_desktop.ui.plain_text import plain_label, tooltip
from crisis_desktop.ui.widgets.equipment_panel import EquipmentPanel
from crisis_desktop.ui.widgets.notes_edit import NotesEdit
from crisis_desktop.ui.widgets.portrait import PortraitLabel, file_to_data_uri, load_portrait
from crisis_desktop.ui.widgets.stat_fields import StatFieldsForm, scroll_into_view

if TYPE_CHECKING:
    from crisis_desktop.ui.document import CampaignDocument

PORTRAIT_PX = 96


class SheetEditor(QWidget):
    """Shows one character of the open campaign and turns every edit into a command.

    A refused value (FieldSpec.validate, or the domain's own checks) is explained in the status line
    and the field is outlined; the campaign keeps the old value.

    Signals:
        message(str): a line for the window's status bar.
    """

    message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: CampaignDocument | None = None
        self.ruleset: Ruleset | None = None
        self.character_id: str | None = None

        self.portrait = PortraitLabel()
        self.portrait.setToolTip("Drop a picture file here, or choose one with Picture…")
        # Queued: a bad file is explained in a message box, which must not open inside the drop itself.
        self.portrait.fileDropped.connect(self.set_portrait_file, Qt.ConnectionType.QueuedConnection)
        self.portrait.setFixedSize(PORTRAIT_PX, PORTRAIT_PX)
        self.portrait.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.portrait.setStyleSheet("border: 1px solid palette(mid);")
        self.pick_portrait = QPushButton("&Picture…")
        self.pick_portrait.setToolTip("Choose a picture; it is stored in the campaign, at most 256 px")
        self.pick_portrait.clicked.connect(self.choose_portrait)
        self.clear_portrait = QPushButton("No picture")
        self.clear_portrait.clicked.connect(lambda: self.edit_field("portrait", None))
        self.name = QLineEdit()
        self.name.setObjectName("sheet-name")
        self.kind = QComboBox()
        self.kind.addItem("PC", CharacterKind.PC)
        self.kind.addItem("NPC", CharacterKind.NPC)
        self.player = QLineEdit()
        self.tags = QLineEdit()
        self.tags.setPlaceholderText("comma-separated, e.g. raider, north gang")
        self.name.textEdited.connect(lambda t: self.edit_field("name", t))
        self.name.editingFinished.connect(self._restore_refused)
        self.kind.activated.connect(lambda _i: self.edit_field("kind", self.kind.currentData()))
        self.player.textEdited.connect(lambda t: self.edit_field("player", t))
        self.tags.textEdited.connect(lambda t: self.edit_field("tags", t))

        self.status = plain_label()  # reasons quote what was typed
        self.status.setObjectName("sheet-status")
        self.status.setWordWrap(True)
        theme.mark_problem(self.status)
        self.stats = StatFieldsForm()
        self.stats.valueEdited.connect(self.edit_stat)
        self.stats.editRefused.connect(lambda key, reason: self._set_problem(reason, key))
        # Key values at the top of the sheet, seen without scrolling: what the rules derive (health, defences)
        # and the attacks of the weapons in hand.
        self.derived_box = QGroupBox("Key values")
        self.derived_box.setObjectName("sheet-key-values")
        key_layout = QVBoxLayout(self.derived_box)
        self.derived_layout = QGridLayout()
        key_layout.addLayout(self.derived_layout)
        self.attacks = plain_label()  # weapon names are the user's
        self.attacks.setObjectName("sheet-attacks")
        self.attacks.setWordWrap(True)
        key_layout.addWidget(self.attacks)
        # How the character stands in the rules' words: its state, bars and what the rules track on it (wounds).
        self.standing = plain_label()
        self.standing.setObjectName("sheet-standing")
        self.standing.setWordWrap(True)
        key_layout.addWidget(self.standing)
        self.sheet_notes = plain_label()  # what the rules say of the sheet's entries without refusing them
        self.sheet_notes.setObjectName("sheet-notes")
        self.sheet_notes.setWordWrap(True)
        self.sheet_notes.hide()
        key_layout.addWidget(self.sheet_notes)
        key_layout.addStretch(1)
        self.derived_labels: dict[str, QLabel] = {}
        self.equipment = EquipmentPanel(self._push)
        self.equipment.message.connect(self.message)  # the panel shows a refusal under its table

        self.conditions = QListWidget()
        self.conditions.setMaximumHeight(80)
        self.condition_choice = QComboBox()
        add_condition = QPushButton("Add")
        add_condition.clicked.connect(self.add_condition)
        remove_condition = QPushButton("Remove")
        remove_condition.clicked.connect(self.remove_condition)

        self.notes = NotesEdit()
        self.notes.setPlaceholderText("Notes the players may see")
        self.gm_notes = NotesEdit()
        self.gm_notes.setPlaceholderText("GM only: motives, secrets, tactics")
        for edit, field in ((self.notes, "notes"), (self.gm_notes, "gm_notes")):
            edit.setTabChangesFocus(True)
            edit.setMaximumHeight(90)
            edit.textChanged.connect(lambda e=edit, f=field: self.edit_field(f, e.toPlainText()))
            edit.refused.connect(self._show_problem)
        self._layout_widgets(add_condition, remove_condition)
        self.show_character(None)

    def _layout_widgets(self, add_condition: QPushButton, remove_condition: QPushButton) -> None:
        header = QFormLayout()
        header.addRow("&Name:", self.name)
        header.addRow("&Kind:", self.kind)
        header.addRow("P&layer:", self.player)
        header.addRow("&Tags:", self.tags)
        picture = QVBoxLayout()
        picture.addWidget(self.portrait)
        picture.addWidget(self.pick_portrait)
        picture.addWidget(self.clear_portrait)
        picture.addStretch(1)
        top = QHBoxLayout()
        top.addLayout(picture)
        top.addLayout(header, 1)

        conditions_box = QGroupBox("Conditions")
        row = QHBoxLayout()
        row.addWidget(self.condition_choice, 1)
        row.addWidget(add_condition)
        row.addWidget(remove_condition)
        conditions_layout = QVBoxLayout(conditions_box)
        conditions_layout.addWidget(self.conditions)
        conditions_layout.addLayout(row)

        notes = QHBoxLayout()
        for label, edit in (("Notes", self.notes), ("GM notes", self.gm_notes)):
            box = QGroupBox(label)
            QVBoxLayout(box).addWidget(edit)
            notes.addWidget(box)

        self.body = QWidget()
        layout = QVBoxLayout(self.body)
        layout.addLayout(top)
        layout.addWidget(self.derived_box)  # right under the name: seen without scrolling
        layout.addWidget(self.status)
        layout.addWidget(self.stats)
        layout.addWidget(self.equipment)
        layout.addWidget(conditions_box)
        layout.addLayout(notes)
        layout.addStretch(1)
        self.empty = QLabel("Select a character to see its sheet.")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.body)
        outer.addWidget(self.empty)

    # -- what is shown ------------------------------------------------------------------------
    @property
    def campaign(self) -> Campaign | None:
        return self.document.campaign if self.document is not None else None

    def character(self) -> Character | None:
        campaign = self.campaign
        if campaign is None or self.character_id is None:
            return None
        try:
            return campaign.character(self.character_id)
        except KeyError:
            return None

    def set_context(self, document: CampaignDocument | None, ruleset: Ruleset | None) -> None:
        """A campaign was opened or its rules changed: build the stat form for the ruleset."""
        self.document = document
        self.ruleset = ruleset
        self._build_stats()
        self.condition_choice.clear()
        for spec in ruleset.sheet.conditions() if ruleset else ():
            self.condition_choice.addItem(spec.label, spec.key)
            self.condition_choice.setItemData(self.condition_choice.count() - 1, spec.effect,
                                              Qt.ItemDataRole.ToolTipRole)
        self.show_character(None)

    def show_character(self, character_id: str | None) -> None:
        self.character_id = character_id
        character = self.character()
        self.character_id = character.id if character else None
        self.body.setVisible(character is not None)
        self.empty.setVisible(character is None)
        self._set_problem("")
        self.equipment.set_character(self.campaign, self.ruleset, character)
        if character is not None:
            self._refresh(character)

    def _build_stats(self) -> None:
        """The stat form for the campaign's sheet (its rule options may choose the fields: a skill list)."""
        ruleset, document = self.ruleset, self.document
        self.stats.build(ruleset.sheet.campaign_fields(document.session.options) if ruleset and document
                         else ruleset.sheet.character_fields() if ruleset else ())

    def on_changed(self, changes: ChangeSet) -> None:
        """The campaign changed: update the sheet if its character (or the rule options) did."""
        if "rule_options" in changes.campaign_fields and "*" not in changes.campaign_fields:
            self._build_stats()
        if self.character_id is None:
            return
        character = self.character()
        if character is None:  # deleted
            self.show_character(None)
        elif "*" in changes.campaign_fields:
            self.show_character(self.character_id)
        elif self.character_id in changes.characters or self.character_id in changes.characters_added \
                or "rule_options" in changes.campaign_fields:
            self._refresh(character)
            self.equipment.refresh(character)
        elif changes.combatants or changes.encounters:
            self._refresh_standing(character)       # its AP or a task under way in the fight on show

    def _refresh(self, character: Character) -> None:
        self._set_text(self.name, character.name)
        self._set_text(self.player, character.player)
        if normalise_tags(self.tags.text()) != character.tags:  # "medic," is still being typed
            self._set_text(self.tags, ", ".join(character.tags))
        with QSignalBlocker(self.kind):
            self.kind.setCurrentIndex(self.kind.findData(character.kind))
        for edit, text in ((self.notes, character.notes), (self.gm_notes, character.gm_notes)):
            if edit.toPlainText() != text:
                with QSignalBlocker(edit):
                    edit.setPlainText(text)
        pixmap, problem = load_portrait(character.portrait, PORTRAIT_PX)
        if pixmap is None:
            self.portrait.setText(f"Picture not shown: {problem}" if problem else "No picture")
            self.portrait.setWordWrap(True)
        else:
            self.portrait.setPixmap(pixmap)
        self.clear_portrait.setEnabled(character.portrait is not None)
        sheet = self.ruleset.sheet if self.ruleset is not None else None
        self.stats.set_kind(character.kind, {key for key, spec in self.stats.specs.items()
                                             if sheet is not None and not sheet.applies(spec, character)})
        self.stats.set_marks(sheet.field_marks(character) if sheet is not None else {})
        self.stats.show_values(character.stats)
        self._refresh_derived(character)
        self._refresh_attacks(character)
        self._refresh_standing(character)
        self._refresh_conditions(character)

    @staticmethod
    def _set_text(edit: QLineEdit, text: str) -> None:
        if edit.text() != text:
            with QSignalBlocker(edit):
                edit.setText(text)

    def _refresh_derived(self, character: Character) -> None:
        campaign = self.campaign
        if self.ruleset is None or campaign is None:
            return
        try:
            derived = self.ruleset.sheet.derived(character, campaign.rule_options)
        except Exception as exc:  # noqa: BLE001 - a half-made sheet must not break the editor
            derived = {}
            self.derived_box.setToolTip(tooltip(f"Cannot work out derived values yet: {exc}"))
        else:
            self.derived_box.setToolTip("")
        notes = self.ruleset.sheet.notes(character)
        self.sheet_notes.setText("\n".join(f"Note: {n}" for n in notes))
        self.sheet_notes.setVisible(bool(notes))
        for name in list(self.derived_labels):
            if name not in derived:
                label = self.derived_labels.pop(name)
                self.derived_layout.removeWidget(label)
                label.deleteLater()
        for position, (name, value) in enumerate(derived.items()):
            if name not in self.derived_labels:
                self.derived_labels[name] = QLabel()
                self.derived_labels[name].setObjectName(f"derived-{name}")
            label = self.derived_labels[name]
            self.derived_layout.addWidget(label, position // 4, position % 4)
            label.show()  # at once, not when the event loop gets to it
            heading = self.ruleset.sheet.derived_label(name) if self.ruleset else name
            label.setText(f"<b>{html.escape(heading)}</b> {value.value:g}")
            label.setToolTip(tooltip(value.explain()))  # its terms may name an item

    def _refresh_attacks(self, character: Character) -> None:
        """One line per weapon in hand (every weapon when none is marked equipped): its first stats, as the
        ruleset names them."""
        ruleset = self.ruleset
        weapons = [i for i in character.equipment if i.kind is ItemKind.WEAPON]
        if ruleset is None or not weapons:
            self.attacks.setText("No weapon: add one under Weapons below." if ruleset else "")
            return
        shown = [w for w in weapons if w.equipped] or weapons
        specs = [s for s in ruleset.sheet.item_fields(ItemKind.WEAPON) if s.kind is not FieldKind.BOOL][:4]
        lines = []
        for weapon in shown:
            parts = [f"{spec.label} {self._stat_text(weapon, spec)}"
                     if spec.kind is not FieldKind.CHOICE else show_value(spec, weapon.stats.get(spec.key))
                     for spec in specs]
            lines.append(f"{weapon.name}: {', '.join(p for p in parts if p.strip())}")
        self.attacks.setText("\n".join(lines))

    def _stat_text(self, item: EquipmentItem, spec: FieldSpec) -> str:
        """An item's stat as the rules write it ('Brawn + 2'), else as stored."""
        written = self.ruleset.sheet.item_stat_text(item, spec.key) if self.ruleset else None
        return written or show_value(spec, item.stats.get(spec.key, spec.default))

    def _refresh_standing(self, character: Character) -> None:
        """The state in the rules' words with its bars ("Knocked out · Wounds 16/15 · Strain 3/12"; in the fight on
        show its AP and the rules' badges too), then each mark the rules keep (a wound and what it imposes) on a line
        of its own."""
        campaign = self.campaign
        if self.ruleset is None or campaign is None:
            self.standing.clear()
            return
        sheet, actor = self.ruleset.sheet, Actor(character, self._combatant(character))
        options = self.ruleset.options_with_defaults(campaign.rule_options)
        try:
            state = sheet.state(character, options)
            head = " · ".join([state.shown, *(bar.shown for bar in sheet.resources(actor, options)),
                               *sheet.badges(actor, options)])
            marks = [f"{m.label}: {m.effect}" if m.effect else m.label for m in sheet.marks(actor, options)]
        except Exception as exc:  # noqa: BLE001 - a half-made sheet must not break the editor
            self.standing.setText(f"Standing not shown yet: {exc}")
            return
        self.standing.setText("\n".join([head, *marks]))
        self.standing.setToolTip(tooltip(state.text))

    def _combatant(self, character: Character) -> Combatant | None:
        """The character in the fight on show, if it takes part: its sheet shows its AP and tasks there too."""
        campaign, document = self.campaign, self.document
        encounter_id = document.session.encounter_id if document is not None else None
        if campaign is None or encounter_id is None or not campaign.has_encounter(encounter_id):
            return None
        return next((c for c in campaign.encounter(encounter_id).combatants if c.character_id == character.id), None)

    def _refresh_conditions(self, character: Character) -> None:
        labels = {c.key: (c.label, c.effect) for c in self.ruleset.sheet.conditions()} if self.ruleset else {}
        self.conditions.clear()
        for state in character.conditions:
            label, effect = labels.get(state.key, (in_words(state.key), "not a condition of these rules"))
            text = label + (f" ({state.rounds} rounds)" if state.rounds is not None else "")
            item = QListWidgetItem(text)
            item.setData(Qt.ItemDataRole.UserRole, state.key)
            item.setToolTip(tooltip(effect))
            self.conditions.addItem(item)

    # -- edits --------------------------------------------------------------------------------
    def _push(self, command: Command) -> None:
        if self.document is not None:
            self.document.push(command)

    def _try(self, build: Any, key: str | None = None) -> bool:
        """Build a command and push it; on ValueError explain, mark the field and keep the old value."""
        if self.document is None or self.character_id is None:
            return False
        try:
            command = build()
        except (ValueError, KeyError) as exc:
            # A KeyError's text is the repr of its message: take the message itself, its quotes intact.
            reason = exc.args[0] if isinstance(exc, KeyError) and exc.args and isinstance(exc.args[0], str) else \
                str(exc)
            self._set_problem(reason, key)
            return False
        self._set_problem("")
        self.document.push(command)
        return True

    def edit_field(self, field: str, value: Any) -> bool:
        """Set name, kind, player, tags, notes, GM notes or portrait of the shown character."""
        campaign = self.campaign
        if campaign is None or self.character_id is None:
            return False
        current = getattr(self.character(), field)
        if field == "tags":
            value = normalise_tags(value)
        if value == current:
            return True
        ruleset = self.ruleset
        if field == "kind" and ruleset is not None:
            return self._try(lambda: change_kind(campaign, ruleset, self.character_id or "", CharacterKind(value)))
        return self._try(lambda: SetCharacterField(campaign, self.character_id or "", field, value))

    def edit_stat(self, key: str, value: Any) -> bool:
        """Set one ruleset stat; a refused value is explained and the widget shows the old one again."""
        campaign = self.campaign
        ruleset = self.ruleset
        if campaign is None or ruleset is None or self.character_id is None:
            return False
        ok = self._try(lambda: SetStat(campaign, ruleset, self.character_id or "", key, value), key)
        character = self.character()
        if not ok and character is not None and not isinstance(self.stats.editors.get(key), QLineEdit | QSpinBox):
            # A pick from a list goes back to the stored value; typed text stays, marked, to be corrected.
            self.stats.show_values(character.stats)
        return ok

    def add_condition(self) -> None:
        key = self.condition_choice.currentData()
        campaign, ruleset = self.campaign, self.ruleset
        if key is not None and campaign is not None and ruleset is not None:
            self._try(lambda: AddCharacterCondition(campaign, ruleset, self.character_id or "", key))

    def remove_condition(self) -> None:
        item = self.conditions.currentItem()
        campaign = self.campaign
        if item is not None and campaign is not None:
            key = item.data(Qt.ItemDataRole.UserRole)
            labels = {c.key: c.label for c in self.ruleset.sheet.conditions()} if self.ruleset else {}
            self._try(lambda: RemoveCharacterCondition(campaign, self.character_id or "", key, labels.get(key, "")))

    def choose_portrait(self) -> None:
        path = CharacterAsk.open_file(self, "Choose a picture", IMAGE_FILTER)
        if path is not None:
            self.set_portrait_file(path)

    def set_portrait_file(self, path: Path) -> None:
        """A picture chosen or dropped becomes the portrait (one undoable step); a bad file is explained."""
        try:
            uri = file_to_data_uri(path)
        except ValueError as exc:
            Ask.error(self, "Picture", str(exc))
            return
        self.edit_field("portrait", uri)

    def focus_name(self) -> None:
        """Scroll the sheet to its top and select the name, ready to be typed over (a new character)."""
        scroll_into_view(self.name)
        self.name.setFocus(Qt.FocusReason.OtherFocusReason)
        self.name.selectAll()

    def _restore_refused(self) -> None:
        """Leaving a field that holds a refused value (an empty name) shows the stored value again."""
        character = self.character()
        if character is not None and self.name.text() != character.name:
            self._set_text(self.name, character.name)
            self._set_problem("")

    def _set_problem(self, reason: str, key: str | None = None) -> None:
        """Show why an edit was refused: under its field when it is a stat (scrolled into view), else in the line
        under the sheet's header; '' clears it."""
        on_field = key is not None and key in self.stats.editors
        self.status.setText("" if on_field else reason)
        self.status.setVisible(bool(reason) and not on_field)
        self.stats.mark_error(key if reason else None, reason)
        if reason:
            self.message.emit(reason)

    def _show_problem(self, reason: str) -> None:
        self._set_problem(reason)

    @property
    def problem(self) -> str:
        """The reason the last edit was refused ('' when it was accepted), wherever it is shown."""
        return (self.status.text() or self.equipment.reason()
                or next((r for k in self.stats.editors if (r := self.stats.reason(k))), ""))
