"""Asks how to export character sheets: format, paper and folder."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QButtonGroup,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
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
    selection: bool = False    # True: the selected characters; False: all the campaign's characters
    npc_blocks: bool = False   # NPCs as compact stat blocks, several per page


class ExportDialog(QDialog):
    """Which characters (all, or the selection), format, paper size, NPC stat blocks and output folder for
    "Export Sheets…"."""

    def __init__(self, all_count: int, selected_count: int, folder: Path, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Export sheets")
        self.everyone = QRadioButton(f"All characters ({all_count})")
        self.selected = QRadioButton(f"The selection ({selected_count})")
        self.selected.setEnabled(selected_count > 0)
        (self.selected if selected_count else self.everyone).setChecked(True)
        scope = QButtonGroup(self)
        scope.addButton(self.everyone)
        scope.addButton(self.selected)
        who = QVBoxLayout()
        who.addWidget(self.everyone)
        who.addWidget(self.selected)
        self.format = QComboBox()
        for label, key in (("PDF (one file, each sheet from a new page)", "pdf"),
                           ("HTML (a file per character)", "html"),
                           ("Markdown (a file per character)", "md")):
            self.format.addItem(label, key)
        self.paper = QComboBox()
        self.paper.addItem("A4", "a4")
        self.paper.addItem("Letter", "letter")
        self.format.currentIndexChanged.connect(lambda: self.paper.setEnabled(self.format.currentData() == "pdf"))
        self.npc_blocks = QCheckBox("NPCs as compact stat blocks, several per page")
        self.npc_blocks.setToolTip("Full sheets for PCs; the NPCs together as short stat blocks (in HTML and "
                                   "Markdown one file of them all)")
        self.folder = QLineEdit(str(folder))
        browse = QPushButton("Choose…")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.folder)
        row.addWidget(browse)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Export")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form = QFormLayout(self)
        form.addRow("Characters:", who)
        form.addRow("Format:", self.format)
        form.addRow("Paper:", self.paper)
        form.addRow("", self.npc_blocks)
        form.addRow("Folder:", row)
        form.addRow(buttons)

    def _browse(self) -> None:
        chosen = QFileDialog.getExistingDirectory(self, "Export sheets to", self.folder.text())
        if chosen:
            self.folder.setText(chosen)

    def choice(self) -> ExportChoice:
        return ExportChoice(self.format.currentData(), self.paper.currentData(), Path(self.folder.text().strip()),
                            self.selected.isChecked(), self.npc_blocks.isChecked())

    @classmethod
    def ask(cls, parent: QWidget | None, all_count: int, selected_count: int, folder: Path) -> ExportChoice | None:
        """The user's choice, or None if they cancelled; tests replace this classmethod."""
        dialog = cls(all_count, selected_count, folder, parent)
        if dialog.exec() != QDialog.DialogCode.Accepted or not dialog.folder.text().strip():
            return None
        return dialog.choice()


@dataclass
class PrintChoice:
    """What the GM chose in the print dialog: the printer set up, and whether NPCs print as stat blocks."""

    printer: QPrinter
    npc_blocks: bool = False


class PrintAsk:
    """The system's print dialog; tests replace `printer` with one that prints to a file."""

    @classmethod
    def printer(cls, parent: QWidget | None, count: int, npcs: int = 0) -> PrintChoice | None:
        """A printer set up by the GM (and, when `npcs` of the `count` sheets are NPCs, whether they print as
        compact stat blocks, on the dialog's Sheets tab), or None if cancelled."""
        from PySide6.QtPrintSupport import QPrintDialog, QPrinter
        from PySide6.QtWidgets import QCheckBox, QVBoxLayout

        printer = QPrinter(QPrinter.PrinterMode.HighResolution)
        dialog = QPrintDialog(printer, parent)
        dialog.setWindowTitle(f"Print {count} character sheet{'s' if count != 1 else ''}")
        blocks = QCheckBox(f"The {npcs} NPC{'s' if npcs != 1 else ''} as compact stat blocks, several to a page")
        if npcs:
            tab = QWidget()
            tab.setWindowTitle("Sheets")
            QVBoxLayout(tab).addWidget(blocks)
            dialog.setOptionTabs([tab])
        if dialog.exec() != QPrintDialog.DialogCode.Accepted:
            return None
        return PrintChoice(printer, blocks.isChecked())
