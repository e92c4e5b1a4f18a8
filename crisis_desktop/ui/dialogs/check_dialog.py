"""The check dialog: who, on what, the rules' check inputs, the exact odds live, then the roll for the log."""

from __future__ import annotations

import random
from dataclasses import replace
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
from crisis_desktop.rules.base import CheckOdds, CheckRequest, CheckResult, ContestChances, ContestResult, Outcome
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


def chances_text(chances: ContestChances | None, active: str, passive: str) -> str:
    """Who wins a contest how often, or that the rules do not price contests."""
    if chances is None:
        return f"Contest: {active} against {passive}; these rules give no exact odds for a contest"
    text = f"Contest: {active} wins {chances.active:.1%}, {passive} wins {chances.passive:.1%}"
    return text + (f", nobody {chances.nobody:.1%}" if chances.nobody else "")


def contest_text(result: ContestResult, active: tuple[str, str], passive: tuple[str, str]) -> str:
    """Both rolls of a contest and who won it, and why; each side given as (name, skill)."""
    winner = {"active": active[0], "passive": passive[0]}.get(result.winner or "", "")
    return "\n".join([describe_check(": ".join(active), result.active),
                      describe_check(": ".join(passive), result.passive),
                      f"{winner + ' wins' if winner else 'Nobody wins'}: {result.reason}"])


class CheckDialog(QDialog):
    """A check the GM asks for at the table (Perception, Athletics...): the inputs are the rules' own
    (Checks.check_inputs), the odds are exact, and the roll goes to the combat log as one undoable event. Against
    someone, it is a contest (an opposed check): the other side's skill and inputs are asked too, both roll by the
    rules, and the log says who wins and why."""

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
        # A contest: against whom, on what, with the other side's own inputs.
        self._their_values: dict[str, StatValue] = {}
        self.against = QComboBox()
        self.against.setObjectName("check-against")
        self.against.setToolTip("Someone to roll against: an opposed check (a contest) instead of a difficulty")
        self.their_skill = QComboBox()
        self.their_skill.setObjectName("check-their-skill")
        self.their_inputs = StatFieldsForm()
        self.their_inputs.valueEdited.connect(self._their_edited)
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
        form.addRow("&Against:", self.against)
        form.addRow("&Their skill:", self.their_skill)
        self._form = form
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.inputs)
        layout.addWidget(self.their_inputs)
        layout.addWidget(self.odds)
        layout.addWidget(self.pools)
        layout.addWidget(self.roll_box)
        layout.addWidget(self.spending)
        layout.addWidget(self.buttons)
        self.who.currentIndexChanged.connect(self._who_changed)
        self.skill.currentIndexChanged.connect(self._rebuild)
        self.against.currentIndexChanged.connect(self._against_changed)
        self.their_skill.currentIndexChanged.connect(self._rebuild_theirs)
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
        opponent = self.against.currentData()
        self.against.blockSignals(True)
        self.against.clear()
        self.against.addItem("Nobody: a check against a difficulty", None)
        for combatant in self.controller.view.encounter.combatants:
            if combatant.id != combatant_id:
                self.against.addItem(self.controller.view.name(combatant.id), combatant.id)
        self.against.setCurrentIndex(max(0, self.against.findData(opponent)))
        self.against.blockSignals(False)
        self._against_changed()

    def _against_changed(self) -> None:
        opponent = self.against.currentData()
        previous = self.their_skill.currentData()
        self.their_skill.blockSignals(True)
        self.their_skill.clear()
        if opponent is not None:
            for key, label in self.controller.checking.check_skills(opponent):
                self.their_skill.addItem(label, key)
            self.their_skill.setCurrentIndex(max(0, self.their_skill.findData(previous)))
        self.their_skill.blockSignals(False)
        self._form.setRowVisible(self.their_skill, opponent is not None)
        self.their_inputs.setVisible(opponent is not None)
        self._rebuild_theirs()

    def _rebuild_theirs(self) -> None:
        opponent, skill = self.against.currentData(), self.their_skill.currentData()
        specs = self.controller.checking.check_inputs(opponent, skill) if opponent and skill else []
        kept = {}
        for spec in specs:
            value = self._their_values.get(spec.key, spec.default)
            kept[spec.key] = value if spec.validate(value) is None else spec.default
        self._their_values = kept
        self.their_inputs.build([replace(spec, group=f"{self.against.currentText()}'s check") for spec in specs],
                                columns=1)
        self.their_inputs.show_values(kept)
        self._rebuild()

    def _their_edited(self, key: str, value: Any) -> None:
        self._their_values[key] = value
        self.update_preview()

    def passive_request(self) -> CheckRequest | None:
        """The other side's check in a contest; None for a plain check."""
        opponent, skill = self.against.currentData(), self.their_skill.currentData()
        if opponent is None or skill is None:
            return None
        return self.controller.checking.check_request(opponent, skill, **self._their_values)

    def _names(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """Each side of a contest as (name, skill): ('Vera', 'Stealth'), ('Thug', 'Search')."""
        return ((self.who.currentText(), self.skill.currentText()),
                (self.against.currentText(), self.their_skill.currentText()))

    def _rebuild(self) -> None:
        combatant_id, skill = self.who.currentData(), self.skill.currentData()
        specs = self.controller.checking.check_inputs(combatant_id, skill) if combatant_id and skill else []
        kept = {}
        for spec in specs:
            value = self._values.get(spec.key, spec.default)
            kept[spec.key] = value if spec.validate(value) is None else spec.default
        self._values = kept
        if self.against.currentData() is not None:
            # In a contest each side's inputs are headed by whose they are.
            specs = [replace(spec, group=f"{self.who.currentText()}'s check") for spec in specs]
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
            passive = self.passive_request()
            if request is not None and passive is not None:
                self._preview_contest(request, passive)
                return
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

    def _preview_contest(self, request: CheckRequest, passive: CheckRequest) -> None:
        """The contest's chances, and typed faces named by the contest itself (the active side's dice first)."""
        checking = self.controller.checking
        self.roll_box.show_pool((), self.who.currentText())
        mine, theirs = self.skill.currentText(), self.their_skill.currentText()
        self.dice_entry.set_probe(partial(probe, lambda dice: checking.contest(request, passive, dice, mine, theirs)))
        self.odds.setText(chances_text(checking.contest_chances(request, passive), self.who.currentText(),
                                       self.against.currentText()))
        self.roll_button.setEnabled(self.rolled_event is None)

    def roll(self) -> None:
        if self.rolled_event is not None:
            return
        try:
            request = self.request()
            if request is None:
                return
            passive = self.passive_request()
            dice = self.dice_entry.dice(self._rng)
            if passive is not None:
                event = self.controller.checking.contest(request, passive, dice, self.skill.currentText(),
                                                         self.their_skill.currentText())
            else:
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
        if isinstance(event.result, ContestResult):
            # A contest: both rolls and who wins; nothing of its symbols is spent here.
            self.roll_box.rolled(contest_text(event.result, *self._names()),
                                 (*event.result.active.dice, *event.result.passive.dice))
            return
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
