"""The GM's own skills in a genesys campaign: the fields added to it (rules/base/added_fields.py), each a skill
rolled with the characteristic it is based on, in one of the skill groups (general, combat, social, knowledge,
magic). A line that names no characteristic or group of these rules, or a key the sheet has already, is left out."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from crisis_desktop.rules.base import Options
from crisis_desktop.rules.base.added_fields import ADDED_FIELDS, added_fields
from crisis_desktop.rules.genesys import tables
from crisis_desktop.rules.genesys.tables import SKILL_KINDS, Skill

GROUPS = tuple(SKILL_KINDS)          # "General skills" first: where a custom skill usually goes


def bases() -> tuple[tuple[str, str], ...]:
    """The characteristics a custom skill may roll with, as (key, name)."""
    return tuple((c.key, c.name) for c in tables.characteristics())


@cache
def _skills(text: str) -> Mapping[str, Skill]:
    taken = set(tables.skills()) | {c.key for c in tables.characteristics()}
    known = dict(bases())
    out: dict[str, Skill] = {}
    for f in added_fields({ADDED_FIELDS: text}):
        if f.key not in taken and f.key not in out and f.based_on in known and f.group in SKILL_KINDS:
            out[f.key] = Skill(f.key, f.label, f.based_on, f.group)
    return out


def custom_skills(options: Options) -> Mapping[str, Skill]:
    """The campaign's own skills by key, in the order added."""
    value = options.get(ADDED_FIELDS)
    return _skills(value) if isinstance(value, str) and value else {}
