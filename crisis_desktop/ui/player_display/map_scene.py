"""The battle map as the players see it: the GM's map without hidden tokens or anything under the fog."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QObject
from PySide6.QtGui import QColor

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.fog import seen_through_fog
from crisis_desktop.domain import Combatant
from crisis_desktop.ui.battlemap.fog import FogItem, revealed_cells
from crisis_desktop.ui.battlemap.items import TokenLook
from crisis_desktop.ui.battlemap.scene import MapScene

Coord = tuple[int, int]

PLAYER_FOG = QColor(58, 62, 76)       # opaque, and unlike the window around the map


class PlayerMapScene(MapScene):
    """A MapScene over the same domain map and change sets as the GM's, that leaves out GM-only things.

    Hidden combatants get no token; with the map's fog on, unrevealed cells keep no terrain in the scene
    and are covered by an opaque fog, and tokens there are left out too, except the party's own and the player
    characters (the players know where they stand; controller/fog.py decides, for the turn order too). Tokens
    carry the health word of the player display under them instead of the GM's Health bar and condition markers.
    The scene is for showing: nothing in it is selectable.
    """

    def __init__(self, parent: QObject | None = None) -> None:
        self._shown: set[Coord] | None = None
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
        """The GM's look without numbers or conditions: health is the word the player display uses."""
        look = super().look(combatant_id)
        if look is None:
            return None
        return replace(look, health=None, conditions=(), state="", details=(), caption=look.word)

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
