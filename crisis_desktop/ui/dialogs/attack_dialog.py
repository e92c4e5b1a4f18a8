"""The attack dialog: attacker, weapon, target and every input, the modifiers and exact odds live, then the roll."""

from __future__ import annotations

import random
import re
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.encounter_commands import EncounterEvent
from crisis_desktop.controller.encounter_log import attack_details
from crisis_desktop.rules.base import AttackContext, CoverLevel
from crisis_desktop.rules.dice import DiceSource, NeedMoreDice, RandomDice, TypedDice


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
                 distance: float | None = None, cover: CoverLevel | None = None,
                 cover_penetrable: bool = False) -> None:
        super().__init__(parent)
        # Defaults measured on the battle map; the GM can still change them.
        self._map_distance = distance
        self.setWindowTitle("Attack")
        self.controller = controller
        self.rolled_event: EncounterEvent | None = None
        self._rng = rng or random.Random()
        encounter = controller.encounter
        standing = [c.id for c in encounter.combatants if not controller.out_of_fight(c.id)]
        self.attacker = self._combo([(controller.name(cid), cid) for cid in standing], attacker_id)
        self.weapon = QComboBox()
        self.target = QComboBox()
        self.distance = QDoubleSpinBox()
        self.distance.setRange(0, 1000)
        self.distance.setDecimals(1)
        self.distance.setSuffix(" tiles")
        self.distance.setSpecialValueText("melee reach")
        self.distance.setToolTip("Distance to the target (from the battle map later); 0 means melee reach")
        self.cover = self._combo([(c.value, c) for c in CoverLevel], CoverLevel.NONE)
        self.penetrable = QCheckBox("cover can be shot through")
        self.prone_facing = QCheckBox("target prone, facing the attacker")
        self.aim = self._spin(0, 10)
        self.extra = self._spin(0, 10)
        self.extra.setToolTip("Extra attacks from the weapon's rate of fire, declared before rolling")
        self.in_reach = self._spin(1, 12)
        self.in_reach.setValue(1)
        self.in_reach.setToolTip("Enemies in melee reach of the target, the attacker included")
        self.circumstance = self._spin(-20, 20)
        self.circumstance.setToolTip("A circumstance of the GM's on the attack roll")
        self.damage_circumstance = self._spin(-20, 20)
        self.non_lethal = QCheckBox("non-lethal")
        self.surprised = QCheckBox("target surprised")
        self.dodges = QCheckBox("target dodges")
        self.execute = QCheckBox("Execute")
        self.execute.setToolTip("Execute a helpless target (the rules' Execute instead of an ordinary attack)")
        self.execute.setVisible(controller.attacks.has_execute)
        self.modifiers = QLabel()
        self.modifiers.setObjectName("attack-modifiers")
        self.modifiers.setWordWrap(True)
        self.odds = QLabel()
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
        self.problem = QLabel()
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
        for widget in (self.target, self.cover):
            widget.currentIndexChanged.connect(self._target_changed if widget is self.target else self.update_preview)
        for spin in (self.aim, self.extra, self.in_reach, self.circumstance, self.damage_circumstance):
            spin.valueChanged.connect(self.update_preview)
        self.distance.valueChanged.connect(self.update_preview)
        for box in (self.penetrable, self.prone_facing, self.non_lethal, self.surprised, self.dodges):
            box.toggled.connect(self.update_preview)
        self._attacker_changed()
        if target_id is not None:
            self._select(self.target, target_id)
        if cover is not None:
            self._select(self.cover, cover)
            self.penetrable.setChecked(cover_penetrable)
        if distance is not None or cover is not None:
            self.distance.setToolTip("Distance to the target, measured on the battle map; 0 means melee reach")

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

    @staticmethod
    def _spin(low: int, high: int) -> QSpinBox:
        spin = QSpinBox()
        spin.setRange(low, high)
        return spin

    def _layout(self) -> None:
        who = QFormLayout()
        who.addRow("&Attacker:", self.attacker)
        who.addRow("&Weapon:", self.weapon)
        who.addRow("&Target:", self.target)
        where = QFormLayout()
        where.addRow("&Distance:", self.distance)
        cover = QHBoxLayout()
        cover.addWidget(self.cover)
        cover.addWidget(self.penetrable)
        where.addRow("Cover:", cover)
        where.addRow("", self.prone_facing)
        where.addRow("A&im:", self.aim)
        where.addRow("E&xtra attacks (RoF):", self.extra)
        where.addRow("Enemies in &reach:", self.in_reach)
        where.addRow("Circu&mstance:", self.circumstance)
        where.addRow("Damage circumstance:", self.damage_circumstance)
        flags = QHBoxLayout()
        for box in (self.non_lethal, self.surprised, self.dodges, self.execute):
            flags.addWidget(box)
        where.addRow("", flags)
        inputs = QGroupBox("Situation")
        inputs.setLayout(where)
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
        weapon = self._weapon()
        attacker_id, target_id = self.attacker.currentData(), self.target.currentData()
        if weapon is not None and attacker_id is not None and target_id is not None:
            # What the attacker's state sets (the aim it has taken), as the rules read it.
            ctl = self.controller
            preset = ctl.attack_context(attacker_id, weapon.id, target_id,
                                        **ctl.attacks.attack_defaults(ctl.actor(attacker_id)))
            self.aim.setValue(preset.aim)
        rules = self.controller.attacks
        self.extra.setMaximum(rules.extra_attacks(weapon) if weapon is not None else 0)
        melee = weapon is not None and rules.weapon_range(weapon) is None
        if melee:
            self.distance.setValue(0)
        elif self._map_distance is not None:
            self.distance.setValue(self._map_distance)
        elif self.distance.value() == 0:
            self.distance.setValue(2)
        self.update_preview()

    def _target_changed(self) -> None:
        target_id = self.target.currentData()
        if target_id is not None:
            ctl = self.controller
            # Round 0 is the surprise round, where the flow has one.
            self.surprised.setChecked(ctl.combatant(target_id).surprised and ctl.encounter.round == 0)
        self.update_preview()

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
        return self.controller.attack_context(
            attacker_id, weapon_id, target_id,
            distance=self.distance.value() or None, cover=CoverLevel(self.cover.currentData()),
            cover_penetrable=self.penetrable.isChecked(), target_prone_facing=self.prone_facing.isChecked(),
            aim=self.aim.value(), extra_attacks=self.extra.value(), enemies_in_reach=self.in_reach.value(),
            circumstance=self.circumstance.value(), damage_circumstance=self.damage_circumstance.value(),
            non_lethal=self.non_lethal.isChecked(), target_surprised=self.surprised.isChecked(),
            target_dodges=self.dodges.isChecked())

    def update_preview(self) -> None:
        """Every modifier of the roll and the exact odds, for the inputs as they are now."""
        context = self.context()
        if context is None:
            self.modifiers.setText("Choose an attacker with a weapon, and a target.")
            self.odds.setText("")
            self.roll_button.setEnabled(False)
            return
        try:
            terms, odds = self.controller.attack_preview(context)
        except ValueError as exc:
            self.modifiers.setText(str(exc))
            self.odds.setText("")
            self.roll_button.setEnabled(False)
            return
        self.roll_button.setEnabled(self.rolled_event is None)
        self.modifiers.setText("Modifiers: " + (", ".join(f"{t.label} {t.value:+g}" for t in terms) or "none"))
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
            target_id: str | None = None, **defaults: Any) -> EncounterEvent | None:
        """The rolled attack to push, or None if the GM cancelled; tests replace this. `defaults`: distance,
        cover and cover_penetrable measured on the battle map."""
        dialog = cls(controller, attacker_id, target_id, parent, **defaults)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return dialog.rolled_event
