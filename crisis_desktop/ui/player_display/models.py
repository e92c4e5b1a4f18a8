"""The board's models as the players see them: filter proxies that drop GM-only rows and data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, QSortFilterProxyModel, Qt

from crisis_desktop.domain.character import Character, CharacterKind
from crisis_desktop.domain.encounter import Combatant
from crisis_desktop.rules.base import StateRole as Standing
from crisis_desktop.ui.models.board_model import (
    COL_BARS,
    COL_CONDITIONS,
    COL_NAME,
    AnnouncedRole,
    BoardModel,
    Chip,
    CombatantIdRole,
    ConditionsRole,
    CurrentRole,
    ResourcesRole,
    StateRole,
    ToldRankRole,
    chips_tip,
)
from crisis_desktop.ui.paint_guard import guarded
from crisis_desktop.ui.plain_text import tooltip
from crisis_desktop.ui.player_display.health import Shown, shown
from crisis_desktop.ui.player_display.health_modes import DEFAULT_MODES, HealthMode

AnyIndex = QModelIndex | QPersistentModelIndex

HealthWordRole = Qt.ItemDataRole.UserRole + 40   # "unhurt", "wounded", "badly wounded", "down"; "" when hidden
HealthTextRole = Qt.ItemDataRole.UserRole + 41   # all the row tells of health: "wounded (Health 9/24)", "7 damage"
SideRole = Qt.ItemDataRole.UserRole + 42         # "party", "enemies", "neutral"
HealthDetailsRole = Qt.ItemDataRole.UserRole + 43  # the smaller line: "Health 21/24", "strained"; else ""
FoggedRole = Qt.ItemDataRole.UserRole + 44       # True on a row shown as "Unknown" (in the fog)
HealthShownRole = Qt.ItemDataRole.UserRole + 45  # the large health text of the row: "wounded", "7 damage", ""
HealthColouredRole = Qt.ItemDataRole.UserRole + 46  # True when that text takes the health word's colour
TokenLabelRole = Qt.ItemDataRole.UserRole + 47   # the label of its token on the players' map ("R1"), else ""
_HEALTH_ROLES = frozenset({int(HealthWordRole), int(HealthTextRole), int(HealthDetailsRole), int(HealthShownRole),
                           int(HealthColouredRole)})
UNKNOWN = "Unknown"                              # the name of a combatant in the fog, when shown at all
PLAYER_COLUMNS = (COL_NAME, COL_BARS, COL_CONDITIONS)
# Roles of the board model that hold nothing GM-only and pass through unchanged.
_PASSED = frozenset({int(CombatantIdRole), int(CurrentRole), int(AnnouncedRole),
                     int(Qt.ItemDataRole.BackgroundRole), int(Qt.ItemDataRole.FontRole),
                     int(Qt.ItemDataRole.ForegroundRole)})


class PlayerBoardProxy(QSortFilterProxyModel):
    """The encounter board's rows in turn order, minus hidden combatants, with only what players may see.

    Kept columns: name, health and conditions. The name is the character's name alone (no GM flags such
    as "hidden" or a pending action); health shows as the GM chose for the row's side (`set_health_mode`: numbers,
    coloured or plain words, damage taken, or nothing; health.shown); resource bars (AP, armour, NPC stats) reach
    the rows of a side shown with numbers only. No tooltips but the conditions' effects, no initiative, no rules
    state text.

    Combatants the fog of war hides (`set_fogged`, from the session) are left out too, or, with
    `fogged_as_unknown`, keep their place in the turn order as "Unknown" with nothing else about them.
    """

    def __init__(self, modes: Mapping[str, HealthMode] | None = None, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._modes: dict[str, HealthMode] = {**DEFAULT_MODES, **(modes or {})}
        self._labels: dict[str, str] = {}
        self._fogged: frozenset[str] = frozenset()
        self._fogged_as_unknown = False
        # Re-filter when a row's data changes: hiding a combatant on the board hides it here at once. The rows stand
        # where the table was told they stand (the board's order, except while plans are secret).
        self.setDynamicSortFilter(True)
        self.setSortRole(ToldRankRole)
        self.sort(0)

    @property
    def health_modes(self) -> dict[str, HealthMode]:
        """How each side's health shows ("party", "enemies", "neutral")."""
        return dict(self._modes)

    def set_health_mode(self, side: str, mode: HealthMode) -> None:
        """Show the health of `side`'s fighters as `mode` from now on."""
        if side not in self._modes:
            raise ValueError(f"No side called {side!r}: party, enemies or neutral")
        if mode is not self._modes[side]:
            self._modes[side] = mode
            self._all_changed()

    def set_labels(self, labels: dict[str, str]) -> None:
        """The token labels of the fighters the players see, by combatant id (the display makes them)."""
        if labels != self._labels:
            self._labels = dict(labels)
            self._all_changed()

    @property
    def fogged_as_unknown(self) -> bool:
        return self._fogged_as_unknown

    @property
    def fogged(self) -> frozenset[str]:
        """The combatants the fog hides from the players now."""
        return self._fogged

    def set_fogged(self, combatant_ids: frozenset[str]) -> None:
        """The combatants the fog hides now (CampaignSession.hidden_by_fog)."""
        if combatant_ids == self._fogged:
            return
        if self._fogged_as_unknown:
            self._fogged = combatant_ids
            self._all_changed()
            return
        self.beginFilterChange()
        self._fogged = combatant_ids
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)

    def set_fogged_as_unknown(self, on: bool) -> None:
        """Show combatants in the fog as "Unknown" (True) or leave them out (False)."""
        if on == self._fogged_as_unknown:
            return
        self.beginFilterChange()
        self._fogged_as_unknown = on
        self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        self._all_changed()

    def _all_changed(self) -> None:
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 0), self.index(self.rowCount() - 1, self.columnCount() - 1))

    def board(self) -> BoardModel | None:
        source = self.sourceModel()
        return source if isinstance(source, BoardModel) else None

    # -- lookups in the domain ---------------------------------------------------------------------
    def _combatant(self, source_row: int) -> Combatant | None:
        board = self.board()
        if board is None or board.campaign is None or board.encounter_id is None:
            return None
        cid = board.combatant_id(source_row)
        try:
            encounter = board.campaign.encounter(board.encounter_id)
        except KeyError:
            return None
        return next((c for c in encounter.combatants if c.id == cid), None)

    def _character(self, combatant: Combatant) -> Character | None:
        board = self.board()
        if board is None or board.campaign is None:
            return None
        try:
            return board.campaign.character(combatant.character_id)
        except KeyError:
            return None

    # -- filtering ---------------------------------------------------------------------------------
    def filterAcceptsRow(self, source_row: int, source_parent: AnyIndex) -> bool:  # Override ::filterAcceptsRow
        combatant = self._combatant(source_row)
        if combatant is None or combatant.hidden:
            return False
        return self._fogged_as_unknown or combatant.id not in self._fogged

    def filterAcceptsColumn(self, source_column: int,  # Override QSortFilterProxyModel::filterAcceptsColumn
                            source_parent: AnyIndex) -> bool:
        return source_column in PLAYER_COLUMNS

    # -- data --------------------------------------------------------------------------------------
    def headerData(self, section: int, orientation: Qt.Orientation,  # Override ::headerData
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole \
                and 0 <= section < len(PLAYER_COLUMNS):
            return ("Name", "Health", "Conditions")[section]
        return None

    @guarded()
    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:  # Override ::data
        if not index.isValid():
            return None
        source = self.mapToSource(index)
        combatant = self._combatant(source.row())
        if combatant is not None and combatant.id in self._fogged:
            return self._unknown(source, role)
        if role in _PASSED:
            return source.data(role)
        character = self._character(combatant) if combatant is not None else None
        if combatant is None or character is None:
            return None
        if role == FoggedRole:
            return False
        if role == SideRole:
            return combatant.side.value
        if role == TokenLabelRole:
            return self._labels.get(combatant.id, "")
        if role in _HEALTH_ROLES:
            return self._health_role(self._shown(source, combatant.side.value), role)
        if role == ResourcesRole:
            return source.data(role) if self._numbers_for(combatant) else ()
        if role == ConditionsRole:
            return self._chips(source, combatant, character)
        column = source.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == COL_NAME:
                return character.name      # what was announced of its place (AnnouncedRole) reads under it
            if column == COL_BARS:
                return self._health_role(self._shown(source, combatant.side.value), HealthTextRole)
            return ", ".join(c.label for c in self._chips(source, combatant, character))   # the conditions' names
        if role == Qt.ItemDataRole.ToolTipRole and column == COL_CONDITIONS:
            # What each condition does, from the rules.
            return tooltip(chips_tip(self._chips(source, combatant, character)))
        return None

    @staticmethod
    def _unknown(source: QModelIndex, role: int) -> Any:
        """A combatant in the fog: its place in the turn order and whether it acts now, nothing else."""
        if role in (CombatantIdRole, CurrentRole):
            return source.data(role)
        if role == FoggedRole:
            return True
        if role == Qt.ItemDataRole.DisplayRole and source.column() == COL_NAME:
            return UNKNOWN
        if role in (ConditionsRole, ResourcesRole):
            return ()
        if role in _HEALTH_ROLES or role == TokenLabelRole:
            return False if role == HealthColouredRole else ""
        return None

    def _numbers_for(self, combatant: Combatant) -> bool:
        return self._modes.get(combatant.side.value) is HealthMode.NUMBERS

    def _shown(self, source: QModelIndex, side: str) -> Shown:
        # Qt hands the state role back as plain text: read it as the rules' StateRole again.
        return shown(self._modes.get(side, HealthMode.HIDDEN), Standing(source.data(StateRole) or Standing.FIGHTING),
                     source.data(ResourcesRole) or ())

    @staticmethod
    def _health_role(health: Shown, role: int) -> Any:
        if role == HealthWordRole:
            return health.word
        if role == HealthShownRole:
            return health.text
        if role == HealthColouredRole:
            return health.coloured
        if role == HealthDetailsRole:
            return health.details
        return f"{health.text} ({health.details})" if health.details else health.text

    def _chips(self, source: QModelIndex, combatant: Combatant, character: Character) -> tuple[Chip, ...]:
        """The row's conditions and marks the table may see: all of a PC's and, where the GM shows numbers, of the
        side; else none the rules keep from the players (a skirmish NPC's fatigue)."""
        chips: tuple[Chip, ...] = source.siblingAtColumn(COL_CONDITIONS).data(ConditionsRole) or ()
        if character.kind is CharacterKind.PC or self._numbers_for(combatant):
            return chips
        return tuple(c for c in chips if c.told)
