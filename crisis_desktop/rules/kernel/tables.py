"""Loads a ruleset's bundled rule tables (JSON under resources/rules/<system>/), cached per file."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from crisis_desktop.domain import EquipmentItem
from crisis_desktop.resources_access import resource


@cache
def load_table(system: str, name: str) -> Any:
    """The parsed JSON of resources/rules/<system>/<name>.json; treat the result as read-only."""
    path = resource("rules", system, f"{name}.json")
    with path.open(encoding="utf-8") as f:
        return json.load(f)


def load_catalogue(system: str) -> list[EquipmentItem]:
    """Fresh copies of the items of resources/rules/<system>/equipment.json: a system's catalogue."""
    return [EquipmentItem.model_validate(row) for row in load_table(system, "equipment")]
