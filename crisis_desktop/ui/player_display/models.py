"""The board's models as the players see them: filter proxies that drop GM-only rows and data."""

from __future__ import annotations

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
from crisis_desktop.ui.player_display.health import health_bar, health_word, told_bars

AnyIndex = QModelIndex | QPersistentModelIndex

HealthWordRole = Qt.ItemDataRole.UserRole + 40   # "unhurt", "wounded", "badly wounded", "down"
HealthTextRole = Qt.ItemDataRole.UserRole + 41   # the word, with Health numbers for PCs when shown
SideRole = Qt.ItemDataRole.UserRole + 42         # "party", "enemies", "neutral"
HealthNumbersRole = Qt.ItemDataRole.UserRole + 43  # "Health 21/24" for PCs when shown, else ""
FoggedRole = Qt.ItemDataRole.UserRole + 44       # True on a row shown as "Unknown" (in the fog)
UNKNOWN = "Unknown"                              # the name of a combatant in the fog, when shown at all
PLAYER_COLUMNS = (COL_NAME, COL_BARS, COL_CONDITIONS)
# Roles of the board model that hold nothing GM-only and pass through unchanged.
_PASSED = frozenset({int(CombatantIdRole), int(CurrentRole), int(AnnouncedRole),
                     int(Qt.ItemDataRole.BackgroundRole), int(Qt.ItemDataRole.FontRole),
                     int(Qt.ItemDataRole.ForegroundRole)})


class PlayerBoardProxy(QSortFilterProxyModel):
    """The encounter board's rows in turn order, minus hidden combatants, with only what players may see.

    Kept columns: name, health and conditions. The name is the character's name alone (no GM flags such
    as "hidden" or a pending action), health is a word for NPCs and, when `show_pc_numbers` is on, the
    Health numbers for PCs; resource bars (AP, armour, NPC stats) reach PCs' rows only. No tooltips but the
    conditions' effects, no initiative, no rules state text.

    Combatants the fog of war hides (`set_fogged`, from the session) are left out too, or, with
    `fogged_as_unknown`, keep their place in the turn order as "Unknown" with nothing else about them.
    """

    def __init__(self, show_pc_numbers: bool = True, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._show_pc_numbers = show_pc_numbers
        self._fogged: frozenset[str] = frozenset()
        self._fogged_as_unknown = False
        # Re-filter when a row's data changes: hiding a combatant on the board hides it here at once. The rows stand
        # where the table was told they stand (the board's order, except while plans are secret).
        self.setDynamicSortFilter(True)
        self.setSortRole(ToldRankRole)
        self.sort(0)

    @property
    def show_pc_numbers(self) -> bool:
        return self._show_pc_numbers

    def set_show_pc_numbers(self, on: bool) -> None:
        if on != self._show_pc_numbers:
            self._show_pc_numbers = on
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
        if role in (HealthWordRole, HealthTextRole):
            return self._health(source, character, with_numbers=role == HealthTextRole)
        if role == HealthNumbersRole:
            # Each track the rules say can put the character down, by its own label ("Wounds 4/15 · Strain 13/12").
            told = told_bars(source.data(ResourcesRole) or ())
            return " · ".join(b.shown for b in told) if self._numbers_for(character) else ""
        if role == ResourcesRole:
            return source.data(role) if self._numbers_for(character) else ()
        if role == ConditionsRole:
            return self._chips(source, character)
        column = source.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == COL_NAME:
                return character.name      # what was announced of its place (AnnouncedRole) reads under it
            if column == COL_BARS:
                return self._health(source, character, with_numbers=True)
            return ", ".join(c.label for c in self._chips(source, character))   # the conditions' names
        if role == Qt.ItemDataRole.ToolTipRole and column == COL_CONDITIONS:
            return tooltip(chips_tip(self._chips(source, character)))   # what each condition does, from the rules
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
        if role in (HealthWordRole, HealthTextRole, HealthNumbersRole):
            return ""
        return None

    def _chips(self, source: QModelIndex, character: Character) -> tuple[Chip, ...]:
        """The row's conditions and marks the table may see: on an NPC, none the rules keep from the players."""
        chips: tuple[Chip, ...] = source.siblingAtColumn(COL_CONDITIONS).data(ConditionsRole) or ()
        return chips if self._numbers_for(character) else tuple(c for c in chips if c.told)

    def _numbers_for(self, character: Character) -> bool:
        return self._show_pc_numbers and character.kind is CharacterKind.PC

    def _health(self, source: QModelIndex, character: Character, *, with_numbers: bool) -> str:
        bar = health_bar(source.data(ResourcesRole) or ())
        # Qt hands the role back as plain text: read it as the rules' StateRole again.
        word = health_word(Standing(source.data(StateRole) or Standing.FIGHTING), bar.left if bar else None,
                           bar.maximum if bar else None)
        if with_numbers and bar is not None and self._numbers_for(character):
            return f"{word} ({bar.current}/{bar.maximum})"
        return word
