"""The fake rulesets by id, as the app's registry hands out real ones."""

from __future__ import annotations

from crisis_desktop.rules.base import Ruleset
from tests.fakes.declared import DeclaredFake
from tests.fakes.phased import PhasedFake
from tests.fakes.sequential import SequentialFake
from tests.fakes.slots import SlotsFake
from tests.fakes.symbols import SymbolsFake

SHAPES = {"sequential": SequentialFake, "slots": SlotsFake, "phased": PhasedFake, "declared": DeclaredFake}


def fake_ruleset(ruleset_id: str) -> Ruleset:
    """The fake ruleset with this id (KeyError for any other, as the app's registry)."""
    for rules in (SequentialFake(), SlotsFake(), PhasedFake(), DeclaredFake(), SymbolsFake()):
        if rules.id == ruleset_id:
            return rules
    raise KeyError(f"no fake ruleset {ruleset_id!r}")
