"""Simulate…: plays the prepared encounter many times in worker processes (the window stays responsive), with
progress and Stop, and shows how it goes as plots and numbers that fill in as the fights come in; "what if"
compares it with one change."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QCloseEvent, QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from crisis_desktop.controller.simulate import DEFAULT_RUNS, Summary, Tactics, Target, simulate
from crisis_desktop.controller.simulate.report import side_label, text_report
from crisis_desktop.controller.simulate.setup import under_way
from crisis_desktop.controller.simulate.whatif import MOST_OF_A_KIND, Change, apply_change, enemy_kinds, leveled_npcs
from crisis_desktop.domain import Campaign
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.ui.plain_text import plain_label
from crisis_desktop.ui.widgets.sim_plots import ChanceBars, RoundsHistogram, WinsBar

_POLL_MS = 100
_FLEE_CHOICES = (("Never", None), ("A quarter lost", 0.25), ("Half lost", 0.5), ("Three quarters lost", 0.75))


def _duration(seconds: float) -> str:
    """'40 s', '3 min'."""
    return f"{max(1, round(seconds))} s" if seconds < 90 else f"{round(seconds / 60)} min"


@dataclass
class _Work:
    """What the worker thread reports to the dialog (read by the dialog's timer, written by the thread)."""

    done: int = 0
    total: int = 1
    results: tuple[Summary | None, Summary | None] = (None, None)
    so_far: tuple[Summary | None, Summary | None] = (None, None)    # the figures of the fights played so far
    error: str = ""
    finished: bool = False


class ResultPanel(QGroupBox):
    """One simulation's figures: who wins, the rounds, each PC's chances, and the numbers in full."""

    def __init__(self, title: str, parent: QWidget | None = None) -> None:
        super().__init__(title, parent)
        self.base_title = title
        self.wins = WinsBar(self)
        self.rounds = RoundsHistogram(self)
        self.chances = ChanceBars(self)
        self.numbers = QPlainTextEdit(self)
        self.numbers.setReadOnly(True)
        self.numbers.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.numbers.setMinimumHeight(120)
        layout = QVBoxLayout(self)
        for widget in (self.wins, self.rounds, self.chances, self.numbers):
            layout.addWidget(widget)

    def show_summary(self, summary: Summary | None, of: int | None = None) -> None:
        """Show the figures; `of`: the fights asked for, while they are still being played."""
        for plot in (self.wins, self.rounds, self.chances):
            plot.set_summary(summary)
        self.numbers.setPlainText("\n".join(text_report(summary)) if summary is not None else "")
        if summary is not None and of is not None and summary.runs < of:
            self.setTitle(f"{self.base_title}: {summary.runs:,} of {of:,} fights so far")
        else:
            self.setTitle(self.base_title)


class SimulateDialog(QDialog):
    """How deadly is this fight: runs, seed and tactics per side; what if; progress with Stop; the figures so far,
    then the results.

    Signals:
        shown(): the results of a run (finished, cancelled or failed) are shown.
    """

    shown = Signal()

    def __init__(self, campaign: Campaign, encounter_id: str, ruleset: Ruleset, parent: QWidget | None = None,
                 processes: int | None = None) -> None:
        super().__init__(parent)
        self.campaign = campaign
        self.encounter_id = encounter_id
        self.ruleset = ruleset
        self.processes = processes          # None: one worker process per core
        encounter = campaign.encounter(encounter_id)
        self.setWindowTitle(f"Simulate {encounter.name}")
        self._cancel = threading.Event()
        self._thread: threading.Thread | None = None
        self._work = _Work()
        self._shown: tuple[Summary | None, Summary | None] = (None, None)
        self._began = 0.0
        self._timer = QTimer(self)
        self._timer.setInterval(_POLL_MS)
        self._timer.timeout.connect(self._poll)
        self._build()
        self._update_change()
        self._update_start()

    # -- construction ------------------------------------------------------------------------------------
    def _build(self) -> None:
        self.runs = QSpinBox()
        self.runs.setRange(1, 1_000_000)
        self.runs.setGroupSeparatorShown(True)
        self.runs.setValue(DEFAULT_RUNS)
        self.runs.setToolTip("How many times the fight is played")
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setToolTip("The same seed gives the same numbers, here and on the command line")
        form = QFormLayout()
        form.addRow("Fights to play:", self.runs)
        form.addRow("Seed:", self.seed)
        # A fight under way is played on from where it stands, unless the GM asks for its start again.
        self.start_from = QComboBox()
        encounter = self.campaign.encounter(self.encounter_id)
        if under_way(self.campaign, self.encounter_id):
            self.start_from.addItem(f"Round {encounter.round}, as it stands", True)
        self.start_from.addItem("The start, as prepared (everyone as they are now)", False)
        self.start_from.setToolTip("As it stands: the round, whose turn it is and what everyone has left and has "
                                   "spent, played on through the full rules path. The start: the order rolled again "
                                   "and the first round played, the characters' wounds as they are now")
        self.start_from.setEnabled(self.start_from.count() > 1)
        self.start_from.currentIndexChanged.connect(self._update_start)
        form.addRow("Play from:", self.start_from)

        tactics = QGroupBox("Tactics")
        grid = QGridLayout(tactics)
        self.target: dict[str, QComboBox] = {}
        self.cover: dict[str, QCheckBox] = {}
        self.flee: dict[str, QComboBox] = {}
        sides = list(dict.fromkeys(c.side.value for c in self.campaign.encounter(self.encounter_id).combatants))
        for row, side in enumerate(sides):
            target = QComboBox()
            for t in Target:
                target.addItem(t.label, t.value)
            cover = QCheckBox("Take cover")
            cover.setToolTip("Ranged fighters in the open first move to a cell with cover the map offers (within a "
                             "move), where the rules have movement")
            flee = QComboBox()
            for text, share in _FLEE_CHOICES:
                flee.addItem(f"Flee: {text.lower()}" if share else "Never flee", share)
            flee.setToolTip("Morale: the side leaves the fight once this share of it is down or out")
            grid.addWidget(QLabel(f"{side_label(side)}:"), row, 0)
            grid.addWidget(target, row, 1)
            grid.addWidget(cover, row, 2)
            grid.addWidget(flee, row, 3)
            self.target[side], self.cover[side], self.flee[side] = target, cover, flee

        whatif = self.whatif_box = QGroupBox("What if")
        row_layout = QHBoxLayout(whatif)
        self.change = QComboBox()
        self.change.addItem("No change: the encounter as prepared", None)
        for kind in enemy_kinds(self.campaign, self.encounter_id):
            self.change.addItem(f"Number of {kind.name} (now {len(kind.combatant_ids)})",
                                ("count", kind.name, len(kind.combatant_ids)))
        self._levels = leveled_npcs(self.campaign, self.encounter_id, self.ruleset)
        spec = self.ruleset.npc_level_field()
        for cid, name, level in self._levels:
            self.change.addItem(f"{spec.label if spec else 'Level'} of {name} (now {level})", ("level", cid, level))
        self.change.currentIndexChanged.connect(self._update_change)
        self.value = QSpinBox()
        row_layout.addWidget(self.change, 1)
        row_layout.addWidget(plain_label("→"))
        row_layout.addWidget(self.value)

        self.progress = QProgressBar()
        self.progress.setRange(0, 1)
        self.progress.setValue(0)
        self.status = plain_label("")
        self.run_button = QPushButton("&Run")
        self.run_button.setDefault(True)
        self.run_button.clicked.connect(self.start)
        self.cancel_button = QPushButton("&Stop")
        self.cancel_button.setToolTip("Stop the fights now and keep the figures of those already played")
        self.cancel_button.setEnabled(False)
        self.cancel_button.clicked.connect(self.cancel)
        self.close_button = QPushButton("Close")
        self.close_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addWidget(self.progress, 1)
        for button in (self.run_button, self.cancel_button, self.close_button):
            buttons.addWidget(button)

        self.base_panel = ResultPanel(self._base_title())
        self.whatif_panel = ResultPanel("What if")
        self.whatif_panel.setVisible(False)
        panels = QWidget()
        side_by_side = QHBoxLayout(panels)
        side_by_side.setContentsMargins(0, 0, 0, 0)
        side_by_side.addWidget(self.base_panel)
        side_by_side.addWidget(self.whatif_panel)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(panels)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(tactics)
        layout.addWidget(whatif)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(scroll, 1)
        if self.ruleset.attacks is None:
            self.run_button.setEnabled(False)
            self.status.setText(f"The {self.ruleset.name} rules have no attacks: there is no fight to simulate.")
        self.resize(900, 760)

    @property
    def as_it_stands(self) -> bool:
        """Whether the fights go on from the fight as it stands (else from its start)."""
        return bool(self.start_from.currentData())

    def _base_title(self) -> str:
        if self.as_it_stands:
            return f"From round {self.campaign.encounter(self.encounter_id).round}, as it stands"
        return "From the start, as prepared"

    def _update_start(self) -> None:
        """The panel's title says where the fights start; a what-if compares fights from the start only."""
        self.base_panel.base_title = self._base_title()
        self.base_panel.setTitle(self.base_panel.base_title)
        self.whatif_box.setEnabled(not self.as_it_stands)
        self.whatif_box.setToolTip("A what-if plays both encounters from their start: choose to play from the start"
                                   if self.as_it_stands else "")

    def _update_change(self) -> None:
        data = self.change.currentData()
        self.value.setEnabled(data is not None)
        if data is None:
            return
        what, _, now = data
        if what == "count":
            self.value.setRange(0, MOST_OF_A_KIND)
            self.value.setValue(now + 1)
        else:
            spec = self.ruleset.npc_level_field()
            low = spec.minimum if spec is not None and spec.minimum is not None else 1
            high = spec.maximum if spec is not None and spec.maximum is not None else 99
            self.value.setRange(low, high)
            self.value.setValue(min(high, now + 1))

    # -- what the GM picked ------------------------------------------------------------------------------
    def tactics(self) -> dict[str, Tactics]:
        return {side: Tactics(Target(self.target[side].currentData()), self.cover[side].isChecked(),
                              self.flee[side].currentData()) for side in self.target}

    def whatif_change(self) -> Change | None:
        data = self.change.currentData()
        if data is None:
            return None
        what, key, _ = data
        if what == "count":
            return Change(kind=key, count=self.value.value())
        return Change(combatant_id=key, level=self.value.value())

    # -- running -----------------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Run the simulation (and the what-if's) in a worker thread that hands the fights to worker processes."""
        if self.running:
            return
        runs, seed, tactics = self.runs.value(), self.seed.value(), self.tactics()
        change = None if self.as_it_stands else self.whatif_change()
        as_it_stands = self.as_it_stands
        base = self.campaign.model_copy(deep=True)
        try:
            other = apply_change(base, self.encounter_id, self.ruleset, change) if change is not None else None
        except ValueError as exc:
            self.status.setText(str(exc))
            return
        label = change.describe(self.campaign, self.encounter_id) if change is not None else ""
        self.whatif_panel.base_title = f"What if: {label}"
        self.whatif_panel.setVisible(other is not None)
        for panel in (self.base_panel, self.whatif_panel):
            panel.show_summary(None)
        self._shown = (None, None)
        self._cancel.clear()
        self._work = work = _Work(total=runs * (2 if other is not None else 1))
        cancel, ruleset, encounter_id, processes = self._cancel, self.ruleset, self.encounter_id, self.processes

        def run() -> None:
            try:
                first = simulate(base, encounter_id, ruleset, runs=runs, seed=seed, tactics=tactics,
                                 processes=processes, cancel=cancel, as_it_stands=as_it_stands,
                                 progress=lambda done, _: setattr(work, "done", done),
                                 partial=lambda summary: setattr(work, "so_far", (summary, None)))
                work.results = work.so_far = (first, None)
                if other is not None and not cancel.is_set():
                    second = simulate(other, encounter_id, ruleset, runs=runs, seed=seed, tactics=tactics,
                                      processes=processes, cancel=cancel,
                                      progress=lambda done, _: setattr(work, "done", runs + done),
                                      partial=lambda summary: setattr(work, "so_far", (first, summary)))
                    work.results = (first, second)
            except Exception as exc:  # noqa: BLE001 - shown in the dialog rather than lost in a thread
                work.error = str(exc) or type(exc).__name__
            finally:
                work.finished = True

        self._thread = threading.Thread(target=run, name="simulate", daemon=True)
        self.progress.setRange(0, work.total)
        self.progress.setValue(0)
        self.status.setText(f"Playing {work.total:,} fights…")
        self._set_running(True)
        self._began = time.monotonic()
        self._thread.start()
        self._timer.start()

    def cancel(self) -> None:
        """Stop the fights (the workers end at once); the figures of those played so far stay shown."""
        self._cancel.set()
        self.status.setText("Stopping…")

    def _set_running(self, running: bool) -> None:
        self.run_button.setEnabled(not running)
        self.cancel_button.setEnabled(running)
        for widget in (self.runs, self.seed, self.change, self.value, *self.target.values(), *self.cover.values(),
                       *self.flee.values()):
            widget.setEnabled(not running)
        if not running:
            self._update_change()

    def _poll(self) -> None:
        work = self._work
        self.progress.setValue(min(work.done, work.total))
        if not work.finished:
            if work.done and not self._cancel.is_set():
                elapsed = time.monotonic() - self._began
                left = elapsed / work.done * (work.total - work.done)
                self.status.setText(f"Playing {work.total:,} fights: {work.done:,} done, about {_duration(left)} "
                                    "left… The figures fill in as they come; Stop keeps them.")
            # The figures so far, redrawn only when new fights came in (every half second at most).
            for index, (panel, summary) in enumerate(zip((self.base_panel, self.whatif_panel), work.so_far,
                                                         strict=True)):
                if summary is not None and summary is not self._shown[index]:
                    panel.show_summary(summary, self.runs.value())
            self._shown = work.so_far
            return
        self._timer.stop()
        if self._thread is not None:
            self._thread.join()
        self._thread = None
        self._set_running(False)
        base, other = work.results
        if work.error:
            self.status.setText(f"The simulation stopped: {work.error}")
        elif base is not None:
            cancelled = base.cancelled or (other is not None and other.cancelled) or self._cancel.is_set()
            played = base.runs + (other.runs if other is not None else 0)
            self.status.setText(f"Stopped after {played:,} fights: the figures are those of the fights played."
                                if cancelled else f"{base.runs:,} fights played (seed {base.seed}).")
        self.base_panel.show_summary(base)
        self.whatif_panel.show_summary(other)
        self.shown.emit()

    def wait(self, timeout: float = 60.0) -> None:
        """Block until the worker thread ends (tests, and closing the dialog)."""
        if self._thread is not None:
            self._thread.join(timeout)
        self._poll()

    # -- closing -------------------------------------------------------------------------------------------
    def reject(self) -> None:
        if self.running:
            self._cancel.set()
            self.wait()
        super().reject()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.running:
            self._cancel.set()
            self.wait()
        super().closeEvent(event)

    @classmethod
    def ask(cls, parent: QWidget | None, campaign: Campaign, encounter_id: str, ruleset: Ruleset) -> None:
        """Open the dialog over `parent` until the GM closes it (tests replace this)."""
        dialog = cls(campaign, encounter_id, ruleset, parent)
        dialog.exec()
