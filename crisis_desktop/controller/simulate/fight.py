"""A fight to simulate: the encounter controller's own rules path on a working copy, without undo history or log."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.encounter_commands import EncounterEvent
from crisis_desktop.controller.fight import DraftFight
from crisis_desktop.domain import BattleMap, Campaign, StatValue
from crisis_desktop.rules.base import Effect, Ruleset, Term
from crisis_desktop.rules.flow import FlowState, RoundFlow
from crisis_desktop.rules.geometry import Terrain


class LightDraft(DraftFight):
    """A draft whose changes stand as they are made: nothing is kept to undo, and no log is written (a simulated
    fight is thrown away). The rules' options and flow are the simulation's, computed once."""

    def __init__(self, campaign: Campaign, encounter_id: str, ruleset: Ruleset, options: dict[str, StatValue],
                 flow: RoundFlow) -> None:
        super().__init__(campaign, encounter_id, ruleset)
        self._options = options
        self._flow = flow

    @property
    def options(self) -> dict[str, StatValue]:
        return self._options

    @property
    def flow(self) -> RoundFlow:
        return self._flow

    def do(self, command: Command) -> None:
        command.apply(self.campaign)

    def rollback(self) -> None:
        return None

    def note(self, kind: str, text: str, actor_id: str | None = None, terms: Sequence[Term] = (),
             details: Sequence[str] = ()) -> None:
        return None

    def apply(self, effects: Sequence[Effect], text: str) -> None:
        if effects:
            super().apply(effects, text)

    def event(self, text: str, result: Any = None, round_start: bool = False) -> EncounterEvent:
        return EncounterEvent(text, [], self.encounter_id, result, False)

    def state(self) -> FlowState:
        # The flow hands back a changed copy through set_state, which the command copies again: one copy is enough.
        return dict(self.encounter.flow)


class SimController(EncounterController):
    """The encounter controller over a working copy: every intent goes through the same rules path as at the table
    (the flow's steps, the map's distance and cover, the attack's resolution and effects), but lands at once, with no
    undo step, log entry or round snapshot to build. The returned events are empty: there is nothing to push."""

    def __init__(self, campaign: Campaign, encounter_id: str, ruleset: Ruleset,
                 options: dict[str, StatValue] | None = None) -> None:
        self._options = options if options is not None else ruleset.options_with_defaults(campaign.rule_options)
        self._flow = ruleset.round_flow(self._options)
        self._terrain: tuple[int, Terrain] | None = None
        super().__init__(campaign, encounter_id, ruleset)

    @property
    def options(self) -> dict[str, StatValue]:
        return self._options

    @property
    def flow(self) -> RoundFlow:
        return self._flow

    @contextmanager
    def _drafting(self) -> Iterator[DraftFight]:
        yield LightDraft(self.campaign, self.encounter_id, self.ruleset, self._options, self._flow)

    def terrain(self, battle_map: BattleMap) -> Terrain:
        """The map's terrain, built once: a simulated fight moves tokens but never paints cells."""
        if self._terrain is None or self._terrain[0] != id(battle_map):
            self._terrain = (id(battle_map), Terrain.of(battle_map))
        return self._terrain[1]
