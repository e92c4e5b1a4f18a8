"""The attack dialog: attacker, weapon, target and every input, the modifiers and exact odds live, then the roll."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.encounter_commands import EncounterEvent
from crisis_desktop.controller.encounter_log import attack_details
from crisis_desktop.domain import StatValue
from crisis_desktop.rules.base import AttackContext
from crisis_desktop.rules.dice import DiceSource, NeedMoreDice, RandomDice, TypedDice
from crisis_desktop.ui.plain_text import plain_label
from crisis_desktop.ui.widgets.stat_fields import StatFieldsForm


def dice_faces(text: str) -> list[int]:
    """Die faces typed as '4 6 2' or '4,6,2'; ValueError naming what is not a number."""
    faces = []
    for part in re.split(r"[\s,;]+", text.strip()):
        if not part:
            continue
        if not part.isdigit():
            raise ValueError(f"{part!r} is not a die face")
        faces.append(int(part))
    return faces


class AttackDialog(QDialog):
    """Builds an AttackContext from its inputs, shows the modifiers and odds as they change, rolls the attack
    (the app's dice or the faces the GM typed) and shows the breakdown; Apply hands back the event."""

    def __init__(self, controller: EncounterController, attacker_id: str, target_id: str | None = None,
                 parent: QWidget | None = None, rng: random.Random | None = None, *,
                 preset: Mapping[str, StatValue] | None = None) -> None:
        super().__init__(parent)
        # Values measured on the battle map (distance, cover); the GM can still change them.
        self._preset = dict(preset or {})
        self.setWindowTitle("Attack")
        self.controller = controller
        self.rolled_event: EncounterEvent | None = None
        self._rng = rng or random.Random()
        encounter = controller.encounter
        standing = [c.id for c in encounter.combatants if not controller.out_of_fight(c.id)]
        self.attacker = self._combo([(controller.name(cid), cid) for cid in standing], attacker_id)
        self.weapon = QComboBox()
        self.target = QComboBox()
        # The situation's inputs are the rules' own (Attacks.attack_inputs): built for each attacker, weapon
        # and target, keeping what the GM already set.
        self.situation = StatFieldsForm()
        self.situation.valueEdited.connect(self._input_edited)
        self._values: dict[str, StatValue] = {}
        self._edited: set[str] = set()
        self.execute = QCheckBox("Execute")
        self.execute.setToolTip("Execute a helpless target (the rules' Execute instead of an ordinary attack)")
        self.execute.setVisible(controller.attacks.has_execute)
        # Modifiers, odds and problems name the combatants and their weapons: plain text.
        self.modifiers = plain_label()
        self.modifiers.setObjectName("attack-modifiers")
        self.modifiers.setWordWrap(True)
        self.odds = plain_label()
        self.odds.setObjectName("attack-odds")
        self.odds.setWordWrap(True)
        self.app_dice = QRadioButton("Roll by the app")
        self.app_dice.setChecked(True)
        self.typed_dice = QRadioButton("Enter the dice rolled at the table:")
        self.faces = QLineEdit()
        self.faces.setPlaceholderText("faces in order, e.g. 4 6 2")
        self.faces.textEdited.connect(lambda _t: self.typed_dice.setChecked(True))
        self.roll_button = QPushButton("&Roll")
        self.roll_button.clicked.connect(self.roll)
        self.problem = plain_label()
        self.problem.setObjectName("attack-problem")
        self.problem.setStyleSheet("color: #b00020")
        self.problem.setWordWrap(True)
        self.roll_breakdown = QPlainTextEdit()
        self.roll_breakdown.setReadOnly(True)
        self.roll_breakdown.setPlaceholderText("The roll and its breakdown appear here.")
        self.roll_breakdown.setMaximumHeight(130)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Apply | QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = self.buttons.button(QDialogButtonBox.StandardButton.Apply)
        self.apply_button.setEnabled(False)
        self.apply_button.clicked.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
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
        where.addWidget(self.situation)
        where.addWidget(self.execute)
        preview = QGroupBox("Modifiers and odds")
        preview_layout = QVBoxLayout(preview)
        preview_layout.addWidget(self.modifiers)
        preview_layout.addWidget(self.odds)
        dice = QGroupBox("Dice")
        dice_layout = QVBoxLayout(dice)
        dice_layout.addWidget(self.app_dice)
        typed = QHBoxLayout()
        typed.addWidget(self.typed_dice)
        typed.addWidget(self.faces, 1)
        dice_layout.addLayout(typed)
        roll_row = QHBoxLayout()
        roll_row.addWidget(self.roll_button)
        roll_row.addWidget(self.problem, 1)
        dice_layout.addLayout(roll_row)
        dice_layout.addWidget(self.roll_breakdown)
        layout = QVBoxLayout(self)
        layout.addLayout(who)
        layout.addWidget(inputs)
        layout.addWidget(preview)
        layout.addWidget(dice)
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
        self._weapon_changed()
        self._target_changed()

    def _weapon_changed(self) -> None:
        self._rebuild_inputs()

    def _target_changed(self) -> None:
        self._rebuild_inputs()

    def _rebuild_inputs(self) -> None:
        """The rules' inputs for this attacker, weapon and target: what the GM set stays (where the rules still
        allow it), the rest takes the battle map's measure or the rules' default."""
        attacker_id, weapon_id, target_id = (self.attacker.currentData(), self.weapon.currentData(),
                                             self.target.currentData())
        if attacker_id is None or weapon_id is None or target_id is None:
            self.situation.build([])
            self.update_preview()
            return
        specs = self.controller.attack_inputs(attacker_id, weapon_id, target_id)
        values: dict[str, StatValue] = {}
        for spec in specs:
            value = self._values[spec.key] if spec.key in self._edited else self._preset.get(spec.key, spec.default)
            values[spec.key] = value if spec.validate(value) is None else spec.default
        self._values = values
        self.situation.build(specs, columns=1)
        self.situation.show_values(values)
        self.update_preview()

    def _input_edited(self, key: str, value: Any) -> None:
        self._values[key] = value
        self._edited.add(key)
        self.update_preview()

    def field(self, key: str) -> QWidget:
        """The widget of one of the rules' inputs."""
        return self.situation.editors[key]

    def _weapon(self) -> Any:
        attacker_id, weapon_id = self.attacker.currentData(), self.weapon.currentData()
        if attacker_id is None or weapon_id is None:
            return None
        return self.controller.character_of(attacker_id).item(weapon_id)

    def context(self) -> AttackContext | None:
        attacker_id, weapon_id, target_id = (self.attacker.currentData(), self.weapon.currentData(),
                                             self.target.currentData())
        if attacker_id is None or weapon_id is None or target_id is None:
            return None
        return self.controller.attack_context(attacker_id, weapon_id, target_id, **self._values)

    def update_preview(self) -> None:
        """Every modifier of the roll and the exact odds, for the inputs as they are now."""
        context = self.context()
        if context is None:
            self.modifiers.setText("Choose an attacker with a weapon, and a target.")
            self.odds.setText("")
            self.roll_button.setEnabled(False)
            return
        try:
            terms = self.controller.attack_modifiers(context)
        except ValueError as exc:
            self.modifiers.setText(str(exc))
            self.odds.setText("")
            self.roll_button.setEnabled(False)
            return
        self.roll_button.setEnabled(self.rolled_event is None)
        self.modifiers.setText("Modifiers: " + (", ".join(f"{t.label} {t.value:+g}" for t in terms) or "none"))
        try:
            odds = self.controller.attack_odds(context)
        except ValueError as exc:
            # The odds cannot be worked out (too many outcomes): the attack can still be rolled.
            self.odds.setText(f"No odds: {exc}")
            return
        self.odds.setText(f"Hit {odds.hit:.1%} · expected damage {odds.expected_damage:.2f} · "
                          f"drops {context.target.name} {odds.drop_target:.1%}")

    # -- rolling ---------------------------------------------------------------------------------
    def dice(self) -> DiceSource:
        if self.typed_dice.isChecked():
            return TypedDice(dice_faces(self.faces.text()))
        return RandomDice(rng=self._rng)

    def roll(self) -> None:
        context = self.context()
        if context is None or self.rolled_event is not None:
            return
        try:
            event = self.controller.attack(context, self.dice(), execute=self.execute.isChecked())
        except NeedMoreDice as exc:
            self.problem.setText(f"{exc}.")
            return
        except ValueError as exc:
            self.problem.setText(str(exc))
            return
        self.problem.setText("")
        self.rolled_event = event
        result = event.result
        self.roll_breakdown.setPlainText("\n".join([result.summary, *attack_details(result)]))
        self.roll_button.setEnabled(False)
        self.apply_button.setEnabled(True)
        self.apply_button.setFocus()

    @classmethod
    def ask(cls, parent: QWidget | None, controller: EncounterController, attacker_id: str,
            target_id: str | None = None, preset: Mapping[str, StatValue] | None = None) -> EncounterEvent | None:
        """The rolled attack to push, or None if the GM cancelled; tests replace this. `preset`: input values
        measured on the battle map (Attacks.map_inputs)."""
        dialog = cls(controller, attacker_id, target_id, parent, preset=preset)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.rolled_event
