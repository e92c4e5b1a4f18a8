"""What an action key means for a character: its label, AP cost and table row (reload:<item id> included)."""

from __future__ import annotations

from dataclasses import dataclass

from crisis_desktop.domain import Character, EquipmentItem, ItemKind
from crisis_desktop.rules.base import ActionRole, ActionSpec
from crisis_desktop.rules.crisis_classic import tables

RELOAD_PREFIX = "reload:"
# An action costing more than a full AP pool runs over several turns.
MULTI_TURN_ABOVE = 6


@dataclass(frozen=True)
class ResolvedAction:
    key: str
    label: str
    cost: int
    row: tables.ActionRow | None = None     # None for a reload
    weapon: EquipmentItem | None = None     # the weapon a reload fills

    @property
    def multi_turn(self) -> bool:
        return self.cost > MULTI_TURN_ABOVE

    def spec(self) -> ActionSpec:
        help_text = self.row.description if self.row else f"Reload the {self.label.removeprefix('Reload ')}."
        role = ActionRole(self.row.role) if self.row else ActionRole.PLAIN
        return ActionSpec(self.key, self.label, {"ap": self.cost}, help_text, role, readies=self.readies)

    @property
    def readies(self) -> bool:
        """A reload of an equipped weapon with no round loaded: what makes it usable again."""
        if self.weapon is None or not self.weapon.equipped:
            return False
        ammo = self.weapon.stats.get("ammo")
        return isinstance(ammo, int) and not isinstance(ammo, bool) and ammo < 1


def reload_key(item: EquipmentItem) -> str:
    return f"{RELOAD_PREFIX}{item.id}"


def reloadable(c: Character) -> list[EquipmentItem]:
    """Carried weapons that take ammunition and say how long a reload takes."""
    return [i for i in c.equipment
            if i.kind is ItemKind.WEAPON and isinstance(i.stats.get("reload_ap"), int)
            and isinstance(i.stats.get("cap"), int)]


def resolve_action(c: Character, key: str) -> ResolvedAction:
    """ValueError naming the known actions if `key` is not one of them."""
    if key.startswith(RELOAD_PREFIX):
        item_id = key.removeprefix(RELOAD_PREFIX)
        weapon = next((i for i in reloadable(c) if i.id == item_id), None)
        if weapon is None:
            raise ValueError(f"{c.name} carries no reloadable weapon {item_id}")
        reload_ap = weapon.stats["reload_ap"]
        assert isinstance(reload_ap, int)  # reloadable() keeps only weapons whose reload_ap is an int
        return ResolvedAction(key, f"Reload {weapon.name}", int(reload_ap), weapon=weapon)
    row = tables.action_by_key().get(key)
    if row is None:
        known = ", ".join(tables.action_by_key())
        raise ValueError(f"Unknown action {key!r}; crisis-classic knows {known} and reload:<weapon id>")
    return ResolvedAction(key, row.label, row.ap or 0, row=row)


def action_label(c: Character, key: str) -> str:
    """The action's label in the rules' words ("Reload Musket"), for a key kept on the combatant; the key itself for
    one the character can no longer take (the weapon was dropped)."""
    try:
        return resolve_action(c, key).label
    except ValueError:
        return key
