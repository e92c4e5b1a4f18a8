"""Reload: a magazine weapon (one with CAP) is loaded again from a spare magazine (MAG), for the weapon's REL in AP
(several turns when REL is over the AP a fighter can hold)."""

from __future__ import annotations

from crisis_desktop.domain import Character, EquipmentItem, ItemKind
from crisis_desktop.rules.base import Effect, SetItemStat
from crisis_desktop.rules.crisis import stats

DEFAULT_REL = 2


def magazine_weapons(character: Character) -> list[EquipmentItem]:
    """The equipped weapons that fire from a magazine."""
    return [w for w in stats.equipped(character, ItemKind.WEAPON) if stats.int_stat(w, "cap") > 0]


def _spare(weapon: EquipmentItem) -> bool:
    """Whether a spare magazine is left (MAG not kept: the GM keeps no count, one is always at hand)."""
    mags = weapon.stats.get("mag")
    return not isinstance(mags, int) or isinstance(mags, bool) or mags > 0


def reload_target(character: Character) -> EquipmentItem | None:
    """The weapon a Reload loads: of the magazine weapons not full with a spare magazine left, the one with the fewest
    rounds loaded (the cheapest to reload among equals); None when there is none."""
    wanting = [w for w in magazine_weapons(character)
               if stats.int_stat(w, "ammo") < stats.int_stat(w, "cap") and _spare(w)]
    return min(wanting, key=lambda w: (stats.int_stat(w, "ammo"), stats.int_stat(w, "reload_ap", DEFAULT_REL)),
               default=None)


def reload_cost(character: Character) -> int | None:
    """The AP a Reload costs now: the REL of the weapon it would load (of the cheapest magazine weapon when none
    wants loading, for the price shown beside the refusal); None without a magazine weapon."""
    target = reload_target(character)
    weapons = [target] if target is not None else magazine_weapons(character)
    return min((stats.int_stat(w, "reload_ap", DEFAULT_REL) for w in weapons), default=None)


def reload_refusal(character: Character) -> str | None:
    """Why a Reload cannot be taken: no magazine weapon, every one full, or no spare magazine left."""
    weapons = magazine_weapons(character)
    if not weapons:
        return f"{character.name} has no weapon to reload"
    if reload_target(character) is not None:
        return None
    if all(stats.int_stat(w, "ammo") >= stats.int_stat(w, "cap") for w in weapons):
        return f"{character.name}'s {' and '.join(w.name for w in weapons)} {'is' if len(weapons) == 1 else 'are'} " \
               "fully loaded"
    return f"{character.name} has no spare magazine left"


def reloaded(character: Character) -> tuple[list[Effect], list[str]]:
    """What a finished Reload does: the weapon's magazine full again, one spare magazine fewer (where they are
    counted), and the note saying so."""
    weapon = reload_target(character)
    if weapon is None:
        return [], []
    effects: list[Effect] = [SetItemStat(character.id, weapon.id, "ammo", stats.int_stat(weapon, "cap"))]
    mags = weapon.stats.get("mag")
    left = ""
    if isinstance(mags, int) and not isinstance(mags, bool):
        effects.append(SetItemStat(character.id, weapon.id, "mag", mags - 1))
        left = f" ({mags - 1} spare magazine{'' if mags - 1 == 1 else 's'} left)"
    rounds = stats.int_stat(weapon, "cap")
    return effects, [f"{weapon.name} reloaded: {rounds} round{'' if rounds == 1 else 's'}{left}"]
