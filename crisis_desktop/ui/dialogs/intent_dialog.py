"""The plan or declaration of one combatant: what it takes (with its cost), and what it means with it (the action,
the weapon and target of an attack, where it moves, the reaction it holds ready), the rules' proposal shown first."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.rules.base import ActionRole
from crisis_desktop.rules.kernel.flows import Choice, Intent

Propose = Callable[[Choice], Intent]


def choice_text(choice: Choice) -> str:
    """A choice as the list shows it: its label and, where the rules price it, the cost."""
    return f"{choice.label} — {choice.cost}" if choice.cost else choice.label


class IntentDialog(QDialog):
    """Asks what a combatant plans or declares and what it means with it. `choices`: what the flow offers; `propose`:
    what to show first for a choice (the rules' assignment of targets); `targets` and `weapons`: (id, label) of whom it
    may aim at and what it may wield. The fields a choice does not ask are hidden."""

    def __init__(self, title: str, who: str, choices: Sequence[Choice], propose: Propose,
                 targets: Sequence[tuple[str, str]], weapons: Sequence[tuple[str, str]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{title}: {who}")
        self._choices = list(choices)
        self._propose = propose
        self.what = QComboBox()
        self.what.setObjectName("intent-what")
        for c in self._choices:
            self.what.addItem(choice_text(c), c.key)
        self.help = QLabel()
        self.help.setWordWrap(True)
        self.action = QComboBox()
        self.action.setObjectName("intent-action")
        self.weapon = QComboBox()
        for wid, name in weapons:
            self.weapon.addItem(name, wid)
        self.target = QComboBox()
        self.target.setObjectName("intent-target")
        self.target.addItem("(not said)", None)
        for tid, label in targets:
            self.target.addItem(label, tid)
        self.where = QLineEdit()
        self.where.setPlaceholderText("an area, a spot: as the player says it")
        self.reaction = QComboBox()
        self.reaction.setObjectName("intent-reaction")
        self.form = QFormLayout()
        self.form.addRow("Takes", self.what)
        self.form.addRow("", self.help)
        self.form.addRow("Means to", self.action)
        self.form.addRow("With", self.weapon)
        self.form.addRow("At", self.target)
        self.form.addRow("To", self.where)
        self.form.addRow("Ready to", self.reaction)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(buttons)
        self.what.currentIndexChanged.connect(self._choice_changed)
        self.action.currentIndexChanged.connect(self._show_fields)
        self._choice_changed()

    def choice(self) -> Choice:
        return self._choices[max(0, self.what.currentIndex())]

    def _action(self) -> Choice | None:
        asks = self.choice().asks
        key = self.action.currentData()
        return next((a for a in asks.actions if a.key == key), None) if asks is not None else None

    def _choice_changed(self) -> None:
        """Another choice: its help, the actions and reactions it may hold, and the proposal for it."""
        choice = self.choice()
        self.help.setText(choice.help)
        asks = choice.asks
        for combo, items, none in ((self.action, asks.actions if asks else (), "(not said)"),
                                   (self.reaction, asks.reactions if asks else (), "(none)")):
            combo.blockSignals(True)
            combo.clear()
            combo.addItem(none, "")
            for item in items:
                combo.addItem(item.label, item.key)
            combo.blockSignals(False)
        self.show_intent(self._propose(choice))

    def show_intent(self, intent: Intent) -> None:
        """Show an intent in the fields (what is not said stays blank)."""
        self.action.setCurrentIndex(max(0, self.action.findData(intent.action)))
        if intent.weapon is not None and self.weapon.findData(intent.weapon) >= 0:
            self.weapon.setCurrentIndex(self.weapon.findData(intent.weapon))
        self.target.setCurrentIndex(max(0, self.target.findData(intent.target)) if intent.target else 0)
        self.where.setText(intent.where)
        self.reaction.setCurrentIndex(max(0, self.reaction.findData(intent.reaction)))
        self._show_fields()

    def _show_fields(self) -> None:
        """Only the fields this choice and action ask."""
        choice, action = self.choice(), self._action()
        asks = choice.asks
        attacking = action is not None and action.role is ActionRole.ATTACK
        moving = action is not None and action.role is ActionRole.MOVE
        shown = {self.help: bool(choice.help), self.action: bool(asks and asks.actions),
                 self.weapon: attacking and choice.item is None and self.weapon.count() > 0,
                 self.target: bool(asks and asks.target) or attacking,
                 self.where: bool(asks and asks.where) or moving, self.reaction: bool(asks and asks.reactions)}
        for widget, on in shown.items():
            self.form.setRowVisible(widget, on)

    def intent(self) -> Intent:
        """What the fields say, only what this choice and action ask."""
        asks = self.choice().asks
        if asks is None:
            return Intent()
        action = self._action()
        attacking = action is not None and action.role is ActionRole.ATTACK
        aims = asks.target or attacking
        moves = asks.where or (action is not None and action.role is ActionRole.MOVE)
        return Intent(action.key if action is not None else "",
                      self.weapon.currentData() if attacking and self.choice().item is None else None,
                      self.target.currentData() if aims else None,
                      self.where.text().strip() if moves else "",
                      str(self.reaction.currentData() or ""))

    @classmethod
    def ask(cls, parent: QWidget | None, title: str, who: str, choices: Sequence[Choice], propose: Propose,
            targets: Sequence[tuple[str, str]], weapons: Sequence[tuple[str, str]]) -> tuple[int, Intent] | None:
        """The index of the choice picked and what it means; None if cancelled (tests replace this)."""
        dialog = cls(title, who, choices, propose, targets, weapons, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.what.currentIndex(), dialog.intent()
