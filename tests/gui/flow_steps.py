"""The round flow's step buttons on the Encounter board as the GM sees them, for the GUI tests."""

from __future__ import annotations

from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QToolButton

from crisis_desktop.rules.kernel.flows import StepOffer, StepRole
from crisis_desktop.ui.views.encounter_board import EncounterBoard


def steps_offered(board: EncounterBoard) -> list[tuple[StepOffer, str | None]]:
    """Every step the flow offers now, once per combatant who may take it."""
    return [(o, actor) for o in board.controller.offers() for actor in (o.actors or (None,))]


def step_buttons(board: EncounterBoard) -> list[QAction]:
    """The flow's steps as the GM sees them: the buttons shown on the board's step bar, line by line, left to right,
    each whole in sight (none folded away)."""
    QApplication.processEvents()    # the window lays the buttons out as it would before painting them
    bar = board.step_bar
    shown = sorted((b for b in bar.findChildren(QToolButton) if b.isVisible()), key=lambda b: (b.y(), b.x()))
    for n, button in enumerate(shown):
        assert bar.rect().contains(button.geometry()), (button.text(), button.geometry(), bar.rect())
        assert not any(button.geometry().intersects(other.geometry()) for other in shown[:n]), button.text()
    return [b.defaultAction() for b in shown]


def button_of(board: EncounterBoard, action: QAction) -> QToolButton:
    """The button that shows a step's action."""
    return next(b for b in board.step_bar.findChildren(QToolButton) if b.defaultAction() is action)


def assert_buttons_follow_the_flow(board: EncounterBoard) -> None:
    """Exactly the steps the flow offers now have a button, one per combatant who may take it, with the flow's label
    and that combatant's name, enabled when the step is allowed; the role actions (and their shortcuts) of the roles
    the flow never offers are hidden; the encounter's own tool bar holds no step."""
    ctl = board.controller
    roles = ctl.view.flow.roles()
    offered = steps_offered(board)
    buttons = step_buttons(board)
    assert len(buttons) == len(offered), ([a.text() for a in buttons], [(o.label, a) for o, a in offered])
    # In the flow's order, the step back first.
    for (o, actor), button in zip(sorted(offered, key=lambda s: s[0].role is not StepRole.BACK), buttons,
                                  strict=True):
        assert o.role in roles
        assert button.text().startswith(o.label), (button.text(), o.label)
        if actor is not None:
            assert ctl.view.name(actor) in button.text()
        assert button.isEnabled() == o.allowed, (button.text(), o.reason)
        assert button.toolTip(), button.text()
    for role, action in board.role_actions.items():
        assert action.isVisible() == (role in roles), role      # its shortcut too: a hidden action has none
    own = {board.act_new, board.act_add, board.act_remove, board.act_simulate, board.act_start, board.act_rewind,
           board.act_end}
    assert {a for a in board.toolbar.actions() if a.text()} == own   # the encounter's tool bar holds no step
