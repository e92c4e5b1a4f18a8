"""The attack dialog: attacker, weapon, target and every input, the modifiers and exact odds live, then the roll."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.encounter_commands import EncounterEvent
from crisis_desktop.controller.encounter_log import attack_details
from crisis_desktop.domain import StatValue
from crisis_desktop.rules.base import AttackOdds, AttackRequest, AttackResult
from crisis_desktop.rules.dice import DiceSource, DieRoll, NeedMoreDice, RandomDice, TypedDice
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


class AttackDialog(QDialog):
    """Builds an AttackRequest from the rules' inputs (the attack's own, and each target's), shows the modifiers,
    what the roll must reach and the odds for every target as they change, rolls the attack (the app's dice or the
    faces the GM typed) and shows the breakdown; Apply hands back the event.

    Further targets (a volley spread over several, everyone under an area template) are ticked in a list, in the
    order they are declared, up to what the rules allow for the weapon."""

    # The aimed target and the weapon's blast radius (0 for none), as they change: the map draws the template.
    blastShown = Signal(str, int)

    def __init__(self, controller: EncounterController, attacker_id: str, target_id: str | None = None,
                 parent: QWidget | None = None, rng: random.Random | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Attack")
        self.controller = controller
        self.rolled_event: EncounterEvent | None = None
        self._rng = rng or random.Random()
        encounter = controller.encounter
        standing = [c.id for c in encounter.combatants if not controller.out_of_fight(c.id)]
        self.attacker = self._combo([(controller.name(cid), cid) for cid in standing], attacker_id)
        self.weapon = QComboBox()
        self.target = QComboBox()
        # The inputs are the rules' own (Attacks.attack_inputs, Attacks.target_inputs): built for each attacker,
        # weapon and target, keeping what the GM already set.
        self.situation = StatFieldsForm()
        self.situation.valueEdited.connect(self._input_edited)
        self.target_form = StatFieldsForm()
        self.target_form.valueEdited.connect(lambda key, value: self._target_edited(self.target.currentData(),
                                                                                    key, value))
        self.further = QListWidget()
        self.further.setObjectName("attack-further-targets")
        self.further.setToolTip("Further targets of the same attack, in the order ticked")
        self.further.setMaximumHeight(100)
        self.further.itemChanged.connect(self._further_ticked)
        self.further.currentItemChanged.connect(lambda *_: self._show_further_inputs())
        self.further_label = QLabel()
        self.further_form = StatFieldsForm()
        self.further_form.valueEdited.connect(self._further_edited)
        self._values: dict[str, StatValue] = {}
        self._edited: set[str] = set()
        self._target_values: dict[str, dict[str, StatValue]] = {}
        self._target_edited_keys: dict[str, set[str]] = {}
        self._ticked: list[str] = []
        self._map_blast = False
        # With a battle map the map decides distance, cover, sight and reach; the GM may force it, which is logged.
        self.map_note = QLabel()
        self.map_note.setObjectName("attack-map-note")
        self.map_note.setWordWrap(True)
        self.override = QCheckBox("GM override: set what the map measures by hand (logged)")
        self.override.setObjectName("attack-map-override")
        self.override.toggled.connect(self._override_toggled)
        self.execute = QCheckBox("Execute")
        self.execute.setToolTip("Execute a helpless target (the rules' Execute instead of an ordinary attack)")
        self.execute.setVisible(controller.attacks.has_execute)
        self.execute.toggled.connect(lambda _on: self.update_preview())
        # Modifiers, odds and problems name the combatants and their weapons: plain text.
        self.cost = plain_label()
        self.cost.setObjectName("attack-cost")
        self.cost.setWordWrap(True)
        self.modifiers = plain_label()
        self.modifiers.setObjectName("attack-modifiers")
        self.modifiers.setWordWrap(True)
        self.to_beat = plain_label()
        self.to_beat.setObjectName("attack-to-beat")
        self.to_beat.setWordWrap(True)
        self.odds = plain_label()
        self.odds.setObjectName("attack-odds")
        self.odds.setWordWrap(True)
        self.roll_box = RollBox(controller.ruleset.dice_kinds(), self.roll, self, "attack",
                                controller.ruleset.symbol_glyphs())
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
        self._attacker_changed()
        if target_id is not None:
            self._select(self.target, target_id)

    # -- construction ----------------------------------------------------------------------------
    @staticmethod
    def _combo(items: list[tuple[str, Any]], current: Any = None) -> QComboBox:
        combo = QComboBox()
        for label, data in items:
            combo.addItem(label, data)
        AttackDialog._select(combo, current)
        return combo

    @staticmethod
    def _select(combo: QComboBox, data: Any) -> None:
        index = combo.findData(data)
        if index >= 0:
            combo.setCurrentIndex(index)

    def _layout(self) -> None:
        who = QFormLayout()
        who.addRow("&Attacker:", self.attacker)
        who.addRow("&Weapon:", self.weapon)
        who.addRow("&Target:", self.target)
        # The rules' inputs come in their own groups (crisis: "Situation"); Execute follows them.
        inputs = QWidget()
        where = QVBoxLayout(inputs)
        where.setContentsMargins(0, 0, 0, 0)
        # The attack's own inputs beside the aimed target's: the dialog fits a 1280x800 screen.
        side_by_side = QHBoxLayout()
        side_by_side.addWidget(self.situation, 1)
        side_by_side.addWidget(self.target_form, 1)
        where.addLayout(side_by_side)
        where.addWidget(self.map_note)
        where.addWidget(self.override)
        where.addWidget(self.execute)
        self.further_box = QGroupBox("Further targets")
        further = QHBoxLayout(self.further_box)
        listing = QVBoxLayout()
        listing.addWidget(self.further_label)
        listing.addWidget(self.further, 1)
        further.addLayout(listing, 1)
        further.addWidget(self.further_form, 1)
        where.addWidget(self.further_box)
        preview = QGroupBox("Modifiers and odds")
        preview_layout = QVBoxLayout(preview)
        preview_layout.addWidget(self.modifiers)
        preview_layout.addWidget(self.to_beat)
        preview_layout.addWidget(self.odds)
        preview_layout.addWidget(self.cost)
        layout = QVBoxLayout(self)
        layout.addLayout(who)
        layout.addWidget(inputs)
        layout.addWidget(preview)
        layout.addWidget(self.roll_box)
        layout.addWidget(self.spending)
        layout.addWidget(self.buttons)

    # -- inputs ----------------------------------------------------------------------------------
    def _attacker_changed(self) -> None:
        attacker_id = self.attacker.currentData()
        if attacker_id is None:
            return
        ctl = self.controller
        self.weapon.blockSignals(True)
        self.weapon.clear()
        for weapon in ctl.weapons(attacker_id):
            self.weapon.addItem(weapon.name, weapon.id)
        self.weapon.blockSignals(False)
        previous = self.target.currentData()
        side = ctl.combatant(attacker_id).side
        self.target.blockSignals(True)
        self.target.clear()
        others = [c for c in ctl.encounter.combatants if c.id != attacker_id and not ctl.out_of_fight(c.id)]
        # Enemies first: they are the usual target.
        for combatant in sorted(others, key=lambda c: c.side == side):
            self.target.addItem(f"{ctl.name(combatant.id)} ({combatant.side.value})", combatant.id)
        self._select(self.target, previous)
        self.target.blockSignals(False)
        self._ticked = [t for t in self._ticked if self.target.findData(t) >= 0]
        self._weapon_changed()

    def _weapon_changed(self) -> None:
        self._rebuild_inputs()

    def _target_changed(self) -> None:
        target_id = self.target.currentData()
        if target_id in self._ticked:
            self._ticked.remove(target_id)
        self._rebuild_inputs()

    def _rebuild_inputs(self) -> None:
        """The rules' inputs for this attacker, weapon and targets: what the GM set stays (where the rules still
        allow it), the rest takes the battle map's measure or the rules' default."""
        attacker_id, weapon_id, target_id = (self.attacker.currentData(), self.weapon.currentData(),
                                             self.target.currentData())
        if attacker_id is None or weapon_id is None or target_id is None:
            self.situation.build([])
            self.target_form.build([])
            self.further_box.setVisible(False)
            self.update_preview()
            return
        specs = self.controller.attack_inputs(attacker_id, weapon_id)
        self._values = self._kept(specs, self._values, self._edited, {})
        self.situation.build(specs, columns=1)
        self.situation.show_values(self._values)
        # An area weapon on the map: everyone under the template is a target, unless the GM overrides the map.
        blast = [] if self.override.isChecked() else self.controller.blast_targets(attacker_id, weapon_id, target_id)
        self._map_blast = bool(blast)
        if blast:
            self._ticked = [t for t in blast if t != target_id and self.target.findData(t) >= 0]
        self._target_values = {tid: self._inputs_of(tid) for tid in [target_id, *self._ticked]}
        self.target_form.build(self._specs_of(target_id), columns=1)
        self.target_form.show_values(self._target_values[target_id])
        self._lock_measured(self.target_form, target_id)
        self._fill_further()
        self._describe_map()
        self.announce_blast()
        self.update_preview()

    def _measured(self, target_id: str) -> Mapping[str, StatValue]:
        """What the encounter's battle map fixes for this target (nothing without a map or a token): distance and
        cover, and under a blast centred on the aimed target, the distance from it."""
        found = self.controller.map_inputs(self.attacker.currentData(), self.weapon.currentData(), target_id,
                                           centre_id=self.target.currentData())
        return found or {}

    def _lock_measured(self, form: StatFieldsForm, target_id: str) -> None:
        """The map's values are the map's: their fields are read-only unless the GM overrides."""
        for key in self._measured(target_id):
            if key in form.editors:
                form.editors[key].setEnabled(self.override.isChecked())

    def _describe_map(self) -> None:
        if self.controller.battle_map() is None:
            self.map_note.setText("")
            self.override.setVisible(False)
            return
        targets = [self.target.currentData(), *self._ticked]
        attacker, weapon = self.attacker.currentData(), self.weapon.currentData()
        found = {t: self.controller.map_inputs(attacker, weapon, t, centre_id=self.target.currentData())
                 for t in targets}
        missing = [self.controller.name(t) for t, inputs in found.items() if inputs is None]
        # What the map fixes is the rules' choice: distance and cover, or (rules that count areas) only who can be
        # reached and seen.
        measured = any(found.values())
        text = "Distance and cover are measured on the battle map." if measured else \
            "Reach and line of sight come from the battle map."
        if missing:
            text += f" Not on the map, so {'typed' if measured else 'not checked'}: {', '.join(missing)}."
        self.map_note.setText(text)
        self.override.setVisible(len(missing) < len(targets))

    def _override_toggled(self, on: bool) -> None:
        """Overriding unlocks the map's values; ending the override takes the map's values back."""
        if not on:
            for target_id in [self.target.currentData(), *self._ticked]:
                if target_id is not None:
                    for key in self._measured(target_id):
                        self._target_edited_keys.get(target_id, set()).discard(key)
        self._rebuild_inputs()

    @staticmethod
    def _kept(specs: list[Any], values: Mapping[str, StatValue], edited: set[str],
              measured: Mapping[str, StatValue]) -> dict[str, StatValue]:
        kept: dict[str, StatValue] = {}
        for spec in specs:
            value = values[spec.key] if spec.key in edited and spec.key in values else \
                measured.get(spec.key, spec.default)
            kept[spec.key] = value if spec.validate(value) is None else spec.default
        return kept

    def _specs_of(self, target_id: str) -> list[Any]:
        return self.controller.target_inputs(self.attacker.currentData(), self.weapon.currentData(), target_id)

    def _inputs_of(self, target_id: str) -> dict[str, StatValue]:
        measured = self._measured(target_id)
        return self._kept(self._specs_of(target_id), self._target_values.get(target_id, {}),
                          self._target_edited_keys.get(target_id, set()), measured)

    def _limit(self) -> int | None:
        weapon = self._weapon()
        return None if weapon is None else self.controller.attacks.max_targets(weapon)

    def _fill_further(self) -> None:
        """Everyone standing but the attacker and the aimed target, ticked as declared; hidden when the weapon
        takes one target."""
        limit = self._limit()
        self.further_box.setVisible(limit is None or limit > 1)
        self._ticked = self._ticked[:None if limit is None else max(0, limit - 1)]
        self.further.blockSignals(True)
        self.further.clear()
        for index in range(self.target.count()):
            target_id = self.target.itemData(index)
            if target_id == self.target.currentData():
                continue
            item = QListWidgetItem(self.target.itemText(index))
            item.setData(Qt.ItemDataRole.UserRole, target_id)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Checked if target_id in self._ticked else Qt.CheckState.Unchecked)
            self.further.addItem(item)
        self.further.blockSignals(False)
        self.further.setEnabled(not self._map_blast)
        weapon = self._weapon()
        heading, line = self.controller.attacks.further_targets_text(weapon) if weapon is not None else ("", "")
        self.further_box.setTitle(heading)
        self.further_label.setText("Under the template on the map:" if self._map_blast else line)
        self._show_further_inputs()

    def _further_ticked(self, item: QListWidgetItem) -> None:
        target_id = item.data(Qt.ItemDataRole.UserRole)
        limit = self._limit()
        if item.checkState() == Qt.CheckState.Checked and target_id not in self._ticked:
            if limit is not None and len(self._ticked) + 1 >= limit:
                self.further.blockSignals(True)
                item.setCheckState(Qt.CheckState.Unchecked)
                self.further.blockSignals(False)
                self.problem.setText(f"This weapon takes at most {limit} target(s)")
                return
            self._ticked.append(target_id)
            self._target_values[target_id] = self._inputs_of(target_id)
        elif item.checkState() != Qt.CheckState.Checked and target_id in self._ticked:
            self._ticked.remove(target_id)
        self.problem.setText("")
        self.further.setCurrentItem(item)
        self._show_further_inputs()
        self.update_preview()

    def _show_further_inputs(self) -> None:
        item = self.further.currentItem()
        target_id = item.data(Qt.ItemDataRole.UserRole) if item is not None else None
        if target_id not in self._ticked:
            self.further_form.build([])
            return
        self.further_form.build(self._specs_of(target_id), columns=1)
        self.further_form.show_values(self._target_values[target_id])
        self._lock_measured(self.further_form, target_id)

    def _input_edited(self, key: str, value: Any) -> None:
        self._values[key] = value
        self._edited.add(key)
        self.update_preview()

    def _target_edited(self, target_id: str | None, key: str, value: Any) -> None:
        if target_id is None:
            return
        self._target_values.setdefault(target_id, {})[key] = value
        self._target_edited_keys.setdefault(target_id, set()).add(key)
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

    def _weapon(self) -> Any:
        attacker_id, weapon_id = self.attacker.currentData(), self.weapon.currentData()
        if attacker_id is None or weapon_id is None:
            return None
        return self.controller.character_of(attacker_id).item(weapon_id)

    def request(self) -> AttackRequest | None:
        attacker_id, weapon_id, target_id = (self.attacker.currentData(), self.weapon.currentData(),
                                             self.target.currentData())
        if attacker_id is None or weapon_id is None or target_id is None:
            return None
        more = [(tid, self._target_values[tid]) for tid in self._ticked]
        return self.controller.attack_request(attacker_id, weapon_id, target_id, more=more,
                                              override=self.override.isChecked() and not self.override.isHidden(),
                                              **self._values, **self._target_values.get(target_id, {}))

    def announce_blast(self) -> None:
        weapon, target_id = self._weapon(), self.target.currentData()
        if target_id is not None:
            radius = self.controller.attacks.blast_radius(weapon) if weapon is not None else None
            self.blastShown.emit(target_id, radius or 0)

    def update_preview(self) -> None:
        """Every modifier of the roll, what it must reach and the exact odds, for the inputs as they are now."""
        try:
            request = self.request()
        except ValueError as exc:
            request = None
            reason = str(exc)
        else:
            reason = "Choose an attacker with a weapon, and a target."
        if request is None:
            self.modifiers.setText(reason)
            self.to_beat.setText("")
            self.odds.setText("")
            self.roll_button.setEnabled(False)
            self.roll_box.show_pool(())
            return
        try:
            preview = self.controller.attack_preview(request)
        except ValueError as exc:
            self.modifiers.setText(str(exc))
            self.to_beat.setText("")
            self.odds.setText("")
            self.roll_button.setEnabled(False)
            self.roll_box.show_pool(())
            return
        self.modifiers.setText("Modifiers: " + (", ".join(f"{t.label} {t.value:+g}" for t in preview.modifiers)
                                                or "none"))
        self.to_beat.setText(f"To beat: {preview.to_beat.explain()}" if preview.to_beat is not None else "")
        targets = request.distinct_targets()
        executing = self.execute.isChecked()
        self.execute.setEnabled(preview.execute is not None)
        if executing and preview.execute is not None:
            o = preview.execute
            self.to_beat.setText("Execute: no attack roll, double damage, then the target's roll to survive")
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
        self.roll_box.show_pool(self.controller.attacks.attack_dice(request, self.controller.options))
        self.faces.setToolTip(f"Typed dice are read {preview.dice_order}")
        self.faces.setPlaceholderText(f"faces in order: {preview.dice_order}")
        self.roll_button.setEnabled(self.rolled_event is None and preview.cannot is None
                                    and (not executing or preview.execute is not None))

    # -- rolling ---------------------------------------------------------------------------------
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
            event = self.controller.attack(request, dice, execute=self.execute.isChecked())
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
        self.roll_box.rolled("\n".join([result.summary, *attack_details(result)]), result.attack.dice,
                             result.attack.tally)
        self._rolled_result = result
        self._seen_rolls = list(result.rolls)
        self.spending.set_choices(self.controller.spend_choices(result))
        if self.spending.rows:
            self.spending.show_budget(self.controller.spending_left(result, self.spending.picks()))

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
