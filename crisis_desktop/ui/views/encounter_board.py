"""The Encounter place: build an encounter, then run the fight turn by turn with the rules doing the sums."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelectionModel, QSignalBlocker, Qt, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.fight import NOBODY_LEFT
from crisis_desktop.controller.session import ENCOUNTER, SELECTION
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.kernel.flows import StepOffer, StepRole
from crisis_desktop.ui.models.board_model import COL_BARS, COL_CONDITIONS, COL_NAME, BoardModel, CombatLogModel
from crisis_desktop.ui.plain_text import plain_label, tooltip
from crisis_desktop.ui.views.actor_panel import NUMBERED_ACTIONS, ActorPanel
from crisis_desktop.ui.views.attack_panel import AttackPanel
from crisis_desktop.ui.views.board_intents import BoardIntents
from crisis_desktop.ui.views.selected_strip import SelectedStrip
from crisis_desktop.ui.views.step_bar import StepBar
from crisis_desktop.ui.widgets.board_delegate import BoardDelegate
from crisis_desktop.ui.widgets.flow_layout import FlowLayout
from crisis_desktop.ui.widgets.log_view import LogView
from crisis_desktop.ui.widgets.pools_bar import PoolsBar

if TYPE_CHECKING:
    from crisis_desktop.ui.document import CampaignDocument


class EncounterBoard(QWidget):
    """Encounter picker and builder, turn order with the current actor highlighted, actions, attack, log.

    Every change goes through an EncounterController command pushed on the document; after each one
    that touches the shown encounter, the campaign is journaled to the recovery file at once.

    What the GM does is its `intents` (ui/views/board_intents.py), which it calls from its widgets.

    Signals:
        message(str): a line for the window's status bar.
    """

    message = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: CampaignDocument | None = None
        self.ruleset: Ruleset | None = None
        self.controller: EncounterController | None = None
        self._stop_listening: Callable[[], None] | None = None
        # Where attacks open: the fight workspace's attack panel when the board is part of one, else a dialog.
        self.attack_panel: AttackPanel | None = None
        self.intents = BoardIntents(
            self, document=lambda: self.document, controller=lambda: self.controller, selected=self.selected_id,
            show_encounter=self.show_encounter, select_current=self.select_current,
            dice_typed=lambda: self.enter_dice.isChecked(), attack_panel=lambda: self.attack_panel)
        self.intents.message.connect(self.message)
        self.model = BoardModel(self)
        self.log_model = CombatLogModel(self)
        self._build_widgets()
        self._build_actions()
        self._layout_widgets()
        self.set_document(None)

    # -- construction ----------------------------------------------------------------------------
    def _build_widgets(self) -> None:
        self.picker = QComboBox()
        self._picker_known: set[str] = set()
        self.picker.setObjectName("encounter-picker")
        self.picker.setMinimumContentsLength(12)
        self.picker.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.picker.currentIndexChanged.connect(self._picked)
        self.round_label = plain_label()
        self.round_label.setObjectName("round-label")
        self.round_label.setStyleSheet("font-weight: bold; font-size: 14pt; padding: 0 8px")
        # In a narrow turn order a long round ("Round 1 · Melee combat phase") wraps rather than being cut.
        self.round_label.setWordWrap(True)
        self.table = QTableView()
        self.table.setObjectName("board-table")
        self.table.setModel(self.model)
        self.table.setItemDelegate(BoardDelegate(self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(30)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in ((0, 44), (COL_NAME, 260), (2, 70), (3, 100), (COL_BARS, 480), (COL_CONDITIONS, 140)):
            header.resizeSection(column, width)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._selection_moved())
        # Builder strip: the selected combatant's side, group and flags.
        self.selected_strip = SelectedStrip(self.intents)
        # The acting combatant's panel.
        self.actor_panel = ActorPanel(self.intents)
        self.log_view = LogView()
        self.log_view.setObjectName("combat-log")
        self.log_view.setModel(self.log_model)
        self.note = QLineEdit()
        self.note.setPlaceholderText("Add a note to the log and press Enter")
        self.note.returnPressed.connect(self._add_note)
        self.export_button = QPushButton("Export log…")
        self.export_button.clicked.connect(self.intents.export_log)
        # The campaign's shared pools (story points), where the rules have them.
        self.pools_bar = PoolsBar()
        self.pools_bar.message.connect(self.message)
        self.pools_bar.sessionAsked.connect(self.intents.new_session)
        self.enter_dice = QCheckBox("Enter dice")
        self.enter_dice.setToolTip("Type the faces of the dice rolled at the table instead of letting the app roll")

    def _action(self, text: str, slot: Callable[[], object], shortcut: str | None = None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            tip = f"{tip} ({shortcut})"
        action.setToolTip(tip)
        action.triggered.connect(lambda _=False: slot())
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        intents = self.intents
        self.act_new = self._action("New encounter…", intents.new_encounter, None, "Prepare another encounter")
        self.act_add = self._action("Add…", intents.add_combatants, "Ctrl+Shift+A", "Add characters to the encounter")
        self.act_remove = self._action("Remove", intents.remove_selected, None, "Take the selected combatant out")
        self.act_simulate = self._action("Simulate…", intents.simulate, None,
                                         "Play this encounter many times under the rules: how deadly is it?")
        self.act_start = self._action("Start", intents.start, "Ctrl+Shift+Return", "Roll initiative and begin")
        # The round flow's steps by what they mean, with their shortcuts: each takes its role's step for the selected
        # combatant (or the one who may take it); hidden, shortcut and all, for a role the flow never offers. The
        # buttons are the step bar's: one per step open now and per combatant who may take it.
        self.act_previous = self._action("Previous", intents.previous_turn, "Ctrl+Backspace", "Back to the last turn")
        self.act_next = self._action("Next turn", intents.next_turn, "Ctrl+Return", "End this turn, begin the next")
        self.act_delay = self._action("Delay", intents.delay, "Ctrl+D", "Hold this turn to act later in the round")
        self.act_act_now = self._action("Act now", intents.act_now, None,
                                        "The selected combatant takes its place now")
        self.act_plan = self._action("Plan…", intents.plan, None, "Plan or declare what the selected combatant does")
        self.role_actions = {StepRole.ADVANCE: self.act_next, StepRole.BACK: self.act_previous,
                             StepRole.HOLD: self.act_delay, StepRole.CHOOSE: self.act_act_now,
                             StepRole.PLAN: self.act_plan}
        # Alt+1 .. Alt+9 press the acting combatant's action buttons in their order, from any panel.
        self.act_numbered = [self._action(f"Action {n}", partial(self.actor_panel.press, n), f"Alt+{n}",
                                          f"The acting combatant's action number {n}")
                             for n in range(1, NUMBERED_ACTIONS + 1)]
        self.act_rewind = self._action("Rewind round", intents.rewind, None,
                                       "Back to the start of this round (undoable)")
        self.act_end = self._action("End encounter", intents.end_encounter, None, "End effects and the summary")
        # The encounter's commands as a row of buttons that wraps onto a second line in a narrow turn order panel
        # rather than fold any away (Start, End encounter stay in sight).
        self.toolbar = QWidget()
        self.toolbar.setObjectName("encounter-tools")
        tools = FlowLayout(self.toolbar, spacing=2)
        for item in (self.act_new, self.act_add, self.act_remove, self.act_simulate, self.act_start, self.enter_dice,
                     self.act_rewind, self.act_end):
            if isinstance(item, QAction):
                button = QToolButton()
                button.setDefaultAction(item)
                button.setAutoRaise(True)
                self.toolbar.addAction(item)
                tools.addWidget(button)
            else:
                tools.addWidget(item)
        # The flow's steps open now, a button each, on a row of their own under the tool bar.
        self.step_bar = StepBar(intents.take_step)

    def _layout_widgets(self) -> None:
        # Three panels: the turn order (with the encounter's toolbar), the acting combatant's actions, the log. On
        # its own the board lays them out side by side; the fight workspace takes them into dock panels of its own.
        self.turn_panel = QWidget()
        self.turn_panel.setObjectName("turn-order-panel")
        left_layout = QVBoxLayout(self.turn_panel)
        left_layout.setContentsMargins(0, 0, 0, 0)
        # The encounter picked, where the fight stands (the round and its step, a line of its own that wraps in a
        # narrow panel), then the encounter's commands.
        header = QHBoxLayout()
        header.addWidget(QLabel("Encounter:"))
        header.addWidget(self.picker, 1)
        left_layout.addLayout(header)
        left_layout.addWidget(self.round_label)
        left_layout.addWidget(self.toolbar)
        left_layout.addWidget(self.pools_bar)
        left_layout.addWidget(self.step_bar)
        left_layout.addWidget(self.table, 1)
        left_layout.addWidget(self.selected_strip)
        self.log_panel = QWidget()
        self.log_panel.setObjectName("log-panel")
        log_layout = QVBoxLayout(self.log_panel)
        log_layout.setContentsMargins(0, 0, 0, 0)
        log_header = QHBoxLayout()
        log_header.addWidget(QLabel("Combat log"))
        log_header.addStretch(1)
        log_header.addWidget(self.export_button)
        log_layout.addLayout(log_header)
        log_layout.addWidget(self.log_view, 1)
        log_layout.addWidget(self.note)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(self.actor_panel)
        right.addWidget(self.log_panel)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.turn_panel)
        self.splitter.addWidget(right)
        self.splitter.setStretchFactor(0, 3)
        self.splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.splitter, 1)

    def take_panels(self) -> tuple[QWidget, QWidget, QWidget]:
        """The turn order, actions and log panels, out of the board's own layout, for the fight workspace to dock;
        the board keeps driving them (and its actions, which the workspace adds to itself for their shortcuts)."""
        panels = (self.turn_panel, self.actor_panel, self.log_panel)
        for panel in panels:
            panel.setParent(None)
        self.splitter.hide()
        return panels

    # -- the selection and what the widgets ask ---------------------------------------------------------
    def selected_id(self) -> str | None:
        index = self.table.currentIndex()
        return self.model.combatant_id(index.row()) if index.isValid() else None

    def select(self, combatant_id: str) -> None:
        row = self.model.row_of(combatant_id)
        if row is not None:
            self.table.selectionModel().setCurrentIndex(
                self.model.index(row, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)

    def select_current(self) -> None:
        """Select whoever acts now, and bring its row into sight."""
        current = self.controller.view.current_id() if self.controller else None
        if current is not None:
            self.select(current)
            row = self.model.row_of(current)
            if row is not None:
                self.table.scrollTo(self.model.index(row, 0))

    def _add_note(self) -> None:
        if self.intents.add_note(self.note.text()):
            self.note.clear()

    # -- the open campaign -----------------------------------------------------------------------
    def set_document(self, document: CampaignDocument | None) -> None:
        """Show another open campaign (or none)."""
        if self.document is not None and document is not self.document:
            self.document.changed.disconnect(self.on_changed)
            self.document.journalFailed.disconnect(self.message)
        if self._stop_listening is not None:
            self._stop_listening()
            self._stop_listening = None
        if document is not None and document is not self.document:
            document.changed.connect(self.on_changed)
            document.journalFailed.connect(self.message)
        self.document = document
        self._offers: dict[StepRole, StepOffer] = {}
        self.ruleset = document.session.ruleset if document is not None else None
        self.selected_strip.make_setup_flags(self.ruleset.sheet.setup_flags() if self.ruleset is not None else ())
        if document is not None:
            self._stop_listening = document.session.listen(self._session_changed)
            if self.ruleset is None:
                self.message.emit(f"No encounter board: {document.session.rules_problem}")
        self._fill_picker(document.session.encounter_id if document is not None else None)
        self.pools_bar.set_document(document if self.ruleset is not None else None)
        self.setEnabled(self.ruleset is not None)

    def _session_changed(self, what: str) -> None:
        """Another place changed the encounter on show or the selection."""
        session = self.document.session if self.document is not None else None
        if session is None:
            return
        if what == ENCOUNTER and session.encounter_id != self.picker.currentData():
            self._fill_picker(session.encounter_id)
        elif what == SELECTION and session.selected_id is not None and session.selected_id != self.selected_id():
            self.select(session.selected_id)

    def _fill_picker(self, select: str | None = None) -> None:
        campaign = self.document.campaign if self.document else None
        current = select or self.picker.currentData()
        with QSignalBlocker(self.picker):
            self.picker.clear()
            for encounter in campaign.encounters if campaign else []:
                self.picker.addItem(encounter.name, encounter.id)
            index = self.picker.findData(current)
        # What the picker lists, kept to compare with each change (asking the combo box item by item is slow when a
        # campaign has many encounters).
        self._picker_known = set(self._picker_ids())
        self.picker.setCurrentIndex(max(index, 0) if self.picker.count() else -1)
        self._picked()

    def show_encounter(self, encounter_id: str) -> None:
        self._fill_picker(encounter_id)

    def _picked(self) -> None:
        encounter_id = self.picker.currentData()
        session = self.document.session if self.document else None
        self.controller = session.controller(encounter_id) if session is not None else None
        if session is None or self.controller is None:
            self.model.set_fight(None)
            self.log_model.set_encounter(None, None)
        else:
            self.model.set_fight(self.controller.view)
            self.log_model.set_encounter(session.campaign, encounter_id)
            if self.controller.repaired:
                count = len(self.controller.repaired)
                self.message.emit(f"{self.controller.view.encounter.name}: the file's fight named {count} combatant"
                                  f"{'s' if count != 1 else ''} no longer in it; the fight goes on without them")
                self.controller.repaired = []
        if session is not None:
            session.show_encounter(encounter_id)
        self._refresh()

    def on_changed(self, changes: ChangeSet) -> None:
        """The document's changed signal: update the models from the ChangeSet."""
        if self.document is None:
            return
        if "*" in changes.campaign_fields or "ruleset" in changes.campaign_fields:
            self.set_document(self.document)
            return
        if changes.encounters and (set(changes.encounters) - self._picker_known
                                   or len(self._picker_known) != len(self.document.campaign.encounters)):
            self._fill_picker()
        self.model.apply_changes(changes)
        self.log_model.apply_changes(changes)
        self.pools_bar.on_changed(changes)
        if self.controller is not None and self.controller.encounter_id in changes.encounters:
            self.log_view.scrollToBottom()
        self._refresh()

    def _picker_ids(self) -> list[str]:
        return [self.picker.itemData(i) for i in range(self.picker.count())]

    # -- state of the controls -------------------------------------------------------------------
    def _refresh(self) -> None:
        ctl = self.controller
        encounter = ctl.view.encounter if ctl else None
        started = bool(encounter and encounter.started)
        running = bool(encounter and encounter.running)
        self.act_add.setEnabled(bool(encounter) and not (encounter and encounter.ended))
        self.act_remove.setEnabled(self.selected_id() is not None)
        self.act_start.setEnabled(bool(encounter and encounter.combatants) and not started)
        self.act_simulate.setEnabled(bool(encounter and encounter.combatants) and self.ruleset is not None
                                     and self.ruleset.attacks is not None)
        for widget in (self.act_end, self.note):
            widget.setEnabled(running)
        offers = ctl.offers() if ctl else []
        roles = ctl.view.flow.roles() if ctl else frozenset()
        self._offers = {}
        for o in offers:    # each role's first allowed step, else its first
            if o.role not in self._offers or (o.allowed and not self._offers[o.role].allowed):
                self._offers[o.role] = o
        stuck = running and ctl is not None and not ctl.view.anyone_left()
        for role, action in self.role_actions.items():
            found = self._offers.get(role)
            action.setVisible(role in roles)
            action.setEnabled(found is not None and found.allowed)
            if stuck:
                action.setToolTip(NOBODY_LEFT)
            elif found is not None:
                action.setText(found.label + ("…" if found.choices else ""))
                shortcut = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
                tip = found.help if found.allowed else found.reason
                action.setToolTip(tooltip(f"{tip} ({shortcut})" if shortcut else tip))
        self.step_bar.show_steps(offers, ctl.view.names() if ctl and offers else {},
                                 {role: action.shortcut() for role, action in self.role_actions.items()})
        self.act_rewind.setEnabled(running and ctl is not None and ctl.can_rewind())
        self.export_button.setEnabled(bool(encounter and encounter.log))
        self.round_label.setText(ctl.view.round_label() if ctl else "")
        self.actor_panel.show_actor(ctl, (self.intents.acting_selection() or ctl.view.current_id()) if ctl else None)
        self._update_selected()

    def _selection_moved(self) -> None:
        if self.document is not None:
            self.document.session.select(self.selected_id())
        self._update_selected()

    def _update_selected(self) -> None:
        cid = self.selected_id()
        ctl = self.controller
        has = cid is not None and ctl is not None
        self.selected_strip.enable(has)
        self.actor_panel.treat_button.setEnabled(has)
        self.act_remove.setEnabled(has)
        if not has:
            return
        assert ctl is not None and cid is not None
        try:
            combatant = ctl.view.combatant(cid)
        except KeyError:  # the row of a combatant being taken out (an undo) is still selected
            return
        self.selected_strip.show_combatant(combatant)
        choose = self._offers.get(StepRole.CHOOSE)
        if choose is not None and choose.actors:
            self.act_act_now.setEnabled(choose.allowed and cid in choose.actors)
