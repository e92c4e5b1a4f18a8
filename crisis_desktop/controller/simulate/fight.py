"""A fight to simulate: the encounter controller's own rules path on a working copy, without undo history or log."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from crisis_desktop.controller.attack_view import AttackView, MapMeasure
from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.encounter_commands import EncounterEvent
from crisis_desktop.controller.fight import DraftFight, FightView
from crisis_desktop.domain import BattleMap, Campaign, Character, StatValue
from crisis_desktop.domain.encounter import Combatant, Encounter
from crisis_desktop.rules.base import Effect, Ruleset, StateLabel, Term
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.flows import FlowState, RoundFlow
from crisis_desktop.rules.kernel.geometry import Terrain


class _People:
    """The combatants of a simulated fight and their characters, looked up by id: a simulated fight never adds,
    removes or replaces any of them, so the objects found once stay the ones to change."""

    def __init__(self, campaign: Campaign, encounter: Encounter) -> None:
        self._combatants = {c.id: c for c in encounter.combatants}
        self._characters = {c.id: campaign.character(c.character_id) for c in encounter.combatants}
        self.of_character: dict[str, list[str]] = {}     # character id -> the combatants playing it
        for combatant in encounter.combatants:
            self.of_character.setdefault(combatant.character_id, []).append(combatant.id)

    def combatant(self, combatant_id: str) -> Combatant:
        try:
            return self._combatants[combatant_id]
        except KeyError:
            raise KeyError(f"no combatant {combatant_id} in the simulated fight") from None

    def character_of(self, combatant_id: str) -> Character:
        try:
            return self._characters[combatant_id]
        except KeyError:
            raise KeyError(f"no combatant {combatant_id} in the simulated fight") from None


class LightDraft(DraftFight):
    """A draft whose changes stand as they are made: nothing is kept to undo, and no log is written (a simulated
    fight is thrown away). The rules' options and flow are the simulation's, computed once."""

    def __init__(self, campaign: Campaign, encounter_id: str, ruleset: Ruleset, options: dict[str, StatValue],
                 flow: RoundFlow, changed: Callable[[ChangeSet], None], state_of: Callable[[str], StateLabel],
                 people: _People) -> None:
        super().__init__(campaign, encounter_id, ruleset, in_place=True)
        self._people = people
        self._options = options
        self._flow = flow
        self._changed = changed
        self._state_of = state_of
        self._encounter = campaign.encounter(encounter_id)

    @property
    def options(self) -> dict[str, StatValue]:
        return self._options

    @property
    def flow(self) -> RoundFlow:
        return self._flow

    def do(self, command: Command) -> None:
        self._changed(command.apply(self.campaign))

    def note(self, kind: str, text: str, actor_id: str | None = None, terms: Sequence[Term] = (),
             details: Sequence[str] = ()) -> None:
        return None

    def apply(self, effects: Sequence[Effect], text: str) -> None:
        if effects:
            super().apply(effects, text)

    def event(self, text: str, result: Any = None, round_start: bool = False) -> EncounterEvent:
        return EncounterEvent(text, [], self.encounter_id, result, False)

    @property
    def encounter(self) -> Encounter:
        return self._encounter

    def state_of(self, combatant_id: str) -> StateLabel:
        # The controller's: read once until a change lands (every change of the draft is announced to it).
        return self._state_of(combatant_id)

    def combatant(self, combatant_id: str) -> Combatant:
        return self._people.combatant(combatant_id)

    def character_of(self, combatant_id: str) -> Character:
        return self._people.character_of(combatant_id)

    def state(self) -> FlowState:
        # The flow hands back a changed copy through set_state, which the command copies again: one copy is enough.
        return dict(self._encounter.flow)

    def set_state(self, state: FlowState) -> None:
        # The flow's new state is its own fresh data: it is kept as it is, with nothing to undo.
        if state != self._encounter.flow:
            self._encounter.flow = state


class SimView(FightView):
    """The view of a simulated fight: the rules' options and flow computed once, the combatants and characters looked
    up once, and each combatant's state read once until a change names its character (`changed`)."""

    def __init__(self, campaign: Campaign, encounter_id: str, ruleset: Ruleset,
                 options: dict[str, StatValue] | None = None) -> None:
        super().__init__(campaign, encounter_id, ruleset)
        self._options = options if options is not None else ruleset.options_with_defaults(campaign.rule_options)
        self._flow = ruleset.round_flow(self._options)
        self._encounter = campaign.encounter(encounter_id)
        self.people = _People(campaign, self._encounter)
        self._states: dict[str, StateLabel] = {}
        self.version = 0             # counts the changes, for what the attack view keeps (its measures)

    @property
    def options(self) -> dict[str, StatValue]:
        return self._options

    @property
    def flow(self) -> RoundFlow:
        return self._flow

    @property
    def encounter(self) -> Encounter:
        """The working copy's encounter, looked up once (a simulated fight never replaces it)."""
        return self._encounter

    def combatant(self, combatant_id: str) -> Combatant:
        return self.people.combatant(combatant_id)

    def character_of(self, combatant_id: str) -> Character:
        return self.people.character_of(combatant_id)

    def changed(self, changes: ChangeSet | None = None) -> None:
        """Something in the fight changed: measures are taken anew, and the states of the combatants whose characters
        `changes` names (a state is the rules' reading of the character alone); a token that moved (`changes` None)
        changes no one's state."""
        self.version += 1
        if changes is None or not self._states:
            return
        if changes.characters_added or changes.characters_removed:
            self._states.clear()
            return
        for character_id in changes.characters:
            for combatant_id in self.people.of_character.get(character_id, ()):
                self._states.pop(combatant_id, None)

    def state_of(self, combatant_id: str) -> StateLabel:
        """How the combatant stands, read once until something changes (the shared loop asks it of everyone often)."""
        found = self._states.get(combatant_id)
        if found is None:
            found = self._states[combatant_id] = super().state_of(combatant_id)
        return found


