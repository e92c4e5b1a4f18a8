"""Driving a fight through the EncounterController, whatever the ruleset (a fake, a bundled system, a test-only one)
and its round shape: everyone who acts attacks once with their first ready weapon, then the GM takes the first open
step (a plan, a choice, else the step that moves on)."""

from __future__ import annotations

from typing import Any

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign
from crisis_desktop.domain.encounter import Side
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.flows import StepRole
from tests.fakes.registry import fake_ruleset

SHAPES = ("sequential", "slots", "phased", "declared")


def controller(campaign: Campaign, ruleset: Ruleset, encounter_id: str = "enc") -> EncounterController:
    """The encounter's controller under any ruleset."""
    return EncounterController(campaign, encounter_id, ruleset)


def fake_controller(campaign: Campaign, encounter_id: str = "enc") -> EncounterController:
    """The encounter's controller under the fake ruleset the campaign names."""
    return controller(campaign, fake_ruleset(campaign.ruleset), encounter_id)


def standing(ctl: EncounterController) -> set[Side]:
    """The sides that still have someone fighting."""
    return {c.side for c in ctl.view.encounter.combatants if ctl.view.state_of(c.id).fighting}


def targets(ctl: EncounterController, combatant_id: str) -> list[str]:
    side = ctl.view.combatant(combatant_id).side
    return [c.id for c in ctl.view.encounter.combatants if c.side != side and ctl.view.state_of(c.id).fighting]


def next_step(ctl: EncounterController) -> tuple[str, str | None, str | None] | None:
    """The first allowed plan, else choice, else advance: (key, actor, choice)."""
    offers = ctl.offers()
    for role in (StepRole.PLAN, StepRole.CHOOSE, StepRole.ADVANCE):
        for o in offers:
            if o.role is role and o.allowed:
                return o.key, o.actors[0] if o.actors else None, o.choices[0].key if o.choices else None
    return None


def attack_once(ctl: EncounterController, history: History, dice: DiceSource, attacked: set[Any]) -> None:
    """Everyone acting now attacks the first standing enemy with their first ready weapon, once per round and stage
    (one without a weapon does not attack)."""
    for cid in ctl.view.acting():
        key = (ctl.view.encounter.round, ctl.view.round_label(), cid)
        foes = targets(ctl, cid)
        weapons = ctl.preview.weapons(cid)
        if key in attacked or not foes or not weapons or not ctl.view.may_act(cid):
            continue
        attacked.add(key)
        weapon = weapons[0]
        history.push(ctl.attack(ctl.preview.attack_request(cid, weapon.id, foes[0]), dice))


def fight_to_the_end(ctl: EncounterController, history: History, dice: DiceSource, max_steps: int = 800,
                     every_step: Any = None, *, started: bool = False) -> int:
    """Start (unless `started`: a fight going on, say one loaded from a file), fight until one side has nobody
    fighting, end; the number of steps taken."""
    if not started:
        history.push(ctl.start(dice))
    attacked: set[Any] = set()
    for steps in range(max_steps):
        if every_step is not None:
            every_step(ctl)
        attack_once(ctl, history, dice, attacked)
        if len(standing(ctl)) < 2:
            history.push(ctl.end_encounter())
            return steps
        step = next_step(ctl)
        assert step is not None, [(o.label, o.reason) for o in ctl.offers()]
        key, actor, choice = step
        history.push(ctl.step(key, actor, choice, dice))
    raise AssertionError("the fight did not end")
