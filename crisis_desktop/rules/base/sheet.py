"""What a sheet holds, described so editors are generated and values validated: fields, options, conditions."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from crisis_desktop.domain import CharacterKind, StatValue
from crisis_desktop.domain.limits import number_problem


class FieldKind(StrEnum):
    DIE = "die"              # a die size: 4, 6, 8, 10, 12 (choices list the allowed sides)
    INT = "int"              # a whole number within [minimum, maximum]
    NUMBER = "number"        # a decimal number within [minimum, maximum] (a distance)
    CHOICE = "choice"        # one of `choices`
    TEXT = "text"            # free text
    DICE = "dice"            # a dice expression such as "2d6", "Body", "2 x Body", "Body - 2"
    BOOL = "bool"


@dataclass(frozen=True)
class FieldSpec:
    """Describes one stat so that a sheet editor can be generated and values validated.

    `kinds` says whether the field applies to PCs, NPCs or both. A DICE field's expression rolls at most
    `max_dice` dice of at most `max_sides` sides (None: no bound of the rules); with `dice_sides`, only dice of
    those sizes ("d5" is no die of the rules), and with `dice_names`, only those stats by name ("Body", never
    "banana"). `lowest_total`: the least a DICE field's expression may roll (0 for damage: "-3" or "1d4-5" is no
    damage); `best_total`: the least its highest roll may be (1: it can deal damage at all), stats named counting as
    a die of at most `ATTRIBUTE_MAX_SIDES` sides. `choice_labels`, in the order of `choices`, are what a picker shows
    ("Light Weapons" for "light_weapons"); without them the choice itself is shown.

    `separator`: a TEXT field holding a list ("Soldier 25, Hunter 25"); its entries are split at the separator and
    joined again by `normalised` in one way on every way in (the editor, an import, a file), so that what is stored
    is what is read back: no empty entry, no trailing separator.
    """

    key: str
    label: str
    kind: FieldKind
    group: str = ""
    default: StatValue = None
    minimum: int | None = None
    maximum: int | None = None
    choices: tuple[StatValue, ...] = ()
    help: str = ""
    kinds: frozenset[CharacterKind] = frozenset({CharacterKind.PC, CharacterKind.NPC})
    required: bool = True
    max_dice: int | None = None
    max_sides: int | None = None
    dice_sides: tuple[int, ...] = ()
    dice_names: tuple[str, ...] | None = None
    choice_labels: tuple[str, ...] = ()
    lowest_total: int | None = None
    best_total: int | None = None
    separator: str = ""

    def entries(self, value: StatValue) -> list[str]:
        """A list field's entries, stripped, empty ones left out (nothing for a value that is not text)."""
        if not isinstance(value, str):
            return []
        parts = value.split(self.separator) if self.separator else [value]
        return [part.strip() for part in parts if part.strip()]

    def normalised(self, value: StatValue) -> StatValue:
        """The value as it is stored: a list field's entries joined by its separator and a space ("Soldier 25,
        Hunter 25," -> "Soldier 25, Hunter 25"); any other value as it is."""
        if not self.separator or not isinstance(value, str):
            return value
        return f"{self.separator} ".join(self.entries(value))

    def choice_label(self, value: StatValue) -> str:
        """How a picker shows one of the choices: its label, else the value itself."""
        if value in self.choices and len(self.choice_labels) == len(self.choices):
            return self.choice_labels[self.choices.index(value)]
        return "" if value is None else str(value)

    def validate(self, value: StatValue) -> str | None:
        """None if `value` is legal here, else the reason in plain words."""
        if value is None:
            return f"{self.label} is required" if self.required else None
        if self.kind in (FieldKind.INT, FieldKind.DIE):
            return self._whole_number_problem(value)
        if self.kind is FieldKind.NUMBER:
            return self._number_problem(value)
        if self.kind is FieldKind.CHOICE:
            if value not in self.choices:
                allowed = ", ".join(self.choice_label(c) for c in self.choices)
                return f"{self.label} must be one of {allowed}; not {value!r}"
            return None
        if self.kind is FieldKind.BOOL:
            return None if isinstance(value, bool) else f"{self.label} must be yes or no"
        if self.kind in (FieldKind.TEXT, FieldKind.DICE) and not isinstance(value, str):
            return f"{self.label} must be text"
        if self.kind is FieldKind.DICE:
            # dice_expr builds on this package: imported on use.
            from crisis_desktop.rules.kernel.dice_expr import problem

            reason = problem(str(value), self.max_dice, self.max_sides, self.dice_sides, self.dice_names)
            if reason:
                return f"{self.label}: {reason}"
            return self._total_problem(str(value))
        return None

    def _total_problem(self, text: str) -> str | None:
        """Why a dice expression's totals are not what the field allows (a negative damage); None when they are."""
        from crisis_desktop.rules.kernel.dice_expr import parse, total_range

        if self.lowest_total is None and self.best_total is None:
            return None
        low, high = total_range(parse(text))
        if self.lowest_total is not None and low < self.lowest_total:
            return (f"{self.label} must be at least {self.lowest_total}, and {text.strip()!r} can roll {low}"
                    if low != high else f"{self.label} must be at least {self.lowest_total}, not {low}")
        if self.best_total is not None and high < self.best_total:
            return f"{self.label}: {text.strip()!r} never rolls more than {high}; it must reach {self.best_total}"
        return None

    def _whole_number_problem(self, value: StatValue) -> str | None:
        """Why `value` is no legal whole number (or die size) here; None when it is one."""
        if isinstance(value, bool) or not isinstance(value, int):
            return f"{self.label} must be a whole number, not {value!r}"
        if self.kind is FieldKind.DIE and self.choices and value not in self.choices:
            allowed = ", ".join(f"d{c}" for c in self.choices)
            return f"{self.label} must be one of {allowed}; d{value} is not a die here"
        return self._range_problem(value, str(value))

    def _number_problem(self, value: StatValue) -> str | None:
        """Why `value` is no legal number here; None when it is one."""
        if isinstance(value, bool) or not isinstance(value, int | float):
            return f"{self.label} must be a number, not {value!r}"
        return self._range_problem(value, f"{value:g}")

    def _range_problem(self, value: float, shown: str) -> str | None:
        """Why `value` (shown as `shown`) is outside the field's bounds; None when it is within them."""
        beyond = number_problem(value)
        if beyond:
            return f"{self.label}: {beyond}"
        if self.minimum is not None and value < self.minimum:
            return f"{self.label} must be at least {self.minimum}, not {shown}"
        if self.maximum is not None and value > self.maximum:
            return f"{self.label} must be at most {self.maximum}, not {shown}"
        return None


