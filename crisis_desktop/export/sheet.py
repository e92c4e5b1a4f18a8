"""A character's sheet as plain data (labelled values, tables, tracks, explanations): what every export format
renders. Templates get this data, never pre-built markup, so a user's template can loop, reorder and leave out.

What a printed sheet shows of a system's rules (the die an untrained skill rolls, a roll-under target, the tracks
to tick off) comes from the ruleset's printing part (`ruleset.printing`: its rolls and tracks); nothing here names a
system.
GM-only text (a character's GM notes, the notes of carried items, which come from the campaign's catalogue) is
never put on a sheet."""

from __future__ import annotations

import base64
import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from crisis_desktop.domain import Character, EquipmentItem, ItemKind, StatValue
from crisis_desktop.rules.base import (
    FieldKind,
    FieldSpec,
    Options,
    Ruleset,
    SheetAttack,
    SheetDefence,
    SheetTrack,
    StatRoll,
)
from crisis_desktop.rules.kernel.glyphs import die_svg, drawn

# A track with more boxes than this prints as a line to write the value on ("___ / 120"), not as boxes.
MAX_TRACK_BOXES = 40
# A table with more columns than this heads its columns with abbreviations, explained in a legend under it.
ABBREVIATE_OVER_COLUMNS = 6
# A heading this short is never abbreviated.
SHORT_HEADING = 6


@dataclass(frozen=True)
class SheetValue:
    """One line of a sheet: "Body" "d8", with the breakdown of a derived value when it has one.

    `roll` is what a check of the stat really rolls when that differs from the value shown (an untrained skill's
    die, a roll-under target, a dice pool; see `StatRoll.pool` for drawing a pool as dice symbols)."""

    label: str
    value: str
    explain: str = ""
    key: str = ""
    roll: StatRoll | None = None
    trained: bool = True           # False: a skill left empty on the sheet (untrained)


@dataclass(frozen=True)
class SheetGroup:
    title: str
    values: tuple[SheetValue, ...]


@dataclass(frozen=True)
class SheetColumn:
    """A table column: its heading on paper (`short`, an abbreviation where the table is wide) and its full name."""

    label: str
    short: str
    help: str = ""

    @property
    def abbreviated(self) -> bool:
        return self.short != self.label


@dataclass(frozen=True)
class SheetTable:
    """Weapons, armour or gear: one row per carried item, one column per item field of the ruleset.

    `columns` are the headings as printed; `legend` explains the abbreviated ones ("RL: Rounds loaded")."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    heads: tuple[SheetColumn, ...] = ()
    legend: tuple[SheetValue, ...] = ()


@dataclass(frozen=True)
class Track:
    """A row of boxes to tick off on paper (wounds, ammunition, durability), or a line to write on when there
    would be too many boxes (`as_boxes` False)."""

    label: str
    boxes: int
    marked: int = 0

    @property
    def as_boxes(self) -> bool:
        return 0 < self.boxes <= MAX_TRACK_BOXES

    @property
    def left(self) -> int:
        return max(0, self.boxes - self.marked)


@dataclass(frozen=True)
class SheetDie:
    """A die of symbols the sheet's dice pools use, drawn as the rules say it looks (rules/kernel/glyphs.py): its key
    (as in `StatRoll.pool`), its name, and the drawing as SVG."""

    key: str
    name: str
    svg: str

    @property
    def uri(self) -> str:
        """The drawing as a data URI, for an <img> that both a browser and the PDF renderer show."""
        return "data:image/svg+xml;base64," + base64.b64encode(self.svg.encode("utf-8")).decode("ascii")


# How big a die is drawn (SVG pixels): large enough to stay sharp when the sheet shows it at type size.
DIE_DRAWING_PX = 64


@dataclass(frozen=True)
class Sheet:
    name: str
    kind: str                      # "PC" or "NPC"
    player: str
    ruleset: str                   # the ruleset's display name
    portrait: str | None           # a data URI, or None
    groups: tuple[SheetGroup, ...]
    derived: tuple[SheetValue, ...]
    tables: tuple[SheetTable, ...]
    conditions: tuple[SheetValue, ...]
    notes: str
    tags: tuple[str, ...] = field(default_factory=tuple)
    tracks: tuple[Track, ...] = ()
    roll_heading: str = "Roll"
    roll_legend: str = ""
    # Where the portrait is for a format that links it as a file next to the sheet (Markdown); set by the export.
    portrait_file: str | None = None
    # The dice of symbols the pools on this sheet use, drawn; and for Markdown, the file beside the sheet that
    # holds each one's drawing ((die key, file name) pairs; set by the export).
    dice: tuple[SheetDie, ...] = ()
    die_files: tuple[tuple[str, str], ...] = ()
    # The templates the ruleset's sheets print through, and what its own template lays out (None for the common one).
    template: str = "sheet.html"
    blocks_template: str = "npc-blocks.html"
    layout: object | None = None
    # What the player rolls per weapon and against what, the lines that explain it, and the defences and reactions
    # with their goals (the ruleset's printing part says them; empty where it says nothing).
    attacks: tuple[SheetAttack, ...] = ()
    attack_notes: tuple[str, ...] = ()
    defences: tuple[SheetDefence, ...] = ()

    @property
    def die_images(self) -> dict[str, str]:
        """Each die's drawing as a data URI, by die key."""
        return {d.key: d.uri for d in self.dice}

    @property
    def die_names(self) -> dict[str, str]:
        return {d.key: d.name for d in self.dice}

    @property
    def die_links(self) -> dict[str, str]:
        """Each die's drawing as a file beside the sheet, by die key (Markdown)."""
        return dict(self.die_files)

    @property
    def is_npc(self) -> bool:
        return self.kind == "NPC"

    @property
    def has_rolls(self) -> bool:
        return any(v.roll is not None for g in self.groups for v in g.values)

    @property
    def has_untrained(self) -> bool:
        """Whether some stat is an untrained skill whose roll the sheet shows."""
        return any(v.roll is not None and not v.trained for g in self.groups for v in g.values)


