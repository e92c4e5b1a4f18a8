"""The encounter controller: each intent of building or running a fight returns one undoable command (no Qt)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from crisis_desktop.controller import encounter_log as logs
from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.effects import ApplyEffects
from crisis_desktop.controller.encounter_commands import (
    AppendLog,
    EncounterEvent,
    InsertCombatant,
    RemoveCombatant,
    RestoreSnapshot,
    SetCombatantField,
    SetEncounterField,
)
from crisis_desktop.domain import Campaign, Character, CharacterKind, StatValue
from crisis_desktop.domain.encounter import Combatant, Encounter, Side
from crisis_desktop.rules.base import (
    ActionAvailability,
    Actor,
    AddCondition,
    AttackContext,
    AttackOdds,
    AttackResult,
    Effect,
    InitiativeEntry,
    RemoveCondition,
    Ruleset,
    SetItemStat,
    SetResource,
    SetStatus,
    Term,
)
from crisis_desktop.rules.dice import DiceSource


class _Draft:
    """Builds one event step by step on the live campaign (so each rules call sees the state left by
    the previous step), then takes every step back: the caller pushes the finished event."""

    def __init__(self, campaign: Campaign, encounter_id: str) -> None:
        self.campaign = campaign
        self.encounter_id = encounter_id
        self.done: list[Command] = []

    @property
    def encounter(self) -> Encounter:
        return self.campaign.encounter(self.encounter_id)

    def do(self, command: Command) -> None:
        command.apply(self.campaign)
        self.done.append(command)

    def effects(self, effects: Sequence[Effect], text: str) -> None:
        if effects:
            self.do(ApplyEffects(effects, text))

    def set(self, field: str, value: Any) -> None:
        self.do(SetEncounterField(self.encounter_id, field, value))

    def set_combatant(self, combatant_id: str, field: str, value: Any) -> None:
        self.do(SetCombatantField(self.encounter_id, combatant_id, field, value))

    def log(self, kind: str, text: str, actor_id: str | None = None, terms: Sequence[Term] = (),
            details: Sequence[str] = ()) -> None:
        self.do(AppendLog(self.encounter_id, logs.entry(self.encounter, kind, text, actor_id, terms, details)))

    def rollback(self) -> None:
        for command in reversed(self.done):
            command.revert(self.campaign)

    def event(self, text: str, result: Any = None, round_start: bool = False) -> EncounterEvent:
        return EncounterEvent(text, list(self.done), self.encounter_id, result, round_start)


class EncounterController:
    """Intents on one encounter of a campaign. Nothing changes until the returned command is applied
    (pushed on a History or the GUI's undo stack); one command is one undo step, log entry included."""

    def __init__(self, campaign: Campaign, encounter_id: str, ruleset: Ruleset) -> None:
        self.campaign = campaign
        self.encounter_id = encounter_id
        self.ruleset = ruleset
        self.campaign.encounter(encounter_id)  # KeyError now rather than at the first intent
        self._round_events: list[EncounterEvent] = []

    # -- reading ---------------------------------------------------------------------------------
    @property
    def encounter(self) -> Encounter:
        return self.campaign.encounter(self.encounter_id)

    @property
    def options(self) -> dict[str, StatValue]:
        return self.ruleset.options_with_defaults(self.campaign.rule_options)

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

    def current_id(self) -> str | None:
        return self.encounter.current_id

    def actions(self, combatant_id: str) -> list[ActionAvailability]:
        """The ruleset's actions for this combatant, with costs and the reason each is unavailable."""
        return self.ruleset.available_actions(self.actor(combatant_id), self.options)

    def is_dead(self, combatant_id: str) -> bool:
        return self.ruleset.state(self.character_of(combatant_id), self.options).key == "dead"

    @contextmanager
    def _drafting(self) -> Iterator[_Draft]:
        draft = _Draft(self.campaign, self.encounter_id)
        try:
            yield draft
        finally:
            draft.rollback()

    def _not_running(self, what: str) -> None:
        if self.encounter.ended:
            raise ValueError(f"{self.encounter.name} is over: cannot {what}")

    def _running(self, what: str) -> Encounter:
        encounter = self.encounter
        if not encounter.started:
            raise ValueError(f"Start the encounter first: cannot {what}")
        self._not_running(what)
        return encounter

    # -- building the encounter -------------------------------------------------------------------
    def add_combatant(self, character_id: str, side: Side | None = None, group: str | None = None,
                      surprised: bool = False, hidden: bool = False) -> Command:
        """Add a character; PCs join the party and NPCs the enemies unless a side is given. Joining a
        running fight puts the newcomer last in the turn order."""
        self._not_running("add anyone")
        character = self.campaign.character(character_id)
        if side is None:
            side = Side.PARTY if character.kind is CharacterKind.PC else Side.ENEMIES
        combatant = Combatant(character_id=character_id, side=side, group=group or None, surprised=surprised,
                              hidden=hidden)
        with self._drafting() as d:
            d.do(InsertCombatant(self.encounter_id, combatant))
            if self.encounter.started:
                d.set("order", [*self.encounter.order, combatant.id])
                d.effects(self.ruleset.start_encounter(self.actor(combatant.id), self.options).effects,
                          f"{character.name} joins")
                d.log("join", f"{character.name} joins the fight ({side.value}), last in the turn order",
                      combatant.id)
            event = d.event(f"Add {character.name} to {self.encounter.name}", result=combatant.id)
        return event

    def remove_combatant(self, combatant_id: str) -> Command:
        name = self.name(combatant_id)
        encounter = self.encounter
        started = encounter.started and not encounter.ended
        # The current fighter leaving hands the turn on as Next turn would (the next one's turn
        # begins, a new round if it was the last), not to whoever slides into its place.
        position = encounter.order.index(combatant_id) if started and encounter.current_id == combatant_id else None
        with self._drafting() as d:
            d.do(RemoveCombatant(self.encounter_id, combatant_id))
            if started:
                d.log("leave", f"{name} leaves the fight")
            if position is not None and self.encounter.order:
                with contextlib.suppress(ValueError):  # nobody left who can act: the GM ends the fight
                    self._advance(d, end_current=False, after=position - 1)
            event = d.event(f"Remove {name} from {self.encounter.name}")
        return event

    def _set(self, combatant_id: str, field: str, value: Any, text: str) -> Command:
        with self._drafting() as d:
            d.set_combatant(combatant_id, field, value)
            if self.encounter.started:
                d.log("override", f"GM: {text}", combatant_id)
            event = d.event(text)
        return event

    def set_side(self, combatant_id: str, side: Side) -> Command:
        return self._set(combatant_id, "side", Side(side), f"{self.name(combatant_id)} is on the {side.value} side")

    def set_group(self, combatant_id: str, group: str | None) -> Command:
        group = (group or "").strip() or None
        text = f"{self.name(combatant_id)} " + (f"joins group {group}" if group else "leaves its group")
        return self._set(combatant_id, "group", group, text)

    def set_surprised(self, combatant_id: str, surprised: bool) -> Command:
        return self._set(combatant_id, "surprised", surprised,
                         f"{self.name(combatant_id)} is {'surprised' if surprised else 'not surprised'}")

    def set_hidden(self, combatant_id: str, hidden: bool) -> Command:
        return self._set(combatant_id, "hidden", hidden,
                         f"{self.name(combatant_id)} is {'hidden from' if hidden else 'shown to'} the players")

    # -- turn order -------------------------------------------------------------------------------
    def start(self, dice: DiceSource) -> Command:
        """Roll initiative (NeedMoreDice if typed dice run out), order everyone, begin the surprise round
        or round 1 and the first turn."""
        encounter = self.encounter
        if encounter.started:
            raise ValueError(f"{encounter.name} has already started")
        if not encounter.combatants:
            raise ValueError("Add combatants before starting the fight")
        actors = [self.actor(c.id) for c in encounter.combatants]
        entries = sorted(self.ruleset.roll_initiative(actors, dice, self.options), key=lambda e: e.rank)
        surprise_of = getattr(self.ruleset, "surprise_round", None)
        if callable(surprise_of):
            surprise = list(surprise_of(actors))
        else:
            surprise = [c.id for c in encounter.combatants if not c.surprised] \
                if any(c.surprised for c in encounter.combatants) else []
        order = [e.combatant_id for e in entries]
        with self._drafting() as d:
            d.log("start", f"{encounter.name} begins. Turn order: "
                  + ", ".join(f"{self.name(e.combatant_id)} {e.roll.value:g}" for e in entries))
            for e in entries:
                self._record_initiative(d, e)
            for combatant in encounter.combatants:
                d.effects(self.ruleset.start_encounter(self.actor(combatant.id), self.options).effects, "Start")
            d.set("order", order)
            d.set("surprise_round", bool(surprise))
            d.set("surprise_ids", surprise)
            d.set("round", 0 if surprise else 1)
            d.set("ended", False)
            d.set("started", True)
            if surprise:
                d.log("round", "Surprise round: only " + ", ".join(self.name(c) for c in order if c in surprise)
                      + " act")
            else:
                d.log("round", "Round 1 begins")
            first = self._find_turn(-1, d.encounter.round, wrap=False)
            if first is None:
                raise ValueError("Nobody can act in this fight")
            d.set("turn_index", first[0])
            self._begin_turn(d, order[first[0]])
            event = d.event(f"Start {encounter.name}", result=entries, round_start=True)
        self._round_events.append(event)
        return event

    def _record_initiative(self, d: _Draft, e: InitiativeEntry) -> None:
        d.set_combatant(e.combatant_id, "initiative", int(e.roll.value))
        d.set_combatant(e.combatant_id, "initiative_note", e.tie_note)
        note = f" ({e.tie_note})" if e.tie_note else ""
        d.log("initiative", f"{self.name(e.combatant_id)}: {e.roll.value:g} for turn order{note}",
              e.combatant_id, logs.explained_terms(e.roll))

    def _eligible(self, combatant_id: str, round_: int) -> bool:
        encounter = self.encounter
        if round_ == 0 and encounter.surprise_round and combatant_id not in encounter.surprise_ids:
            return False
        return not self.is_dead(combatant_id)

    def _find_turn(self, index: int, round_: int, wrap: bool = True) -> tuple[int, int] | None:
        """The next (index, round) after `index` whose combatant can take a turn; None if nobody can."""
        order = self.encounter.order
        for _ in range(2 * len(order) + 1):
            index += 1
            if index >= len(order):
                if not wrap:
                    return None
                index, round_ = 0, round_ + 1
            if self._eligible(order[index], round_):
                return index, round_
        return None

    def _begin_turn(self, d: _Draft, combatant_id: str) -> None:
        combatant = self.combatant(combatant_id)
        name = self.name(combatant_id)
        if combatant.delayed:
            # A delayed turn resumes: its start (AP and the like) already happened.
            d.set_combatant(combatant_id, "delayed", False)
            d.log("turn", f"{name} acts now (delayed turn)", combatant_id)
            return
        if combatant.overwatch:
            d.set_combatant(combatant_id, "overwatch", False)
        turn = self.ruleset.start_turn(self.actor(combatant_id), self.options)
        d.effects(turn.effects, f"{name}'s turn")
        d.log("turn", f"{name}'s turn", combatant_id, details=turn.notes)

    def _advance(self, d: _Draft, end_current: bool, after: int | None = None) -> bool:
        """Hands the turn on (to the first who can act after position `after`, by default the current
        one's); True when that begins a new round."""
        encounter = self.encounter
        current = encounter.current_id
        if current is not None and end_current:
            turn = self.ruleset.end_turn(self.actor(current), self.options)
            d.effects(turn.effects, f"End of {self.name(current)}'s turn")
            if turn.notes:
                d.log("turn end", f"End of {self.name(current)}'s turn", current, details=turn.notes)
        found = self._find_turn(encounter.turn_index if after is None else after, encounter.round)
        if found is None:
            raise ValueError("Nobody is left who can take a turn; end the encounter")
        index, round_ = found
        new_round = round_ != encounter.round
        if new_round:
            d.set("round", round_)
            for combatant in encounter.combatants:
                if combatant.delayed:
                    d.set_combatant(combatant.id, "delayed", False)
                    d.log("turn", f"{self.name(combatant.id)} delayed too long and loses that turn", combatant.id)
            d.log("round", f"Round {round_} begins")
        d.set("turn_index", index)
        self._begin_turn(d, encounter.order[index])
        return new_round

    def next_turn(self) -> Command:
        self._running("move on")
        with self._drafting() as d:
            new_round = self._advance(d, end_current=True)
            event = d.event(f"Next turn: {self.name(self.encounter.order[self.encounter.turn_index])}",
                            round_start=new_round)
        if new_round:
            self._round_events.append(event)
        return event

    def previous_turn(self) -> Command:
        """Move the turn pointer back to the previous combatant (rules effects are not taken back: Undo does)."""
        encounter = self._running("go back")
        first_round = 0 if encounter.surprise_round else 1
        order = encounter.order
        index, round_ = encounter.turn_index, encounter.round
        for _ in range(2 * len(order) + 1):
            index -= 1
            if index < 0:
                if round_ <= first_round:
                    raise ValueError("This is the first turn of the fight")
                index, round_ = len(order) - 1, round_ - 1
            if self._eligible(order[index], round_):
                break
        with self._drafting() as d:
            if round_ != encounter.round:
                d.set("round", round_)
            d.set("turn_index", index)
            d.log("override", f"GM: back to {self.name(order[index])}'s turn", order[index])
            event = d.event(f"Back to {self.name(order[index])}'s turn")
        return event

    def delay(self) -> Command:
        """The current combatant holds its turn; it may act after any later turn of this round (act_now)."""
        encounter = self._running("delay")
        current = encounter.current_id
        assert current is not None
        with self._drafting() as d:
            d.set_combatant(current, "delayed", True)
            d.log("delay", f"{self.name(current)} delays", current)
            new_round = self._advance(d, end_current=False)
            event = d.event(f"{self.name(current)} delays", round_start=new_round)
        if new_round:
            self._round_events.append(event)
        return event

    def act_now(self, combatant_id: str) -> Command:
        """A delayed combatant takes its turn after the current one, keeping that place in the order."""
        encounter = self._running("act")
        if not self.combatant(combatant_id).delayed:
            raise ValueError(f"{self.name(combatant_id)} is not delaying")
        current = encounter.current_id
        assert current is not None
        order = [cid for cid in encounter.order if cid != combatant_id]
        position = order.index(current)
        order.insert(position + 1, combatant_id)
        with self._drafting() as d:
            d.set("order", order)
            d.set("turn_index", position)
            self._advance(d, end_current=True)
            event = d.event(f"{self.name(combatant_id)} acts now")
        return event

    # -- actions ----------------------------------------------------------------------------------
    def take_action(self, combatant_id: str, action_key: str) -> Command:
        """Spend an action of the rules (ValueError with the reason when it is not allowed now)."""
        self._running("act")
        actor = self.actor(combatant_id)
        available = {a.action.key: a for a in self.ruleset.available_actions(actor, self.options)}
        avail = available.get(action_key)
        if avail is not None and not avail.allowed:
            raise ValueError(avail.reason)
        spent = self.ruleset.spend_action(actor, action_key, self.options)
        label = avail.action.label if avail else action_key
        name = actor.name
        with self._drafting() as d:
            d.effects(spent.effects, f"{name}: {label}")
            if action_key == "overwatch":
                d.set_combatant(combatant_id, "overwatch", True)
            cost = f" ({self.ruleset.cost_text(actor, avail.cost, self.options)})" if avail and avail.cost else ""
            d.log("action", f"{name}: {label}{cost}", combatant_id, details=spent.notes)
            event = d.event(f"{name}: {label}")
        return event

    def heal(self, healer_id: str, patient_id: str, dice: DiceSource) -> EncounterEvent:
        """The rules' healing action in a fight (crisis: First aid, a Medicine check): its cost and the
        treatment as one event. ValueError with the reason when it is not allowed now."""
        key = self.ruleset.HEAL_ACTION
        if key is None:
            raise ValueError(f"{self.ruleset.name} has no healing action in a fight")
        self._running("heal")
        healer, patient = self.actor(healer_id), self.actor(patient_id)
        available = {a.action.key: a for a in self.ruleset.available_actions(healer, self.options)}
        avail = available.get(key)
        if avail is None or not avail.allowed:
            raise ValueError(avail.reason if avail else f"{healer.name} cannot heal now")
        spent = self.ruleset.spend_action(healer, key, self.options)
        check, treated = self.ruleset.heal(healer, patient, dice, self.options)
        text = f"{healer.name} treats {patient.name}: {check.describe()}"
        with self._drafting() as d:
            d.effects([*spent.effects, *treated.effects], text)
            d.log("heal", text, healer_id, logs.explained_terms(check.total), (*spent.notes, *treated.notes))
            event = d.event(f"{healer.name}: {avail.action.label}")
        return event

    def overwatch(self, combatant_id: str) -> Command:
        return self.take_action(combatant_id, "overwatch")

    def weapons(self, combatant_id: str) -> list[Any]:
        from crisis_desktop.domain import ItemKind

        return [i for i in self.character_of(combatant_id).equipment if i.kind is ItemKind.WEAPON and i.equipped]

    def attack_context(self, attacker_id: str, weapon_id: str, target_id: str, **inputs: Any) -> AttackContext:
        """An AttackContext from the live state; `inputs` are the dialog's fields (distance, cover, aim...)."""
        attacker = self.actor(attacker_id)
        return AttackContext(attacker, attacker.character.item(weapon_id), self.actor(target_id), **inputs)

    def attack_preview(self, context: AttackContext) -> tuple[list[Term], AttackOdds]:
        return (self.ruleset.attack_modifiers(context, self.options), self.ruleset.attack_odds(context, self.options))

    def attack(self, context: AttackContext, dice: DiceSource, *, execute: bool = False) -> EncounterEvent:
        """Roll the attack (NeedMoreDice for typed dice that run out); the event's `result` is the AttackResult.

        `execute`: the rules' Execute on a helpless target instead of an ordinary attack."""
        self._running("attack")
        resolve = self.ruleset.resolve_execute if execute else self.ruleset.resolve_attack
        result: AttackResult = resolve(context, dice, self.options)
        attacker = context.attacker.combatant
        target = context.target
        state_before = self.ruleset.state(target.character, self.options)
        with self._drafting() as d:
            d.effects(result.effects, result.summary)
            if attacker is not None and attacker.overwatch and attacker.id != self.encounter.current_id:
                d.set_combatant(attacker.id, "overwatch", False)
            d.log("attack", result.summary, attacker.id if attacker else None,
                  logs.explained_terms(result.attack.total), logs.attack_details(result))
            state_after = self.ruleset.state(self.campaign.character(target.character.id), self.options)
            if state_after.key != state_before.key:
                d.log("state", state_after.text, target.combatant.id if target.combatant else None)
            event = d.event(f"{context.attacker.name} attacks {target.name}", result=result)
        return event

    # -- GM overrides -----------------------------------------------------------------------------
    def _override(self, effect: Effect, text: str, actor_id: str | None) -> Command:
        with self._drafting() as d:
            d.effects([effect], text)
            d.log("override", f"GM: {text}", actor_id)
            event = d.event(text)
        return event

    def _combatant_of_character(self, character_id: str) -> str | None:
        return next((c.id for c in self.encounter.combatants if c.character_id == character_id), None)

    def set_status(self, character_id: str, key: str, value: StatValue) -> Command:
        character = self.campaign.character(character_id)
        old = character.status.get(key)
        return self._override(SetStatus(character_id, key, value), f"{character.name}: {key} {old} → {value}",
                              self._combatant_of_character(character_id))

    def set_resource(self, combatant_id: str, key: str, value: StatValue) -> Command:
        old = self.combatant(combatant_id).resources.get(key)
        return self._override(SetResource(combatant_id, key, value),
                              f"{self.name(combatant_id)}: {key} {old} → {value}", combatant_id)

    def set_item_stat(self, character_id: str, item_id: str, key: str, value: StatValue) -> Command:
        character = self.campaign.character(character_id)
        item = character.item(item_id)
        return self._override(SetItemStat(character_id, item_id, key, value),
                              f"{character.name}'s {item.name}: {key} {item.stats.get(key)} → {value}",
                              self._combatant_of_character(character_id))

    def add_condition(self, character_id: str, key: str, rounds: int | None = None) -> Command:
        labels = {c.key: c.label for c in self.ruleset.conditions()}
        if key not in labels:
            raise ValueError(f"The {self.ruleset.name} rules have no condition {key!r}")
        character = self.campaign.character(character_id)
        lasting = f" for {rounds} rounds" if rounds else ""
        return self._override(AddCondition(character_id, key, rounds), f"{character.name} is {labels[key]}{lasting}",
                              self._combatant_of_character(character_id))

    def remove_condition(self, character_id: str, key: str) -> Command:
        labels = {c.key: c.label for c in self.ruleset.conditions()}
        character = self.campaign.character(character_id)
        if not character.has_condition(key):
            raise ValueError(f"{character.name} is not {labels.get(key, key)}")
        return self._override(RemoveCondition(character_id, key),
                              f"{character.name} is no longer {labels.get(key, key)}",
                              self._combatant_of_character(character_id))

    def set_initiative(self, combatant_id: str, value: int) -> Command:
        return self._set(combatant_id, "initiative", int(value), f"{self.name(combatant_id)}: initiative {value}")

    def note(self, text: str) -> Command:
        """A line of the GM's own in the log."""
        with self._drafting() as d:
            d.log("note", text.strip())
            event = d.event("Log note")
        return event

    # -- rewinding and ending ---------------------------------------------------------------------
    def can_rewind(self) -> bool:
        return self._round_start() is not None

    def _round_start(self) -> EncounterEvent | None:
        encounter = self.encounter
        for event in reversed(self._round_events):
            if event.applied and event.snapshot is not None and event.snapshot.encounter.round == encounter.round:
                return event
        return None

    def rewind_round(self) -> Command:
        """Go back to the start of this round (itself one undo step)."""
        encounter = self._running("rewind")
        event = self._round_start()
        if event is None or event.snapshot is None:
            raise ValueError(f"The start of round {encounter.round} was not recorded in this session")
        text = f"Rewind to the start of round {encounter.round}"
        log = logs.entry(event.snapshot.encounter, "rewind", f"GM: {text.lower()}")
        return EncounterEvent(text, [RestoreSnapshot(self.campaign, event.snapshot, text),
                                     AppendLog(self.encounter_id, log)], self.encounter_id)

    def end_encounter(self) -> Command:
        """End effects for everyone (crisis-classic: the combat's Endurance cost) and the summary."""
        encounter = self._running("end it")
        with self._drafting() as d:
            notes: list[str] = []
            for combatant in encounter.combatants:
                ended = self.ruleset.end_encounter(self.actor(combatant.id), self.options)
                d.effects(ended.effects, f"End for {self.name(combatant.id)}")
                notes += [f"{self.name(combatant.id)}: {n}" for n in ended.notes]
            d.set("ended", True)
            rounds = encounter.round
            d.log("end", f"{encounter.name} ends after {rounds} round{'s' if rounds != 1 else ''}",
                  details=notes + self.summary())
            event = d.event(f"End {encounter.name}")
        return event

    def summary(self) -> list[str]:
        return logs.summary_lines(self.campaign, self.encounter, self.ruleset, self.options)

    def log_markdown(self) -> str:
        return logs.to_markdown(self.campaign, self.encounter)
