"""The attack as a panel of the fight workspace: the attack dialog's inputs, odds and roll, docked beside the map."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt, Signal
from PySide6.QtWidgets import QApplication, QLabel, QVBoxLayout, QWidget
from shiboken6 import isValid

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.encounter_commands import EncounterEvent
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog

Apply = Callable[[EncounterEvent], object]


class AttackPanel(QWidget):
    """Holds one attack at a time: Attack… on the board or the map opens it here instead of a window; Apply hands
    the rolled event to whoever opened it, Cancel closes it. The panel asks to be shown (`wanted`) when it opens.

    Signals:
        wanted(): an attack was opened here; the workspace raises the panel.
        closed(): the attack was applied or cancelled; the workspace shows the actions again.

    The attack takes the keyboard focus when it opens and gives it back to where it was (the board, the map) when it
    closes, so that the place's shortcuts (Ctrl+Return: next turn) work at once after Apply or Cancel.
    """

    wanted = Signal()
    closed = Signal()                 # the attack was applied or cancelled: the panel is empty again
    blastShown = Signal(str, int)     # the open attack's aimed target and blast radius (0: none)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.dialog: AttackDialog | None = None
        self._focus_before: QWidget | None = None   # where the focus was when the attack opened
        self._kept_focus = False                    # the attack had the focus when it was hidden: the panel has it
        self.placeholder = QLabel("Attack… on the board or the map opens the attack here: its inputs, every "
                                  "modifier and the exact odds before the roll.")
        self.placeholder.setWordWrap(True)
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        # The attack fills the panel: its inputs scroll inside it while Roll, Apply and Cancel stay in view.
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.addWidget(self.placeholder)

    def open(self, controller: EncounterController, attacker_id: str, target_id: str | None,
             apply: Apply) -> AttackDialog:
        """Start an attack here (replacing one not rolled yet)."""
        self.close_attack()
        dialog = AttackDialog(controller, attacker_id, target_id, self)
        dialog.blastShown.connect(self.blastShown)
        dialog.announce_blast()
        dialog.setWindowFlags(Qt.WindowType.Widget)
        dialog.installEventFilter(self)
        focus = QApplication.focusWidget()     # where the focus goes back to when the attack closes
        self._focus_before = focus if focus is not None and not self.isAncestorOf(focus) else None
        dialog.accepted.connect(lambda: self._applied(dialog, apply))
        dialog.rejected.connect(self.close_attack)
        self.dialog = dialog
        self.placeholder.hide()
        self._layout.addWidget(dialog)
        dialog.show()
        self.wanted.emit()
        dialog.attacker.setFocus()
        return dialog

    def _applied(self, dialog: AttackDialog, apply: Apply) -> None:
        event = dialog.rolled_event
        self.close_attack()
        if event is not None:
            apply(event)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Override QObject::eventFilter: the attack hidden (Apply and Cancel hide it before they are signalled)."""
        if watched is self.dialog and event.type() == QEvent.Type.Hide and self.dialog.isHidden():
            self._keep_focus(self.dialog)
        return super().eventFilter(watched, event)

    def _keep_focus(self, dialog: AttackDialog) -> None:
        """The focus out of the attack onto the panel, where the attack has it, before the attack's widgets are hidden:
        a hidden focus widget hands the focus down Qt's chain (to the window's tab bar, outside the place whose
        shortcuts then sleep)."""
        focus = QApplication.focusWidget()
        if focus is not None and dialog.isAncestorOf(focus):
            self._kept_focus = True
            self.setFocus(Qt.FocusReason.OtherFocusReason)

    def close_attack(self) -> None:
        if self.dialog is not None:
            dialog, self.dialog = self.dialog, None
            self._keep_focus(dialog)
            dialog.removeEventFilter(self)
            self._layout.removeWidget(dialog)
            dialog.hide()
            dialog.deleteLater()
            self.blastShown.emit("", 0)     # no attack open: no template on the map
            self.closed.emit()
            if self._kept_focus:
                self._give_focus_back()
        self._focus_before, self._kept_focus = None, False
        self.placeholder.show()

    def _give_focus_back(self) -> None:
        """The focus back where it was when the attack opened (the board, the map), once the panel is closed (the
        workspace may have shown that place again), when it is still there to take it; else it stays on the panel."""
        before = self._focus_before
        if before is not None and isValid(before) and before.isVisible() and before.isEnabled():
            before.setFocus(Qt.FocusReason.OtherFocusReason)