def format_value(spec: FieldSpec | None, value: StatValue) -> str:
    """A stat as a sheet shows it: dice as "d8", flags as yes/no, missing values as a dash."""
    if value is None or value == "":
        return "–"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if spec is not None and spec.kind is FieldKind.DIE and isinstance(value, int):
        return f"d{value}"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _groups(character: Character, ruleset: Ruleset, options: Options) -> tuple[SheetGroup, ...]:
    grouped: dict[str, list[SheetValue]] = {}
    for spec in ruleset.sheet.campaign_fields(options):
        if not ruleset.printing.shows(character, spec):
            continue
        value = character.stats.get(spec.key, spec.default)
        roll = ruleset.printing.roll(character, spec.key, options)
        untrained = value is None and not spec.required and spec.kind in (FieldKind.INT, FieldKind.DIE)
        grouped.setdefault(spec.group or "Stats", []).append(
            SheetValue(spec.label, format_value(spec, value), key=spec.key, roll=roll, trained=not untrained))
    return tuple(SheetGroup(title, tuple(values)) for title, values in grouped.items())


_TABLE_TITLES = {ItemKind.WEAPON: "Weapons", ItemKind.ARMOUR: "Armour", ItemKind.GEAR: "Gear"}


def abbreviation(label: str) -> str:
    """A short column heading for `label`: the initials of its words (a word in capitals kept whole: "Attack AP"
    -> "AAP"), or the first four letters of a single long word ("Durability" -> "Dura.")."""
    words = re.findall(r"[^\W_]+", label)
    if len(words) > 1:
        return "".join(w if w.isupper() else w[0].upper() for w in words)
    return label if len(label) <= SHORT_HEADING else label[:4] + "."


def _first_sentence(text: str) -> str:
    sentence = re.split(r"\. |: |; | \(", text)[0].strip().rstrip(".")
    return sentence if len(sentence) <= 70 else sentence[:69].rstrip() + "…"


def _columns(specs: Sequence[FieldSpec]) -> tuple[SheetColumn, ...]:
    abbreviate = len(specs) + 1 > ABBREVIATE_OVER_COLUMNS
    heads = [SheetColumn("Name", "Name")]
    taken = {"Name"}
    for spec in specs:
        short = spec.label
        if abbreviate and len(spec.label) > SHORT_HEADING:
            short = abbreviation(spec.label)
            if short in taken:          # two headings with the same initials: the second keeps its name
                short = spec.label
        taken.add(short)
        heads.append(SheetColumn(spec.label, short, spec.help))
    return tuple(heads)


def _legend(heads: Sequence[SheetColumn]) -> tuple[SheetValue, ...]:
    """The abbreviated headings with their names, and the rules' own capital abbreviations (HIT, RNG) with the
    first words of their help."""
    legend = []
    for head in heads:
        if head.abbreviated:
            legend.append(SheetValue(head.short, head.label))
        elif head.label.isupper() and head.help:
            legend.append(SheetValue(head.short, _first_sentence(head.help)))
    return tuple(legend)


