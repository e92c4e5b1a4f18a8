"""Upgrades raw campaign dicts of older file formats, one small step per version, before validation."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from crisis_desktop.domain.battle_map import (
    CODES,
    MAP_SIDE_MAX,
    OPEN,
    PAINTS_MAX,
    BattleMap,
    Cell,
    Cover,
    Paint,
    canonical,
)
from crisis_desktop.domain.campaign import SCHEMA_VERSION
from crisis_desktop.domain.limits import MAX_NUMBER, plain_reason

RawCampaign = dict[str, Any]

# A file without "schema_version" was written by the first prototype.
FIRST_VERSION = 1

# The system every file before version 4 was written for when it names none: the first builds knew only this one.
# A fact of old files, not a default of new campaigns (the rules registry owns that).
HISTORICAL_RULESET = "crisis"

# The setup flag of version-3 combatants that became the rules' own (Ruleset.setup_flags).
_V3_SETUP_FLAGS = ("surprised",)


class MigrationError(ValueError):
    """The raw data cannot be upgraded; `field_path` points at the offending value where known."""

    def __init__(self, message: str, field_path: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.field_path = field_path


def v1_to_v2(data: RawCampaign) -> RawCampaign:
    """Prototype layout -> version 2.

    Version 1 named the rules "system", had no rule options, and marked characters with
    "type" ("pc"/"npc") instead of "kind"; characters had no "status" or "gm_notes" yet (their
    defaults fill in). Values of an unexpected shape are left for validation to report.
    """
    out = dict(data)
    if "system" in out and "ruleset" not in out:
        out["ruleset"] = out.pop("system")
    characters = out.get("characters")
    if isinstance(characters, list):
        out["characters"] = [_character_v1_to_v2(c) for c in characters]
    out["schema_version"] = 2
    return out


def _character_v1_to_v2(character: Any) -> Any:
    if not isinstance(character, dict) or "type" not in character or "kind" in character:
        return character
    upgraded = dict(character)
    upgraded["kind"] = upgraded.pop("type")
    return upgraded


def v2_to_v3(data: RawCampaign) -> RawCampaign:
    """Version 2 -> 3: the turn machine moved into the rulesets' round flows.

    Version 2 encounters kept the crisis turn in their own fields (order, turn_index, surprise_round,
    surprise_ids) and on their combatants (delayed, overwatch). Every version-2 fight ran sequential turns,
    so those fields become that flow's state; overwatch becomes the combatant's resource of that name.
    """
    out = dict(data)
    encounters = out.get("encounters")
    if isinstance(encounters, list):
        out["encounters"] = [_encounter_v2_to_v3(e) for e in encounters]
    out["schema_version"] = 3
    return out


def _encounter_v2_to_v3(encounter: Any) -> Any:
    if not isinstance(encounter, dict):
        return encounter
    upgraded = dict(encounter)
    order = upgraded.pop("order", [])
    index = upgraded.pop("turn_index", 0)
    surprise_round = upgraded.pop("surprise_round", False)
    surprise_ids = upgraded.pop("surprise_ids", [])
    combatants = upgraded.get("combatants")
    delayed: list[Any] = []
    if isinstance(combatants, list):
        upgraded["combatants"] = [_combatant_v2_to_v3(c, delayed) for c in combatants]
    if upgraded.get("started") and isinstance(order, list) and isinstance(index, int):
        index = min(max(index, 0), max(len(order) - 1, 0))  # a damaged pointer lands on the order, not beyond
        # Turns up to the current one have begun in this round (their start was counted).
        upgraded["flow"] = {"order": order, "index": index, "surprise": surprise_ids if surprise_round else [],
                            "delayed": delayed, "furthest": upgraded.get("round", 0),
                            "begun": [cid for cid in order[: index + 1] if cid not in delayed]}
    return upgraded


def _combatant_v2_to_v3(combatant: Any, delayed: list[Any]) -> Any:
    if not isinstance(combatant, dict):
        return combatant
    upgraded = dict(combatant)
    if upgraded.pop("delayed", False):
        delayed.append(upgraded.get("id"))
    if upgraded.pop("overwatch", False):
        resources = upgraded.get("resources")
        upgraded["resources"] = {**(resources if isinstance(resources, dict) else {}), "overwatch": True}
    return upgraded


def v3_to_v4(data: RawCampaign) -> RawCampaign:
    """Version 3 -> 4: the campaign names its system, and what the GM marks on a combatant is the rules' own.

    A file without a system id was written for crisis (HISTORICAL_RULESET); the domain has no default system any
    more. Version-3 combatants carried "surprised" as a field of their own; it moves among the combatant's setup
    flags, which the rules declare (only a flag that is on is kept).
    """
    out = dict(data)
    out.setdefault("ruleset", HISTORICAL_RULESET)
    encounters = out.get("encounters")
    if isinstance(encounters, list):
        out["encounters"] = [_encounter_v3_to_v4(e) for e in encounters]
    out["schema_version"] = 4
    return out


def _encounter_v3_to_v4(encounter: Any) -> Any:
    if not isinstance(encounter, dict) or not isinstance(encounter.get("combatants"), list):
        return encounter
    return {**encounter, "combatants": [_combatant_v3_to_v4(c) for c in encounter["combatants"]]}


def _combatant_v3_to_v4(combatant: Any) -> Any:
    if not isinstance(combatant, dict):
        return combatant
    upgraded = dict(combatant)
    flags = {key: upgraded.pop(key) for key in _V3_SETUP_FLAGS if key in upgraded}
    on = {key: True for key, value in flags.items() if value is True}
    if on:
        setup = upgraded.get("setup")
        upgraded["setup"] = {**(setup if isinstance(setup, dict) else {}), **on}
    return upgraded


def v4_to_v5(data: RawCampaign) -> RawCampaign:
    """Version 4 -> 5: a map's painted cells, one object per cell, become its terrain: a legend of the kinds of paint
    and one string per row (domain/battle_map.py). A cell outside its map, which nothing read, is left out."""
    out = dict(data)
    maps = out.get("battle_maps")
    if isinstance(maps, list):
        out["battle_maps"] = upgrade_old_maps(maps)
    out["schema_version"] = 5
    return out


def v5_to_v6(data: RawCampaign) -> RawCampaign:
    """Version 5 -> 6: the campaign keeps the pools its table shares across sessions (story points, destiny). A file
    written before had none: it opens with the pools empty (the field's default), and the next session fills them.
    Only the version changes, so that a build before this one refuses a file holding pools instead of dropping them."""
    out = dict(data)
    out["schema_version"] = 6
    return out


def upgrade_old_maps(maps: list[Any]) -> list[Any]:
    """Battle maps of a campaign otherwise current, some written before file format 5 (a journal's lines written by
    the build before, replayed onto its upgraded saved copy): those holding cells get terrain rows."""
    return [_map_v4_to_v5(m, i) for i, m in enumerate(maps)]


_CELL_FIELDS = frozenset({"x", "y", "cover", "penetrable", "difficult", "zone"})
_COVERS = frozenset(c.value for c in Cover)


def _map_v4_to_v5(battle_map: Any, i: int) -> Any:
    """One map's list of cells as terrain rows: a few operations a cell and no object made for one, so that an
    old fully painted 1000 x 1000 map upgrades in about the time its JSON took to read."""
    if not isinstance(battle_map, dict) or "cells" not in battle_map or "terrain" in battle_map:
        return battle_map
    out = {k: v for k, v in battle_map.items() if k != "cells"}
    cells = battle_map["cells"]
    where = f"battle_maps[{i}].cells"
    if not isinstance(cells, list):
        raise MigrationError("should be a list of cells", where)
    width, height = (battle_map.get(side, BattleMap.model_fields[side].default) for side in ("width", "height"))
    if not all(type(n) is int and 1 <= n <= MAP_SIDE_MAX for n in (width, height)):
        return out      # validation refuses the map's size, which leaves no place for its cells
    codes: dict[tuple[Any, ...], str] = {}      # paint as written -> its code (OPEN for open ground)
    legend: list[Paint] = []
    rows: list[list[str] | None] = [None] * height
    seen = "\0"                                # open ground listed: only to find a cell listed twice
    x: Any
    y: Any
    for j, cell in enumerate(cells):
        if type(cell) is dict and cell.keys() <= _CELL_FIELDS:
            x, y = cell.get("x"), cell.get("y")
            key = (cell.get("cover", "none"), cell.get("penetrable", False), cell.get("difficult", False),
                   cell.get("zone", ""))
            plain = type(x) is int and type(y) is int and 0 <= x <= MAX_NUMBER and 0 <= y <= MAX_NUMBER \
                and type(key[0]) is str and key[0] in _COVERS \
                and type(key[1]) is bool and type(key[2]) is bool and type(key[3]) is str
        else:
            plain = False
        if not plain:       # anything unusual is read as validation reads it, or refused with its reason
            valid = _valid_cell(cell, f"{where}[{j}]")
            x, y = valid.x, valid.y
            key = (valid.cover.value, valid.penetrable, valid.difficult, valid.zone)
        code = codes.get(key)
        if code is None:
            paint = _valid_paint(key, f"{where}[{j}]")
            if paint.is_open:
                code = seen
            elif len(legend) >= PAINTS_MAX:
                raise MigrationError(f"more than {PAINTS_MAX:,} kinds of paint (cover, material, ground and zone "
                                     "together) on one map", f"{where}[{j}]")
            else:
                code = CODES[len(legend)]
                legend.append(paint)
            codes[key] = code
        if x >= width or y >= height:
            continue
        row = rows[y]
        if row is None:
            row = rows[y] = [OPEN] * width
        if row[x] != OPEN:
            raise MigrationError(f"cell ({x}, {y}) is listed twice", where)
        row[x] = code
    text = ["".join(row).replace(seen, OPEN) if row is not None else "" for row in rows]
    terrain = canonical(legend, text)
    out["terrain"] = {"legend": [p.model_dump(mode="json") for p in terrain.legend], "rows": list(terrain.rows)}
    return out


def _valid_cell(cell: Any, where: str) -> Cell:
    try:
        return Cell.model_validate(cell)
    except ValidationError as exc:
        raise _refusal(exc, where) from None


def _valid_paint(key: tuple[Any, ...], where: str) -> Paint:
    try:
        return Paint.model_validate(dict(zip(("cover", "penetrable", "difficult", "zone"), key, strict=True)))
    except ValidationError as exc:
        raise _refusal(exc, where) from None


def _refusal(exc: ValidationError, where: str) -> MigrationError:
    error = exc.errors(include_url=False)[0]
    place = "".join(f"[{part}]" if isinstance(part, int) else f".{part}" for part in error["loc"])
    return MigrationError(plain_reason(error), where + place)


# MIGRATIONS[n] turns a version-n dict into a version-(n+1) dict.
MIGRATIONS: dict[int, Callable[[RawCampaign], RawCampaign]] = {
    1: v1_to_v2,
    2: v2_to_v3,
    3: v3_to_v4,
    4: v4_to_v5,
    5: v5_to_v6,
}


def schema_version_of(data: RawCampaign) -> int:
    """The file format version a raw campaign declares (raises MigrationError if it is not usable)."""
    version = data.get("schema_version", FIRST_VERSION)
    # bool is an int in Python, but `true` is not a version number.
    if not isinstance(version, int) or isinstance(version, bool) or version < FIRST_VERSION:
        raise MigrationError(f"must be a whole number from {FIRST_VERSION}, not {json.dumps(version)}",
                             "schema_version")
    return version


def migrate(data: RawCampaign, target: int = SCHEMA_VERSION) -> RawCampaign:
    """Apply the migrations from the data's version up to `target`; the input dict is never modified.

    A version newer than `target` means a newer build wrote the file: refuse rather than guess.
    """
    version = schema_version_of(data)
    if version > target:
        raise MigrationError(
            f"written by a newer Crisis Desktop (file format version {version}; this version reads up to "
            f"{target}). Install a newer Crisis Desktop to open it."
        )
    while version < target:
        step = MIGRATIONS.get(version)
        if step is None:
            raise MigrationError(f"no upgrade from file format version {version} is known")
        data = step(data)
        version += 1
    return data
