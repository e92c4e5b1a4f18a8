"""Checks in a fight: what the GM may ask for, its odds, and the rolled check (and what its symbols buy) as one undoable
event (no Qt)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from crisis_desktop.controller import encounter_log as logs
from crisis_desktop.controller.encounter_commands import (
    EncounterEvent,
)
from crisis_desktop.controller.fight_context import FightContext
from crisis_desktop.controller.pools import spend_effects, spend_refusal
from crisis_desktop.rules.base import (
    CheckOdds,
    CheckRequest,
    CheckResult,
    Checks,
    ContestChances,
    FieldSpec,
    PoolSpend,
    SpendBudget,
    SpendChoice,
    SpendPick,
)
from crisis_desktop.rules.kernel.dice import DiceSource


class CheckIntents:
    """The checks of one fight, reached as `EncounterController.checking`: the rules' inputs, odds and spending
    choices of a check, and the check rolled (or spent) as one event."""

    def __init__(self, context: FightContext) -> None:
        self._ctx = context
        self.view = context.view
        self.ruleset = context.ruleset

    @property
    def checks(self) -> Checks:
        """The rules' checks; ValueError where the system has none."""
        checks = self.ruleset.checks
        if checks is None:
            raise ValueError(f"The {self.ruleset.name} rules have no checks")
        return checks

    def check_skills(self, combatant_id: str) -> list[tuple[str, str]]:
        """What this combatant may be checked on, as (stat key, label)."""
        return self.checks.check_skills(self.view.character_of(combatant_id), self.view.options)

    def check_inputs(self, combatant_id: str, skill: str) -> list[FieldSpec]:
        """What the GM sets for a check, as the rules describe it, with defaults."""
        return self.checks.check_inputs(self.view.actor(combatant_id), skill, self.view.options)

    def check_request(self, combatant_id: str, skill: str, **inputs: Any) -> CheckRequest:
        """The check from the rules' inputs (those not given take their defaults); ValueError naming an input the
        rules do not know, or a value out of its range."""
        specs = {spec.key: spec for spec in self.check_inputs(combatant_id, skill)}
        unknown = sorted(set(inputs) - set(specs))
        if unknown:
            raise ValueError(f"These rules have no check input {', '.join(unknown)}")
        values = {key: spec.default for key, spec in specs.items()} | inputs
        for key, value in values.items():
            reason = specs[key].validate(value)
            if reason:
                raise ValueError(reason)
        request = self.checks.check_request(self.view.actor(combatant_id), skill, values)
        refusal = spend_refusal(self._ctx.campaign, self.ruleset, self.check_pool_spends(request), self.view.options)
        if refusal:
            raise ValueError(refusal)
        return request

    def check_pool_spends(self, request: CheckRequest) -> Sequence[PoolSpend]:
        """What the check spends of the campaign's pools (a story point upgrading it)."""
        return self.checks.check_pool_spends(request, self.view.options)

    def check_odds(self, request: CheckRequest) -> CheckOdds:
        return self.checks.check_odds(request, self.view.options)

    def check(self, request: CheckRequest, dice: DiceSource, what: str = "") -> EncounterEvent:
        """Roll a check the GM asked for (NeedMoreDice for typed dice that run out) and log it; it changes nothing
        else but what the rules say making it uses up (dice an earlier roll left on it). The event's `result` is the
        CheckResult. `what`: the skill's label for the log."""
        result = self.checks.check(request, dice, self.view.options)
        return self._check_event(request, result, what, [])

    def check_spend_choices(self, request: CheckRequest, result: CheckResult) -> list[SpendChoice]:
        """What a rolled check's symbols can buy (strain, dice for an ally's next check); none for numbers."""
        return self.checks.check_spend_choices(request, result, self.view.options, self._ctx.fighters())

    def check_spending_left(self, request: CheckRequest, result: CheckResult,
                            picks: Sequence[SpendPick]) -> SpendBudget:
        return self.checks.check_spending_left(request, result, picks, self.view.options, self._ctx.fighters())

    def spend_check(self, request: CheckRequest, result: CheckResult, picks: Sequence[SpendPick],
                    what: str = "") -> EncounterEvent:
        """The rolled check (not applied yet) with the GM's picks: one event in place of the check's; ValueError
        with the reason when they cannot be bought."""
        return self._check_event(request, result, what, picks)

    def _check_event(self, request: CheckRequest, result: CheckResult, what: str,
                     picks: Sequence[SpendPick]) -> EncounterEvent:
        actor = request.actor
        spent = self.checks.resolve_check_spending(request, result, picks, self.view.options, self._ctx.fighters())
        used = self.checks.check_effects(request, result, self.view.options)
        pooled, pool_notes = spend_effects(self._ctx.campaign, self.ruleset, self.check_pool_spends(request),
                                           self.view.options)
        text = f"{actor.name}: {what or request.skill} check, {result.describe()}"
        with self._ctx.drafting() as d:
            d.apply([*used, *pooled, *spent.effects], text)
            d.note("check", text, actor.combatant.id if actor.combatant else None,
                   logs.explained_terms(result.total),
                   [logs.describe_check(what or request.skill, result), *pool_notes, *spent.notes])
            event = d.event(f"{actor.name}: {what or request.skill} check", result=result)
        return event

    # -- contests ----------------------------------------------------------------------------------------------------
    def contest_chances(self, active: CheckRequest, passive: CheckRequest) -> ContestChances | None:
        """The exact chances of a contest; None where the rules do not price contests."""
        return self.checks.contest_chances(active, passive, self.view.options)

    def contest(self, active: CheckRequest, passive: CheckRequest, dice: DiceSource, what: str = "",
                their_what: str = "") -> EncounterEvent:
        """An opposed check (a contest) the GM asked for: both sides roll by the rules (NeedMoreDice for typed dice
        that run out), logged with both rolls and who wins and why; it changes nothing else. ValueError when one side
        contests itself. The event's `result` is the ContestResult."""
        a, p = active.actor, passive.actor
        if a.character.id == p.character.id:
            raise ValueError(f"{a.name} cannot contest against itself: pick someone else")
        result = self.checks.contest(active, passive, dice, self.view.options)
        mine, theirs = what or active.skill, their_what or passive.skill
        winner = {"active": a.name, "passive": p.name}.get(result.winner or "", "")
        outcome = f"{winner} wins" if winner else "nobody wins"
        text = f"{a.name}: {mine} against {p.name}'s {theirs}, {outcome}"
        lines = [logs.describe_check(f"{a.name}: {mine}", result.active),
                 logs.describe_check(f"{p.name}: {theirs}", result.passive),
                 f"{outcome[:1].upper()}{outcome[1:]}: {result.reason}"]
        with self._ctx.drafting() as d:
            d.note("check", text, a.combatant.id if a.combatant else None, logs.explained_terms(result.active.total),
                   lines)
            event = d.event(f"{a.name}: {mine} against {p.name}", result=result)
        return event
