"""Cell editors for tables of ruleset stats, chosen by the column's FieldSpec (the model gives it under SpecRole).

A die or a choice is picked from a list showing labels ("Light Weapons", never "light_weapons"); a whole number
is typed in a StrictSpinBox, which keeps what was typed for the model to refuse with the reason; the wheel turns
none of them unless it has the focus. Other columns get the default editors.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Qt, Signal
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem, QWidget

from crisis_desktop.rules.base import FieldKind, FieldSpec
from crisis_desktop.ui.models.equipment_table_model import SpecRole
from crisis_desktop.ui.widgets.stat_fields import STANDARD_DICE
from crisis_desktop.ui.widgets.strict_inputs import StrictSpinBox, WheelSafeComboBox

AnyIndex = QModelIndex | QPersistentModelIndex


class StatDelegate(QStyledItemDelegate):
    """Editors by FieldSpec kind for the cells of a stats table.

    Signals:
        refused(str): text typed or pasted into a number cell that is no whole number, with the reason.
    """

    refused = Signal(str)

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: AnyIndex) -> QWidget:  # Override QAbstractItemDelegate::createEditor
        spec = index.data(SpecRole)
        if not isinstance(spec, FieldSpec):
            return super().createEditor(parent, option, index)
        if spec.kind in (FieldKind.DIE, FieldKind.CHOICE):
            combo = WheelSafeComboBox(parent)
            if not spec.required:
                combo.addItem("untrained" if spec.kind is FieldKind.DIE else "—", None)
            for value in spec.choices or (STANDARD_DICE if spec.kind is FieldKind.DIE else ()):
                combo.addItem(f"d{value}" if spec.kind is FieldKind.DIE else spec.choice_label(value), value)
            return combo
        if spec.kind is FieldKind.INT:
            spin = StrictSpinBox(spec.label, spec.minimum, spec.maximum, optional=not spec.required, parent=parent)
            spin.refused.connect(self.refused)
            return spin
        return super().createEditor(parent, option, index)

    def setEditorData(self, editor: QWidget, index: AnyIndex) -> None:  # Override ::setEditorData
        value = index.data(Qt.ItemDataRole.EditRole)
        if isinstance(editor, WheelSafeComboBox):
            found = editor.findData(value)
            if found < 0:  # a value the rules do not allow: shown as it is, to be replaced
                editor.addItem(str(value), value)
                found = editor.count() - 1
            editor.setCurrentIndex(found)
        elif isinstance(editor, StrictSpinBox):
            editor.set_value_or_none(value if isinstance(value, int) and not isinstance(value, bool) else None)
        else:
            super().setEditorData(editor, index)

    def setModelData(self, editor: QWidget, model: QAbstractItemModel,
                     index: AnyIndex) -> None:  # Override ::setModelData
        if isinstance(editor, WheelSafeComboBox):
            model.setData(index, editor.currentData(), Qt.ItemDataRole.EditRole)
        elif isinstance(editor, StrictSpinBox):
            editor.interpretText()
            model.setData(index, editor.value_or_none(), Qt.ItemDataRole.EditRole)
        else:
            super().setModelData(editor, model, index)
