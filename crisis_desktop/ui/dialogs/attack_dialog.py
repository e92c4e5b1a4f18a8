"""The attack dialog: attacker, weapon, target and every input, the modifiers and exact odds live, then the roll."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.encounter_commands import EncounterEvent
from crisis_desktop.controller.encounter_log import attack_details
from crisis_desktop.controller.prepared_attack import Inputs, PreparedAttack
from crisis_desktop.rules.base import AttackOdds, AttackRequest, AttackResult, Executes
from crisis_desktop.rules.kernel.dice import DiceSource, DieRoll, NeedMoreDice, RandomDice, TypedDice, probe
from crisis_desktop.ui.plain_text import plain_label
from crisis_desktop.ui.widgets.dice_entry import RollBox, dice_tokens
from crisis_desktop.ui.widgets.spending_box import SpendingBox
from crisis_desktop.ui.widgets.stat_fields import StatFieldsForm


def _further_odds(odds: AttackOdds) -> str:
    """The rules' further chances and distributions for one target: " · critical wound 12.0% · pain 1: 30.0%, 2:
    10.0%" (a distribution lists its outcomes above nothing, most likely first, at most four)."""
    parts = [f"{name} {p:.1%}" for name, p in odds.chances.items()]
    for name, spread in odds.spreads.items():
        shown = sorted(((n, p) for n, p in spread.items() if n and p > 0), key=lambda item: -item[1])[:4]
        if shown:
            parts.append(f"{name} " + ", ".join(f"{n}: {p:.1%}" for n, p in sorted(shown)))
    return "".join(f" · {part}" for part in parts)


SIDE_BY_SIDE_WIDTH = 640    # pixels: narrower, the attack's inputs stand above the target's


