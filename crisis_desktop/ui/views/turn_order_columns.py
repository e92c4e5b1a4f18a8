"""The turn order's columns fitted to its panel: one compact line per fighter, no empty column, no sideways scroll."""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QHeaderView, QTableView

from crisis_desktop.ui.models.board_model import (
    COL_BARS,
    COL_CONDITIONS,
    COL_INIT,
    COL_NAME,
    COL_SIDE,
    COL_STATE,
    ConditionsRole,
    ResourcesRole,
)
from crisis_desktop.ui.widgets.board_delegate import BAR_GAP, BAR_WIDTH, MIN_BAR_WIDTH

NAME_MIN = 120          # the name keeps at least this much of the line
NAME_WANTED = 230       # and as much as its text wants up to this, before the bars narrow
ROW_HEIGHT = 24         # a line per fighter: ten fit in a 1280x800 window's turn order with room to spare
CONDITIONS_MAX = 180    # the conditions' column at most (their chips elide past it; the tooltip names them all)
CONDITIONS_MIN = 60     # and at least, where the name and the bars leave less: a chip cut short still shows


class TurnOrderColumns(QObject):
    """Keeps a board table's columns fitted to its width, whatever the panel's size: Init, State and Conditions as
    wide as their text, the name as its text up to NAME_WANTED, the Resources' bars narrowed (down to their
    numbers) where that leaves too little room for them, the name stretching
    over what is left. The side shows as the colour strip of the Init cell (the map's token colours), so its own
    column is hidden; the Conditions column shows only while some fighter has a condition.

    Refits when the table is resized and when its rows change (a fighter added, a condition taken)."""

    def __init__(self, table: QTableView) -> None:
        super().__init__(table)
        self.table = table
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.fit)
        table.verticalHeader().setDefaultSectionSize(ROW_HEIGHT)
        table.verticalHeader().setMinimumSectionSize(ROW_HEIGHT)
        header = table.horizontalHeader()
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(20)
        header.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.Stretch)
        table.setColumnHidden(COL_SIDE, True)
        model = table.model()
        for signal in (model.rowsInserted, model.rowsRemoved, model.modelReset, model.dataChanged,
                       model.layoutChanged):
            signal.connect(self._timer.start)
        table.viewport().installEventFilter(self)
        self.fit()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802  Override QObject::eventFilter
        if event.type() == QEvent.Type.Resize:
            self._timer.start()
        return False

    def _contents(self, column: int) -> int:
        """The width of a column's widest cell and header (its size hints), at least that of its header."""
        table = self.table
        widths = [table.horizontalHeader().sectionSizeFromContents(column).width()]
        widths += [table.sizeHintForColumn(column)]
        return max(widths)

    def fit(self) -> None:
        """Fit the columns to the table's width now."""
        table, model = self.table, self.table.model()
        rows = range(model.rowCount())
        bars = max((len(model.index(r, COL_BARS).data(ResourcesRole) or ()) for r in rows), default=0)
        conditions = any(model.index(r, COL_CONDITIONS).data(ConditionsRole) for r in rows)
        table.setColumnHidden(COL_CONDITIONS, not conditions)
        width = table.viewport().width()
        fixed = {COL_INIT: self._contents(COL_INIT) + 8, COL_STATE: self._contents(COL_STATE)}
        widest = bars * (BAR_WIDTH + BAR_GAP) + 8
        narrowest = max(bars * (MIN_BAR_WIDTH + BAR_GAP) + 8,
                        table.horizontalHeader().sectionSizeFromContents(COL_BARS).width())
        if conditions:
            # The chips take what the name (at its least) and the narrowest bars leave, their tooltip the rest.
            room = width - sum(fixed.values()) - NAME_MIN - narrowest
            fixed[COL_CONDITIONS] = min(self._contents(COL_CONDITIONS), CONDITIONS_MAX, max(CONDITIONS_MIN, room))
        name = max(NAME_MIN, min(self._contents(COL_NAME), NAME_WANTED))
        fixed[COL_BARS] = max(narrowest, min(widest, width - sum(fixed.values()) - name))
        for column, size in fixed.items():
            table.horizontalHeader().resizeSection(column, size)
