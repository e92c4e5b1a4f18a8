"""Rules both Q* systems read from a weapon's own fields: a melee weapon (RNG 0) fires nothing, so it has no
ammunition (no magazine, no spare magazines, no rounds loaded, no reload)."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.domain import EquipmentItem, ItemKind
from crisis_desktop.rules.base import FieldSpec

AMMUNITION = ("cap", "mag", "ammo", "reload_ap")


def melee_without_ammunition(item: EquipmentItem, specs: Sequence[FieldSpec]) -> list[str]:
    """A melee weapon holding an ammunition field (a value other than empty) breaks the rule, named by the fields'
    labels: 'A melee weapon (RNG 0) has no ammunition: CAP 7, REL 2'."""
    if item.kind is not ItemKind.WEAPON or item.stats.get("range", 0) != 0:
        return []
    labels = {spec.key: spec.label for spec in specs}
    held = [f"{labels.get(key, key)} {item.stats[key]}" for key in AMMUNITION if item.stats.get(key) is not None]
    return [f"A melee weapon (RNG 0) has no ammunition: {', '.join(held)}"] if held else []
