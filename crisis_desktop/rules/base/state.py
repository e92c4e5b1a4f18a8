"""How a character stands and what the board shows of it: actors, states and their roles, bars."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from crisis_desktop.domain import Character, Combatant


class BarRole(StrEnum):
    """What a bar means to the shared layers (the player display's health words, the token's bar)."""

    HEALTH = "health"        # how far from going down: the players see it as a word
    ACTIONS = "actions"      # what is left to spend this turn (AP, actions, maneuvers)
    DOWN_TOO = "down_too"    # a second track that puts the character down when it runs out (genesys strain): the
                             # players are told it beside health
    OTHER = "other"


@dataclass(frozen=True)
class ResourceSpec:
    """A tracked value shown as a bar on the board (AP, Health, Endurance, non-lethal)."""

    key: str
    label: str
    current: int
    maximum: int
    lower_is_worse: bool = True
    role: BarRole = BarRole.OTHER
    short: str = ""          # what a narrow bar says ("Armour" for "Light Armour durability"); the label if empty

    @property
    def left(self) -> int:
        """How far the bar is from empty as the rules read it: its value, or for a bar counted up (wounds taken
        against a threshold, `lower_is_worse` False) what is left below its maximum, none past it."""
        return self.current if self.lower_is_worse else max(0, self.maximum - self.current)

    @property
    def shown(self) -> str:
        """The bar in the rules' words and numbers: "Wounds 4/15", "AP 3/6"."""
        return f"{self.label} {self.current}/{self.maximum}"


class StateRole(StrEnum):
    """What a character's state means to the shared layers, whatever the system calls it."""

    FIGHTING = "fighting"    # can act
    DOWN = "down"            # still in the fight but cannot act now (incapacitated, dying, unconscious)
    OUT = "out"              # out of the fight for good (dead): its turns are skipped


@dataclass(frozen=True)
class StateLabel:
    """How a character stands in the system's own words ('dying', 'knocked out'), what that means to the
    shared layers (`role`), and a plain explanation."""

    key: str
    text: str
    role: StateRole = StateRole.FIGHTING
    # The state in the rules' words for a column or a chip ("Knocked out"); by default the key in words.
    label: str = ""

    @property
    def fighting(self) -> bool:
        return self.role is StateRole.FIGHTING

    @property
    def shown(self) -> str:
        """What the views show of the state: its label, never its key ("knocked_out" reads "Knocked out")."""
        return self.label or in_words(self.key)


def in_words(key: str) -> str:
    """A key the rules name nothing by, in words for the views ("knocked_out" reads "Knocked out")."""
    words = key.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


@dataclass(frozen=True)
class Mark:
    """Something the rules track on a character that the GM must see beside its conditions, in the rules' words:
    a wound and what it imposes, fatigue, a critical injury with its severity, a death test to come."""

    label: str               # short, for a chip or a token's marker ("Right arm: Broken arm (critical)")
    effect: str = ""         # what it does, for a tooltip ("Attacks with the right arm at disadvantage.")
    # Whether the table may see it on an NPC (a broken arm shows; Fatigue 3 is a number the players are not told).
    told: bool = True


@dataclass(frozen=True)
class Actor:
    """A character as it takes part in a check: its sheet, and its combat state if in a fight."""

    character: Character
    combatant: Combatant | None = None

    @property
    def name(self) -> str:
        return self.character.name
