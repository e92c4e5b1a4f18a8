"""What a printed crisis-classic sheet shows besides the stored ranks: each ability's and skill's effective
roll-under target (ability + rank, or the untrained penalty, and the character's conditions), ammunition boxes."""

from __future__ import annotations

from crisis_desktop.domain import Character, ItemKind
from crisis_desktop.rules.base import Explained, Options, SheetTrack, StatRoll
from crisis_desktop.rules.base.printing import Printing
from crisis_desktop.rules.crisis_classic import sheet, tables


class ClassicPrinting(Printing):
    heading = "3d6 ≤"
    legend = ("3d6 ≤: roll 3d6; at or under the number succeeds, before the Difficulty Level's change "
              "(Average 0). Untrained skills include their penalty.")

    def roll(self, character: Character, key: str, options: Options) -> StatRoll | None:
        if key not in tables.ability_by_key() and key not in tables.skill_by_key():
            return None
        terms = sheet.skill_terms(character, key) + sheet.condition_terms(character)
        target = Explained.of(*terms)
        rank = character.stats.get(key)
        untrained = key in tables.skill_by_key() and not (isinstance(rank, int) and not isinstance(rank, bool))
        return StatRoll(str(int(target.value)), "untrained" if untrained else "", ())

    def tracks(self, character: Character, options: Options) -> list[SheetTrack]:
        """The board's bars, then a box per round of each magazine and the spare magazines."""
        return super().tracks(character, options) + ammunition_tracks(character)


def ammunition_tracks(character: Character) -> list[SheetTrack]:
    """A box per round of each weapon's magazine (rounds fired marked), and the spare magazines."""
    tracks = []
    for item in character.equipment:
        if item.kind is not ItemKind.WEAPON:
            continue
        cap = sheet.item_int(item, "cap", 0)
        if cap <= 0:
            continue
        left = sheet.item_int(item, "ammo", cap)
        tracks.append(SheetTrack(f"{item.name} rounds", cap, max(0, cap - left)))
        mags = sheet.item_int(item, "mag", 0)
        if mags > 0:
            tracks.append(SheetTrack(f"{item.name} spare magazines", mags, 0))
    return tracks
