"""Edits the campaign's rule options, generated from the ruleset's list of options."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtWidgets import QComboBox, QDialog, QDialogButtonBox, QFormLayout, QLabel, QWidget

from crisis_desktop.domain import StatValue
from crisis_desktop.rules.base import Ruleset


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
        """Only the options that differ from the default are stored, so new defaults reach old campaigns."""
        defaults = {o.key: o.default for o in self.ruleset.rule_options()}
        return {k: c.currentData() for k, c in self.combos.items() if c.currentData() != defaults[k]}

    @classmethod
    def ask(cls, ruleset: Ruleset, current: Mapping[str, StatValue],
            parent: QWidget | None = None) -> dict[str, StatValue] | None:
        dialog = cls(ruleset, current, parent)
        return dialog.chosen() if dialog.exec() == QDialog.DialogCode.Accepted else None
