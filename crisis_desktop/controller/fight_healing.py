"""Healing in a fight: the rules' treatments, whether they reach the patient on the map, and a treatment given as one
undoable event (no Qt)."""

from __future__ import annotations

from collections.abc import Callable

from crisis_desktop.controller import encounter_log as logs
from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.encounter_commands import (
    EncounterEvent,
)
from crisis_desktop.controller.fight_context import FightContext
from crisis_desktop.rules.base import (
    ActionRole,
    ActionSpec,
    Actor,
    CheckResult,
    Healing,
    Treatment,
    TurnEffects,
)
from crisis_desktop.rules.kernel.dice import DiceSource, TypedDice


class HealIntents:
    """The treatments of one fight, reached as `EncounterController.healing`: a healing action on the healer's turn,
    a maneuver the patient takes, or a treatment outside the turns (rest, recovery). `take_action` is the
    controller's, for a treatment that is one of the patient's own actions."""

    def __init__(self, context: FightContext, take_action: Callable[..., Command]) -> None:
        self._ctx = context
        self.view = context.view
        self.ruleset = context.ruleset
        self._take_action = take_action

    def heal(self, healer_id: str, patient_id: str, dice: DiceSource | None,
             action_key: str | None = None) -> EncounterEvent:
        """A healing action of the rules in a fight (crisis: First aid, a Medicine check; by `action_key` another of
        role HEAL: a genesys stimpack, given by `Healing.treat`): its cost and the treatment as one event.
        ValueError with the reason when it is not allowed now."""
        healing = self.ruleset.healing
        if healing is None or not any(a.role is ActionRole.HEAL for a in self.ruleset.economy.actions()):
            raise ValueError(f"{self.ruleset.name} has no healing action in a fight")
        self._ctx.running("treat anyone")
        self._ctx.may_act(healer_id)
        healer, patient = self.view.actor(healer_id), self.view.actor(patient_id)
        avail = next((a for a in self.ruleset.economy.available_actions(healer, self.view.options)
                      if a.action.role is ActionRole.HEAL and action_key in (None, a.action.key)), None)
        if avail is None:
            raise ValueError(f"{healer.name} cannot treat anyone now")
        if not avail.allowed:
            raise ValueError(avail.reason)
        given = next((t for t in healing.treatments(patient, self.view.options, fighting=True)
                      if t.action_key == avail.action.key), None)
        too_far = self.out_of_reach(given, healer_id, patient_id) if given is not None else None
        if too_far:
            raise ValueError(too_far)
        check, treated, spent = self._healed(healing, avail.action.key, given, healer, patient, dice)
        text = f"{healer.name} treats {patient.name}" + (f": {check.describe()}" if check is not None
                                                        else f" ({avail.action.label})")
        with self._ctx.drafting() as d:
            d.apply([*spent.effects, *treated.effects], text)
            d.note("heal", text, healer_id, logs.explained_terms(check.total) if check is not None else (),
                   (*spent.notes, *treated.notes))
            event = d.event(f"{healer.name}: {avail.action.label}")
        return event

    def _healed(self, healing: Healing, key: str, given: Treatment | None, healer: Actor, patient: Actor,
                dice: DiceSource | None) -> tuple[CheckResult | None, TurnEffects, TurnEffects]:
        """What a healing action does, its price apart: the first of role HEAL is the rules' `heal`, another the
        treatment it gives (`Healing.treat`: a genesys stimpack rolls nothing). ValueError when it cannot be given."""
        if given is not None and given.reason:
            raise ValueError(f"{given.label}: {given.reason}")
        if dice is None and (given is None or given.rolls):
            raise ValueError(f"{given.label if given else key} needs dice")
        first = next(a.key for a in self.ruleset.economy.actions() if a.role is ActionRole.HEAL)
        spent = self.ruleset.economy.spend_action(healer, key, self.view.options)
        if key == first or given is None:
            assert dice is not None
            check, treated = healing.heal(healer, patient, dice, self.view.options)
            return check, treated, spent
        found, done = healing.treat(given.key, healer, patient, dice or TypedDice([]), self.view.options)
        return found, done, spent

    def treatments(self, patient_id: str) -> list[Treatment]:
        """Every treatment of the rules for this combatant, each with why it cannot be given now (the fight's own
        reasons, such as whose turn it is, come when it is given); empty where the rules do not heal."""
        healing = self.ruleset.healing
        if healing is None:
            return []
        return healing.treatments(self.view.actor(patient_id), self.view.options, fighting=self.view.encounter.running)

    def out_of_reach(self, treatment: Treatment, healer_id: str, patient_id: str) -> str | None:
        """Why the healer cannot give this treatment to the patient where they stand on the encounter's map (farther
        than the treatment's reach); None in reach, on oneself, without a reach or without a map."""
        return self._ctx.beyond_reach(treatment.label, treatment.reach, healer_id, patient_id)

    def action_out_of_reach(self, action: ActionSpec, actor_id: str, other_id: str) -> str | None:
        """Why an action taken on someone else (role HELP: genesys Assist) cannot reach them where they stand on the
        encounter's map, as `out_of_reach` says it of a treatment; None in reach, without a reach or without a map."""
        return self._ctx.beyond_reach(action.label, action.reach, actor_id, other_id)

    def treat(self, key: str, patient_id: str, *, healer_id: str | None = None, dice: DiceSource | None = None,
              choice: str | None = None) -> Command:
        """Give one of `treatments(patient_id)`: the fight's healing action by `healer_id` on its turn, a maneuver
        the patient takes on its own turn, or a treatment outside the fight's turns (rest, recovery) with its log
        line. ValueError with the reason when it cannot be given now."""
        healing = self.ruleset.healing
        found = next((t for t in self.treatments(patient_id) if t.key == key), None)
        if found is None or healing is None:
            raise ValueError(f"The {self.ruleset.name} rules have no treatment {key!r}")
        if found.reason:
            raise ValueError(f"{found.label}: {found.reason}")
        if found.choices and choice not in {k for k, _ in found.choices}:
            raise ValueError(f"{found.label}: pick one of {', '.join(label for _, label in found.choices)}")
        if found.healer and healer_id is None:
            raise ValueError(f"{found.label}: who treats {self.view.name(patient_id)}?")
        if found.rolls and dice is None:
            raise ValueError(f"{found.label} needs dice")
        too_far = self.out_of_reach(found, healer_id, patient_id) if found.healer and healer_id else None
        if too_far:
            raise ValueError(too_far)
        if found.action_key is not None:
            if not found.healer:
                return self._take_action(patient_id, found.action_key)
            assert healer_id is not None
            if any(a.role is ActionRole.HEAL and a.key == found.action_key for a in self.ruleset.economy.actions()):
                return self.heal(healer_id, patient_id, dice, found.action_key)
            # Another of the healer's actions (crisis-classic: an Adrenalin Shot given to someone): on its turn, at
            # the price the rules' treatment charges.
            self._ctx.running("treat anyone")
            self._ctx.may_act(healer_id)
        healer = self.view.actor(healer_id if found.healer and healer_id else patient_id)
        patient = self.view.actor(patient_id)
        # A treatment that rolls nothing (a night's rest) is given no dice: asking for one would be a bug, not a roll.
        check, treated = healing.treat(key, healer, patient, dice or TypedDice([]), self.view.options, choice)
        who = f"{healer.name} treats {patient.name}" if found.healer else patient.name
        text = f"{who}: {found.label}" + (f", {check.describe()}" if check is not None else "")
        with self._ctx.drafting() as d:
            d.apply(treated.effects, text)
            if found.action_key is not None:
                self.view.flow.acted(d, healer.combatant.id if healer.combatant else patient_id)
            d.note("heal", text, patient_id, logs.explained_terms(check.total) if check is not None else (),
                   treated.notes)
            event = d.event(f"{found.label} ({patient.name})", result=check)
        return event
