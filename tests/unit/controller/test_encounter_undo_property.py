"""Hypothesis: random legal sequences of fight events, undone all, give the start state exactly; redone, the end."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_encounter import classic_campaign, controller, demo_campaign

from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.rules.kernel.dice import RandomDice
from tests.fight_helpers import delayed, play_then_undo_and_redo
from tests.hypothesis_budget import examples


def intents(ctl: EncounterController, dice: RandomDice) -> list[tuple[str, Callable[[], Command]]]:
    """Every kind of event the GM can cause now (the rules may still refuse some with a reason)."""
    encounter = ctl.view.encounter
    if encounter.ended:
        return []
    current = ctl.view.current_id()
    assert current is not None
    # Next turn weighs three times, so fights reach later rounds; ending only from round 2 on.
    options: list[tuple[str, Callable[[], Command]]] = [
        ("next", lambda: ctl.step("next_turn")), ("next", lambda: ctl.step("next_turn")),
        ("next", lambda: ctl.step("next_turn")), ("previous", lambda: ctl.step("previous_turn")),
        ("delay", lambda: ctl.step("delay")),
    ]
    if encounter.round >= 2:
        options.append(("end", ctl.end_encounter))
    for combatant in encounter.combatants:
        if delayed(ctl.view, combatant.id):
            options.append(("act now", lambda cid=combatant.id: ctl.step("act_now", cid)))
    for action in ctl.actions(current):
        if action.allowed and action.action.key not in ("attack", "execute"):
            options.append((action.action.key, lambda key=action.action.key: ctl.take_action(current, key)))
    for weapon in ctl.preview.weapons(current):
        for target in encounter.combatants:
            if target.id != current:
                def attack(w=weapon.id, t=target.id) -> Command:
                    return ctl.attack(ctl.preview.attack_request(current, w, t, distance=3), dice)
                options.append(("attack", attack))
    character = ctl.view.character_of(current)
    options += [
        ("wound", lambda: ctl.overrides.set_status(character.id, "wounds", 3)),
        ("prone", lambda: ctl.overrides.add_condition(character.id,
                                                      "prone" if ctl.ruleset.id == "crisis" else "stunned", 1)),
        ("ap", lambda: ctl.overrides.set_resource(current, "ap", 1)),
    ]
    if ctl.can_rewind():
        options.append(("rewind", ctl.rewind_round))
    return options


def run(data: st.DataObject, campaign_factory: Callable[[], object], encounter_id: str, add_all: bool) -> None:
    campaign = campaign_factory()
    history = History(campaign)  # type: ignore[arg-type]
    ctl = controller(campaign, encounter_id)  # type: ignore[arg-type]
    start_state = campaign.model_dump()  # type: ignore[attr-defined]
    if add_all:
        for character in campaign.characters:  # type: ignore[attr-defined]
            history.push(ctl.add_combatant(character.id))
    play_then_undo_and_redo(data, history, ctl, intents, start_state)


@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_crisis_undo_all_and_redo_all(data: st.DataObject) -> None:
    run(data, demo_campaign, data.draw(st.sampled_from(["enc-ridge", "enc-ambush"])), add_all=False)


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_crisis_classic_undo_all_and_redo_all(data: st.DataObject) -> None:
    run(data, classic_campaign, "enc", add_all=True)
