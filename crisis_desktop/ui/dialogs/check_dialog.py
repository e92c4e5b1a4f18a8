"""The check dialog: who, on what, the rules' check inputs, the exact odds live, then the roll for the log."""

from __future__ import annotations

import random
from functools import partial
from typing import Any

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.encounter_commands import EncounterEvent
from crisis_desktop.controller.encounter_log import describe_check
from crisis_desktop.controller.pools import spend_preview
from crisis_desktop.domain import StatValue
from crisis_desktop.rules.base import CheckOdds, CheckRequest, CheckResult, Outcome
from crisis_desktop.rules.kernel.dice import NeedMoreDice, TypedDice, probe
from crisis_desktop.ui.widgets.dice_entry import RollBox
from crisis_desktop.ui.widgets.spending_box import SpendingBox
from crisis_desktop.ui.widgets.stat_fields import StatFieldsForm


def odds_text(odds: CheckOdds) -> str:
    """The chance of each outcome, and for dice of symbols the likeliest results after cancellation."""
    parts = [f"{outcome.value} {odds.outcomes[outcome]:.1%}" for outcome in Outcome if odds.outcomes.get(outcome)]
    text = "Success " + f"{odds.success:.1%}" + (f" ({', '.join(parts)})" if parts else "")
    if odds.tallies:
        likeliest = sorted(odds.tallies.items(), key=lambda item: (-item[1], item[0]))[:3]
        text += "\nLikeliest: " + "; ".join(f"{t.describe()} {p:.1%}" for t, p in likeliest)
    return text


