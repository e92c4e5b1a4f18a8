"""A tiny ruleset whose rounds are side slots (genesys-like)."""

from __future__ import annotations

from crisis_desktop.rules.base import Options
from crisis_desktop.rules.kernel.flows import RoundFlow
from crisis_desktop.rules.kernel.flows.slots import SlotFlow
from tests.fakes.tiny import TinyRuleset


class SlotsFake(TinyRuleset):
    id = "fake-slots"
    name = "Fake slots"

    def round_flow(self, options: Options) -> RoundFlow:
        return SlotFlow(self)
