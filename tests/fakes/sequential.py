"""A tiny ruleset whose rounds are sequential turns by initiative (crisis-like)."""

from __future__ import annotations

from crisis_desktop.rules.base import Options
from crisis_desktop.rules.kernel.flows import RoundFlow
from crisis_desktop.rules.kernel.flows.sequential import SequentialFlow
from tests.fakes.tiny import TinyRuleset


class SequentialFake(TinyRuleset):
    id = "fake-sequential"
    name = "Fake sequential"

    def round_flow(self, options: Options) -> RoundFlow:
        return SequentialFlow(self)

    def surprise_round(self, actors: object) -> list[str]:
        return []
