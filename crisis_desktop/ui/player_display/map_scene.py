"""The battle map as the players see it: the GM's map without hidden tokens or anything under the fog."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject, QRectF
from PySide6.QtGui import QColor

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.fog import seen_through_fog
from crisis_desktop.domain import Campaign, Combatant, Encounter
from crisis_desktop.ui.battlemap.fog import FogItem, revealed_cells
from crisis_desktop.ui.battlemap.items import TokenLook
from crisis_desktop.ui.battlemap.scene import MapScene
from crisis_desktop.ui.player_display.health import DOWN
from crisis_desktop.ui.player_display.health_modes import DEFAULT_MODES, HealthMode

Coord = tuple[int, int]

PLAYER_FOG = QColor(58, 62, 76)       # opaque, and unlike the window around the map


class PlayerMapScene(MapScene):
    """A MapScene over the same domain map and change sets as the GM's, that leaves out GM-only things.

    Hidden combatants get no token; with the map's fog on, unrevealed cells keep no terrain in the scene
    and are covered by an opaque fog, and tokens there are left out too, except the party's own and the player
    characters (the players know where they stand; controller/fog.py decides, for the turn order too). Tokens
    carry health as the player display shows it for their side (`health_modes`: the word, the damage taken, or
    nothing) under them instead of the GM's Health bar and condition markers.
    The scene is for showing: nothing in it is selectable.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        self._shown: set[Coord] | None = None
        self.health_modes: dict[str, HealthMode] = dict(DEFAULT_MODES)
        self._player_labels: dict[str, str] = {}
        super().__init__(parent)
        self.fog = FogItem(PLAYER_FOG, z=8)
        self.addItem(self.fog)

    # -- what players may see ------------------------------------------------------------------
    def cell_shown(self, xy: Coord) -> bool:
        return self._shown is None or xy in self._shown

    def token_shown(self, combatant_id: str) -> bool:
        battle_map = self.battle_map
        combatant = self._combatant(combatant_id)
        if battle_map is None or combatant is None or combatant.hidden or self.campaign is None:
            return False
        token = next((t for t in battle_map.tokens if t.combatant_id == combatant_id), None)
        return token is not None and (self.cell_shown((token.x, token.y)) or seen_through_fog(self.campaign, combatant))

    def view_rect(self) -> QRectF:
        """What the players' view fits: the whole map, or with the fog on, the part of it they may see (the revealed
        cells and the tokens shown), a cell of margin around it; a map with nothing revealed shows whole."""
        if self._shown is None:
            return self.sceneRect()
        area = QRectF()
        for xy in self._shown:
            area = area.united(self.polygon(xy).boundingRect())
        for item in self.tokens.values():
            area = area.united(item.sceneBoundingRect())
        if area.isEmpty():
            return self.sceneRect()
        margin = self.size
        return area.adjusted(-margin, -margin, margin, margin).intersected(self.sceneRect())

    def _combatant(self, combatant_id: str) -> Combatant | None:
        if self.campaign is None:
            return None
        # Through the campaign's indexes, not a walk through every encounter.
        if self.encounter_id is None:
            encounter = self.campaign.encounter_of(combatant_id)
        else:
            encounter = self.campaign.encounter(self.encounter_id) if self.campaign.has_encounter(
                self.encounter_id) else None
        return encounter.find_combatant(combatant_id) if encounter is not None else None

    # -- MapScene's projection, filtered ---------------------------------------------------------
    def look(self, combatant_id: str) -> TokenLook | None:  # Override MapScene::look
        """The GM's look without numbers or conditions: health as the player display shows it for the side."""
        look = super().look(combatant_id)
        if look is None:
            return None
        return replace(look, health=None, conditions=(), state="", details=(), caption=self._caption(look))

    def _caption(self, look: TokenLook) -> str:
        mode = self.health_modes.get(look.side, HealthMode.HIDDEN)
        if mode is HealthMode.HIDDEN:
            return ""
        if mode is HealthMode.DAMAGE and look.health is not None:
            current, maximum = look.health
            damage = max(0, maximum - current if look.lower_is_worse else current)
            if damage:
                return ("down · " if look.word == DOWN else "") + f"{damage} damage"
        return look.word

    def _labels(self, campaign: Campaign, encounter: Encounter) -> dict[str, str]:  # Override MapScene::_labels
        """The labels the display made of what the players see (set_labels), never of the hidden ones."""
        return self._player_labels

    def set_labels(self, labels: dict[str, str]) -> None:
        """The token labels of the fighters the players see (distinct among them only)."""
        if labels == self._player_labels:
            return
        changed = {cid for cid in set(labels) | set(self._player_labels)
                   if labels.get(cid) != self._player_labels.get(cid)}
        self._player_labels = dict(labels)
        for combatant_id in changed & set(self.tokens):
            self._sync_token(combatant_id)

    def set_health_modes(self, modes: dict[str, HealthMode]) -> None:
        """Show health under the tokens of each side as the player display does."""
        if modes != self.health_modes:
            self.health_modes = dict(modes)
            for combatant_id in list(self.tokens):
                self._sync_token(combatant_id)

    def _rebuild(self) -> None:  # Override MapScene::_rebuild
        self._shown = revealed_cells(self.battle_map)
        super()._rebuild()
        self._drop_unrevealed(list(self.cells))
        self.fog.sync(self.battle_map, self.grid, self.size)

    def _sync_token(self, combatant_id: str) -> None:  # Override MapScene::_sync_token
        if self.token_shown(combatant_id):
            super()._sync_token(combatant_id)
            item = self.tokens.get(combatant_id)
            if item is not None:
                item.setFlag(item.GraphicsItemFlag.ItemIsSelectable, False)
                item.setToolTip("")
            return
        item = self.tokens.pop(combatant_id, None)
        if item is not None:
            self.removeItem(item)

    def apply_changes(self, changes: ChangeSet) -> None:  # Override MapScene::apply_changes
        if self.campaign is None:
            return
        if self.map_id in changes.battle_maps or "*" in changes.campaign_fields:
            # The fog switched on or off, or the map itself changed: rare, so build it again.
            self._rebuild()
            return
        self._shown = revealed_cells(self.battle_map)
        super().apply_changes(changes)
        touched = [(x, y) for map_id, x, y in changes.cells if map_id == self.map_id]
        if touched:
            self._drop_unrevealed(touched)
            self.fog.sync(self.battle_map, self.grid, self.size)
            battle_map = self.battle_map
            # A reveal or hide shows or takes away the tokens standing there.
            for token in battle_map.tokens if battle_map is not None else []:
                if (token.x, token.y) in set(touched):
                    self._sync_token(token.combatant_id)

    def _drop_unrevealed(self, coords: list[Coord]) -> None:
        dropped = [xy for xy in coords if not self.cell_shown(xy) and self.cells.pop(xy, None) is not None]
        if dropped and self.layer is not None:
            self.layer.cells_changed(dropped)
