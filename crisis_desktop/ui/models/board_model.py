"""Qt models of the encounter board: combatants in turn order, and the combat log."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QAbstractListModel, QAbstractTableModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QBrush, QFont

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.encounter_log import terms_text
from crisis_desktop.controller.fight import FightView
from crisis_desktop.domain import Campaign, Character
from crisis_desktop.domain.encounter import Combatant, Encounter, LogEntry
from crisis_desktop.rules.base import Actor, ResourceSpec, in_words
from crisis_desktop.rules.base import StateRole as StandingRole
from crisis_desktop.ui import theme
from crisis_desktop.ui.paint_guard import guarded, report
from crisis_desktop.ui.plain_text import tooltip

CombatantIdRole = Qt.ItemDataRole.UserRole + 1
ResourcesRole = Qt.ItemDataRole.UserRole + 2     # tuple[ResourceSpec, ...] for the bars
ConditionsRole = Qt.ItemDataRole.UserRole + 3    # tuple[Chip, ...] for the chips
CurrentRole = Qt.ItemDataRole.UserRole + 4       # True on the rows acting now (a turn, a slot, a phase)
StateRole = Qt.ItemDataRole.UserRole + 5         # what the state means: fighting, down or out (rules StateRole)
AnnouncedRole = Qt.ItemDataRole.UserRole + 6     # what the players may see of the row's place (OrderRow.announced)
ToldRankRole = Qt.ItemDataRole.UserRole + 7      # where the players see the row (OrderRow.told_rank, else its row)

COLUMNS = ("Init", "Combatant", "Side", "State", "Resources", "Conditions")
COL_INIT, COL_NAME, COL_SIDE, COL_STATE, COL_BARS, COL_CONDITIONS = range(len(COLUMNS))

AnyIndex = QModelIndex | QPersistentModelIndex


@dataclass(frozen=True)
class Chip:
    label: str
    effect: str
    rounds: int | None
    told: bool = True        # whether the players see it on an NPC (Mark.told)


@dataclass(frozen=True)
class _Row:
    """What one row shows, computed once per change of its combatant or character."""

    initiative: str
    initiative_tip: str
    name: str
    flags: str
    side: str
    state_shown: str
    state_text: str
    standing: StandingRole     # fighting, down, or out of the fight for good
    bars: tuple[ResourceSpec, ...]
    chips: tuple[Chip, ...]


class BoardModel(QAbstractTableModel):
    """One row per combatant of one encounter, in turn order once the fight has started; read-only.

    A thin adapter: rows are combatant ids, and what a row shows is read from the campaign, the
    ruleset and its round flow through a FightView (cached until a ChangeSet names the combatant or its
    character, or the flow's word on it changes). Changes become dataChanged, row inserts/removals, or
    a layout change when the order changes; only showing another encounter resets the model.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.fight: FightView | None = None
        self._ids: list[str] = []
        self._row_of: dict[str, int] = {}
        self._combatants: dict[str, Combatant] = {}
        self._characters: dict[str, Character] = {}
        self._cache: dict[str, _Row] = {}
        self._acting: frozenset[str] = frozenset()
        self._status: dict[str, str] = {}
        self._announced: dict[str, str] = {}
        self._told: dict[str, int] = {}

    @property
    def campaign(self) -> Campaign | None:
        return self.fight.campaign if self.fight is not None else None

    @property
    def encounter_id(self) -> str | None:
        return self.fight.encounter_id if self.fight is not None else None

    # -- feeding the model -----------------------------------------------------------------------
    def set_fight(self, fight: FightView | None) -> None:
        """Show another encounter (or none): the one place the model resets."""
        self.beginResetModel()
        self.fight = fight
        self._cache.clear()
        self._index_characters()
        self._ids = self._wanted_ids()
        self._reindex()
        self._acting = self._read_acting()
        self.endResetModel()

    def _read_acting(self) -> frozenset[str]:
        return frozenset(self.fight.acting()) if self.fight is not None and self._encounter() else frozenset()

    def apply_changes(self, changes: ChangeSet) -> None:
        """Bring the rows in line with the campaign after `changes`, touching only what changed."""
        encounter = self._encounter()
        if encounter is None or "*" in changes.campaign_fields:
            self.set_fight(self.fight if encounter else None)
            return
        if changes.characters_added or changes.characters_removed:
            self._index_characters()
        touched = set(changes.combatants) & set(self._row_of)
        if changes.characters:
            touched |= {cid for cid, c in self._combatants.items() if c.character_id in changes.characters}
        if "rule_options" in changes.campaign_fields:
            touched = set(self._ids)
        # A combatant's character changing (stunned, down) can change the flow's word on it too.
        if encounter.id in changes.encounters or changes.order or touched:
            old_status, old_told = self._status, self._told
            self._sync_rows(encounter)
            touched |= {cid for cid in set(old_status) | set(self._status)
                        if old_status.get(cid) != self._status.get(cid)}
            if old_told != self._told:      # the players' order follows where they are told each row stands
                touched |= set(self._ids)
            acting = self._read_acting()
            touched |= acting ^ self._acting
            self._acting = acting
        for cid in touched:
            self._cache.pop(cid, None)
        rows = sorted(self._row_of[cid] for cid in touched if cid in self._row_of)
        # One signal per run of adjacent rows keeps a 200-row board cheap to update.
        start: int | None = None
        prev = 0  # read only once start is set
        for row in rows:
            if start is None:
                start = prev = row
            elif row == prev + 1:
                prev = row
            else:
                self._emit_rows(start, prev)
                start = prev = row
        if start is not None:
            self._emit_rows(start, prev)

    def _emit_rows(self, first: int, last: int) -> None:
        self.dataChanged.emit(self.index(first, 0), self.index(last, len(COLUMNS) - 1))

    def _encounter(self) -> Encounter | None:
        if self.fight is None:
            return None
        try:
            return self.fight.encounter
        except KeyError:
            return None

    def _index_characters(self) -> None:
        self._characters = {c.id: c for c in self.campaign.characters} if self.campaign else {}

    def _wanted_ids(self) -> list[str]:
        """Combatant ids in the flow's order (unordered ones after), and the flow's word on each."""
        encounter = self._encounter()
        if encounter is None or self.fight is None:
            self._combatants, self._status, self._announced, self._told = {}, {}, {}, {}
            return []
        self._combatants = {c.id: c for c in encounter.combatants}
        rows = [r for r in self.fight.order_rows() if r.combatant_id in self._combatants]
        self._status = {r.combatant_id: r.status for r in rows if r.combatant_id is not None and r.status}
        self._announced = {r.combatant_id: r.announced for r in rows if r.combatant_id is not None and r.announced}
        self._told = {r.combatant_id: r.told_rank for r in rows
                      if r.combatant_id is not None and r.told_rank is not None}
        ordered = [r.combatant_id for r in rows if r.combatant_id is not None]
        placed = set(ordered)
        return ordered + [cid for cid in self._combatants if cid not in placed]

    def _reindex(self) -> None:
        self._row_of = {cid: row for row, cid in enumerate(self._ids)}

    def _sync_rows(self, encounter: Encounter) -> None:
        old_objects = self._combatants
        wanted = self._wanted_ids()
        # Undo may put back equal copies of combatants: their rows must be read afresh.
        for cid, combatant in self._combatants.items():
            if old_objects.get(cid) is not combatant:
                self._cache.pop(cid, None)
        if wanted == self._ids:
            return
        present = set(wanted)
        for row in reversed(range(len(self._ids))):
            if self._ids[row] not in present:
                self.beginRemoveRows(QModelIndex(), row, row)
                self._cache.pop(self._ids.pop(row), None)
                self.endRemoveRows()
        known = set(self._ids)
        for cid in wanted:
            if cid not in known:
                self.beginInsertRows(QModelIndex(), len(self._ids), len(self._ids))
                self._ids.append(cid)
                self.endInsertRows()
        self._reindex()
        if self._ids != wanted:
            self._reorder(wanted)

    def _reorder(self, wanted: list[str]) -> None:
        self.layoutAboutToBeChanged.emit()
        old_ids = list(self._ids)
        self._ids = wanted
        self._reindex()
        old_persistent = self.persistentIndexList()
        new_persistent = []
        for index in old_persistent:
            row = self._row_of.get(old_ids[index.row()], -1) if 0 <= index.row() < len(old_ids) else -1
            new_persistent.append(self.index(row, index.column()) if row >= 0 else QModelIndex())
        self.changePersistentIndexList(old_persistent, new_persistent)
        self.layoutChanged.emit()

    # -- lookups ---------------------------------------------------------------------------------
    def combatant_id(self, row: int) -> str | None:
        return self._ids[row] if 0 <= row < len(self._ids) else None

    def row_of(self, combatant_id: str) -> int | None:
        return self._row_of.get(combatant_id)

    def _row(self, cid: str) -> _Row:
        row = self._cache.get(cid)
        if row is None:
            try:
                row = self._compute(cid)
            except Exception as exc:  # noqa: BLE001  a value the rules cannot read: the row says so, nothing crashes
                row = self._unreadable(cid, report(f"{type(self).__name__} row", exc))
            self._cache[cid] = row
        return row

    def _unreadable(self, cid: str, problem: str) -> _Row:
        """The row of a combatant the rules could not read: its name, and why it cannot be shown."""
        combatant = self._combatants[cid]
        character = self._characters.get(combatant.character_id)
        name = character.name if character is not None else "(missing character)"
        return _Row("", "", name, "", combatant.side.value, "cannot be shown", f"cannot be shown: {problem}",
                    StandingRole.FIGHTING,
                    (), ())

    def _compute(self, cid: str) -> _Row:
        combatant = self._combatants[cid]
        character = self._characters.get(combatant.character_id)
        if character is None and self.campaign is not None:
            self._index_characters()
            character = self._characters.get(combatant.character_id)
        if character is None or self.fight is None:
            return _Row("", "", "(missing character)", "", combatant.side.value, "", "", StandingRole.OUT, (), ())
        ruleset, options = self.fight.ruleset, self.fight.options
        actor = Actor(character, combatant)
        state = ruleset.sheet.state(character, options)
        bars = tuple(ruleset.sheet.resources(actor, options))
        specs = {c.key: c for c in ruleset.sheet.conditions()}
        chips = tuple(Chip(specs[c.key].label if c.key in specs else in_words(c.key),
                           specs[c.key].effect if c.key in specs else c.note, c.rounds) for c in character.conditions)
        # What else the rules track (a wound per location, a critical injury), in their words, after the conditions.
        chips += tuple(Chip(m.label, m.effect, None, m.told) for m in ruleset.sheet.marks(actor, options))
        # The flow's word (delaying, planned...), the rules' own (overwatch, a task under way), the builder's flags.
        # The rules' setup flags (caught unaware) matter before the fight and in its opening round (round 0); after
        # that they are history.
        marked = [spec.label.lower() for spec in ruleset.sheet.setup_flags() if combatant.setup.get(spec.key) is True] \
            if self.fight.encounter.round == 0 else []
        flags = [self._status.get(cid, ""), *ruleset.sheet.badges(actor, options), *marked,
                 "hidden" if combatant.hidden else ""]
        if combatant.group:
            flags.append(f"group {combatant.group}")
        initiative = "" if combatant.initiative is None else str(combatant.initiative)
        shown = ", ".join(dict.fromkeys(f for f in flags if f))
        return _Row(initiative, combatant.initiative_note, character.name, shown, combatant.side.value, state.shown,
                    state.text, state.role, bars, chips)

    # -- the model interface ---------------------------------------------------------------------
    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008  Override QAbstractItemModel::rowCount
        return 0 if parent.isValid() else len(self._ids)

    def columnCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008  Override ::columnCount
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,  # Override QAbstractItemModel::headerData
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(COLUMNS):
            return COLUMNS[section]
        return None

    @guarded()
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # Override ::data
        if not index.isValid() or not 0 <= index.row() < len(self._ids):
            return None
        cid = self._ids[index.row()]
        if role == CombatantIdRole:
            return cid
        if role == AnnouncedRole:
            return self._announced.get(cid, "")
        if role == ToldRankRole:
            return self._told.get(cid, index.row())
        row = self._row(cid)
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._display(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            # The name column's whole text (what is planned or declared, with its target, may not fit the column).
            return tooltip(self._display(row, column) if column == COL_NAME else self._tooltip(row, column))
        if role == CurrentRole:
            return cid in self._acting
        if role == StateRole:
            return row.standing
        if role == ResourcesRole:
            return row.bars
        if role == ConditionsRole:
            return row.chips
        # Colours from the application's palette at paint time, so a light or a dark theme both read.
        if role == Qt.ItemDataRole.BackgroundRole and cid in self._acting:
            return QBrush(theme.current_row()[0])
        if role == Qt.ItemDataRole.ForegroundRole and cid in self._acting:
            return QBrush(theme.current_row()[1])
        if role == Qt.ItemDataRole.ForegroundRole and row.standing is StandingRole.OUT:
            return QBrush(theme.muted_text())
        if role == Qt.ItemDataRole.FontRole and cid in self._acting:
            font = QFont()
            font.setBold(True)
            return font
        return None

    @staticmethod
    def _display(row: _Row, column: int) -> str:
        if column == COL_INIT:
            return row.initiative
        if column == COL_NAME:
            return f"{row.name} ({row.flags})" if row.flags else row.name
        if column == COL_SIDE:
            return row.side
        if column == COL_STATE:
            return row.state_shown
        if column == COL_BARS:
            return " · ".join(b.shown for b in row.bars)
        return ", ".join(c.label for c in row.chips)

    @staticmethod
    def _tooltip(row: _Row, column: int) -> str | None:
        if column == COL_INIT:
            return row.initiative_tip or None
        if column == COL_STATE:
            return row.state_text
        if column == COL_BARS:
            return "\n".join(f"{b.label}: {b.current} of {b.maximum}" + ("" if b.lower_is_worse else " taken")
                             for b in row.bars) or None
        if column == COL_CONDITIONS:
            return chips_tip(row.chips)
        return None


def chips_tip(chips: tuple[Chip, ...]) -> str | None:
    """Each chip with what it does, a line each; None without chips."""
    return "\n".join(f"{c.label}: {c.effect}" + (f" ({c.rounds} rounds left)" if c.rounds else "")
                     for c in chips) or None


class CombatLogModel(QAbstractListModel):
    """The combat log of one encounter, one row per event; rows are appended and taken back at the end
    (an undo, a rewind), never reset except when another encounter is shown."""

    EntryRole = Qt.ItemDataRole.UserRole + 1

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.campaign: Campaign | None = None
        self.encounter_id: str | None = None
        self._entries: list[LogEntry] = []

    def set_encounter(self, campaign: Campaign | None, encounter_id: str | None) -> None:
        self.beginResetModel()
        self.campaign, self.encounter_id = campaign, encounter_id
        self._entries = list(self._log())
        self.endResetModel()

    def _log(self) -> list[LogEntry]:
        if self.campaign is None or self.encounter_id is None:
            return []
        try:
            return self.campaign.encounter(self.encounter_id).log
        except KeyError:
            return []

    def apply_changes(self, changes: ChangeSet) -> None:
        if "*" in changes.campaign_fields:
            self.set_encounter(self.campaign, self.encounter_id)
            return
        if self.encounter_id not in changes.encounters:
            return
        log = self._log()
        keep = 0
        for old, new in zip(self._entries, log, strict=False):
            if old.id != new.id:
                break
            keep += 1
        if keep < len(self._entries):
            self.beginRemoveRows(QModelIndex(), keep, len(self._entries) - 1)
            del self._entries[keep:]
            self.endRemoveRows()
        if keep < len(log):
            self.beginInsertRows(QModelIndex(), keep, len(log) - 1)
            self._entries.extend(log[keep:])
            self.endInsertRows()

    def rowCount(self, parent: AnyIndex = QModelIndex()) -> int:  # noqa: B008  Override ::rowCount
        return 0 if parent.isValid() else len(self._entries)

    @guarded()
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # Override ::data
        if not index.isValid() or not 0 <= index.row() < len(self._entries):
            return None
        entry = self._entries[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return f"R{entry.round}  {entry.text}"
        if role == Qt.ItemDataRole.ToolTipRole:
            lines = [entry.text, terms_text(entry), *entry.details]
            return tooltip("\n".join(line for line in lines if line))
        if role == self.EntryRole:
            return entry
        if role == Qt.ItemDataRole.FontRole and entry.kind in ("round", "start", "end"):
            font = QFont()
            font.setBold(True)
            return font
        return None
