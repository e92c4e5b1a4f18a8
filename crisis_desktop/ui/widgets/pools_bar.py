"""The campaign's shared pools on the board (story points, destiny): their points, the GM's own count, a new session."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QSignalBlocker, Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QSizePolicy, QWidget

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.pools import set_pools
from crisis_desktop.domain.campaign import POOL_MAX
from crisis_desktop.ui.plain_text import plain_label, tooltip
from crisis_desktop.ui.widgets.strict_inputs import StrictSpinBox

if TYPE_CHECKING:
    from crisis_desktop.ui.document import CampaignDocument


class PoolsBar(QWidget):
    """The pools the rules declare (`Ruleset.pools`), one box each: what a check spends moves them, the GM may set
    them by hand (one undoable change each), and "New session" asks for them as the rules start a session (the
    board's intents roll it, with the dice typed at the table where the GM types them). Hidden where the rules have
    no pools.

    Signals:
        message(str): a line for the window's status bar (a refused count).
        sessionAsked(): New session was pressed.
    """

    message = Signal(str)
    sessionAsked = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("pools-bar")
        self.document: CampaignDocument | None = None
        self.title = plain_label()
        self.title.setStyleSheet("font-weight: bold")
        self.boxes: dict[str, StrictSpinBox] = {}
        self.new_session = QPushButton("New session")
        self.new_session.setObjectName("pools-new-session")
        self.new_session.clicked.connect(self.sessionAsked)
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(4, 0, 4, 0)
        self._layout.addWidget(self.title)
        self._layout.addWidget(self.new_session)
        self._layout.addStretch(1)

    def set_document(self, document: CampaignDocument | None) -> None:
        """Show the pools of another open campaign (or none), boxes as its rules name them."""
        self.document = document
        self._build()

    def _build(self) -> None:
        for box in self.boxes.values():
            self._layout.removeWidget(box)
            box.deleteLater()
        self.boxes = {}
        ruleset = self.document.session.ruleset if self.document is not None else None
        pools = ruleset.pools if ruleset is not None else None
        self.setVisible(pools is not None)
        if pools is None or self.document is None:
            return
        options = self.document.session.options
        self.title.setText(f"{pools.title(options)}:")
        for spec in pools.pools(options):
            box = StrictSpinBox(spec.label, 0, POOL_MAX)
            box.setObjectName(f"pool-{spec.key}")
            box.setPrefix(f"{spec.shown} ")
            box.setToolTip(tooltip(f"{spec.label}: {spec.help}" if spec.help else spec.label))
            box.valueChanged.connect(lambda value, key=spec.key: self._set(key, value))
            box.refused.connect(self.message)
            box.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
            box.setMinimumWidth(box.fontMetrics().horizontalAdvance(f"{spec.shown} {POOL_MAX}") + 40)
            # After the title and the boxes before it, before the button and the stretch.
            self._layout.insertWidget(self._layout.count() - 2, box)
            self.boxes[spec.key] = box
        self.new_session.setToolTip(tooltip(f"Fill the {pools.title(options).lower()} as a new session starts them"))
        self.show_values()

    def show_values(self) -> None:
        """The pools as the campaign holds them now."""
        if self.document is None:
            return
        for key, box in self.boxes.items():
            with QSignalBlocker(box):
                box.setValue(self.document.campaign.pools.get(key, 0))

    def on_changed(self, changes: ChangeSet) -> None:
        """The document's changed signal: new boxes when the rules or their options change, new values when the
        pools do."""
        fields = changes.campaign_fields
        if fields & {"*", "ruleset", "rule_options"}:
            self._build()
        elif "pools" in fields:
            self.show_values()

    def _set(self, key: str, value: int) -> None:
        document = self.document
        if document is None:
            return
        try:
            command = set_pools(document.campaign, document.session.ruleset, {key: value}, document.session.options)
        except ValueError as exc:
            self.message.emit(str(exc))
            self.show_values()
            return
        document.push(command)
