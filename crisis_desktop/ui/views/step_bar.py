"""The round flow's steps open now on the Encounter board: a button each, one per combatant who may take it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QToolButton, QWidget

from crisis_desktop.rules.kernel.flows import StepOffer, StepRole
from crisis_desktop.ui.plain_text import tooltip
from crisis_desktop.ui.widgets.flow_layout import FlowLayout

# A step's button: the offer's key and who takes it (None: nobody in particular).
StepKey = tuple[str, str | None]
Take = Callable[[str, str | None], object]


class StepBar(QWidget):
    """Shows the steps the flow offers now and nothing else: a button per step and per combatant in its `actors` (a
    slot any of three PCs may fill: three buttons), in the flow's order with the step back first, each with the flow's
    label (and that combatant's name), disabled with the rules' reason where the step is refused. The buttons wrap
    onto further lines rather than fold any away. A click hands the step's key and its combatant to `take`."""

    def __init__(self, take: Take, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("flow-steps")
        self._take = take
        self._layout = FlowLayout(self, spacing=2)
        self.actions_by_step: dict[StepKey, QAction] = {}
        self.buttons: dict[StepKey, QToolButton] = {}

    def show_steps(self, offers: list[StepOffer], names: Mapping[str, str],
                   shortcuts: Mapping[StepRole, QKeySequence]) -> None:
        """The flow's `offers` now; the `names` of the combatants by id; the board's `shortcuts` of the roles (a step's
        tooltip names its role's shortcut when it is the role's only step). The buttons there are stay when the steps
        are the same (the usual turn): only what they say changes."""
        steps = [((o.key, actor), o) for o in sorted(offers, key=lambda o: o.role is not StepRole.BACK)
                 for actor in (o.actors or (None,))]
        if list(self.actions_by_step) != [step for step, _ in steps]:
            self._rebuild([step for step, _ in steps])
        per_role = Counter(o.role for _, o in steps)
        for (key, actor), o in steps:
            action = self.actions_by_step[(key, actor)]
            action.setObjectName(f"step-{o.role.value}")
            who = f": {names.get(actor, actor)}" if actor is not None else ""
            action.setText((o.label + who).replace("&", "&&") + ("…" if o.choices else ""))
            action.setEnabled(o.allowed)
            tip = o.help if o.allowed else o.reason
            shortcut = shortcuts.get(o.role, QKeySequence()) if per_role[o.role] == 1 else QKeySequence()
            keys = shortcut.toString(QKeySequence.SequenceFormat.NativeText)
            action.setToolTip(tooltip(f"{tip} ({keys})" if keys else tip))
        for button in self.buttons.values():
            button.show()       # new buttons now, each whole (Qt would show them from the event loop)

    def _rebuild(self, steps: list[StepKey]) -> None:
        for button in self.buttons.values():
            self._layout.removeWidget(button)
            button.hide()       # deleteLater waits for the event loop: hidden now, no ghost button meanwhile
            button.deleteLater()
        for action in self.actions_by_step.values():
            action.deleteLater()
        self.actions_by_step, self.buttons = {}, {}
        for step in steps:
            action = QAction(self)
            action.triggered.connect(lambda _=False, step=step: self._take(*step))
            button = QToolButton()
            button.setDefaultAction(action)
            button.setAutoRaise(True)
            self._layout.addWidget(button)
            self.actions_by_step[step], self.buttons[step] = action, button
