"""One place to run the fight: the turn order, the map, the actions, the attack and the log as dock panels."""

from __future__ import annotations

import base64
from collections.abc import Callable

from PySide6.QtCore import QByteArray, Qt
from PySide6.QtGui import QAction, QKeySequence, QResizeEvent, QShowEvent
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QWidget

from crisis_desktop.ui.battlemap.map_place import MapPlace
from crisis_desktop.ui.views.attack_panel import AttackPanel
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from crisis_desktop.ui.views.turn_order_columns import TurnOrderColumns
from crisis_desktop.ui.widgets.layout_fence import LayoutFence

# The panels by object name (what the saved layout refers to) and title.
PANELS = (("turn-order", "Turn order"), ("map", "Map"), ("actions", "Actions"), ("attack", "Attack"),
          ("log", "Log"))
LAYOUT_VERSION = 2          # 1: the turn order across the top (a layout saved then is not put back)
# The default layout's columns: the turn order over the log at the left, the map in the middle, the actions (the
# attack behind them) at the right; the side columns take these shares of the width within their bounds, the map the
# rest. The log takes LOG_SHARE of the left column's height.
TURN_ORDER_WIDTH = (0.30, 380, 540)
ACTIONS_WIDTH = (0.28, 350, 480)
LOG_SHARE = 0.28

class FightWorkspace(QMainWindow):
    """The encounter board's panels, the battle map and the attack panel, side by side by default, the map the largest:
    the turn order over the log at the left, the map in the middle (fitted to its panel), the actions (with the attack
    panel behind them) at the right. Every panel can be moved, tabbed, floated or closed (View › Fight
    panels), and the layout is remembered.

    The board's actions are added to the workspace itself, so their shortcuts work whichever panel has the focus; the
    flow's steps (Next turn, Previous turn, Delay), Fit the map (F), the target keys (T, Shift+T) and the attack's
    Roll and Apply (Ctrl+R, Ctrl+Shift+R) answer theirs
    wherever the focus is in the window while the workspace is shown (the window's tabs too). When the attack panel
    closes, the focus goes back into the workspace (where it was before the attack, else the turn order), never to
    wherever Qt's focus chain leads."""

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
        self.columns = TurnOrderColumns(board.table)
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
        self.docks["log"].toggleViewAction().setShortcut(QKeySequence("Ctrl+L"))
        self.attack_panel.wanted.connect(lambda: self.show_panel("attack"))
        self.attack_panel.closed.connect(self._attack_closed)
        # The open attack's blast template is drawn on the map, whichever panel opened it.
        self.attack_panel.blastShown.connect(map_place.show_blast)
        self._sizes_wanted = False     # the default layout's shares, given once the workspace has its size
        self.default_layout()
        self.addActions(board.actions())
        for action in board.role_actions.values():
            action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        self.act_fit = self._window_action("Fit the map", self.fit_map, "F", "The whole map in its panel")
        self.act_next_target = self._window_action("Next target", lambda: self.cycle_target(1), "T",
                                                   "The next foe in the turn order: the attack's target, or selected")
        self.act_previous_target = self._window_action("Previous target", lambda: self.cycle_target(-1), "Shift+T",
                                                       "The previous foe in the turn order")
        self.act_roll = self._window_action("Roll the attack", lambda: self._press("roll_button"), "Ctrl+R",
                                            "Roll the open attack")
        self.act_apply = self._window_action("Apply the attack", lambda: self._press("apply_button"), "Ctrl+Shift+R",
                                             "Apply the rolled attack")

    def _window_action(self, text: str, slot: Callable[[], object], shortcut: str, tip: str) -> QAction:
        """An action of the workspace whose key works wherever the focus is in the window while the workspace shows
        (a text field still takes the letters typed into it)."""
        action = QAction(text, self)
        action.setShortcut(QKeySequence(shortcut))
        action.setShortcutContext(Qt.ShortcutContext.WindowShortcut)
        action.setToolTip(f"{tip} ({shortcut})")
        action.triggered.connect(lambda _=False: slot())
        self.addAction(action)
        return action

    def default_layout(self) -> None:
        """The turn order over the log at the left, the map in the middle, the actions (the attack behind them) at the
        right; the map the largest, fitted."""
        docks = self.docks
        for dock in docks.values():
            dock.setFloating(False)
            dock.show()
        self.addDockWidget(Qt.DockWidgetArea.LeftDockWidgetArea, docks["turn-order"])
        self.splitDockWidget(docks["turn-order"], docks["map"], Qt.Orientation.Horizontal)
        self.splitDockWidget(docks["map"], docks["actions"], Qt.Orientation.Horizontal)
        self.splitDockWidget(docks["turn-order"], docks["log"], Qt.Orientation.Vertical)
        self.tabifyDockWidget(docks["actions"], docks["attack"])
        docks["actions"].raise_()
        self._sizes_wanted = True
        if self.isVisible():
            self._give_shares()

    def _give_shares(self) -> None:
        """The default layout's shares of the workspace's present size, and the map fitted to its panel."""
        self._sizes_wanted = False
        docks, width, height = self.docks, self.width(), self.height()
        left, right = (int(min(max(width * share, least), most)) for share, least, most in (TURN_ORDER_WIDTH,
                                                                                           ACTIONS_WIDTH))
        self.resizeDocks([docks["turn-order"], docks["map"], docks["actions"]], [left, width - left - right, right],
                         Qt.Orientation.Horizontal)
        self.resizeDocks([docks["turn-order"], docks["log"]],
                         [int(height * (1 - LOG_SHARE)), int(height * LOG_SHARE)], Qt.Orientation.Vertical)
        self.map_place.view.fit()

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802  Override QWidget::resizeEvent
        super().resizeEvent(event)
        if self._sizes_wanted and self.isVisible() and self.width() > 200:
            self._give_shares()

    def showEvent(self, event: QShowEvent) -> None:  # noqa: N802  Override QWidget::showEvent
        super().showEvent(event)
        if self._sizes_wanted and self.width() > 200:
            self._give_shares()

    def fit_map(self) -> None:
        """The map panel shown and the whole map fitted in it."""
        self.show_panel("map")
        self.map_place.view.fit()

    def _press(self, button: str) -> None:
        """Click the open attack's Roll or Apply button, when there is an attack and the button may be clicked."""
        dialog = self.attack_panel.dialog
        if dialog is not None and getattr(dialog, button).isEnabled():
            self.show_panel("attack")
            getattr(dialog, button).click()

    def cycle_target(self, step: int) -> None:
        """The next (`step` 1) or previous (-1) foe of whoever acts: the open attack's target when an attack is open,
        else the selection on the board and the map."""
        dialog = self.attack_panel.dialog
        if dialog is not None and dialog.target.count() > 1:
            box = dialog.target
            box.setCurrentIndex((box.currentIndex() + step) % box.count())
            return
        ctl = self.board.controller
        if ctl is None:
            return
        acting = ctl.view.acting()
        sides = {ctl.view.combatant(cid).side for cid in acting}
        model = self.board.model
        foes = [cid for cid in (model.combatant_id(r) for r in range(model.rowCount()))
                if cid is not None and cid not in acting and ctl.view.combatant(cid).side not in sides]
        if not foes:
            return
        selected = self.board.selected_id()
        at = foes.index(selected) + step if selected in foes else (0 if step > 0 else -1)
        self.board.select(foes[at % len(foes)])

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
        restored = bool(self.restoreState(QByteArray(data), LAYOUT_VERSION))
        self._sizes_wanted = self._sizes_wanted and not restored
        return restored
