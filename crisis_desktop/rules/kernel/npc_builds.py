"""Quick NPC builds as data: a ruleset's table of tiers by level (stats and catalogue weapons), read here."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, StatValue, new_id
from crisis_desktop.rules.base.sheet import FieldKind, FieldSpec
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.tables import load_table

if TYPE_CHECKING:
    from crisis_desktop.rules.base.ruleset import Ruleset


def tier_for(table: Mapping[str, Any], level: int) -> Mapping[str, Any]:
    """The first tier whose `up_to` level is at least `level` (the last tier beyond them all)."""
    tiers: Sequence[Mapping[str, Any]] = table["tiers"]
    return next((t for t in tiers if level <= t["up_to"]), tiers[-1])


def carried(catalogue: Sequence[EquipmentItem], item_ids: Sequence[str]) -> list[EquipmentItem]:
    """Copies, to carry, of the catalogue entries named by id (fresh ids, remembering the entry)."""
    by_id = {item.id: item for item in catalogue}
    items: list[EquipmentItem] = []
    for item_id in item_ids:
        item = by_id[item_id].model_copy(deep=True)
        item.id, item.catalogue_id = new_id(), item_id
        items.append(item)
    return items


def build(name: str, base: Mapping[str, StatValue], tier: Mapping[str, Any],
          catalogue: Sequence[EquipmentItem], level_key: str | None, level: int) -> Character:
    """An NPC: the default stat block, overlaid with the tier's stats and the level (under `level_key`, where the
    sheet holds it); the tier's equipment carried. Its GM notes say how it was built."""
    stats = {**base, **tier["stats"]}
    if level_key is not None:
        stats[level_key] = level
    equipment = carried(catalogue, tier["equipment"])
    gear = ", ".join(item.name for item in equipment) or "nothing"
    return Character(kind=CharacterKind.NPC, name=name, stats=stats, equipment=equipment, tags=["npc"],
                     gm_notes=f"Quick NPC, level {level} ({tier['label']}): carries {gear}.")


def table_npc(ruleset: Ruleset, system: str, name: str, level: int, dice: DiceSource | None = None,
              level_key: str | None = None) -> Character:
    """Quick NPC by a system's table of tiers (resources/rules/<system>/npc.json): the ruleset's new NPC sheet,
    overlaid with the tier for `level` and carrying its equipment from the ruleset's catalogue."""
    return build(name, ruleset.sheet.new_stats(CharacterKind.NPC, dice), tier_for(load_table(system, "npc"), level),
                 ruleset.equipment_catalogue(), level_key, level)


def threat_field(lowest: str) -> FieldSpec:
    """What Quick NPC asks for in a system without NPC levels: a threat 1 to 4, not kept on the sheet (`lowest` names
    the first: "a ruffian")."""
    return FieldSpec("threat", "Threat", FieldKind.INT, "NPC", 2, 1, 4,
                     help=f"1: {lowest}; 2: a soldier; 3: a veteran; 4: a champion.")
