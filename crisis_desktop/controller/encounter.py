"""The encounter controller: each intent of building or running a fight returns one undoable command (no Qt)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from crisis_desktop.controller import encounter_log as logs
from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.encounter_commands import (
    AppendLog,
    EncounterEvent,
    InsertCombatant,
    RemoveCombatant,
    RestoreSnapshot,
)
from crisis_desktop.controller.fight import NOBODY_LEFT, DraftFight, FightView
from crisis_desktop.domain import Campaign, CharacterKind, StatValue
from crisis_desktop.domain.encounter import Combatant, Encounter, Side
from crisis_desktop.rules.base import (
    ActionAvailability,
    ActionRole,
    AddCondition,
    AttackContext,
    AttackOdds,
    AttackResult,
    Attacks,
    Effect,
    FieldSpec,
    Healing,
    RemoveCondition,
    Ruleset,
    SetItemStat,
    SetResource,
    SetStatus,
    Term,
)
from crisis_desktop.rules.dice import DiceSource
from crisis_desktop.rules.flow import StepOffer, StepRole, offer


class EncounterController(FightView):
    """Intents on one encounter of a campaign. Nothing changes until the returned command is applied
    (pushed on a History or the GUI's undo stack); one command is one undo step, log entry included.

    How the fight proceeds (turns, slots, phases, declarations) is the ruleset's round flow: the controller
    offers its steps and takes the one the GM picks."""

    def __init__(self, campaign: Campaign, encounter_id: str, ruleset: Ruleset) -> None:
        super().__init__(campaign, encounter_id, ruleset)
        self.campaign.encounter(encounter_id)  # KeyError now rather than at the first intent
        self._round_events: list[EncounterEvent] = []

    # -- reading ---------------------------------------------------------------------------------
    def actions(self, combatant_id: str) -> list[ActionAvailability]:
        """The ruleset's actions for this combatant, with costs and the reason each is unavailable."""
        return self.ruleset.available_actions(self.actor(combatant_id), self.options)

    def may_act(self, combatant_id: str) -> bool:
        """Whether the flow lets this combatant act now (its turn, or out of turn where the rules allow)."""
        return self.encounter.running and self.anyone_left() and self.flow.may_act(self, combatant_id)

    def offers(self) -> list[StepOffer]:
        """The flow's steps open now (none before the start, after the end, or when nobody is left who can act:
        then only ending the encounter makes sense)."""
        return self.flow.offers(self) if self.encounter.running and self.anyone_left() else []

    @property
    def attacks(self) -> Attacks:
        """The rules' attacks; ValueError where the system has none."""
        if not isinstance(self.ruleset, Attacks):
            raise ValueError(f"The {self.ruleset.name} rules have no attacks")
        return self.ruleset

    def _may_act(self, combatant_id: str) -> None:
        if not self.anyone_left():
            raise ValueError(NOBODY_LEFT)
        if not self.flow.may_act(self, combatant_id):
            acting = ", ".join(self.name(a) for a in self.acting()) or "nobody"
            raise ValueError(f"{self.name(combatant_id)} cannot act now: it is {acting}'s turn")

    @contextmanager
    def _drafting(self) -> Iterator[DraftFight]:
        draft = DraftFight(self.campaign, self.encounter_id, self.ruleset)
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
                d.apply(self.ruleset.start_encounter(self.actor(combatant.id), self.options).effects,
                        f"{character.name} joins")
                self.flow.joined(d, combatant.id)
            event = d.event(f"Add {character.name} to {self.encounter.name}", result=combatant.id)
        return event

    def remove_combatant(self, combatant_id: str) -> Command:
        name = self.name(combatant_id)
        running = self.encounter.running
        round_before = self.encounter.round
        with self._drafting() as d:
            d.do(RemoveCombatant(self.encounter_id, combatant_id))
            if running:
                d.note("leave", f"{name} leaves the fight")
                self.flow.left(d, combatant_id)
            # The last fighter of a round leaving while it acts begins the next round: rewind goes back to here.
            new_round = self.encounter.round != round_before
            event = d.event(f"Remove {name} from {self.encounter.name}", round_start=new_round)
        if new_round:
            self._round_events.append(event)
        return event

    def _set(self, combatant_id: str, field: str, value: Any, text: str) -> Command:
        with self._drafting() as d:
            d.set_combatant(combatant_id, field, value)
            if self.encounter.started:
                d.note("override", f"GM: {text}", combatant_id)
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

    # -- the round flow --------------------------------------------------------------------------
    def start(self, dice: DiceSource) -> Command:
        """Fresh combat resources for everyone, then the flow's opening (initiative: NeedMoreDice if typed dice
        run out) and its first step."""
        encounter = self.encounter
        if encounter.started:
            raise ValueError(f"{encounter.name} has already started")
        if not encounter.combatants:
            raise ValueError("Add combatants before starting the fight")
        with self._drafting() as d:
            for combatant in encounter.combatants:
                d.apply(self.ruleset.start_encounter(self.actor(combatant.id), self.options).effects, "Start")
            d.set("ended", False)
            d.set("started", True)
            stepped = self.flow.start(d, dice)
            event = d.event(f"Start {encounter.name}", result=stepped.result, round_start=True)
        self._round_events.append(event)
        return event

    def step(self, key: str, actor_id: str | None = None, choice: str | None = None,
             dice: DiceSource | None = None) -> EncounterEvent:
        """Take one of the flow's offered steps (ValueError with the reason when it is not open now)."""
        self._running("move on")
        if not self.anyone_left():
            raise ValueError(NOBODY_LEFT)
        offered = offer(self.offers(), key)
        if offered.actors and actor_id not in offered.actors:
            names = ", ".join(self.name(a) for a in offered.actors)
            raise ValueError(f"{offered.label}: pick one of {names}" if actor_id is None
                             else f"{offered.label} is not open to {self.name(actor_id)}")
        before = ", ".join(self.name(a) for a in self.acting())
        with self._drafting() as d:
            stepped = self.flow.take(d, key, actor_id, choice, dice)
            after = ", ".join(self.name(a) for a in self.flow.acting(d))
            # The undo step reads "Delay (Rask) → Halvorsen": who took the step, who acts after it.
            who = self.name(actor_id) if actor_id else before
            text = offered.label + (f" ({who})" if who else "") + (f" → {after}" if after and after != who else "")
            event = d.event(text, result=stepped.result, round_start=stepped.new_round)
        if stepped.new_round:
            self._round_events.append(event)
        return event

    def step_by_role(self, role: StepRole, actor_id: str | None = None) -> EncounterEvent:
        """Take the step that plays `role` now (the ADVANCE step: Next turn, next phase...)."""
        found = next((o for o in self.offers() if o.role is role), None)
        if found is None:
            raise ValueError(f"Nothing to {role.value} now")
        return self.step(found.key, actor_id)

    # -- actions ----------------------------------------------------------------------------------
    def take_action(self, combatant_id: str, action_key: str) -> Command:
        """Spend an action of the rules (ValueError with the reason when it is not allowed now)."""
        self._running("act")
        self._may_act(combatant_id)
        actor = self.actor(combatant_id)
        available = {a.action.key: a for a in self.ruleset.available_actions(actor, self.options)}
        avail = available.get(action_key)
        if avail is not None and not avail.allowed:
            raise ValueError(avail.reason)
        spent = self.ruleset.spend_action(actor, action_key, self.options)
        label = avail.action.label if avail else action_key
        name = actor.name
        with self._drafting() as d:
            d.apply(spent.effects, f"{name}: {label}")
            cost = f" ({self.ruleset.cost_text(avail.price)})" if avail and any(avail.price.values()) else ""
            d.note("action", f"{name}: {label}{cost}", combatant_id, details=spent.notes)
            event = d.event(f"{name}: {label}")
        return event

    def heal(self, healer_id: str, patient_id: str, dice: DiceSource) -> EncounterEvent:
        """The rules' healing action in a fight (crisis: First aid, a Medicine check): its cost and the
        treatment as one event. ValueError with the reason when it is not allowed now."""
        rules = self.ruleset
        if not isinstance(rules, Healing) or not any(a.role is ActionRole.HEAL for a in rules.actions()):
            raise ValueError(f"{rules.name} has no healing action in a fight")
        self._running("treat anyone")
        self._may_act(healer_id)
        healer, patient = self.actor(healer_id), self.actor(patient_id)
        avail = next((a for a in self.ruleset.available_actions(healer, self.options)
                      if a.action.role is ActionRole.HEAL), None)
        if avail is None:
            raise ValueError(f"{healer.name} cannot treat anyone now")
        if not avail.allowed:
            raise ValueError(avail.reason)
        spent = self.ruleset.spend_action(healer, avail.action.key, self.options)
        check, treated = rules.heal(healer, patient, dice, self.options)
        text = f"{healer.name} treats {patient.name}: {check.describe()}"
        with self._drafting() as d:
            d.apply([*spent.effects, *treated.effects], text)
            d.note("heal", text, healer_id, logs.explained_terms(check.total), (*spent.notes, *treated.notes))
            event = d.event(f"{healer.name}: {avail.action.label}")
        return event

    def weapons(self, combatant_id: str) -> list[Any]:
        from crisis_desktop.domain import ItemKind

        return [i for i in self.character_of(combatant_id).equipment if i.kind is ItemKind.WEAPON and i.equipped]

    def attack_inputs(self, attacker_id: str, weapon_id: str, target_id: str) -> list[FieldSpec]:
        """What the GM sets for this attack, as the rules describe it, with defaults from the live state."""
        attacker = self.actor(attacker_id)
        return self.attacks.attack_inputs(attacker, attacker.character.item(weapon_id), self.actor(target_id),
                                          self.encounter.round, self.options)

    def attack_context(self, attacker_id: str, weapon_id: str, target_id: str, **inputs: Any) -> AttackContext:
        """The attack as the rules resolve it: the live state and the values of the rules' attack inputs (those
        not given take their defaults); ValueError naming an input the rules do not know."""
        attacker, target = self.actor(attacker_id), self.actor(target_id)
        weapon = attacker.character.item(weapon_id)
        values = {spec.key: spec.default for spec in self.attack_inputs(attacker_id, weapon_id, target_id)}
        values.update(inputs)
        # Attacking outside one's own turn (crisis: from overwatch) is for the rules to account for.
        out_of_turn = self.encounter.running and attacker_id not in self.acting()
        return self.attacks.attack_context(attacker, weapon, target, values, out_of_turn=out_of_turn)

    def attack_preview(self, context: AttackContext) -> tuple[list[Term], AttackOdds]:
        return self.attack_modifiers(context), self.attack_odds(context)

    def attack_modifiers(self, context: AttackContext) -> list[Term]:
        """Every modifier of the attack roll; ValueError with the reason when the attack cannot be made."""
        return self.attacks.attack_modifiers(context, self.options)

    def attack_odds(self, context: AttackContext) -> AttackOdds:
        """The exact odds; ValueError with the reason when the rules cannot price them (odds.TooManyOutcomes: the
        work would be too long), though the attack may still be rolled."""
        return self.attacks.attack_odds(context, self.options)

    def attack(self, context: AttackContext, dice: DiceSource, *, execute: bool = False) -> EncounterEvent:
        """Roll the attack (NeedMoreDice for typed dice that run out); the event's `result` is the AttackResult.

        `execute`: the rules' Execute on a helpless target instead of an ordinary attack."""
        self._running("make an attack")
        if context.attacker.combatant is not None:
            self._may_act(context.attacker.combatant.id)
        resolve = self.attacks.resolve_execute if execute else self.attacks.resolve_attack
        result: AttackResult = resolve(context, dice, self.options)
        attacker = context.attacker.combatant
        target = context.target
        state_before = self.ruleset.state(target.character, self.options)
        with self._drafting() as d:
            d.apply(result.effects, result.summary)
            d.note("attack", result.summary, attacker.id if attacker else None,
                  logs.explained_terms(result.attack.total), logs.attack_details(result))
            state_after = self.ruleset.state(self.campaign.character(target.character.id), self.options)
            if state_after.key != state_before.key:
                d.note("state", state_after.text, target.combatant.id if target.combatant else None)
            event = d.event(f"{context.attacker.name} attacks {target.name}", result=result)
        return event

    # -- GM overrides -----------------------------------------------------------------------------
    def _override(self, effect: Effect, text: str, actor_id: str | None) -> Command:
        with self._drafting() as d:
            d.apply([effect], text)
            d.note("override", f"GM: {text}", actor_id)
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
            d.note("note", text.strip())
            event = d.event("Log note")
        return event

    # -- rewinding and ending ---------------------------------------------------------------------
    def can_rewind(self) -> bool:
        event = self._round_start()
        return event is not None and not self._gone_since(event)

    def _gone_since(self, event: EncounterEvent) -> list[str]:
        """Names of those who fought at the start of the round and whose characters were deleted since: a rewind
        cannot bring back a character (undo the deletion first)."""
        assert event.snapshot is not None
        present = {c.id for c in self.campaign.characters}
        return [character.name for cid, character in event.snapshot.characters.items() if cid not in present]

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
        gone = self._gone_since(event)
        if gone:
            raise ValueError(f"{', '.join(gone)} left the campaign after round {encounter.round} began: undo that "
                             "deletion first, then rewind")
        text = f"Rewind to the start of round {encounter.round}"
        log = logs.entry(event.snapshot.encounter, "rewind", f"GM: {text.lower()}")
        return EncounterEvent(text, [RestoreSnapshot(self.campaign, event.snapshot, text),
                                     AppendLog(self.encounter_id, log)], self.encounter_id)

    def end_encounter(self) -> Command:
        """End effects for everyone (crisis-classic: the combat's Endurance cost) and the summary."""
        encounter = self._running("end it")
        with self._drafting() as d:
            notes: list[str] = []
            characters = {c.id for c in self.campaign.characters}
            for combatant in encounter.combatants:
                if combatant.character_id not in characters:
                    continue  # a file naming a character that is gone: nothing of it to end
                ended = self.ruleset.end_encounter(self.actor(combatant.id), self.options)
                d.apply(ended.effects, f"End for {self.name(combatant.id)}")
                notes += [f"{self.name(combatant.id)}: {n}" for n in ended.notes]
            d.set("ended", True)
            rounds = encounter.round
            d.note("end", f"{encounter.name} ends after {rounds} round{'s' if rounds != 1 else ''}",
                  details=notes + self.summary())
            event = d.event(f"End {encounter.name}")
        return event

    def summary(self) -> list[str]:
        return logs.summary_lines(self.campaign, self.encounter, self.ruleset, self.options)

    def log_markdown(self) -> str:
        return logs.to_markdown(self.campaign, self.encounter)
