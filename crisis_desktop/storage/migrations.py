"""Upgrades raw campaign dicts of older file formats, one small step per version, before validation."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from crisis_desktop.domain.campaign import SCHEMA_VERSION

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


# MIGRATIONS[n] turns a version-n dict into a version-(n+1) dict.
MIGRATIONS: dict[int, Callable[[RawCampaign], RawCampaign]] = {
    1: v1_to_v2,
    2: v2_to_v3,
    3: v3_to_v4,
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
