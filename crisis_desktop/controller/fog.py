"""Who the fog of war hides from the players: NPCs standing in unrevealed cells of the encounter's map (no Qt)."""

from __future__ import annotations

from crisis_desktop.domain import Campaign, CharacterKind, Combatant, Side


def seen_through_fog(campaign: Campaign, combatant: Combatant) -> bool:
    """Whether the players see this combatant wherever it stands: the player characters and the party's own
    side (the players know where their people are)."""
    if combatant.side is Side.PARTY:
        return True
    try:
        return campaign.character(combatant.character_id).kind is CharacterKind.PC
    except KeyError:
        return False


def hidden_by_fog(campaign: Campaign, encounter_id: str | None) -> frozenset[str]:
    """Ids of the encounter's combatants whose token stands under the fog of its battle map.

    Empty when the encounter has no map or the map's fog is off. A combatant without a token is not in the
    fog (it stands nowhere the players could look); neither is one `seen_through_fog`.
    """
    if encounter_id is None:
        return frozenset()
    try:
        encounter = campaign.encounter(encounter_id)
    except KeyError:
        return frozenset()
    battle_map = next((m for m in campaign.battle_maps if m.id == encounter.battle_map_id), None)
    if battle_map is None or not battle_map.fog:
        return frozenset()
    revealed = {(x, y) for x, y in battle_map.revealed}
    cells = {t.combatant_id: (t.x, t.y) for t in battle_map.tokens}
    return frozenset(c.id for c in encounter.combatants
                     if c.id in cells and cells[c.id] not in revealed and not seen_through_fog(campaign, c))
