"""One place to run the fight: the turn order, the map, the actions, the attack and the log as dock panels."""

from __future__ import annotations

import base64

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QWidget

from crisis_desktop.ui.battlemap.map_place import MapPlace
from crisis_desktop.ui.views.attack_panel import AttackPanel
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from crisis_desktop.ui.widgets.layout_fence import LayoutFence

# The panels by object name (what the saved layout refers to) and title.
PANELS = (("turn-order", "Turn order"), ("map", "Map"), ("actions", "Actions"), ("attack", "Attack"),
          ("log", "Log"))
LAYOUT_VERSION = 1


class FightWorkspace(QMainWindow):
    """The encounter board's panels, the battle map and the attack panel, side by side by default: the turn order
    across the top, below it the map, the actions (with the attack panel behind them) and the log. Every panel can
    be moved, tabbed, floated or closed (View › Fight panels), and the layout is remembered.

    The board's actions are added to the workspace itself, so their shortcuts work whichever panel has the focus; the
    flow's steps (Next turn, Previous turn, Delay) answer theirs wherever the focus is in the window while the
    workspace is shown (the window's tabs too). When the attack panel closes, the focus goes back into the workspace
    (where it was before the attack, else the turn order), never to wherever Qt's focus chain leads."""

    def __init__(self, board: EncounterBoard, map_place: MapPlace, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowFlags(Qt.WindowType.Widget)
        self.setObjectName("fight-workspace")
        self.setDockNestingEnabled(True)
        self.setDockOptions(QMainWindow.DockOption.AnimatedDocks | QMainWindow.DockOption.AllowTabbedDocks
                            | QMainWindow.DockOption.AllowNestedDocks)
        self.board, self.map_place = board, map_place
        turn, actions, log = board.take_panels()
        board.setParent(self)          # keeps driving its panels, out of sight
        board.hide()
        self.attack_panel = AttackPanel()
        board.attack_panel = map_place.attack_panel = self.attack_panel
        widgets = {"turn-order": turn, "map": map_place, "actions": actions, "attack": self.attack_panel, "log": log}
        self.docks: dict[str, QDockWidget] = {}
        for key, title in PANELS:
            dock = QDockWidget(title, self)
            dock.setObjectName(f"dock-{key}")
            dock.setWidget(LayoutFence(widgets[key]))
            dock.setFeatures(QDockWidget.DockWidgetFeature.DockWidgetMovable
                             | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                             | QDockWidget.DockWidgetFeature.DockWidgetClosable)
            self.docks[key] = dock
        self.attack_panel.wanted.connect(lambda: self.show_panel("attack"))
        self.attack_panel.closed.connect(self._attack_closed)
        # The open attack's blast template is drawn on the map, whichever panel opened it.
        self.attack_panel.blastShown.connect(map_place.show_blast)
        self.default_layout()
        self.addActions(board.actions())
        for action in board.role_actions.values():
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)

    def default_layout(self) -> None:
        """The turn order across the top; below it the map, the actions (the attack behind them) and the log."""
        docks = self.docks
        for dock in docks.values():
            dock.setFloating(False)
            dock.show()
        self.addDockWidget(Qt.DockWidgetArea.TopDockWidgetArea, docks["turn-order"])
        self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, docks["map"])
        self.splitDockWidget(docks["map"], docks["actions"], Qt.Orientation.Horizontal)
        self.splitDockWidget(docks["actions"], docks["log"], Qt.Orientation.Horizontal)
        self.tabifyDockWidget(docks["actions"], docks["attack"])
        docks["actions"].raise_()
        self.resizeDocks([docks["turn-order"], docks["map"]], [340, 460], Qt.Orientation.Vertical)
        self.resizeDocks([docks["map"], docks["actions"], docks["log"]], [520, 450, 310], Qt.Orientation.Horizontal)

    def _attack_closed(self) -> None:
        """After an attack the acting combatant's actions come back to the front (when they share a tab)."""
        if self.docks["attack"] in self.tabifiedDockWidgets(self.docks["actions"]):
            self.docks["actions"].raise_()
        focus = QApplication.focusWidget()
        if focus is None or (focus.window() is self.window() and not self.isAncestorOf(focus)):
            self.board.table.setFocus(Qt.FocusReason.OtherFocusReason)

    def show_panel(self, key: str) -> None:
        dock = self.docks[key]
        dock.show()
        dock.raise_()

    def layout_state(self) -> str:
        """The layout as text for the settings file."""
        return base64.b64encode(bytes(self.saveState(LAYOUT_VERSION).data())).decode()

    def restore_layout(self, state: object) -> bool:
        """Put back a layout from `layout_state`; False (the default layout stays) for anything else."""
        if not isinstance(state, str):
            return False
        try:
            data = base64.b64decode(state, validate=True)
        except ValueError:
            return False
        return bool(self.restoreState(QByteArray(data), LAYOUT_VERSION))
