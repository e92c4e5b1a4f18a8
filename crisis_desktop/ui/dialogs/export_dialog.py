"""Asks how to export character sheets: format, paper and folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QWidget,
)

if TYPE_CHECKING:
    # At run time QtPrintSupport is imported only when printing starts.
    from PySide6.QtPrintSupport import QPrinter


@dataclass(frozen=True)
class ExportChoice:
    fmt: str          # "pdf", "html" or "md"
    paper: str        # "a4" or "letter"
    folder: Path


class ExportDialog(QDialog):
    """Format, paper size and output folder for "Export sheets…"."""

    def __init__(self, count: int, folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"Export {count} sheet{'s' if count != 1 else ''}")
        self.format = QComboBox()
        for label, key in (("PDF (one page per character)", "pdf"), ("HTML (a file per character)", "html"),
                           ("Markdown (a file per character)", "md")):
            self.format.addItem(label, key)
        self.paper = QComboBox()
        self.paper.addItem("A4", "a4")
        self.paper.addItem("Letter", "letter")
        self.format.currentIndexChanged.connect(lambda: self.paper.setEnabled(self.format.currentData() == "pdf"))
        self.folder = QLineEdit(str(folder))
        browse = QPushButton("Choose…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.folder)
        row.addWidget(browse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("&Format:", self.format)
        form.addRow("&Paper:", self.paper)
        form.addRow("F&older:", row)
        form.addRow(buttons)

    def _browse(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "Export sheets to", self.folder.text())
        if chosen:
            self.folder.setText(chosen)

    def choice(self) -> ExportChoice:
        return ExportChoice(self.format.currentData(), self.paper.currentData(), Path(self.folder.text()))

    @classmethod
    def ask(cls, parent: QWidget | None, count: int, folder: Path) -> ExportChoice | None:
        """The user's choice, or None if they cancelled; tests replace this classmethod."""
        dialog = cls(count, folder, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.folder.text().strip():
            return None
        return dialog.choice()


class PrintAsk:
    """The system's print dialog; tests replace `printer` with one that prints to a file."""

    @classmethod
    def printer(cls, parent: QWidget | None, count: int) -> QPrinter | None:
        """A printer set up by the GM, or None if cancelled."""
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, parent)
        dialog.setWindowTitle(f"Print {count} character sheet{'s' if count != 1 else ''}")
        return printer if dialog.exec() == QPrintDialog.DialogCode.Accepted else None
