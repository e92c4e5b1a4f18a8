"""The running fight as the rules' round flow sees it: a read-only view, and a draft that records each step
as commands so the whole step becomes one undoable event (no Qt)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from crisis_desktop.controller import encounter_log as logs
from crisis_desktop.controller.commands import Command, copy_value
from crisis_desktop.controller.effects import ApplyEffects
from crisis_desktop.controller.encounter_commands import (
    AppendLog,
    EncounterEvent,
    SetCombatantField,
    SetEncounterField,
)
from crisis_desktop.controller.working_copy import WorkingCopy
from crisis_desktop.domain import Campaign, Character, StatValue
from crisis_desktop.domain.encounter import Combatant, Encounter
from crisis_desktop.rules.base import Actor, Effect, InitiativeEntry, Ruleset, StateLabel, StateRole, Term
from crisis_desktop.rules.kernel.flows import FlowState, LogLine, OrderRow, RoundFlow

# Why a running fight offers no step: every combatant has left, was deleted or is out of the fight.
NOBODY_LEFT = "Nobody is left who can act; end the encounter"


class FightView:
    """One encounter of a campaign under its ruleset, read-only: what the flow and the views ask (the rules'
    FightState). It has no writes: a step is taken on a DraftFight."""

    def __init__(self, campaign: Campaign, encounter_id: str, ruleset: Ruleset) -> None:
        self.campaign = campaign
        self.encounter_id = encounter_id
        self.ruleset = ruleset

    @property
    def encounter(self) -> Encounter:
        return self.campaign.encounter(self.encounter_id)

    @property
    def options(self) -> dict[str, StatValue]:
        return self.ruleset.options_with_defaults(self.campaign.rule_options)

    @property
    def flow(self) -> RoundFlow:
        return self.ruleset.round_flow(self.options)

    def combatant(self, combatant_id: str) -> Combatant:
        return self.encounter.combatant(combatant_id)

    def character_of(self, combatant_id: str) -> Character:
        return self.campaign.character(self.combatant(combatant_id).character_id)

    def actor(self, combatant_id: str) -> Actor:
        return Actor(self.character_of(combatant_id), self.combatant(combatant_id))

    def name(self, combatant_id: str) -> str:
        try:
            return self.character_of(combatant_id).name
        except KeyError:
            return "(gone)"

    def names(self) -> dict[str, str]:
        """Every combatant's name by combatant id, in the encounter's order (one pass, for lists of them all)."""
        campaign, names = self.campaign, {}
        for combatant in self.encounter.combatants:
            try:
                names[combatant.id] = campaign.character(combatant.character_id).name
            except KeyError:
                names[combatant.id] = "(gone)"
        return names

    def state_of(self, combatant_id: str) -> StateLabel:
        """How the combatant stands under the rules (its state and what that means: fighting, down, out). One the
        flow still names whose combatant or character is gone (a file edited by hand, while the flow drops it) is
        out of the fight for good: no turn is handed to it."""
        try:
            character = self.character_of(combatant_id)
        except KeyError:
            return StateLabel("gone", f"{self.name(combatant_id)} is no longer in the fight", StateRole.OUT)
        return self.ruleset.sheet.state(character, self.options)

    def out_of_fight(self, combatant_id: str) -> bool:
        """Out of the fight for good (dead): not a target, no more turns."""
        return self.state_of(combatant_id).role is StateRole.OUT

    def anyone_left(self) -> bool:
        """Whether a combatant is left who can act: one whose character still exists and is not out of the
        fight. Without one, a running fight has nobody acting and no step to take, whatever its flow: the GM
        ends it (a file may even name characters that are gone)."""
        campaign = self.campaign
        return any(campaign.has_character(c.character_id) and not self.out_of_fight(c.id)
                   for c in self.encounter.combatants)

    def state(self) -> FlowState:
        """The flow's saved state, to read: views only ask questions of it, so nothing is copied below the top
        level (a draft, which changes it, hands out a deep copy)."""
        return dict(self.encounter.flow)

    # -- what the views ask of a running fight ------------------------------------------------------
    def acting(self) -> tuple[str, ...]:
        """Who acts now (nobody before the start, after the end, or when nobody is left who can act)."""
        return self.flow.acting(self) if self.encounter.running and self.anyone_left() else ()

    def may_act(self, combatant_id: str) -> bool:
        """Whether the flow lets this combatant act now (its turn, or out of turn where the rules allow) and it still
        stands in the fight (one that went down during its own turn acts no further)."""
        return self.encounter.running and self.anyone_left() and self.flow.may_act(self, combatant_id) \
            and self.down_reason(combatant_id) is None

    def down_reason(self, combatant_id: str) -> str | None:
        """Why the combatant can act no further (its rules state is down or out: a fighter who went over a threshold
        or to 0 Health during its own turn, by its own action or another's reaction); None while it stands, or where
        the flow resolves what it acts on at once with the others (RoundFlow.acts_when_down)."""
        state = self.state_of(combatant_id)
        if state.role is StateRole.FIGHTING or self.flow.acts_when_down(self, combatant_id):
            return None
        return f"{self.name(combatant_id)} can act no further: {state.text}"

    def current_id(self) -> str | None:
        acting = self.acting()
        return acting[0] if acting else None

    def order_rows(self) -> list[OrderRow]:
        if not self.encounter.started:
            return []
        # A combatant the flow still names but that is gone with its character (a hand-edited file) has no row;
        # when all are gone, the flow is not asked about them at all.
        present = {c.id for c in self.encounter.combatants if self.campaign.has_character(c.character_id)}
        if not present:
            return []
        return [row for row in self.flow.order(self) if row.combatant_id is None or row.combatant_id in present]

    def round_label(self) -> str:
        encounter = self.encounter
        if encounter.ended:
            return "Ended"
        if not encounter.started:
            return "Not started"
        return self.flow.round_label(self)


class DraftFight(FightView):
    """The rules' Fight: the view's reads and a step's writes. Builds one event step by step on a working copy of
    the encounter (so each rules call sees the state left by the previous step, and the live campaign is never
    changed while the event is built); the finished event holds the commands, for the caller to push.

    `in_place`: write to `campaign` itself, for a campaign that is itself a throwaway working copy (the simulator's).
    """

    def __init__(self, campaign: Campaign, encounter_id: str, ruleset: Ruleset, *, in_place: bool = False) -> None:
        self.working = None if in_place else WorkingCopy(campaign, encounter_id)
        super().__init__(campaign if self.working is None else self.working.campaign, encounter_id, ruleset)
        self.done: list[Command] = []

    def state(self) -> FlowState:
        return copy_value(self.encounter.flow)  # type: ignore[no-any-return]

    def do(self, command: Command) -> None:
        if self.working is not None:
            self.working.own(command)
        command.apply(self.campaign)
        self.done.append(command)

    def event(self, text: str, result: Any = None, round_start: bool = False) -> EncounterEvent:
        return EncounterEvent(text, list(self.done), self.encounter_id, result, round_start)

    def set(self, field: str, value: Any) -> None:
        self.do(SetEncounterField(self.encounter_id, field, value))

    def set_combatant(self, combatant_id: str, field: str, value: Any) -> None:
        self.do(SetCombatantField(self.encounter_id, combatant_id, field, value))

    def note(self, kind: str, text: str, actor_id: str | None = None, terms: Sequence[Term] = (),
             details: Sequence[str] = ()) -> None:
        self.do(AppendLog(self.encounter_id, logs.entry(self.encounter, kind, text, actor_id, terms, details)))

    # -- the Fight protocol's writes ------------------------------------------------------------------
    def set_state(self, state: FlowState) -> None:
        if state != self.encounter.flow:
            self.set("flow", state)

    def set_round(self, round_: int) -> None:
        if round_ != self.encounter.round:
            self.set("round", round_)

    def leave(self, combatant_id: str) -> None:
        """A combatant left a started fight (already gone from the encounter's combatants). A running fight's flow
        lets it leave (the turn handed on where it was acting); an ended fight's flow only forgets it, as the flow
        would drop it: nothing else happens in a fight that is over (no turn begins, no effect, no line)."""
        if self.encounter.running:
            self.flow.left(self, combatant_id)
            return
        scratch = DraftFight(self.campaign, self.encounter_id, self.ruleset)
        self.flow.left(scratch, combatant_id)
        self.set_state(scratch.encounter.flow)

    def apply(self, effects: Sequence[Effect], text: str) -> None:
        if effects:
            self.do(ApplyEffects(effects, text))

    def log(self, line: LogLine) -> None:
        self.note(line.kind, line.text, line.actor_id, line.terms, line.details)

    def record_initiative(self, entry: InitiativeEntry) -> None:
        self.set_combatant(entry.combatant_id, "initiative", int(entry.roll.value))
        self.set_combatant(entry.combatant_id, "initiative_note", entry.tie_note)
        note = f" ({entry.tie_note})" if entry.tie_note else ""
        self.note("initiative", f"{self.name(entry.combatant_id)}: {entry.roll.value:g} for turn order{note}",
                  entry.combatant_id, logs.explained_terms(entry.roll))
