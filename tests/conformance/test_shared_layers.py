"""No shared layer names what the system declares: every key it declares (stats, item stats, conditions, actions,
rule options, derived values, bars, overridable values, currencies, setup flags, attack and target inputs) that is
not the shared vocabulary of rules/base and the domain is looked for as a string literal in controller/, domain/ and
ui/, and found nowhere; a new system needs no edit there. (The probe: tests/unit/architecture/
test_no_ruleset_keys_in_shared_layers.py.)"""

from __future__ import annotations

from crisis_desktop.rules.registry import get_ruleset
from tests.unit.architecture.test_no_ruleset_keys_in_shared_layers import (
    declared_keys,
    named_in_shared_layers,
    shared_vocabulary,
)


def test_no_shared_layer_names_a_key_of_the_ruleset(ruleset_id):
    keys = declared_keys(get_ruleset(ruleset_id)) - shared_vocabulary()
    assert named_in_shared_layers(keys) == [], \
        "ruleset-specific keys in the shared layers (declare a role in rules/base instead)"
