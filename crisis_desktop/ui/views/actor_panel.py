"""The Encounter place's Actions panel: who acts now, the Attack, Check and Treat buttons, and a button per action the
rules give the acting combatant (its cost on it, the reason when it is not open now). Each button is an intent of
the board (ui/views/board_intents.py)."""

from __future__ import annotations

from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QGridLayout, QGroupBox, QHBoxLayout, QPushButton, QVBoxLayout, QWidget

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.fight import NOBODY_LEFT
from crisis_desktop.rules.base import ActionRole
from crisis_desktop.ui.plain_text import plain_label, tooltip
from crisis_desktop.ui.views.board_intents import BoardIntents

# Alt+1 .. Alt+9 press the action buttons in their order.
NUMBERED_ACTIONS = 9


class ActorPanel(QWidget):
    """The acting combatant's panel, its buttons calling the board's `intents`; `show_actor` fills it."""

    def __init__(self, intents: BoardIntents, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("actions-panel")
        self._intents = intents
        self.actor_label = plain_label()  # "Vera's turn": a name is never read as markup
        self.actor_label.setObjectName("actor-label")
        self.actor_label.setStyleSheet("font-weight: bold; font-size: 12pt")
        self.actions_box = QGroupBox("Actions")
        self.actions_grid = QGridLayout(self.actions_box)
        self.actions_grid.setSpacing(4)
        self.action_buttons: dict[str, QPushButton] = {}
        self._shown_columns = 2     # the columns the buttons stand in now
        self.attack_button = QPushButton("&Attack…")
        self.attack_button.setObjectName("attack-button")
        self.attack_button.clicked.connect(intents.attack)
        self.check_button = QPushButton("Chec&k…")
        self.check_button.setObjectName("check-button")
        self.check_button.setToolTip("A check the rules price and the log records (Perception, Athletics...)")
        self.check_button.clicked.connect(intents.check)
        self.treat_button = QPushButton("T&reat…")
        self.treat_button.setObjectName("treat-button")
        self.treat_button.setToolTip("Heal the selected combatant: the rules' treatments in the fight and between "
                                     "fights (rest, recovery), each undoable and logged")
        self.treat_button.clicked.connect(intents.treat)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.actor_label)
        rolls = QHBoxLayout()
        rolls.addWidget(self.attack_button, 2)
        rolls.addWidget(self.check_button, 1)
        rolls.addWidget(self.treat_button, 1)
        layout.addLayout(rolls)
        layout.addWidget(self.actions_box)
        layout.addStretch(1)

    def show_actor(self, ctl: EncounterController | None, current: str | None) -> None:
        """The buttons for `current` (who acts now; None: nobody) in the encounter of `ctl` (None: none shown): a
        button per action of the rules, cost on it, the reason when disabled. The buttons of the last actor are kept
        when the next has the same actions (the usual turn): only their text, state and tooltip change, so the panel
        is not laid out again."""
        # Systems without attacks have no attack button.
        self.attack_button.setVisible(ctl.ruleset.attacks is not None if ctl else True)
        self.attack_button.setEnabled(current is not None)
        # Checks may be asked of anyone in the encounter, in the fight or before it.
        self.check_button.setVisible(ctl.ruleset.checks is not None if ctl else True)
        self.check_button.setEnabled(ctl is not None and bool(ctl.view.encounter.combatants))
        self.treat_button.setVisible(ctl.ruleset.healing is not None if ctl else True)
        if ctl is None or current is None:
            self._set_action_buttons([])
            if ctl is None:
                text = "No encounter"
            elif ctl.view.encounter.running and not ctl.view.anyone_left():
                text = NOBODY_LEFT
            elif ctl.view.encounter.running:
                text = f"{ctl.view.round_label()}: take the next step"  # a slot to fill, plans or declarations
            else:
                text = "Start the encounter to run turns"
            self.actor_label.setText(text)
            return
        self.actor_label.setText(f"{ctl.view.name(current)}'s turn")
        # Attacks go through the attack dialog.
        shown = [a for a in ctl.actions(current) if a.action.role is not ActionRole.ATTACK]
        buttons = []
        for number, availability in enumerate(shown):
            tip = availability.reason if not availability.allowed else availability.action.help
            if availability.allowed and availability.reason:
                tip = f"{availability.action.help}\n{availability.reason}"
            if number < NUMBERED_ACTIONS:
                tip = f"{tip} (Alt+{number + 1})"
            # A numbered action says its number (Alt+number presses it).
            shown_number = f"{number + 1}  " if number < NUMBERED_ACTIONS else ""
            buttons.append((availability.action.key, f"{shown_number}{availability.action.label} "
                            f"({ctl.ruleset.economy.cost_text(availability.price)})", availability.allowed,
                            tooltip(tip)))
        self._set_action_buttons(buttons)

    def press(self, number: int) -> None:
        """Alt+number: the action button of that number, as a click (nothing if disabled)."""
        buttons = list(self.action_buttons.values())
        if 1 <= number <= len(buttons) and buttons[number - 1].isEnabled():
            buttons[number - 1].click()

    def _set_action_buttons(self, buttons: list[tuple[str, str, bool, str]]) -> None:
        """One button per (action key, text, enabled, tooltip), in this order. The buttons there are stay when the
        keys are the same (the usual turn): only what they say changes. Otherwise new ones are made, each whole
        before it is shown, so the panel is laid out once with them."""
        if list(self.action_buttons) == [key for key, *_ in buttons]:
            for key, text, enabled, tip in buttons:
                button = self.action_buttons[key]
                button.setText(text)
                button.setEnabled(enabled)
                button.setToolTip(tip)
            self._regrid()
            return
        for button in self.action_buttons.values():
            self.actions_grid.removeWidget(button)
            button.hide()  # deleteLater waits for the event loop: hidden now, no ghost button meanwhile
            button.deleteLater()
        self.action_buttons = {}
        self._shown_columns = 2
        for number, (key, text, enabled, tip) in enumerate(buttons):
            button = QPushButton(text)
            button.setObjectName(f"action-{key}")
            button.setEnabled(enabled)
            button.setToolTip(tip)
            button.clicked.connect(lambda _=False, key=key: self._intents.take_action(key))
            self.actions_grid.addWidget(button, number // 2, number % 2)
            self.action_buttons[key] = button
        self._regrid()

    def _columns(self) -> int:
        """Two columns of buttons where two of the widest fit side by side, else one (a narrow panel): no button's
        text is cut."""
        widest = max((b.sizeHint().width() for b in self.action_buttons.values()), default=0)
        margins = self.actions_grid.contentsMargins()
        room = self.width() - margins.left() - margins.right() - self.actions_grid.spacing() - 8
        return 2 if 2 * widest <= room else 1

    def _regrid(self) -> None:
        """The buttons in their order, in as many columns as fit now."""
        columns = self._columns()
        if columns == self._shown_columns:
            return
        self._shown_columns = columns
        for number, button in enumerate(self.action_buttons.values()):
            self.actions_grid.removeWidget(button)
            self.actions_grid.addWidget(button, number // columns, number % columns)

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802  Override QWidget::resizeEvent
        super().resizeEvent(event)
        self._regrid()
