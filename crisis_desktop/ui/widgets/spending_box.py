"""What a rolled check or attack's symbols can buy, as a list the GM ticks: the rules' own plan pre-selected, how
many times and on whom, and what is left to spend."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QMouseEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.rules.base import SpendBudget, SpendChoice, SpendPick
from crisis_desktop.ui import theme
from crisis_desktop.ui.plain_text import plain_label

# Who spends: the side that rolled, or the other side with what the roll gave it (the GM, when a PC rolled).
HEADINGS = {"roller": "The roll buys", "opponent": "The other side spends against the roller"}


class ToggleLabel(QLabel):
    """A word-wrapped label that ticks its check box when clicked (a check box's own text never wraps, and the
    attack panel is narrow)."""

    def __init__(self, text: str, check: QCheckBox) -> None:
        super().__init__(text)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        self._check = check

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:  # noqa: N802 - Qt's name
        """Override QLabel::mouseReleaseEvent: a click on the text ticks the box, as on a check box's own text."""
        if event.button() is Qt.MouseButton.LeftButton and self._check.isEnabled():
            self._check.toggle()
        super().mouseReleaseEvent(event)


class SpendRow:
    """One choice: a check box with its wrapped text (a count beside it where it may be bought several times), and
    whom it goes to."""

    def __init__(self, choice: SpendChoice) -> None:
        self.choice = choice
        text = f"{choice.label} ({choice.cost_text()})"
        self.check = QCheckBox()
        self.check.setObjectName(f"spend-{choice.key}")
        self.check.setAccessibleName(text)
        self.label = ToggleLabel(text, self.check)
        if choice.help:
            self.check.setToolTip(choice.help)
            self.label.setToolTip(choice.help)
        self.count: QSpinBox | None = None
        if choice.most > 1:
            self.count = QSpinBox()
            self.count.setObjectName(f"spend-{choice.key}-count")
            self.count.setRange(1, choice.most)
            self.count.setToolTip(f"How many times (at most {choice.most})")
        self.whom: QComboBox | None = None
        if choice.whom:
            self.whom = QComboBox()
            self.whom.setObjectName(f"spend-{choice.key}-whom")
            for combatant_id, name in choice.whom:
                self.whom.addItem(name, combatant_id)
            self.whom.setToolTip("Whom it goes to")
        self.reset()

    def reset(self) -> None:
        """Back to the rules' own plan."""
        self.check.setChecked(self.choice.default > 0)
        if self.count is not None:
            self.count.setValue(max(1, self.choice.default))

    def pick(self) -> SpendPick | None:
        if not self.check.isChecked():
            return None
        count = self.count.value() if self.count is not None else 1
        whom = self.whom.currentData() if self.whom is not None else None
        return SpendPick(self.choice.key, count, whom)


class SpendingBox(QGroupBox):
    """The choices of one roll, grouped by who spends them; hidden while there is nothing to spend.

    Signals:
        changed(): the GM ticked, counted or aimed a choice (or went back to the plan).
    """

    changed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Spend the roll", parent)
        self.setObjectName("spending-box")
        self.rows: list[SpendRow] = []
        self._grid_host = QWidget()
        self._grid = QGridLayout(self._grid_host)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self.left = QLabel()
        self.left.setObjectName("spend-left")
        self.problem = plain_label()
        self.problem.setObjectName("spend-problem")
        self.problem.setWordWrap(True)
        theme.mark_problem(self.problem)
        self.reset_button = QPushButton("Back to the &plan")
        self.reset_button.setToolTip("Tick again what the rules spend by themselves (the rule option)")
        self.reset_button.clicked.connect(self.reset)
        layout = QVBoxLayout(self)
        layout.addWidget(self._grid_host)
        bottom = QHBoxLayout()
        bottom.addWidget(self.left, 1)
        bottom.addWidget(self.reset_button)
        layout.addLayout(bottom)
        layout.addWidget(self.problem)
        self.hide()

    def set_choices(self, choices: Sequence[SpendChoice]) -> None:
        """List these choices (none: the box hides)."""
        while self._grid.count():
            item = self._grid.takeAt(0)
            widget = item.widget() if item is not None else None
            if widget is not None:
                widget.deleteLater()
        self.rows = []
        line = 0
        for spender in ("roller", "opponent"):
            mine = [c for c in choices if c.spender == spender]
            if not mine:
                continue
            heading = QLabel(f"<b>{HEADINGS.get(spender, spender)}</b>")
            self._grid.addWidget(heading, line, 0, 1, 4)
            line += 1
            for choice in mine:
                row = SpendRow(choice)
                self._grid.addWidget(row.check, line, 0, Qt.AlignmentFlag.AlignTop)
                self._grid.addWidget(row.label, line, 1)
                if row.count is not None:
                    self._grid.addWidget(row.count, line, 2, Qt.AlignmentFlag.AlignTop)
                    row.count.valueChanged.connect(lambda _v: self.changed.emit())
                if row.whom is not None:
                    self._grid.addWidget(row.whom, line, 3, Qt.AlignmentFlag.AlignTop)
                    row.whom.currentIndexChanged.connect(lambda _i: self.changed.emit())
                row.check.toggled.connect(lambda _on: self.changed.emit())
                self.rows.append(row)
                line += 1
        self._grid.setColumnStretch(1, 1)
        self.setVisible(bool(self.rows))

    def picks(self) -> list[SpendPick]:
        return [pick for row in self.rows if (pick := row.pick()) is not None]

    def row(self, key: str) -> SpendRow:
        return next(r for r in self.rows if r.choice.key == key)

    def reset(self) -> None:
        for row in self.rows:
            for widget in (row.check, row.count, row.whom):
                if widget is not None:
                    widget.blockSignals(True)
            row.reset()
            for widget in (row.check, row.count, row.whom):
                if widget is not None:
                    widget.blockSignals(False)
        self.changed.emit()

    def show_budget(self, budget: SpendBudget, problem: str | None = None) -> None:
        """What is left to spend, and why the picks cannot be applied (over the budget, a die still to type)."""
        self.left.setText(budget.describe())
        self.problem.setText(problem or budget.problem or "")
