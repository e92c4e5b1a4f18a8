"""Questions the battle map place asks: a new map's shape, the background image and its alignment."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from crisis_desktop.domain.battle_map import BackgroundImage, BattleMap, GridKind


def _spin(low: float, high: float, value: float, decimals: int = 2, suffix: str = "") -> QDoubleSpinBox:
    spin = QDoubleSpinBox()
    spin.setRange(low, high)
    spin.setDecimals(decimals)
    spin.setValue(value)
    spin.setSuffix(suffix)
    return spin


class NewMapDialog(QDialog):
    """Name, grid kind, size in cells and metres per cell of a new battle map."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New battle map")
        self.name = QLineEdit("New map")
        self.kind = QComboBox()
        self.kind.addItem("Squares", GridKind.SQUARE.value)
        self.kind.addItem("Hexes", GridKind.HEX.value)
        self.columns = QSpinBox()
        self.columns.setRange(1, 1000)
        self.columns.setValue(24)
        self.rows = QSpinBox()
        self.rows.setRange(1, 1000)
        self.rows.setValue(16)
        self.metres = _spin(0.1, 100, 1.5, 2, " m")
        form = QFormLayout(self)
        form.addRow("&Name:", self.name)
        form.addRow("&Grid:", self.kind)
        form.addRow("&Columns:", self.columns)
        form.addRow("&Rows:", self.rows)
        form.addRow("&Metres per cell:", self.metres)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def battle_map(self) -> BattleMap:
        return BattleMap(name=self.name.text().strip() or "New map", grid=GridKind(self.kind.currentData()),
                         width=self.columns.value(), height=self.rows.value(), metres_per_cell=self.metres.value())

    @classmethod
    def ask(cls, parent: QWidget | None) -> BattleMap | None:
        """The new map, or None if cancelled; tests replace this."""
        dialog = cls(parent)
        return dialog.battle_map() if dialog.exec() == QDialog.DialogCode.Accepted else None


class BackgroundDialog(QDialog):
    """An image file under the grid, its offset in scene pixels and its scale (1 = the image's own pixels)."""

    def __init__(self, current: BackgroundImage | None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Background image")
        self.path = QLineEdit(current.path if current else "")
        self.path.setPlaceholderText("an image file, or a data: URI")
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        self.offset_x = _spin(-100_000, 100_000, current.offset_x if current else 0.0, 1, " px")
        self.offset_y = _spin(-100_000, 100_000, current.offset_y if current else 0.0, 1, " px")
        self.scale = _spin(0.01, 100, current.scale if current else 1.0, 3)
        self.scale.setSingleStep(0.05)
        row = QHBoxLayout()
        row.addWidget(self.path, 1)
        row.addWidget(browse)
        form = QFormLayout(self)
        form.addRow("&Image:", row)
        form.addRow("Offset &x:", self.offset_x)
        form.addRow("Offset &y:", self.offset_y)
        form.addRow("&Scale:", self.scale)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.remove = buttons.addButton("Remove image", QDialogButtonBox.ButtonRole.DestructiveRole)
        self.remove.clicked.connect(self._remove)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Background image", str(Path.home()),
                                              "Images (*.png *.jpg *.jpeg *.webp *.bmp)")
        if path:
            self.path.setText(path)

    def _remove(self) -> None:
        self.path.clear()
        self.accept()

    def background(self) -> BackgroundImage | None:
        path = self.path.text().strip()
        if not path:
            return None
        return BackgroundImage(path=path, offset_x=self.offset_x.value(), offset_y=self.offset_y.value(),
                               scale=self.scale.value())

    @classmethod
    def ask(cls, parent: QWidget | None, current: BackgroundImage | None) -> tuple[BackgroundImage | None] | None:
        """(the new background or None to remove it,), or None if cancelled; tests replace this."""
        dialog = cls(current, parent)
        return (dialog.background(),) if dialog.exec() == QDialog.DialogCode.Accepted else None


class ExportPngAsk:
    """Where to save the map as a picture; tests replace `path`."""

    @classmethod
    def path(cls, parent: QWidget | None, suggested: str) -> Path | None:
        from PySide6.QtWidgets import QFileDialog

        file, _ = QFileDialog.getSaveFileName(parent, "Export the map as PNG", suggested, "PNG image (*.png)")
        return Path(file) if file else None
