"""No shared layer names what the system declares: every key it declares (stats, item stats, conditions, actions,
rule options, derived values, bars, overridable values, currencies, setup flags, attack and target inputs) that is
not the shared vocabulary of rules/base and the domain is looked for as a string literal in controller/, domain/ and
ui/, and found nowhere; a new system needs no edit there (the probe:
tests/unit/architecture/test_no_ruleset_keys_in_shared_layers.py). A system shipped in crisis_desktop/rules/ is one
of the import contracts' game systems (pyproject.toml): independent of the others, imported by no shared layer."""

from __future__ import annotations

import tomllib

import pytest

from crisis_desktop.rules.registry import get_ruleset
from tests.conformance.systems import ROOT
from tests.unit.architecture.test_no_ruleset_keys_in_shared_layers import (
    declared_keys,
    named_in_shared_layers,
    shared_vocabulary,
)


def test_no_shared_layer_names_a_key_of_the_ruleset(ruleset_id):
    keys = declared_keys(get_ruleset(ruleset_id)) - shared_vocabulary()
    assert named_in_shared_layers(keys) == [], \
        "ruleset-specific keys in the shared layers (declare a role in rules/base instead)"


def contract(name: str) -> dict:
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    return next(c for c in contracts["contracts"] if c["name"] == name)


@pytest.mark.when(lambda rules: type(rules).__module__.startswith("crisis_desktop.rules."))
def test_a_shipped_system_is_one_of_the_import_contracts_systems(ruleset_id):
    package = ".".join(type(get_ruleset(ruleset_id)).__module__.split(".")[:3])
    assert package in contract("The game systems are independent of each other")["modules"], package
    assert package in contract("No shared layer imports a game system (only the registry names them)")[
        "forbidden_modules"], package
