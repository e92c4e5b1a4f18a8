"""What a printed Genesys sheet shows besides the stored ranks: each skill's dice pool (ability and proficiency
dice from the characteristic and the rank), and wounds and strain as boxes."""

from __future__ import annotations

from crisis_desktop.domain import Character
from crisis_desktop.rules.base import FieldSpec, Options, SheetTrack, StatRoll
from crisis_desktop.rules.base.printing import Printing
from crisis_desktop.rules.genesys import checks, narrative, paper, sheet, stats, tables
from crisis_desktop.rules.genesys.custom_skills import custom_skills

# Fields the paper shows otherwise: a threshold's base and the extra soak and defence are in the breakdown of the
# threshold, the soak and the defences (internal to the editor); the story fields head the sheet.
_NOT_LISTED = frozenset({"wound_base", "strain_base", "extra_soak", "extra_melee_defence", "extra_ranged_defence"})
_NAMES = {narrative.ABILITY: ("Ability", "Ability"), narrative.PROFICIENCY: ("Proficiency", "Proficiency")}


class GenesysPrinting(Printing):
    heading = "Pool"
    legend = ("Pool: the dice a check rolls before difficulty, boost and setback dice (Proficiency yellow, Ability "
              "green).")

    template = "sheet-genesys.html"
    blocks_template = "npc-blocks-genesys.html"

    def shows(self, character: Character, spec: FieldSpec) -> bool:
        return spec.key not in _NOT_LISTED and super().shows(character, spec)

    def layout(self, character: Character, options: Options) -> paper.GenesysPaper:
        return paper.layout(character, options)

    def roll(self, character: Character, key: str, options: Options) -> StatRoll | None:
        """A skill's pool as text and as (die kind, count) pairs, for a sheet that draws the dice."""
        if key not in tables.skills() and key not in custom_skills(options):
            return None
        pool = checks.base_pool(character, key, options)
        pairs = tuple((kind, pool.count(kind)) for kind in (narrative.PROFICIENCY, narrative.ABILITY)
                      if pool.count(kind))
        text = ", ".join(f"{n} {_NAMES[kind][0]}" for kind, n in pairs) or "none"
        rank = stats.rank(character, key)
        return StatRoll(text, "" if rank else "untrained", pairs)

    def tracks(self, character: Character, options: Options) -> list[SheetTrack]:
        """Wounds and strain as boxes (strain only for a character that tracks it), and a minion group's members."""
        threshold = int(sheet.wound_threshold(character).value)
        rows = [SheetTrack("Wounds", threshold, min(threshold, stats.wounds(character)))]
        strain = sheet.strain_threshold(character)
        if strain is not None:
            rows.append(SheetTrack("Strain", int(strain.value), min(int(strain.value), stats.strain(character))))
        if stats.is_minion(character):
            rows.append(SheetTrack("Minions", stats.group_size(character),
                                   stats.group_size(character) - stats.minions_alive(character)))
        return rows
