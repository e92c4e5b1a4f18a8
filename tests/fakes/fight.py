"""A simple in-memory Fight for driving a round flow directly: changes land at once, log lines are kept."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import Any

from crisis_desktop.domain import Campaign, ConditionState
from crisis_desktop.domain.encounter import Combatant, Encounter, Side
from crisis_desktop.rules.base import (
    Actor,
    AddCondition,
    Effect,
    InitiativeEntry,
    RemoveCondition,
    Ruleset,
    SetItemStat,
    SetResource,
    SetStatus,
    StateLabel,
)
from crisis_desktop.rules.kernel.flows import FlowState, LogLine, RoundFlow, StepOffer
from crisis_desktop.rules.registry import get_ruleset
from tests.fakes.registry import fake_ruleset


def _ruleset(ruleset_id: str) -> Ruleset:
    try:
        return fake_ruleset(ruleset_id)
    except KeyError:
        return get_ruleset(ruleset_id)


class MemoryFight:
    """One encounter of a campaign, changed in place (no undo): the Fight protocol and nothing more."""

    def __init__(self, campaign: Campaign, encounter_id: str = "enc") -> None:
        self.campaign = campaign
        self.encounter_id = encounter_id
        self.ruleset = _ruleset(campaign.ruleset)
        self.lines: list[LogLine] = []
        self.initiative: list[InitiativeEntry] = []

    # -- the Fight protocol ---------------------------------------------------------------------------
    @property
    def encounter(self) -> Encounter:
        return self.campaign.encounter(self.encounter_id)

    @property
    def options(self) -> Mapping[str, Any]:
        return {}

    def actor(self, combatant_id: str) -> Actor:
        combatant = self.encounter.combatant(combatant_id)
        return Actor(self.campaign.character(combatant.character_id), combatant)

    def name(self, combatant_id: str) -> str:
        try:
            return self.actor(combatant_id).name
        except KeyError:
            return "(gone)"

    def state_of(self, combatant_id: str) -> StateLabel:
        """The campaign's ruleset's reading (a fake's, or a real one's), taken anew each time."""
        return self.ruleset.sheet.state(self.actor(combatant_id).character, self.options)

    def state(self) -> FlowState:
        return copy.deepcopy(self.encounter.flow)

    def set_state(self, state: FlowState) -> None:
        self.encounter.flow = copy.deepcopy(state)

    def set_round(self, round_: int) -> None:
        self.encounter.round = round_

    def apply(self, effects: Sequence[Effect], text: str) -> None:
        for effect in effects:
            if isinstance(effect, SetStatus):
                self.campaign.character(effect.character_id).status[effect.key] = effect.value
            elif isinstance(effect, SetResource):
                self.encounter.combatant(effect.combatant_id).resources[effect.key] = effect.value
            elif isinstance(effect, AddCondition):
                self.campaign.character(effect.character_id).conditions.append(
                    ConditionState(key=effect.key, rounds=effect.rounds))
            elif isinstance(effect, RemoveCondition):
                character = self.campaign.character(effect.character_id)
                character.conditions = [c for c in character.conditions if c.key != effect.key]
            elif isinstance(effect, SetItemStat):
                self.campaign.character(effect.character_id).item(effect.item_id).stats[effect.key] = effect.value

    def log(self, line: LogLine) -> None:
        self.lines.append(line)

    def record_initiative(self, entry: InitiativeEntry) -> None:
        self.initiative.append(entry)
        self.encounter.combatant(entry.combatant_id).initiative = int(entry.roll.value)

    # -- helpers for tests ----------------------------------------------------------------------------
    def add(self, character_id: str, side: Side | None = None) -> str:
        """Put a character of the campaign into the encounter (before the start, or as a joiner)."""
        character = self.campaign.character(character_id)
        if side is None:
            side = Side.PARTY if character.kind.value == "pc" else Side.ENEMIES
        combatant = Combatant(id=f"c-{character.name.lower()}", character_id=character_id, side=side)
        self.encounter.combatants.append(combatant)
        return combatant.id

    def remove(self, combatant_id: str) -> None:
        self.encounter.combatants = [c for c in self.encounter.combatants if c.id != combatant_id]

    def hurt(self, combatant_id: str, lost: int = 3) -> None:
        """Hit points lost (3: out of the fight)."""
        self.actor(combatant_id).character.status["lost"] = lost

    def texts(self) -> list[str]:
        return [line.text for line in self.lines]

    def ids(self) -> set[str]:
        return {c.id for c in self.encounter.combatants}


def offered(flow: RoundFlow, fight: MemoryFight, key: str) -> StepOffer:
    """The offer `key` open now (AssertionError when it is not offered at all)."""
    found = next((o for o in flow.offers(fight) if o.key == key), None)
    assert found is not None, f"{key} is not offered: {[o.key for o in flow.offers(fight)]}"
    return found


def flow_ids(value: Any) -> set[str]:
    """Every string anywhere in the flow's state that looks like a combatant id ("c-..."): none may dangle."""
    if isinstance(value, str):
        return {value} if value.startswith("c-") else set()
    if isinstance(value, dict):
        return set().union(*(flow_ids(k) | flow_ids(v) for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(flow_ids(v) for v in value)) if value else set()
    return set()
