"""The printing part of a ruleset: what a printed character sheet shows besides the stored values (the roll a stat
really makes, what each weapon rolls against what, the defences and reactions, the boxes a player ticks off). A
system supplies its own where its sheets print more than the default (`Ruleset.PRINTING`); the export reads it as
`ruleset.printing`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from crisis_desktop.domain import Character
from crisis_desktop.rules.base.sheet import FieldSpec, SheetAttack, SheetDefence, SheetTrack, StatRoll
from crisis_desktop.rules.base.state import Actor, BarRole
from crisis_desktop.rules.base.values import Explained, Options

if TYPE_CHECKING:
    from crisis_desktop.rules.base.ruleset import Ruleset


class Printing:
    """How the sheets of a ruleset print. `heading` is the roll column's heading ("Roll", "Target") and `legend` the
    line under the stats that explains it (empty by default); `template` and `blocks_template` the templates its
    sheets print through (a system's own where its paper looks like its players' sheets). A system whose players roll
    from the sheet lists each weapon's attack (`attacks`) and its defences and reactions (`defences`), with the lines
    that explain them (`attack_notes`: a damage multiplier table, how a contest is won)."""

    heading: str = "Roll"
    legend: str = ""
    # The bundled templates (resources/templates) a sheet and a page of NPC blocks of this system print through.
    template: str = "sheet.html"
    blocks_template: str = "npc-blocks.html"

    def __init__(self, rules: Ruleset) -> None:
        self.rules = rules

    def shows(self, character: Character, spec: FieldSpec) -> bool:
        """Whether the printed sheet lists the sheet field: by default every field that applies to the character
        (`Sheet.applies`); a system leaves out fields its paper shows otherwise (a threshold's base, printed as
        the threshold's breakdown)."""
        return self.rules.sheet.applies(spec, character)

    def layout(self, character: Character, options: Options) -> object | None:
        """What a system's own template lays out beyond the common sheet data (its characteristics as circles, its
        skills table...), as plain frozen records; None by default."""
        return None

    def roll(self, character: Character, key: str, options: Options) -> StatRoll | None:
        """What a check of the sheet stat `key` really rolls, when the printed sheet should show more than the stored
        value (an untrained skill's die, a roll-under target, a dice pool); None by default."""
        return None

    def tracks(self, character: Character, options: Options) -> list[SheetTrack]:
        """What a player ticks off on the printed sheet: by default a track per bar of the board outside a fight
        (health, durability...), without the action bars. Systems add ammunition and the like."""
        return [SheetTrack(bar.label, bar.maximum, max(0, bar.maximum - bar.current) if bar.lower_is_worse
                           else bar.current)
                for bar in self.rules.sheet.resources(Actor(character), options)
                if bar.role is not BarRole.ACTIONS and bar.maximum > 0]

    def attacks(self, character: Character, options: Options) -> list[SheetAttack]:
        """Per weapon carried, what the player rolls, against what, and the damage; none by default."""
        return []

    def attack_notes(self, character: Character, options: Options) -> list[str]:
        """Lines printed under the attacks (a damage multiplier table, how an opposed roll is won); none by default."""
        return []

    def defences(self, character: Character, options: Options) -> list[SheetDefence]:
        """The defences and reactions the character has, each with its goal; none by default."""
        return []

    def derived_text(self, key: str, value: Explained) -> str:
        """How the sheet explains the derived value `key`: its terms added up by default ("Body d6 / 2 = 3"). A system
        whose formula halves or rounds says it as a player reads it ("(BOD 13 + POW 10) / 2, rounded up = 12")."""
        return value.explain()

