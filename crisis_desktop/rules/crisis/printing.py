"""What a printed crisis sheet shows besides the stored values: the die an untrained skill rolls, ammunition boxes."""

from __future__ import annotations

from crisis_desktop.domain import Character, ItemKind
from crisis_desktop.rules.base import Options, SheetTrack, StatRoll
from crisis_desktop.rules.base.printing import Printing
from crisis_desktop.rules.crisis import stats
from crisis_desktop.rules.crisis.options import option


class CrisisPrinting(Printing):
    def roll(self, character: Character, key: str, options: Options) -> StatRoll | None:
        """An untrained skill (left empty) shows the die it really rolls under the `untrained_skill` option."""
        if key not in stats.SKILL_ATTRIBUTE:
            return None
        value = character.stats.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return None
        die = stats.roll_die(character, key, options)
        how = {"attribute": f"rolls {stats.label(stats.SKILL_ATTRIBUTE[key])}",
               "attribute_halved": f"{stats.label(stats.SKILL_ATTRIBUTE[key])} halved"}.get(
            str(option(options, "untrained_skill")), "untrained")
        return StatRoll(f"d{die.sides}" + (f"+{die.bonus}" if die.bonus else ""),
                        "untrained" if how == "untrained" else f"untrained, {how}")

    def tracks(self, character: Character, options: Options) -> list[SheetTrack]:
        """The board's bars, then a box per round of each magazine and the spare magazines."""
        return super().tracks(character, options) + ammunition_tracks(character)


def ammunition_tracks(character: Character) -> list[SheetTrack]:
    """A box per round of each weapon's magazine (rounds fired marked), and the spare magazines."""
    tracks = []
    for item in character.equipment:
        if item.kind is not ItemKind.WEAPON:
            continue
        cap = item.stats.get("cap")
        if not isinstance(cap, int) or isinstance(cap, bool) or cap <= 0:
            continue
        loaded = item.stats.get("ammo")
        left = loaded if isinstance(loaded, int) and not isinstance(loaded, bool) else cap
        tracks.append(SheetTrack(f"{item.name} rounds", cap, max(0, cap - left)))
        mags = item.stats.get("mag")
        if isinstance(mags, int) and not isinstance(mags, bool) and mags > 0:
            tracks.append(SheetTrack(f"{item.name} spare magazines", mags, 0))
    return tracks