class CheckDialog(QDialog):
    """A check the GM asks for at the table (Perception, Athletics...): the inputs are the rules' own
    (Checks.check_inputs), the odds are exact, and the roll goes to the combat log as one undoable event."""

    def __init__(self, controller: EncounterController, combatant_id: str | None = None,
                 parent: QWidget | None = None, rng: random.Random | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Check")
        self.controller = controller
        self.rolled_event: EncounterEvent | None = None
        self._rng = rng or random.Random()
        self._values: dict[str, StatValue] = {}
        self.who = QComboBox()
        for combatant in controller.view.encounter.combatants:
            self.who.addItem(controller.view.name(combatant.id), combatant.id)
        if combatant_id is not None and self.who.findData(combatant_id) >= 0:
            self.who.setCurrentIndex(self.who.findData(combatant_id))
        self.skill = QComboBox()
        self.skill.setObjectName("check-skill")
        self.inputs = StatFieldsForm()
        self.inputs.valueEdited.connect(self._edited)
        self.odds = QLabel()
        self.odds.setObjectName("check-odds")
        self.odds.setWordWrap(True)
        # The campaign's shared pools (story points) before the roll, and after it where the check spends of them.
        self.pools = QLabel()
        self.pools.setObjectName("check-pools")
        self.pools.setWordWrap(True)
        self.roll_box = RollBox(controller.ruleset.dice_kinds(), self.roll, self, "check",
                                controller.ruleset.symbol_glyphs())
        box = self.roll_box
        self.dice_entry, self.roll_button, self.problem, self.breakdown = (box.dice_entry, box.roll_button,
                                                                           box.problem, box.breakdown)
        self.buttons, self.apply_button = box.buttons, box.apply_button
        # After the roll: what its symbols buy (strain, a die on an ally's next check), for the GM to tick.
        self.spending = SpendingBox()
        self.spending.changed.connect(self.respend)
        self._rolled: tuple[CheckRequest, CheckResult] | None = None
        form = QFormLayout()
        form.addRow("&Who:", self.who)
        form.addRow("&Skill:", self.skill)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.inputs)
        layout.addWidget(self.odds)
        layout.addWidget(self.pools)
        layout.addWidget(self.roll_box)
        layout.addWidget(self.spending)
        layout.addWidget(self.buttons)
        self.who.currentIndexChanged.connect(self._who_changed)
        self.skill.currentIndexChanged.connect(self._rebuild)
        self._who_changed()

    def _who_changed(self) -> None:
        combatant_id = self.who.currentData()
        previous = self.skill.currentData()
        self.skill.blockSignals(True)
        self.skill.clear()
        if combatant_id is not None:
            for key, label in self.controller.checking.check_skills(combatant_id):
                self.skill.addItem(label, key)
        index = self.skill.findData(previous)
        self.skill.setCurrentIndex(max(0, index))
        self.skill.blockSignals(False)
        self._rebuild()

    def _rebuild(self) -> None:
        combatant_id, skill = self.who.currentData(), self.skill.currentData()
        specs = self.controller.checking.check_inputs(combatant_id, skill) if combatant_id and skill else []
        kept = {}
        for spec in specs:
            value = self._values.get(spec.key, spec.default)
            kept[spec.key] = value if spec.validate(value) is None else spec.default
        self._values = kept
        self.inputs.build(specs, columns=1)
        self.inputs.show_values(kept)
        self.update_preview()

    def _edited(self, key: str, value: Any) -> None:
        self._values[key] = value
        self.update_preview()

    def request(self) -> CheckRequest | None:
        combatant_id, skill = self.who.currentData(), self.skill.currentData()
        if combatant_id is None or skill is None:
            return None
        return self.controller.checking.check_request(combatant_id, skill, **self._values)

    def _show_pools(self, request: CheckRequest | None) -> None:
        ctl = self.controller
        spends = ctl.checking.check_pool_spends(request) if request is not None else ()
        text = spend_preview(ctl.campaign, ctl.ruleset, spends, ctl.view.options)
        self.pools.setText(text)
        self.pools.setVisible(bool(text))

    def update_preview(self) -> None:
        try:
            request = self.request()
            odds = self.controller.checking.check_odds(request) if request is not None else None
        except ValueError as exc:
            self._show_pools(None)
            self.odds.setText(str(exc))
            self.roll_button.setEnabled(False)
            self.roll_box.show_pool(())
            return
        self.roll_box.show_pool(self.controller.checking.checks.check_dice(request, self.controller.view.options)
                                if request is not None else (), self.who.currentText())
        skill = self.skill.currentText()
        # Typed faces are named by the check itself: whose roll, which die each is, the die wanted next.
        self.dice_entry.set_probe(None if request is None else partial(
            probe, lambda dice: self.controller.checking.check(request, dice, skill)))
        self._show_pools(request)
        self.odds.setText(odds_text(odds) if odds is not None else "Choose who makes the check, and on what.")
        self.roll_button.setEnabled(odds is not None and self.rolled_event is None)

    def roll(self) -> None:
        if self.rolled_event is not None:
            return
        try:
            request = self.request()
            if request is None:
                return
            dice = self.dice_entry.dice(self._rng)
            event = self.controller.checking.check(request, dice, self.skill.currentText())
        except NeedMoreDice as exc:
            self.problem.setText(f"{exc}.")
            return
        except ValueError as exc:
            self.problem.setText(str(exc))
            return
        extra = dice.remaining if isinstance(dice, TypedDice) else 0
        if extra:
            # Faces beyond what the check read: a die typed twice, or one for another roll; nothing is applied.
            self.problem.setText(f"{extra} face{'s' if extra != 1 else ''} typed beyond what this roll reads: "
                                 "take them out, or check the order")
            return
        self.rolled_event = event
        self.roll_box.rolled(describe_check(self.skill.currentText(), event.result), event.result.dice,
                             event.result.tally)
        self._rolled = (request, event.result)
        self.spending.set_choices(self.controller.checking.check_spend_choices(request, event.result))
        if self.spending.rows:
            self.spending.show_budget(self.controller.checking.check_spending_left(request, event.result, []))

    def respend(self) -> None:
        """The rolled check with what is ticked now; Apply waits while the picks cost more than the roll has."""
        if self._rolled is None:
            return
        request, result = self._rolled
        picks = self.spending.picks()
        budget = self.controller.checking.check_spending_left(request, result, picks)
        problem = budget.problem
        event = None
        if problem is None:
            try:
                event = self.controller.checking.spend_check(request, result, picks, self.skill.currentText())
            except ValueError as exc:
                problem = str(exc)
        self.spending.show_budget(budget, problem)
        self.apply_button.setEnabled(event is not None)
        if event is not None:
            self.rolled_event = event

    @classmethod
    def ask(cls, parent: QWidget | None, controller: EncounterController,
            combatant_id: str | None = None) -> EncounterEvent | None:
        """The rolled check to push, or None if the GM cancelled; tests replace this."""
        dialog = cls(controller, combatant_id, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.rolled_event
