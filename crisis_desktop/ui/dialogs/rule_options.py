"""Edits the campaign's rule options, generated from the ruleset's list of options."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QWidget

from crisis_desktop.domain import StatValue
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.base.added_fields import ADDED_FIELDS, written
from crisis_desktop.ui.widgets.added_fields_editor import AddedFieldsEditor


class RuleOptionsDialog(QDialog):
    def __init__(self, ruleset: Ruleset, current: Mapping[str, StatValue], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Rule options: {ruleset.name}")
        self.ruleset = ruleset
        merged = ruleset.options_with_defaults(current)
        form = QFormLayout(self)
        intro = QLabel("Where the rules text is silent or contradicts itself, choose how this campaign plays. "
                       "Defaults are marked.")
        intro.setWordWrap(True)
        form.addRow(intro)
        self.combos: dict[str, QComboBox] = {}
        for option in ruleset.rule_options():
            combo = QComboBox()
            for choice in option.choices:
                combo.addItem(choice.replace("_", " ") + ("  (default)" if choice == option.default else ""), choice)
            combo.setCurrentIndex(max(0, combo.findData(merged.get(option.key, option.default))))
            combo.setToolTip(option.help)
            label = QLabel(f"{option.label}:")
            label.setToolTip(option.help)
            label.setBuddy(combo)
            form.addRow(label, combo)
            self.combos[option.key] = combo
        self.added: AddedFieldsEditor | None = None
        if ruleset.sheet.added_field_bases():
            self.added = AddedFieldsEditor(ruleset, current, self._with_added)
            form.addRow(self.added)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
                                   | QDialogButtonBox.StandardButton.RestoreDefaults)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        buttons.button(QDialogButtonBox.StandardButton.RestoreDefaults).clicked.connect(self.restore_defaults)
        form.addRow(buttons)

    def restore_defaults(self) -> None:
        for option in self.ruleset.rule_options():
            combo = self.combos[option.key]
            combo.setCurrentIndex(combo.findData(option.default))

    def chosen(self) -> dict[str, StatValue]:
        """Only the options that differ from the default are stored, so new defaults reach old campaigns; the fields
        the GM added, when there are any (rules/base/added_fields.py)."""
        defaults = {o.key: o.default for o in self.ruleset.rule_options()}
        picked: dict[str, StatValue] = {k: c.currentData() for k, c in self.combos.items()
                                        if c.currentData() != defaults[k]}
        if self.added is not None and self.added.fields:
            picked[ADDED_FIELDS] = written(self.added.fields)
        return picked

    def _with_added(self) -> dict[str, StatValue]:
        """The options as chosen so far, with the fields added so far, as the rules read them."""
        return self.ruleset.options_with_defaults(self.chosen())

    @classmethod
    def ask(cls, ruleset: Ruleset, current: Mapping[str, StatValue],
            parent: QWidget | None = None) -> dict[str, StatValue] | None:
        dialog = cls(ruleset, current, parent)
        return dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None