class SimAttackView(AttackView):
    """The attack view of a simulated fight: the map's terrain built once (a simulated fight moves tokens but never
    paints cells), and each measure taken once until the fight changes."""

    def __init__(self, fight: SimView, terrain: Terrain | None = None) -> None:
        super().__init__(fight)
        self._sim = fight
        self._terrain = terrain
        self._measures: dict[tuple[str, str, str | None], MapMeasure | None] = {}
        self._version = fight.version

    def terrain_of(self, battle_map: BattleMap) -> Terrain:
        """The map's terrain, built once (or given, built once for every fight of a simulation)."""
        if self._terrain is None:
            self._terrain = Terrain.of(battle_map)
        return self._terrain

    def measure(self, attacker_id: str, target_id: str, weapon_id: str | None = None) -> MapMeasure | None:
        """The map's measure between two tokens, taken once until something changes (an attack asks it for its
        refusals, its request and its check)."""
        if self._version != self._sim.version:
            self._measures.clear()
            self._version = self._sim.version
        key = (attacker_id, target_id, weapon_id)
        if key not in self._measures:
            self._measures[key] = super().measure(attacker_id, target_id, weapon_id)
        return self._measures[key]


class SimController:
    """The simulator's controller: the encounter controller's intents (`commands`) over a working copy, composed with
    a view and an attack view that keep what they read until the fight changes. Every intent goes through the same
    rules path as at the table (the flow's steps, the map's distance and cover, the attack's resolution and effects),
    but lands at once, with no undo step, log entry or round snapshot to build: the returned events are empty."""

    def __init__(self, campaign: Campaign, encounter_id: str, ruleset: Ruleset,
                 options: dict[str, StatValue] | None = None, terrain: Terrain | None = None) -> None:
        self.campaign = campaign
        self.view = SimView(campaign, encounter_id, ruleset, options)
        self.preview = SimAttackView(self.view, terrain)
        self.commands = EncounterController(campaign, encounter_id, ruleset, view=self.view, preview=self.preview,
                                            draft=self._draft)

    def begin(self, dice: RandomDice) -> None:
        """Start the fight, unless it is under way already (a setup taken as the fight stands goes on from there)."""
        if not self.view.encounter.started:
            self.commands.start(dice)

    def _draft(self) -> DraftFight:
        view = self.view
        return LightDraft(view.campaign, view.encounter_id, view.ruleset, view.options, view.flow, view.changed,
                          view.state_of, view.people)
