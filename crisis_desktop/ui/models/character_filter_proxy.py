"""The proxy over the Characters table that searches, filters and sorts it, from lists kept beside the model."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QAbstractItemModel, QAbstractProxyModel, QCollator, QModelIndex, QObject, Qt, QTimer

from crisis_desktop.domain import CharacterKind
from crisis_desktop.ui.models.character_table_model import (
    COLUMNS,
    WARM_ROWS,
    AnyIndex,
    CharacterTableModel,
    Filter,
)
from crisis_desktop.ui.paint_guard import guarded


def _same_key(one: Any, other: Any) -> bool:
    """Whether two sort keys sort alike (collator keys order with <, they have no ==)."""
    return not (one < other or other < one)


class CharacterFilterProxy(QAbstractProxyModel):
    """Search (every word must appear in name, player, tags or notes), kind and tag filters, sorting.

    Filtering and sorting are worked out over lists kept beside the source model, never by asking it row
    by row through Qt: per column, the rows in ascending order of their locale-aware, case-insensitive sort
    key (kept up to date row by row as characters change), and per search the rows it accepts (narrowing a
    search only looks at the rows the previous one accepted; going back to a recent search reuses its
    answer). A filter change or a sort is then one pass over a list and a layout change of the rows shown,
    so the table keeps its selection and current row.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._words: tuple[str, ...] = ()
        self._kind: CharacterKind | None = None
        self._tag: str | None = None
        self._column = -1
        self._order = Qt.SortOrder.AscendingOrder
        self._collator = QCollator()
        self._collator.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._visible: list[int] = []              # proxy row -> source row
        self._proxy_row: dict[int, int] = {}       # source row -> proxy row
        self._keys: dict[int, list[Any]] = {}      # column -> sort key per source row
        self._ascending: dict[int, list[int]] = {}  # column -> source rows, ascending, ties in source order
        self._descending: dict[int, list[int]] = {}
        self._accepted: dict[Filter, list[int]] = {}  # recent filters -> source rows they accept
        self._texts: list[str] = []                # the search text per source row (filled while idle, in slices)
        self._kinds: list[CharacterKind] = []      # the kind per source row (filled with the texts)
        self._warming: dict[int, list[Any]] = {}   # column -> sort keys of the first rows, filled while idle
        self._last_filter: Filter | None = None
        self._saved: list[tuple[QModelIndex, str | None, int]] = []
        self._connections: list[Any] = []
        # The search texts and the other columns' sort keys are worked out while the window is idle, a slice at a
        # time, so that neither a first keystroke nor a first click waits for them, nor for a long idle step.
        self._warm = QTimer(self)
        self._warm.setSingleShot(True)
        self._warm.setInterval(0)
        self._warm.timeout.connect(self._warm_up)

    # -- the filters and the sort ---------------------------------------------------------------
    def set_search(self, text: str) -> None:
        self._refilter("_words", tuple(text.casefold().split()))

    def set_kind(self, kind: CharacterKind | None) -> None:
        self._refilter("_kind", kind)

    def set_tag(self, tag: str | None) -> None:
        self._refilter("_tag", tag)

    def _refilter(self, attribute: str, value: object) -> None:
        if getattr(self, attribute) == value:
            return
        self._about_to_change()
        setattr(self, attribute, value)
        self._changed()

    def sortColumn(self) -> int:  # Override QAbstractProxyModel::sortColumn  # noqa: N802
        return self._column

    def sortOrder(self) -> Qt.SortOrder:  # Override QAbstractProxyModel::sortOrder  # noqa: N802
        return self._order

    def sort(self, column: int, order: Qt.SortOrder = Qt.SortOrder.AscendingOrder) -> None:  # Override ::sort
        self._about_to_change()
        self._column, self._order = (column, order) if 0 <= column < len(COLUMNS) else (-1, order)
        self._changed()

    # -- following the source model -------------------------------------------------------------
    def setSourceModel(self, source: QAbstractItemModel) -> None:  # Override ::setSourceModel  # noqa: N802
        self.beginResetModel()
        old = self.sourceModel()
        if old is not None:
            for signal, slot in self._connections:
                signal.disconnect(slot)
        self._connections = []
        super().setSourceModel(source)
        if source is not None:
            structural = [(source.rowsAboutToBeInserted, self._about_to_change),
                          (source.rowsInserted, self._rows_changed),
                          (source.rowsAboutToBeRemoved, self._about_to_change),
                          (source.rowsRemoved, self._rows_changed),
                          (source.rowsAboutToBeMoved, self._about_to_change),
                          (source.rowsMoved, self._rows_changed),
                          (source.layoutAboutToBeChanged, self._about_to_change),
                          (source.layoutChanged, self._rows_changed),
                          (source.modelAboutToBeReset, self.beginResetModel), (source.modelReset, self._reset),
                          (source.dataChanged, self._data_changed)]
            for signal, slot in structural:
                signal.connect(slot)
            self._connections = structural
        self._forget(all_rows=True)
        self._visible = self._compute()
        self._proxy_row = {r: i for i, r in enumerate(self._visible)}
        self.endResetModel()

    def _warm_up(self) -> None:
        """One slice of the work a first keystroke or click would wait for, while idle (then the next, later):
        the search texts of WARM_ROWS more rows; or the sort keys of WARM_ROWS more rows of a column; or a
        column's order."""
        model = self._model()
        if model is None:
            return
        n = model.rowCount()
        if len(self._texts) < n:
            self._fill_rows(model, min(n, len(self._texts) + WARM_ROWS))
            self._warm.start()
            return
        for column in range(len(COLUMNS)):
            if column not in self._keys or len(self._keys[column]) != n:
                keys = self._warming.setdefault(column, [])
                start = len(keys)
                keys.extend(self._key(model, row, column) for row in range(start, min(n, start + WARM_ROWS)))
                if len(keys) == n:
                    self._keys[column] = self._warming.pop(column)
                    self._ascending.pop(column, None)
                    self._descending.pop(column, None)
            elif column not in self._ascending:
                self._order_of(model, column, Qt.SortOrder.AscendingOrder)
            elif column not in self._descending:
                self._order_of(model, column, Qt.SortOrder.DescendingOrder)
            else:
                continue
            self._warm.start()
            return

    def _rows_changed(self) -> None:
        self._forget(all_rows=True)
        self._changed()

    def _reset(self) -> None:
        self._forget(all_rows=True)
        self._visible = self._compute()
        self._proxy_row = {r: i for i, r in enumerate(self._visible)}
        self.endResetModel()

    def _data_changed(self, top_left: QModelIndex, bottom_right: QModelIndex, _roles: object = None) -> None:
        model = self._model()
        if model is None:
            return
        rows = range(top_left.row(), bottom_right.row() + 1)
        kept = self._rows_shown_kept(model, rows)
        if not kept:
            self._about_to_change()
        spec = (self._words, self._kind, self._tag)
        still = self._accepted.get(spec) if kept else None
        self._accepted = {spec: still} if still is not None else {}
        if still is None:
            self._last_filter = None
        self._refresh_rows(model, rows)
        if kept:
            for row in rows:
                shown = self._proxy_row.get(row)
                if shown is not None:
                    self.dataChanged.emit(self.index(shown, top_left.column()),
                                          self.index(shown, bottom_right.column()))
            return
        self._changed()
        first, last = self._proxy_row.get(top_left.row()), self._proxy_row.get(bottom_right.row())
        if top_left.row() == bottom_right.row() and first is not None:
            self.dataChanged.emit(self.index(first, top_left.column()), self.index(first, bottom_right.column()))
        elif self._visible:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self._visible) - 1, len(COLUMNS) - 1))
        del last

    def _rows_shown_kept(self, model: CharacterTableModel, rows: range) -> bool:
        """Whether the rows shown stay as they are after a change of `rows`: each changed row is still accepted
        (or refused) by the filters and keeps its sort key. Then only those rows are told to repaint, and no list
        of all the rows is worked out again (a step of a fight changes a few characters of thousands, whether or
        not the Characters place is shown)."""
        sort_keys = self._keys.get(self._column) if self._column >= 0 else None
        if self._column >= 0 and sort_keys is None:
            return False
        if not all(row < model.rowCount() and self._accepts(model, row) == (row in self._proxy_row) for row in rows):
            return False
        return sort_keys is None or all(_same_key(sort_keys[row], self._key(model, row, self._column)) for row in rows)

    def _refresh_rows(self, model: CharacterTableModel, rows: range) -> None:
        """The search texts and sort keys of changed rows, and their places in each order worked out."""
        for row in rows:
            if row < len(self._texts):
                self._texts[row] = model.search_text(row)
                self._kinds[row] = model.character_at(row).kind
            for column, partial in self._warming.items():   # the idle work goes on where it was
                if row < len(partial):
                    partial[row] = self._key(model, row, column)
        for column, keys in self._keys.items():
            ascending, descending = self._ascending.get(column), self._descending.get(column)
            for row in rows:
                key = self._key(model, row, column)
                if _same_key(keys[row], key):
                    continue  # its place in either order stays (a walk of the order is spared)
                keys[row] = key
                if ascending is not None:
                    ascending.remove(row)
                    ascending.insert(self._position(ascending, keys, row, descending=False), row)
                if descending is not None:
                    descending.remove(row)
                    descending.insert(self._position(descending, keys, row, descending=True), row)

    def _accepts(self, model: CharacterTableModel, row: int) -> bool:
        """Whether the filters as they are accept the source row as it is now."""
        character = model.character_at(row)
        if self._kind is not None and character.kind is not self._kind:
            return False
        if self._tag is not None and self._tag not in character.tags:
            return False
        if not self._words:
            return True
        text = model.search_text(row)
        return all(word in text for word in self._words)

    def _forget(self, all_rows: bool) -> None:
        self._accepted.clear()
        self._last_filter = None
        if all_rows:
            self._texts.clear()
            self._kinds.clear()
            self._warming.clear()
            self._keys.clear()
            self._ascending.clear()
            self._descending.clear()

    def _about_to_change(self) -> None:
        """Before the rows shown change: note each persistent index's character, to find it again after."""
        self.layoutAboutToBeChanged.emit()
        model = self._model()
        self._saved = []
        for index in self.persistentIndexList():
            row = index.row()
            source_row = self._visible[row] if 0 <= row < len(self._visible) else -1
            character_id = model.character_at(source_row).id \
                if model is not None and 0 <= source_row < model.rowCount() else None
            self._saved.append((index, character_id, index.column()))

    def _changed(self) -> None:
        model = self._model()
        self._visible = self._compute()
        self._proxy_row = {r: i for i, r in enumerate(self._visible)}
        old, new = [], []
        for index, character_id, column in self._saved:
            source_row = model.row_of(character_id) if model is not None and character_id is not None else None
            proxy_row = self._proxy_row.get(source_row) if source_row is not None else None
            old.append(index)
            new.append(self.index(proxy_row, column) if proxy_row is not None else QModelIndex())
        self._saved = []
        self.changePersistentIndexList(old, new)
        self.layoutChanged.emit()

    # -- working out the rows shown -------------------------------------------------------------
    def _model(self) -> CharacterTableModel | None:
        model = self.sourceModel()
        return model if isinstance(model, CharacterTableModel) else None

    def _key(self, model: CharacterTableModel, row: int, column: int) -> Any:
        # Case-folded first: in the C locale the collator compares code points whatever its case setting.
        return self._collator.sortKey(str(model.value(row, column) or "").casefold())

    def _position(self, order: list[int], keys: list[Any], row: int, descending: bool) -> int:
        """Where `row` goes in `order` (which lacks it): after keys before its own (smaller ones ascending,
        greater ones descending) and after equal keys of earlier rows."""
        key, low, high = keys[row], 0, len(order)
        while low < high:
            middle = (low + high) // 2
            other = order[middle]
            before = key < keys[other] if descending else keys[other] < key
            if before or (not (keys[other] < key or key < keys[other]) and other < row):
                low = middle + 1
            else:
                high = middle
        return low

    def _order_of(self, model: CharacterTableModel, column: int, order: Qt.SortOrder) -> list[int]:
        n = model.rowCount()
        if column not in self._keys or len(self._keys[column]) != n:
            self._warming.pop(column, None)
            self._keys[column] = [self._key(model, row, column) for row in range(n)]
            self._ascending.pop(column, None)
            self._descending.pop(column, None)
        keys = self._keys[column]
        if column not in self._ascending:
            self._ascending[column] = sorted(range(n), key=keys.__getitem__)
        ascending = self._ascending[column]
        if order == Qt.SortOrder.AscendingOrder:
            return ascending
        if column not in self._descending:
            rank, ranks = 0, [0] * n
            for position in range(1, n):
                if keys[ascending[position - 1]] < keys[ascending[position]]:
                    rank += 1
                ranks[ascending[position]] = rank
            self._descending[column] = sorted(range(n), key=ranks.__getitem__, reverse=True)
        return self._descending[column]

    def _accepted_rows(self, model: CharacterTableModel) -> list[int] | None:
        """Source rows the filters accept, in source order (None: every row)."""
        if not self._words and self._kind is None and self._tag is None:
            return None
        spec: Filter = (self._words, self._kind, self._tag)
        if spec in self._accepted:
            self._last_filter = spec
            return self._accepted[spec]
        candidates: Any = range(model.rowCount())
        last = self._last_filter
        if last is not None and last in self._accepted and (last[1] is None or last[1] == self._kind) \
                and (last[2] is None or last[2] == self._tag) \
                and all(any(old in word for word in self._words) for old in last[0]):
            candidates = self._accepted[last]  # a narrower filter: only what the last one accepted
        words, kind, tag = self._words, self._kind, self._tag
        character_at = model.character_at
        self._fill_rows(model, model.rowCount())
        texts, kinds = self._texts, self._kinds
        rows = list(candidates)
        if kind is not None:
            rows = [r for r in rows if kinds[r] is kind]
        if tag is not None:
            rows = [r for r in rows if tag in character_at(r).tags]
        if words:
            if len(words) == 1:
                word = words[0]
                rows = [r for r in rows if word in texts[r]]
            else:
                rows = [r for r in rows if all(w in texts[r] for w in words)]
        if len(self._accepted) > 32:
            self._accepted.pop(next(iter(self._accepted)))
        self._accepted[spec] = rows
        self._last_filter = spec
        return rows

    def _fill_rows(self, model: CharacterTableModel, end: int) -> None:
        """The search text and kind of the source rows up to `end` (those not known yet)."""
        start = len(self._texts)
        if start < end:
            self._texts.extend(map(model.search_text, range(start, end)))
            self._kinds.extend(model.character_at(row).kind for row in range(start, end))

    def _compute(self) -> list[int]:
        model = self._model()
        self._warm.start()
        if model is None:
            source = self.sourceModel()
            return list(range(source.rowCount())) if source is not None else []
        accepted = self._accepted_rows(model)
        if self._column < 0:
            return list(range(model.rowCount())) if accepted is None else list(accepted)
        order = self._order_of(model, self._column, self._order)
        if accepted is None:
            return list(order)
        if len(accepted) * 8 < len(order):  # few rows: sort them by their place in the order
            place = self._places(model, order)
            return sorted(accepted, key=place.__getitem__)
        keep = set(accepted)
        return [r for r in order if r in keep]

    def _places(self, model: CharacterTableModel, order: list[int]) -> list[int]:
        place = [0] * len(order)
        for position, row in enumerate(order):
            place[row] = position
        return place

    # -- QAbstractProxyModel interface ----------------------------------------------------------
    def mapToSource(self, proxy_index: AnyIndex) -> QModelIndex:  # Override ::mapToSource  # noqa: N802
        source = self.sourceModel()
        if source is None or not proxy_index.isValid() or not 0 <= proxy_index.row() < len(self._visible):
            return QModelIndex()
        return source.index(self._visible[proxy_index.row()], proxy_index.column())

    def mapFromSource(self, source_index: AnyIndex) -> QModelIndex:  # Override ::mapFromSource  # noqa: N802
        if not source_index.isValid():
            return QModelIndex()
        row = self._proxy_row.get(source_index.row())
        return self.index(row, source_index.column()) if row is not None else QModelIndex()

    def index(self, row: int, column: int, parent: AnyIndex = QModelIndex()) -> QModelIndex:  # noqa: B008
        if parent.isValid() or not 0 <= row < len(self._visible) or not 0 <= column < self.columnCount():
            return QModelIndex()
        return self.createIndex(row, column)

    def parent(self, child: AnyIndex = QModelIndex()) -> QModelIndex:  # type: ignore[override]  # noqa: B008
        return QModelIndex()

    def sibling(self, row: int, column: int, index: AnyIndex) -> QModelIndex:  # Override ::sibling
        return self.index(row, column)

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008  # Override ::rowCount
        return 0 if parent.isValid() else len(self._visible)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008  # Override ::columnCount
        source = self.sourceModel()
        return 0 if parent.isValid() or source is None else source.columnCount()

    def hasChildren(self, parent: AnyIndex = QModelIndex()) -> bool:  # noqa: B008  # Override ::hasChildren
        return not parent.isValid() and bool(self._visible)

    @guarded()
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # Override ::data
        if not index.isValid() or not 0 <= index.row() < len(self._visible):
            return None
        model = self._model()
        if model is not None:
            return model.value(self._visible[index.row()], index.column(), role)
        source = self.sourceModel()
        return source.data(source.index(self._visible[index.row()], index.column()), role) if source else None

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # Override ::headerData
        source = self.sourceModel()
        if source is None:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return source.headerData(section, orientation, role)
        return section + 1 if role == Qt.ItemDataRole.DisplayRole else None
