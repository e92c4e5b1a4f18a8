"""Questions the encounter board asks (characters to add, typed dice, a GM override, where to export), replaceable."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.domain import StatValue
from crisis_desktop.domain.character import entry_problem
from crisis_desktop.rules.kernel.glyphs import Glyph
from crisis_desktop.ui import theme
from crisis_desktop.ui.dialogs.dice_form import DiceForm, Probe
from crisis_desktop.ui.plain_text import input_dialog, plain_label


def parse_value(text: str) -> StatValue:
    """A typed value as the domain stores it: a whole number, a number, yes/no, empty (None) or text."""
    text = text.strip()
    if text == "":
        return None
    if text.lower() in ("true", "yes"):
        return True
    if text.lower() in ("false", "no"):
        return False
    try:
        return int(text)
    except ValueError:
        pass
    try:
        return float(text)
    except ValueError:
        return text


def shown_value(value: StatValue) -> str:
    """A tracked value as the GM reads it: "7", "1.5", "yes", "not set"."""
    if value is None:
        return "not set"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


class OverrideDialog(QDialog):
    """Change any tracked value of a combatant or its character, or add/remove a condition."""

    def __init__(self, controller: EncounterController, combatant_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller, self.combatant_id = controller, combatant_id
        character = controller.view.character_of(combatant_id)
        combatant = controller.view.combatant(combatant_id)
        self.setWindowTitle(f"GM override: {character.name}")
        self.what = QComboBox()
        # Only what the rules track for this combatant, by their labels.
        self._numbers: set[tuple[str, str]] = {("initiative", "")}    # where a number stands now: numbers only
        # Each with the bounds of its sheet field, which the controller keeps and names when a value breaks them.
        for field in controller.overrides.fields(combatant_id):
            key = f"{field.item_id}:{field.key}" if field.item_id else field.key
            self.what.addItem(f"{field.label} (now {shown_value(field.value)})", (field.kind.value, key))
            if isinstance(field.value, int | float) and not isinstance(field.value, bool):
                self._numbers.add((field.kind.value, key))
        initiative = "not rolled" if combatant.initiative is None else combatant.initiative
        self.what.addItem(f"Initiative (now {initiative})", ("initiative", ""))
        for spec in controller.ruleset.sheet.conditions():
            if character.has_condition(spec.key):
                self.what.addItem(f"Remove condition: {spec.label}", ("remove", spec.key))
            else:
                self.what.addItem(f"Add condition: {spec.label}", ("add", spec.key))
        self.value = QLineEdit()
        self.value.setPlaceholderText("new value")
        self.rounds = QSpinBox()
        self.rounds.setRange(0, 100)
        self.rounds.setSpecialValueText("until removed")
        self.problem = plain_label()
        theme.mark_problem(self.problem)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self._accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("&Change:", self.what)
        form.addRow("&Value:", self.value)
        form.addRow("&Rounds:", self.rounds)
        form.addRow(self.problem)
        form.addRow(buttons)
        self.what.currentIndexChanged.connect(self._what_changed)
        self._what_changed()
        self.command: Command | None = None

    def _what_changed(self) -> None:
        kind, _key = self.what.currentData()
        self.value.setEnabled(kind in ("status", "resource", "initiative", "item"))
        self.rounds.setEnabled(kind == "add")

    def build(self) -> Command:
        """The override as a command; ValueError with the reason when the value does not fit."""
        kind, key = self.what.currentData()
        ctl, cid = self.controller, self.combatant_id
        character_id = ctl.view.combatant(cid).character_id
        value = parse_value(self.value.text())
        if kind in ("status", "resource", "initiative", "item"):
            # The domain's bounds, before the rules read the value: named as the GM picked it.
            label = self.what.currentText().rsplit(" (now ", 1)[0]
            problem = entry_problem({}, "value", value)
            if problem:
                raise ValueError(f"{label}: {problem}")
            if (kind, key) in self._numbers and (isinstance(value, bool) or not isinstance(value, int | float)):
                typed = "type one" if value is None else f"not {shown_value(value)[:40]!r}"
                raise ValueError(f"{label} is a number: {typed}")
        if kind == "status":
            return ctl.overrides.set_status(character_id, key, value)
        if kind == "resource":
            return ctl.overrides.set_resource(cid, key, value)
        if kind == "initiative":
            if not isinstance(value, int):
                raise ValueError("Initiative is a whole number")
            return ctl.set_initiative(cid, value)
        if kind == "item":
            item_id, stat = key.split(":", 1)
            return ctl.overrides.set_item_stat(character_id, item_id, stat, value)
        if kind == "add":
            return ctl.overrides.add_condition(character_id, key, self.rounds.value() or None)
        return ctl.overrides.remove_condition(character_id, key)

    def _accept(self) -> None:
        try:
            self.command = self.build()
        except ValueError as exc:
            self.problem.setText(str(exc))
            return
        self.accept()


class PickCharactersDialog(QDialog):
    """Several characters picked from a list."""

    def __init__(self, names: list[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Add combatants")
        self.list = QListWidget()
        self.list.addItems(names)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel("Characters to add (Ctrl-click for several):"))
        layout.addWidget(self.list)
        layout.addWidget(buttons)


class BoardAsk:
    """Every question of the encounter board; tests replace these classmethods with monkeypatch."""

    @classmethod
    def pick_characters(cls, parent: QWidget | None, names: list[str]) -> list[int] | None:
        dialog = PickCharactersDialog(names, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return sorted(dialog.list.row(item) for item in dialog.list.selectedItems())

    @classmethod
    def patient(cls, parent: QWidget | None, names: list[str], title: str = "Heal") -> int | None:
        """Index of the combatant to treat, or None if cancelled; `title` names the rules' healing action."""
        return cls.choose(parent, title, "Treat whom?", names)

    @classmethod
    def choose(cls, parent: QWidget | None, title: str, prompt: str, names: list[str]) -> int | None:
        """Index of the picked entry, or None if cancelled."""
        dialog = input_dialog(parent, title, prompt)
        dialog.setComboBoxItems(names)
        dialog.setComboBoxEditable(False)
        ok = dialog.exec() == QDialog.DialogCode.Accepted
        name = dialog.textValue()
        return names.index(name) if ok and name in names else None

    @classmethod
    def dice(cls, parent: QWidget | None, title: str, prompt: str, value: Sequence[int | str] = (),
             probe: Probe | None = None, glyphs: Mapping[str, Glyph] | None = None,
             who: str = "") -> list[int | str] | None:
        """Die faces in the order the rules read them (numbers, or the faces' texts for dice of symbols); None if
        cancelled. One die a field, each naming whose roll it is and which die, a die of symbols picked on its own
        faces (DiceForm); `probe` makes the roll with the faces entered so far, `value` the faces entered before, `who`
        rolls them (where the rules' labels of the dice do not say)."""
        assert probe is not None, "typed dice are asked with the roll that reads them"
        form = DiceForm(title, prompt, probe, value, glyphs, parent, who)
        return form.values() if form.exec() == QDialog.DialogCode.Accepted else None

    @classmethod
    def override(cls, parent: QWidget | None, controller: EncounterController, combatant_id: str) -> Command | None:
        dialog = OverrideDialog(controller, combatant_id, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.command

    @classmethod
    def save_markdown(cls, parent: QWidget | None, suggested: str) -> Path | None:
        path, _ = QFileDialog.getSaveFileName(parent, "Export combat log", suggested, "Markdown (*.md);;All files (*)")
        return Path(path) if path else None
