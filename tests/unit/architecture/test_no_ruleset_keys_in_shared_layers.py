"""The shared layers never name what a ruleset declares: a new system must need no edit in controller/, domain/
or ui/. Every key a registered ruleset declares (stats, item stats, conditions, actions, rule options, derived
values, bars, overridable values, currencies, setup flags) is looked for as a string literal in those packages;
the shared vocabulary of rules/base and kernel/flows (action roles, step roles, outcomes...) is not ruleset-specific."""

from __future__ import annotations

import ast
import enum
from pathlib import Path

import pytest

import crisis_desktop.rules.base as base
import crisis_desktop.rules.kernel.flows as flow
from crisis_desktop.domain import BattleMap, Campaign, Character, CharacterKind, Combatant, EquipmentItem, ItemKind
from crisis_desktop.domain.encounter import Encounter, LogEntry, Side
from crisis_desktop.rules.base import Actor, Ruleset
from crisis_desktop.rules.registry import get_ruleset, ruleset_ids

PACKAGE = Path(base.__file__).resolve().parents[1]
SHARED_LAYERS = ("controller", "domain", "ui")


def shared_vocabulary() -> set[str]:
    words: set[str] = set()
    for module in (base, flow):
        for value in vars(module).values():
            shared_enum = isinstance(value, type) and issubclass(value, enum.Enum)
            if shared_enum and value.__module__.startswith(module.__name__):
                words |= {str(member.value) for member in value}
    for domain_enum in (ItemKind, CharacterKind, Side):
        words |= {member.value for member in domain_enum}
    # The domain's own field names (a combatant's "initiative") are the shared data, not a ruleset's.
    for model in (Campaign, Character, Combatant, Encounter, EquipmentItem, LogEntry, BattleMap):
        words |= set(model.model_fields)
    return words


def declared_keys(rules: Ruleset) -> set[str]:
    keys = {f.key for f in rules.sheet.character_fields()}
    keys |= {f.key for kind in ItemKind for f in rules.sheet.item_fields(kind)}
    keys |= {c.key for c in rules.sheet.conditions()} | {a.key for a in rules.economy.actions()}
    keys |= {o.key for o in rules.rule_options()} | {c.key for c in rules.economy.currencies()}
    keys |= {f.key for f in rules.sheet.setup_flags()}
    for kind in CharacterKind:
        character = Character(name="Probe", kind=kind, stats=rules.sheet.new_stats(kind))
        actor = Actor(character, Combatant(character_id=character.id))
        keys |= set(rules.sheet.derived(character, {}))
        keys |= {bar.key for bar in rules.sheet.resources(actor, {})}
        keys |= {field.key for field in rules.sheet.override_fields(actor, {})}
        if rules.attacks is not None:
            for weapon in (item for item in rules.equipment_catalogue() if item.kind is ItemKind.WEAPON):
                keys |= {spec.key for spec in rules.attacks.attack_inputs(actor, weapon, 0, {})}
                keys |= {spec.key for spec in rules.attacks.target_inputs(actor, weapon, actor, 0, {})}
    return keys


def literals(package: str) -> list[tuple[Path, int, str]]:
    found = []
    for path in sorted((PACKAGE / package).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.append((path, node.lineno, node.value))
    return found


def named_in_shared_layers(keys: set[str]) -> list[str]:
    """Where a shared layer names one of `keys` as a string: "path:line 'key'"."""
    return [f"{path.relative_to(PACKAGE)}:{line} {value!r}"
            for package in SHARED_LAYERS for path, line, value in literals(package) if value in keys]


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_the_probe_finds_each_bundled_system_s_vocabulary(ruleset_id):
    """The probe really finds a system's words (that no shared layer names them is required of every system, the
    five and any other: tests/conformance/test_shared_layers.py)."""
    assert len(declared_keys(get_ruleset(ruleset_id)) - shared_vocabulary()) > 20


def test_the_probe_catches_a_key_where_it_does_not_belong(tmp_path, monkeypatch):
    """The conformance test can fail: a module of a shared layer naming "pace" is caught."""
    fake_package = tmp_path / "crisis_desktop"
    (fake_package / "ui").mkdir(parents=True)
    (fake_package / "ui" / "moves.py").write_text('PACE = "pace"\n', encoding="utf-8")
    monkeypatch.setattr(__import__(__name__, fromlist=["PACKAGE"]), "PACKAGE", fake_package)
    keys = declared_keys(get_ruleset("crisis")) - shared_vocabulary()
    assert [value for _p, _l, value in literals("ui") if value in keys] == ["pace"]
    assert named_in_shared_layers(keys) == ["ui/moves.py:1 'pace'"]