def at_most_field(stats: Mapping[str, StatValue], specs: Sequence[FieldSpec], key: str, limit_key: str) -> str | None:
    """A rule between two fields: `key` may not be above `limit_key` (Durability left within Durability); None when
    it is not, or when either is unset. The reason names both fields by their labels."""
    value, limit = stats.get(key), stats.get(limit_key)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (value, limit)):
        return None
    assert isinstance(value, int) and isinstance(limit, int)
    if value <= limit:
        return None
    labels = {spec.key: spec.label for spec in specs}
    return f"{labels.get(key, key)} must be at most {labels.get(limit_key, limit_key)} ({limit}), not {value}"


class OverrideKind(StrEnum):
    STATUS = "status"        # character.status (wounds, damage taken)
    RESOURCE = "resource"    # combatant.resources (AP, actions taken, aim)
    ITEM = "item"            # a carried item's stats (ammunition, durability)


@dataclass(frozen=True)
class OverrideField:
    """A tracked value the GM may set by hand during a fight, named as the rules name it ("Pistol: rounds
    loaded"), with its value now. `spec`: the sheet's field it sets, whose bounds a value set by hand keeps as one
    typed into the sheet does (None: the controller looks for the field of that key among the sheet's or the
    item's declared fields)."""

    kind: OverrideKind
    key: str
    label: str
    value: StatValue
    item_id: str | None = None
    spec: FieldSpec | None = None


@dataclass(frozen=True)
class RuleOption:
    """A point where the sources are silent or disagree; the campaign stores the choice."""

    key: str
    label: str
    choices: tuple[str, ...]
    default: str
    help: str = ""


@dataclass(frozen=True)
class ConditionSpec:
    key: str
    label: str
    effect: str            # plain text for the tooltip: "Pace halved"


@dataclass(frozen=True)
class StatRoll:
    """What a check of one sheet stat really rolls, as a printed sheet shows it beside the stored value: the die an
    untrained skill rolls ("d4"), a roll-under target ("12"), a dice pool ("2 Ability, 1 Proficiency").

    `pool` lists the pool by die kind, (DieKind key, count) in the order drawn, for a sheet that draws the dice
    as symbols; empty where the system rolls plain dice."""

    text: str
    note: str = ""                                  # "untrained", "Agility 12 + rank 1"
    pool: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class SheetTrack:
    """Something a player ticks off on paper: wounds, ammunition, durability. `boxes` in all, `marked` of them
    already used (damage taken, rounds fired, durability lost) when the sheet was printed."""

    label: str
    boxes: int
    marked: int = 0
    # A supply whose boxes left are worth a figure (rounds, magazines, durability); False for a record of harm
    # (major wounds, Dying, wounds per location), which the simulator does not report as something "left".
    supply: bool = True


@dataclass(frozen=True)
class SheetAttack:
    """One weapon's attack as a player makes it from the printed sheet: what to roll ("d6+1", "3d6 ≤ 13", "d100
    under 59"), against what ("DL 4", "the target's Parry"), the damage, and what else the roll needs (critical range,
    range, a multiplier)."""

    weapon: str
    roll: str
    against: str
    damage: str
    note: str = ""


@dataclass(frozen=True)
class SheetDefence:
    """A defence or reaction a player uses from the printed sheet, with its goal ("Parry" "4"; "Block" "easy: 3d6 ≤
    24") and when or how it applies."""

    name: str
    goal: str
    note: str = ""