class AttackDialog(QDialog):
    """A view of a PreparedAttack (controller/prepared_attack.py), which holds every value: the attacker, weapon and
    targets, the attack's own inputs and each target's, the map's override. Any change rebuilds the fields from the
    model, so what the GM set stays wherever the rules still ask for it. Shows both sides before the roll (the
    modifiers, the defender's standing: bars and conditions), what the roll must reach, the price and whether it can
    be paid, and the exact odds for every target; rolls the attack (the app's dice or the faces the GM typed) and
    shows the breakdown; Apply hands back the event. The gist of the preview (chance, what to beat, price), Roll, Apply
    and Cancel sit below the scrolling inputs, always in view; after the roll the inputs fold away for the result.

    Further targets (a volley spread over several, everyone under an area template) are ticked in a list, in the
    order they are declared, up to what the rules allow for the weapon; each has its own inputs.

    Signals:
        blastShown(str, int): the aimed target and the weapon's blast radius (0 for none), as they change.
    """

    blastShown = Signal(str, int)

    def __init__(self, controller: EncounterController, attacker_id: str, target_id: str | None = None,
                 parent: QWidget | None = None, rng: random.Random | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Attack")
        self.controller = controller
        self.model = PreparedAttack(controller.preview, attacker_id, target_id)
        self.rolled_event: EncounterEvent | None = None
        self._rng = rng or random.Random()
        self._building = False
        self.attacker = QComboBox()
        self.weapon = QComboBox()
        self.target = QComboBox()
        # The inputs are the rules' own (Attacks.attack_inputs, Attacks.target_inputs), built from the model.
        self.situation = StatFieldsForm()
        self.situation.setObjectName("attack-situation")
        self.situation.valueEdited.connect(self._input_edited)
        self.target_form = StatFieldsForm()
        self.target_form.setObjectName("attack-target-inputs")
        self.target_form.valueEdited.connect(
            lambda key, value: self._target_edited(self.model.target_id, key, value))
        self.further = QListWidget()
        self.further.setObjectName("attack-further-targets")
        self.further.setToolTip("Further targets of the same attack, in the order ticked")
        self.further.setMaximumHeight(100)
        self.further.itemChanged.connect(self._further_ticked)
        self.further.currentItemChanged.connect(lambda *_: self._show_further_inputs())
        self.further_label = QLabel()
        self.further_label.setWordWrap(True)
        self.further_form = StatFieldsForm()
        self.further_form.valueEdited.connect(self._further_edited)
        # With a battle map the map decides distance, cover, sight and reach; the GM may force it, which is logged.
        self.map_note = QLabel()
        self.map_note.setObjectName("attack-map-note")
        self.map_note.setWordWrap(True)
        self.override = QCheckBox("GM override of the map (logged)")   # short: the attack panel can be narrow
        self.override.setToolTip("Set by hand what the map measures (distance, cover); the log says so")
        self.override.setObjectName("attack-map-override")
        self.override.toggled.connect(self._override_toggled)
        # The rules' finishing blow on a helpless target instead of an ordinary attack, where they have one.
        attacks = controller.ruleset.attacks
        label = attacks.EXECUTE_LABEL if isinstance(attacks, Executes) else ""
        self._finishing_how = attacks.EXECUTE_HOW if isinstance(attacks, Executes) else ""
        self.finishing = QCheckBox(label)
        self.finishing.setObjectName("attack-finishing-blow")
        self.finishing.setToolTip(f"{label}: a finishing blow on a helpless target instead of an ordinary attack")
        self.finishing.setVisible(isinstance(attacks, Executes))
        self.finishing.toggled.connect(self._finishing_toggled)
        # Modifiers, odds and problems name the combatants and their weapons: plain text.
        self.cost = plain_label()
        self.cost.setObjectName("attack-cost")
        self.cost.setWordWrap(True)
        self.modifiers = plain_label()
        self.modifiers.setObjectName("attack-modifiers")
        self.modifiers.setWordWrap(True)
        self.defenders = plain_label()
        self.defenders.setObjectName("attack-defenders")
        self.defenders.setWordWrap(True)
        self.to_beat = plain_label()
        self.to_beat.setObjectName("attack-to-beat")
        self.to_beat.setWordWrap(True)
        self.odds = plain_label()
        self.odds.setObjectName("attack-odds")
        self.odds.setWordWrap(True)
        self.gist = plain_label()
        self.gist.setObjectName("attack-gist")
        self.gist.setWordWrap(True)
        self.roll_box = RollBox(controller.ruleset.dice_kinds(), self.roll, self, "attack",
                                controller.ruleset.symbol_glyphs(), footer=False)
        box = self.roll_box
        self.dice_entry, self.roll_button, self.problem, self.roll_breakdown = (box.dice_entry, box.roll_button,
                                                                                box.problem, box.breakdown)
        self.app_dice, self.typed_dice, self.faces = (self.dice_entry.app_dice, self.dice_entry.typed_dice,
                                                      self.dice_entry.faces)
        self.buttons, self.apply_button = box.buttons, box.apply_button
        # After the roll: what its symbols buy, the rules' own plan ticked; a change re-spends the same dice.
        self._rolled_result: AttackResult | None = None
        self._seen_rolls: list[DieRoll] = []       # every die the roll and its re-spendings showed, to show again
        self._spend_pending = False
        self.spending = SpendingBox()
        self.spending.changed.connect(self.respend)
        self.faces.textChanged.connect(lambda _t: self.respend() if self._spend_pending else None)
        self._layout()
        self.attacker.currentIndexChanged.connect(self._attacker_changed)
        self.weapon.currentIndexChanged.connect(self._weapon_changed)
        self.target.currentIndexChanged.connect(self._target_changed)
        self.rebuild()

    # -- construction ----------------------------------------------------------------------------
    def _layout(self) -> None:
        who = QFormLayout()
        who.addRow("&Attacker:", self.attacker)
        who.addRow("&Weapon:", self.weapon)
        who.addRow("&Target:", self.target)
        # Everything before the roll scrolls between the choice of who and the buttons, which stay in view.
        self.inputs = QWidget()
        where = QVBoxLayout(self.inputs)
        where.setContentsMargins(0, 0, 0, 0)
        # The attack's own inputs beside the aimed target's where there is room, else above them (resizeEvent).
        self._forms_row = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self._forms_row.addWidget(self.situation, 1)
        self._forms_row.addWidget(self.target_form, 1)
        where.addLayout(self._forms_row)
        where.addWidget(self.map_note)
        where.addWidget(self.override)
        where.addWidget(self.finishing)
        self.further_box = QGroupBox("Further targets")
        further = self._further_row = QBoxLayout(QBoxLayout.Direction.LeftToRight, self.further_box)
        listing = QVBoxLayout()
        listing.addWidget(self.further_label)
        listing.addWidget(self.further, 1)
        further.addLayout(listing, 1)
        further.addWidget(self.further_form, 1)
        where.addWidget(self.further_box)
        self.preview_box = QGroupBox("Before the roll")
        preview_layout = QVBoxLayout(self.preview_box)
        for label in (self.modifiers, self.defenders, self.to_beat, self.odds, self.cost):
            preview_layout.addWidget(label)
        body = QWidget()
        body_layout = QVBoxLayout(body)
        body_layout.setContentsMargins(0, 0, 0, 0)
        body_layout.addWidget(self.inputs)
        body_layout.addWidget(self.preview_box)
        body_layout.addWidget(self.roll_box)
        body_layout.addWidget(self.spending)
        body_layout.addStretch(1)
        self.body = QScrollArea()
        self.body.setObjectName("attack-body")
        self.body.setWidgetResizable(True)
        self.body.setFrameShape(QFrame.Shape.NoFrame)
        self.body.setWidget(body)
        footer = QHBoxLayout()
        footer.addWidget(self.roll_button)
        footer.addWidget(self.problem, 1)
        footer.addWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.addLayout(who)
        layout.addWidget(self.body, 1)
        # The gist of the preview stays in view above the buttons as the inputs change: chance, what to beat, price.
        layout.addWidget(self.gist)
        layout.addLayout(footer)

    def resizeEvent(self, event: QResizeEvent) -> None:  # Override QWidget::resizeEvent: stack the forms when narrow
        super().resizeEvent(event)
        narrow = event.size().width() < SIDE_BY_SIDE_WIDTH
        direction = QBoxLayout.Direction.TopToBottom if narrow else QBoxLayout.Direction.LeftToRight
        self._forms_row.setDirection(direction)
        self._further_row.setDirection(direction)

    # -- the model's choices, shown ----------------------------------------------------------------
    @staticmethod
    def _fill(combo: QComboBox, items: list[tuple[str, str]], current: str | None) -> None:
        combo.blockSignals(True)
        combo.clear()
        for data, label in items:
            combo.addItem(label, data)
        index = combo.findData(current)
        combo.setCurrentIndex(index if index >= 0 else (0 if combo.count() else -1))
        combo.blockSignals(False)

    def rebuild(self) -> None:
        """Every field anew from the model: the choices of who, with what, at whom, each form with its values."""
        model = self.model
        choices = model.choices()
        self._building = True
        try:
            self._fill(self.attacker, choices.attackers, model.attacker_id)
            self._fill(self.weapon, choices.weapons, model.weapon_id)
            self._fill(self.target, choices.targets, model.target_id)
            if model.weapon_id is None or model.target_id is None:
                self.situation.build([])
                self.target_form.build([])
                self.further_box.setVisible(False)
            else:
                self._show_form(self.situation, model.own_inputs())
                self._show_form(self.target_form, model.target_inputs(model.target_id))
                self._fill_further(choices.targets)
            self.override.blockSignals(True)
            self.override.setChecked(model.override)
            self.override.blockSignals(False)
        finally:
            self._building = False
        self._describe_map()
        self.announce_blast()
        self.update_preview()

    def _show_form(self, form: StatFieldsForm, inputs: Inputs) -> None:
        form.build(list(inputs.specs), columns=1)
        form.show_values(inputs.values)
        for key, editor in form.editors.items():
            editor.setEnabled(key not in inputs.locked)

    def _attacker_changed(self) -> None:
        if not self._building and self.attacker.currentData() is not None:
            self.model.set_attacker(self.attacker.currentData())
            self.rebuild()

    def _weapon_changed(self) -> None:
        if not self._building:
            self.model.set_weapon(self.weapon.currentData())
            self.rebuild()

    def _target_changed(self) -> None:
        if not self._building:
            self.model.set_target(self.target.currentData())
            self.rebuild()

    def _override_toggled(self, on: bool) -> None:
        """Overriding unlocks the map's values; ending the override takes the map's values back."""
        if not self._building:
            self.model.set_override(on)
            self.rebuild()

    def _finishing_toggled(self, on: bool) -> None:
        self.model.finishing = on
        self.update_preview()

    def _describe_map(self) -> None:
        if self.controller.preview.battle_map() is None:
            self.map_note.setText("")
            self.override.setVisible(False)
            return
        found = self.model.on_map()
        missing = [self.controller.view.name(t) for t, on in found.items() if not on]
        # What the map fixes is the rules' choice: distance and cover, or (rules that count areas) only who can be
        # reached and seen.
        measured = any(self.model.map_fixes(t) for t, on in found.items() if on)
        text = "Distance and cover are measured on the battle map." if measured else \
            "Reach and line of sight come from the battle map."
        if missing:
            text += f" Not on the map, so {'typed' if measured else 'not checked'}: {', '.join(missing)}."
        self.map_note.setText(text)
        self.override.setVisible(len(missing) < len(found))

    def _fill_further(self, targets: list[tuple[str, str]]) -> None:
        """Everyone standing but the attacker and the aimed target (of `targets`), ticked as declared; hidden when the
        weapon takes one target."""
        model = self.model
        limit = model.max_targets()
        self.further_box.setVisible(limit is None or limit > 1)
        blast = bool(model.blast_targets())
        current = self.further.currentItem()
        current_id = current.data(Qt.ItemDataRole.UserRole) if current is not None else None
        self.further.blockSignals(True)
        self.further.clear()
        for target_id, label in targets:
            if target_id == model.target_id:
                continue
            item = QListWidgetItem(label)
            item.setData(Qt.ItemDataRole.UserRole, target_id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if target_id in model.further else Qt.CheckState.Unchecked)
            self.further.addItem(item)
            if target_id == current_id:
                self.further.setCurrentItem(item)
        self.further.blockSignals(False)
        self.further.setEnabled(not blast)
        weapon = model.weapon()
        heading, line = self.controller.preview.attacks.further_targets_text(weapon) if weapon is not None else ("", "")
        self.further_box.setTitle(heading)
        self.further_label.setText("Under the template on the map:" if blast else line)
        self._show_further_inputs()

    def _further_ticked(self, item: QListWidgetItem) -> None:
        target_id = item.data(Qt.ItemDataRole.UserRole)
        refused = self.model.tick(target_id, item.checkState() == Qt.CheckState.Checked)
        if refused:
            self.further.blockSignals(True)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.further.blockSignals(False)
            self.problem.setText(refused)
            return
        self.problem.setText("")
        self.further.setCurrentItem(item)
        self._show_further_inputs()
        self.update_preview()

    def _show_further_inputs(self) -> None:
        item = self.further.currentItem()
        target_id = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if target_id not in self.model.further:
            self.further_form.build([])
            return
        self._show_form(self.further_form, self.model.target_inputs(target_id))

    def _input_edited(self, key: str, value: Any) -> None:
        self.model.set_own(key, value)
        self.update_preview()

    def _target_edited(self, target_id: str | None, key: str, value: Any) -> None:
        if target_id is None:
            return
        self.model.set_target_input(target_id, key, value)
        self.update_preview()

    def _further_edited(self, key: str, value: Any) -> None:
        item = self.further.currentItem()
        if item is not None:
            self._target_edited(item.data(Qt.ItemDataRole.UserRole), key, value)

    def tick(self, target_id: str) -> None:
        """Declare a further target, as ticking it in the list does."""
        for index in range(self.further.count()):
            item = self.further.item(index)
            if item.data(Qt.ItemDataRole.UserRole) == target_id:
                item.setCheckState(Qt.CheckState.Checked)
                return
        raise KeyError(target_id)

    def field(self, key: str, target_id: str | None = None) -> QWidget:
        """The widget of one of the rules' inputs: the attack's own or the aimed target's, or (with `target_id`) a
        further target's, which it shows."""
        if target_id is not None:
            for index in range(self.further.count()):
                if self.further.item(index).data(Qt.ItemDataRole.UserRole) == target_id:
                    self.further.setCurrentRow(index)
            return self.further_form.editors[key]
        return self.situation.editors.get(key) or self.target_form.editors[key]

    def request(self) -> AttackRequest | None:
        return self.model.request()

    def announce_blast(self) -> None:
        weapon, target_id = self.model.weapon(), self.model.target_id
        if target_id is not None:
            radius = self.controller.preview.attacks.blast_radius(weapon) if weapon is not None else None
            self.blastShown.emit(target_id, radius or 0)

    def _no_preview(self, reason: str) -> None:
        self.dice_entry.set_probe(None)
        self.modifiers.setText(reason)
        self.gist.setText(reason)
        for label in (self.defenders, self.to_beat, self.odds, self.cost):
            label.setText("")
        self._hide_empty()
        self.roll_button.setEnabled(False)
        self.roll_box.show_pool(())

    def _hide_empty(self) -> None:
        """A line the rules leave empty (no fixed number to beat in an opposed roll) leaves no gap either."""
        for label in (self.modifiers, self.defenders, self.to_beat, self.odds, self.cost):
            label.setHidden(not label.text())

    def update_preview(self) -> None:
        """Both sides of the roll (every modifier, each defender's standing), what it must reach, the price and
        whether it can be paid, and the exact odds, for the inputs as they are now."""
        try:
            request = self.request()
        except ValueError as exc:
            self._no_preview(str(exc))
            return
        if request is None:
            self._no_preview("Choose an attacker with a weapon, and a target.")
            return
        try:
            preview = self.controller.preview.attack_preview(request)
        except ValueError as exc:
            self._no_preview(str(exc))
            return
        self.modifiers.setText("Modifiers: " + (", ".join(f"{t.label} {t.value:+g}" for t in preview.modifiers)
                                                or "none"))
        targets = request.distinct_targets()
        self.defenders.setText("\n".join(
            f"{'Defender' if len(targets) == 1 else target.name}: "
            f"{self.controller.preview.standing(target.combatant.id)}"
            for target in targets if target.combatant is not None))
        self.to_beat.setText(f"{preview.to_beat_heading}: {preview.to_beat.breakdown()}"
                             if preview.to_beat is not None else "")
        finishing = self.finishing.isChecked()
        self.finishing.setEnabled(preview.finishing is not None)
        if finishing and preview.finishing is not None:
            o = preview.finishing
            self.to_beat.setText(f"{self.finishing.text()}: {self._finishing_how}")
            self.odds.setText(f"Expected damage {o.expected_damage:.2f} · {targets[0].name} dies {o.drop_target:.1%}")
        elif preview.odds is None:
            # The odds cannot be worked out (too many outcomes): the attack can still be rolled.
            self.odds.setText(f"No odds: {preview.odds_problem}")
        else:
            lines = [f"{'' if len(targets) == 1 else target.name + ': '}Hit {o.hit:.1%} · expected damage "
                     f"{o.expected_damage:.2f} · drops {target.name} {o.drop_target:.1%}" + _further_odds(o)
                     for target, o in zip(targets, (preview.odds, *preview.odds.further), strict=False)]
            if preview.reactions:
                # What each reaction the target may still choose leaves of the attack, for the GM to compare.
                lines.append("If the target reacts: " + " · ".join(f"{name} hit {o.hit:.1%}"
                                                                    for name, o in preview.reactions.items()))
            self.odds.setText("\n".join(lines))
        cost = f"Costs {preview.cost}" if preview.cost != "free" else "Costs nothing"
        self.cost.setText(f"{cost}: {preview.cannot}" if preview.cannot else f"{cost}.")
        chance = preview.finishing if finishing and preview.finishing is not None else preview.odds
        gist = [f"Hit {chance.hit:.1%}" if chance is not None and not finishing else "",
                f"{preview.to_beat_words} {preview.to_beat.value:g}" if preview.to_beat is not None and not finishing
                else "",
                self.cost.text()]
        self.gist.setText(" · ".join(part for part in gist if part))
        if preview.pools:
            self.cost.setText(f"{self.cost.text()}\n{preview.pools}")
        self.roll_box.show_pool(self.controller.preview.attacks.attack_dice(request, self.controller.view.options),
                                request.attacker.name)
        # Typed faces are named by the roll itself: whose roll, which die each is, the die wanted next.
        self.dice_entry.set_probe(partial(probe, partial(self._resolve, request)))
        self.faces.setToolTip(f"Typed dice are read {preview.dice_order}")
        self.faces.setPlaceholderText(f"faces in order: {preview.dice_order}")
        self.roll_button.setEnabled(self.rolled_event is None and preview.cannot is None
                                    and (not finishing or preview.finishing is not None))
        self._hide_empty()

    # -- rolling ---------------------------------------------------------------------------------
    def _resolve(self, request: AttackRequest, dice: DiceSource) -> AttackResult:
        """The attack as declared, resolved by the rules alone (nothing is applied): what typed faces are read as."""
        attacks, options = self.controller.preview.attacks, self.controller.view.options
        if self.finishing.isChecked() and isinstance(attacks, Executes):
            return attacks.resolve_execute(request, dice, options)
        return attacks.resolve_attack(request, dice, options)

    def dice(self) -> DiceSource:
        return self.dice_entry.dice(self._rng)

    def roll(self) -> None:
        try:
            request = self.request()
        except ValueError as exc:
            self.problem.setText(str(exc))
            return
        if request is None or self.rolled_event is not None:
            return
        dice = self.dice()
        try:
            event = self.controller.attack(request, dice, finishing=self.finishing.isChecked())
        except NeedMoreDice as exc:
            self.problem.setText(f"{exc}.")
            return
        except ValueError as exc:
            self.problem.setText(str(exc))
            return
        extra = dice.remaining if isinstance(dice, TypedDice) else 0
        if extra:
            # Faces beyond what the roll read: a die typed twice, or one for another roll; nothing is applied.
            self.problem.setText(f"{extra} face{'s' if extra != 1 else ''} typed beyond what this roll reads: "
                                 "take them out, or check the order")
            return
        self.rolled_event = event
        result = event.result
        self._fold_inputs()
        self.roll_box.rolled("\n".join([result.summary, *attack_details(result)]), result.attack.dice,
                             result.attack.tally)
        self._rolled_result = result
        self._seen_rolls = list(result.rolls)
        self.spending.set_choices(self.controller.spend_choices(result))
        if self.spending.rows:
            self.spending.show_budget(self.controller.spending_left(result, self.spending.picks()))

    def _fold_inputs(self) -> None:
        """The roll is made as declared: the inputs fold away (the choice of who, with what, at whom is kept and
        locked), so the result has the room, in view without scrolling."""
        for widget in (self.attacker, self.weapon, self.target):
            widget.setEnabled(False)
        self.inputs.hide()
        self.preview_box.hide()
        self.gist.hide()
        if self.app_dice.isChecked():       # typed faces stay: spending may ask for one more die
            self.dice_entry.hide()
        self.roll_breakdown.setMaximumHeight(16777215)
        self.roll_breakdown.setMinimumHeight(self.roll_breakdown.fontMetrics().lineSpacing() * 6)
        self.body.verticalScrollBar().setValue(0)

    def _spend_dice(self) -> DiceSource:
        """Dice for what re-spending rolls anew (a critical's d100): the app's, or the faces typed after those read
        so far."""
        if self.typed_dice.isChecked():
            return TypedDice(dice_tokens(self.faces.text())[len(self._seen_rolls):])
        return RandomDice(rng=self._rng)

    def _remember(self, rolls: tuple[DieRoll, ...]) -> None:
        """Keep every die a re-spending rolled anew, so that ticking a critical again shows the same d100."""
        seen = Counter((d.sides, d.label) for d in self._seen_rolls)
        now: Counter[tuple[int, str]] = Counter()
        for die in rolls:
            now[(die.sides, die.label)] += 1
            if now[(die.sides, die.label)] > seen[(die.sides, die.label)]:
                self._seen_rolls.append(die)

    def respend(self) -> None:
        """The rolled attack spent as ticked now: the same dice, the breakdown and the event to apply follow; Apply
        waits while the picks cost more than the roll has, or a die is still to type."""
        result = self._rolled_result
        if result is None:
            return
        picks = self.spending.picks()
        budget = self.controller.spending_left(result, picks)
        problem: str | None = budget.problem
        event = None
        if problem is None:
            try:
                event = self.controller.spend(replace(result, rolls=tuple(self._seen_rolls)), picks,
                                              self._spend_dice())
            except NeedMoreDice as exc:
                problem = f"{exc}: type it after the others."
            except ValueError as exc:
                problem = str(exc)
        self._spend_pending = event is None
        self.spending.show_budget(budget, problem)
        self.apply_button.setEnabled(event is not None)
        if event is not None:
            self.rolled_event = event
            self._remember(event.result.rolls)
            self.roll_breakdown.setPlainText("\n".join([event.result.summary, *attack_details(event.result)]))
            self.roll_box.fit_breakdown()

    @classmethod
    def ask(cls, parent: QWidget | None, controller: EncounterController, attacker_id: str,
            target_id: str | None = None,
            blast: Callable[[str, int], object] | None = None) -> EncounterEvent | None:
        """The rolled attack to push, or None if the GM cancelled; tests replace this. With a battle map linked to
        the encounter, the map measures every target (EncounterController.measure); `blast` hears the aimed target
        and the weapon's blast radius as they change, for the map's template."""
        dialog = cls(controller, attacker_id, target_id, parent)
        if blast is not None:
            dialog.blastShown.connect(blast)
            dialog.announce_blast()
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.rolled_event