def _cell(spec: FieldSpec, value: StatValue, stat_labels: dict[str, str]) -> str:
    if spec.kind is FieldKind.CHOICE and spec.choice_labels and value in spec.choices:
        return spec.choice_label(value)     # as the editor's picker shows it ("d8", "used up")
    if spec.kind is FieldKind.CHOICE and isinstance(value, str):
        # A weapon's skill is stored as a stat key ("light_weapons"); the sheet shows its label.
        return stat_labels.get(value) or value.replace("_", " ").capitalize()
    return format_value(spec, value)


def _table(kind: ItemKind, items: Sequence[EquipmentItem], ruleset: Ruleset, options: Options) -> SheetTable:
    specs = list(ruleset.sheet.item_fields(kind))
    stat_labels = {f.key: f.label for f in ruleset.sheet.campaign_fields(options)}
    rows = []
    for item in items:
        name = item.name if item.equipped else f"{item.name} (not equipped)"
        # An item's notes come from the campaign's catalogue (house notes for the GM): never printed.
        rows.append((name, *(ruleset.sheet.item_stat_text(item, s.key) or _cell(s, item.stats.get(s.key, s.default),
                                                                                 stat_labels) for s in specs)))
    if rows:
        # Columns nobody filled in are left out of a filled table (an empty one keeps them to write in).
        keep = [0, *(i for i in range(1, len(specs) + 1) if any(row[i] != "–" for row in rows))]
        specs = [specs[i - 1] for i in keep[1:]]
        rows = [tuple(row[i] for i in keep) for row in rows]
    heads = _columns(specs)
    return SheetTable(_TABLE_TITLES[kind], tuple(h.short for h in heads), tuple(rows), heads, _legend(heads))


def _tracks(tracks: Sequence[SheetTrack]) -> tuple[Track, ...]:
    return tuple(Track(t.label, max(0, t.boxes), min(max(0, t.marked), max(0, t.boxes))) for t in tracks)


def _dice(groups: Sequence[SheetGroup], ruleset: Ruleset) -> tuple[SheetDie, ...]:
    """The drawings of the dice of symbols the sheet's pools use, where the rules say how each looks."""
    used = {key for g in groups for v in g.values if v.roll is not None for key, _count in v.roll.pool}
    glyphs = ruleset.symbol_glyphs()
    return tuple(SheetDie(kind.key, kind.name, die_svg(kind, None, glyphs, DIE_DRAWING_PX))
                 for kind in ruleset.dice_kinds() if kind.key in used and drawn(kind))


def build_sheet(character: Character, ruleset: Ruleset, options: Options | None = None) -> Sheet:
    """The sheet of `character` under `ruleset` and the campaign's rule `options`."""
    options = ruleset.options_with_defaults(options or {})
    derived = tuple(
        SheetValue(ruleset.sheet.derived_label(key), format_value(None, value.value),
                   ruleset.printing.derived_text(key, value), key=key)
        for key, value in ruleset.sheet.derived(character, options).items()
    )
    tables = []
    for kind in ItemKind:
        items = [i for i in character.equipment if i.kind == kind]
        # Empty weapon and armour tables still print, so a player can fill them in by hand.
        if items or kind is not ItemKind.GEAR:
            tables.append(_table(kind, items, ruleset, options))
    labels = {c.key: c for c in ruleset.sheet.conditions()}
    conditions = []
    for state in character.conditions:
        spec = labels.get(state.key)
        label = spec.label if spec else state.key
        if state.rounds is not None:
            label = f"{label} ({state.rounds} rounds)"
        detail = "; ".join(t for t in ((spec.effect if spec else ""), state.note) if t)
        conditions.append(SheetValue(label, detail, key=state.key))
    groups = _groups(character, ruleset, options)
    return Sheet(
        name=character.name,
        kind=character.kind.value.upper(),
        player=character.player,
        ruleset=ruleset.name,
        portrait=character.portrait if (character.portrait or "").startswith("data:image/") else None,
        groups=groups,
        derived=derived,
        tables=tuple(tables),
        conditions=tuple(conditions),
        notes=character.notes,          # never character.gm_notes
        tags=tuple(character.tags),
        tracks=_tracks(ruleset.printing.tracks(character, options)),
        roll_heading=ruleset.printing.heading,
        roll_legend=ruleset.printing.legend,
        dice=_dice(groups, ruleset),
        template=ruleset.printing.template,
        blocks_template=ruleset.printing.blocks_template,
        layout=ruleset.printing.layout(character, options),
        attacks=tuple(ruleset.printing.attacks(character, options)),
        attack_notes=tuple(ruleset.printing.attack_notes(character, options)),
        defences=tuple(ruleset.printing.defences(character, options)),
    )
