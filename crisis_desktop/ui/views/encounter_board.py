"""The Encounter place: build an encounter, then run the fight turn by turn with the rules doing the sums."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTableView,
    QToolBar,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.fight import NOBODY_LEFT
from crisis_desktop.controller.session import ENCOUNTER, SELECTION
from crisis_desktop.domain.encounter import Side
from crisis_desktop.rules.base import ActionRole, Attacks, Checks, Healing, Ruleset
from crisis_desktop.rules.flow import StepOffer, StepRole
from crisis_desktop.ui.models.board_model import COL_BARS, COL_CONDITIONS, COL_NAME, BoardModel, CombatLogModel
from crisis_desktop.ui.plain_text import plain_label, tooltip
from crisis_desktop.ui.views.attack_panel import AttackPanel
from crisis_desktop.ui.views.board_intents import BoardIntents
from crisis_desktop.ui.views.step_bar import StepBar
from crisis_desktop.ui.widgets.board_delegate import BoardDelegate
from crisis_desktop.ui.widgets.log_view import LogView

if TYPE_CHECKING:
    from crisis_desktop.ui.document import CampaignDocument


class EncounterBoard(BoardIntents):
    """Encounter picker and builder, turn order with the current actor highlighted, actions, attack, log.

    Every change goes through an EncounterController command pushed on the document; after each one
    that touches the shown encounter, the campaign is journaled to the recovery file at once.

    The intents and the `message` signal are its base class's (ui/views/board_intents.py).
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: CampaignDocument | None = None
        self.ruleset: Ruleset | None = None
        self.controller: EncounterController | None = None
        self._stop_listening: Callable[[], None] | None = None
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
        self.picker.setMinimumContentsLength(18)
        self.picker.currentIndexChanged.connect(self._picked)
        self.round_label = plain_label()
        self.round_label.setObjectName("round-label")
        self.round_label.setStyleSheet("font-weight: bold; font-size: 14pt; padding: 0 8px")
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
        for column, width in ((0, 44), (COL_NAME, 200), (2, 70), (3, 100), (COL_BARS, 480), (COL_CONDITIONS, 140)):
            header.resizeSection(column, width)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._selection_moved())
        # Builder strip: the selected combatant's side, group and flags.
        self.side = QComboBox()
        for side in Side:
            self.side.addItem(side.value, side.value)
        self.side.activated.connect(lambda _i: self._edit_selected("side"))
        self.group = QLineEdit()
        self.group.setPlaceholderText("NPC group (one initiative roll)")
        self.group.editingFinished.connect(lambda: self._edit_selected("group"))
        # One checkbox per setup flag of the rules (caught unaware), made when the campaign's rules are known.
        self.setup_flags: dict[str, QCheckBox] = {}
        self.hidden = QCheckBox("Hidden from players")
        self.hidden.clicked.connect(lambda _c: self._edit_selected("hidden"))
        self.override_button = QPushButton("GM override…")
        self.override_button.clicked.connect(self.override_selected)
        # The current actor's panel.
        self.actor_label = plain_label()  # "Vera's turn": a name is never read as markup
        self.actor_label.setObjectName("actor-label")
        self.actor_label.setStyleSheet("font-weight: bold; font-size: 12pt")
        self.actions_box = QGroupBox("Actions")
        self.actions_grid = QGridLayout(self.actions_box)
        self.actions_grid.setSpacing(4)
        self.action_buttons: dict[str, QPushButton] = {}
        self.attack_button = QPushButton("&Attack…")
        self.attack_button.setObjectName("attack-button")
        self.attack_button.clicked.connect(self.attack)
        self.check_button = QPushButton("Chec&k…")
        self.check_button.setObjectName("check-button")
        self.check_button.setToolTip("A check the rules price and the log records (Perception, Athletics...)")
        self.check_button.clicked.connect(self.check)
        self.treat_button = QPushButton("T&reat…")
        self.treat_button.setObjectName("treat-button")
        self.treat_button.setToolTip("Heal the selected combatant: the rules' treatments in the fight and between "
                                     "fights (rest, recovery), each undoable and logged")
        self.treat_button.clicked.connect(self.treat)
        self.log_view = LogView()
        self.log_view.setObjectName("combat-log")
        self.log_view.setModel(self.log_model)
        self.note = QLineEdit()
        self.note.setPlaceholderText("Add a note to the log and press Enter")
        self.note.returnPressed.connect(self.add_note)
        self.export_button = QPushButton("Export log…")
        self.export_button.clicked.connect(self.export_log)
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
        self.act_new = self._action("New encounter…", self.new_encounter, None, "Prepare another encounter")
        self.act_add = self._action("Add…", self.add_combatants, "Ctrl+Shift+A", "Add characters to the encounter")
        self.act_remove = self._action("Remove", self.remove_selected, None, "Take the selected combatant out")
        self.act_simulate = self._action("Simulate…", self.simulate, None,
                                         "Play this encounter many times under the rules: how deadly is it?")
        self.act_start = self._action("Start", self.start, "Ctrl+Shift+Return", "Roll initiative and begin")
        # The round flow's steps by what they mean, with their shortcuts: each takes its role's step for the selected
        # combatant (or the one who may take it); hidden, shortcut and all, for a role the flow never offers. The
        # buttons are the step bar's: one per step open now and per combatant who may take it.
        self.act_previous = self._action("Previous", self.previous_turn, "Ctrl+Backspace", "Back to the last turn")
        self.act_next = self._action("Next turn", self.next_turn, "Ctrl+Return", "End this turn, begin the next")
        self.act_delay = self._action("Delay", self.delay, "Ctrl+D", "Hold this turn to act later in the round")
        self.act_act_now = self._action("Act now", self.act_now, None,
                                        "The selected combatant takes its place now")
        self.act_plan = self._action("Plan…", self.plan, None, "Plan or declare what the selected combatant does")
        self.role_actions = {StepRole.ADVANCE: self.act_next, StepRole.BACK: self.act_previous,
                             StepRole.HOLD: self.act_delay, StepRole.CHOOSE: self.act_act_now,
                             StepRole.PLAN: self.act_plan}
        # Alt+1 .. Alt+9 press the acting combatant's action buttons in their order, from any panel.
        self.act_numbered = [self._action(f"Action {n}", partial(self.press_action, n), f"Alt+{n}",
                                          f"The acting combatant's action number {n}") for n in range(1, 10)]
        self.act_rewind = self._action("Rewind round", self.rewind, None, "Back to the start of this round (undoable)")
        self.act_end = self._action("End encounter", self.end_encounter, None, "End effects and the summary")
        self.toolbar = QToolBar("Encounter")
        self.toolbar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextOnly)
        self.toolbar.addWidget(QLabel("Encounter: "))
        self.toolbar.addWidget(self.picker)
        self.toolbar.addActions([self.act_new, self.act_add, self.act_remove, self.act_simulate])
        self.toolbar.addSeparator()
        self.toolbar.addAction(self.act_start)
        self.toolbar.addWidget(self.enter_dice)
        self.toolbar.addActions([self.act_rewind, self.act_end])
        # The flow's steps open now, a button each, on a row of their own under the tool bar.
        self.step_bar = StepBar(self.take_step)

    def _layout_widgets(self) -> None:
        # Two rows, so the board still fits beside the log on a small screen.
        builder = QHBoxLayout()
        builder.addWidget(QLabel("Selected:"))
        for widget in (self.side, self.group):
            builder.addWidget(widget)
        builder.addStretch(1)
        flags = self._flags_layout = QHBoxLayout()
        for flag in (self.hidden, self.override_button):
            flags.addWidget(flag)
        flags.addStretch(1)
        # Three panels: the turn order (with the encounter's toolbar), the acting combatant's actions, the log. On
        # its own the board lays them out side by side; the fight workspace takes them into dock panels of its own.
        self.turn_panel = QWidget()
        self.turn_panel.setObjectName("turn-order-panel")
        left_layout = QVBoxLayout(self.turn_panel)
        left_layout.setContentsMargins(0, 0, 0, 0)
        # Where the fight stands stays in sight at the right: on a narrow panel the tool bar folds its last buttons
        # away behind its » button, never the round.
        header = QHBoxLayout()
        header.addWidget(self.toolbar, 1)
        header.addWidget(self.round_label)
        left_layout.addLayout(header)
        left_layout.addWidget(self.step_bar)
        left_layout.addWidget(self.table, 1)
        left_layout.addLayout(builder)
        left_layout.addLayout(flags)
        self.actor_panel = QWidget()
        self.actor_panel.setObjectName("actions-panel")
        right_layout = QVBoxLayout(self.actor_panel)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addWidget(self.actor_label)
        rolls = QHBoxLayout()
        rolls.addWidget(self.attack_button, 2)
        rolls.addWidget(self.check_button, 1)
        rolls.addWidget(self.treat_button, 1)
        right_layout.addLayout(rolls)
        right_layout.addWidget(self.actions_box)
        right_layout.addStretch(1)
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
        # Where attacks open: the fight workspace's attack panel when the board is part of one, else a dialog.
        self.attack_panel: AttackPanel | None = None

    def take_panels(self) -> tuple[QWidget, QWidget, QWidget]:
        """The turn order, actions and log panels, out of the board's own layout, for the fight workspace to dock;
        the board keeps driving them (and its actions, which the workspace adds to itself for their shortcuts)."""
        panels = (self.turn_panel, self.actor_panel, self.log_panel)
        for panel in panels:
            panel.setParent(None)
        self.splitter.hide()
        return panels

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
        self._make_setup_flags()
        if document is not None:
            self._stop_listening = document.session.listen(self._session_changed)
            if self.ruleset is None:
                self.message.emit(f"No encounter board: {document.session.rules_problem}")
        self._fill_picker(document.session.encounter_id if document is not None else None)
        self.setEnabled(self.ruleset is not None)

    def _make_setup_flags(self) -> None:
        """A checkbox for each setup flag the rules declare (none for rules without), before Hidden."""
        for box in self.setup_flags.values():
            self._flags_layout.removeWidget(box)
            box.deleteLater()
        self.setup_flags = {}
        for position, spec in enumerate(self.ruleset.setup_flags() if self.ruleset is not None else ()):
            box = QCheckBox(spec.label)
            box.setToolTip(spec.help)
            box.clicked.connect(lambda _c, key=spec.key: self._edit_setup(key))
            self._flags_layout.insertWidget(position, box)
            self.setup_flags[spec.key] = box

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
        self.act_simulate.setEnabled(bool(encounter and encounter.combatants) and isinstance(self.ruleset, Attacks))
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
        self._fill_actions()
        self._update_selected()

    def _fill_actions(self) -> None:
        """A button per action of the rules for the current actor: cost on it, the reason when disabled. The buttons
        of the last actor are kept when the next has the same actions (the usual turn): only their text, state and
        tooltip change, so the panel is not laid out again."""
        ctl = self.controller
        current = (self._acting_selection() or ctl.view.current_id()) if ctl else None
        # Systems without attacks have no attack button.
        self.attack_button.setVisible(isinstance(ctl.ruleset, Attacks) if ctl else True)
        self.attack_button.setEnabled(current is not None)
        # Checks may be asked of anyone in the encounter, in the fight or before it.
        self.check_button.setVisible(isinstance(ctl.ruleset, Checks) if ctl else True)
        self.check_button.setEnabled(ctl is not None and bool(ctl.view.encounter.combatants))
        self.treat_button.setVisible(isinstance(ctl.ruleset, Healing) if ctl else True)
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
            if number < len(self.act_numbered):
                tip = f"{tip} (Alt+{number + 1})"
            buttons.append((availability.action.key,
                            f"{availability.action.label} ({ctl.ruleset.cost_text(availability.price)})",
                            availability.allowed, tooltip(tip)))
        self._set_action_buttons(buttons)

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
            return
        for button in self.action_buttons.values():
            self.actions_grid.removeWidget(button)
            button.hide()  # deleteLater waits for the event loop: hidden now, no ghost button meanwhile
            button.deleteLater()
        self.action_buttons = {}
        for number, (key, text, enabled, tip) in enumerate(buttons):
            button = QPushButton(text)
            button.setObjectName(f"action-{key}")
            button.setEnabled(enabled)
            button.setToolTip(tip)
            button.clicked.connect(lambda _=False, key=key: self.take_action(key))
            self.actions_grid.addWidget(button, number // 2, number % 2)
            self.action_buttons[key] = button

    def _selection_moved(self) -> None:
        if self.document is not None:
            self.document.session.select(self.selected_id())
        self._update_selected()

    def _update_selected(self) -> None:
        cid = self.selected_id()
        ctl = self.controller
        has = cid is not None and ctl is not None
        for widget in (self.side, self.group, *self.setup_flags.values(), self.hidden, self.override_button,
                       self.treat_button):
            widget.setEnabled(has)
        self.act_remove.setEnabled(has)
        if not has:
            return
        assert ctl is not None and cid is not None
        try:
            combatant = ctl.view.combatant(cid)
        except KeyError:  # the row of a combatant being taken out (an undo) is still selected
            return
        with QSignalBlocker(self.side), QSignalBlocker(self.hidden):
            self.side.setCurrentIndex(self.side.findData(combatant.side.value))
            self.hidden.setChecked(combatant.hidden)
        for key, box in self.setup_flags.items():
            with QSignalBlocker(box):
                box.setChecked(combatant.setup.get(key) is True)
        if not self.group.hasFocus():
            self.group.setText(combatant.group or "")
        choose = self._offers.get(StepRole.CHOOSE)
        if choose is not None and choose.actors:
            self.act_act_now.setEnabled(choose.allowed and cid in choose.actors)
