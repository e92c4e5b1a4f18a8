"""A moments fight through the EncounterController: declarations worst to best, resolution best to worst, a parry,
a block stepping a shield's usage die, an extra action making tests harder, a major wound with its death test; and,
under Hypothesis, any legal sequence of steps, actions, attacks and treatments undone all gives the start exactly,
redone all the end."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.rules.moments import sheet, wounds
from tests.fight_helpers import play_then_undo_and_redo
from tests.hypothesis_budget import examples
from tests.unit.rules.moments.people import RULES, brann, campaign, ilse, vera


def ford() -> tuple[EncounterController, History, dict, dict[str, str]]:
    game = campaign(vera(), brann(), ilse())
    before = game.model_dump()
    history = History(game)
    ctl = EncounterController(game, "enc", RULES)
    for character in game.characters:
        history.push(ctl.add_combatant(character.id))
    return ctl, history, before, {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}


def weapon(ctl: EncounterController, who: str) -> str:
    return ctl.preview.weapons(who)[0].id


def reactions(ctl: EncounterController, who: str) -> str:
    """The board's bar of the reactions left."""
    bar = next(r for r in RULES.sheet.resources(ctl.view.actor(who), ctl.view.options) if r.key == "reactions_left")
    return f"{bar.short} {bar.current}/{bar.maximum}"


def status(ctl: EncounterController, who: str) -> dict[str, str]:
    return {ctl.view.name(r.combatant_id): r.status for r in ctl.view.order_rows()}


def test_a_scripted_moment_through_the_controller():
    ctl, history, start, ids = ford()
    v, b, i = ids["Vera"], ids["Brann"], ids["Ilse"]
    # The INT test: Vera 50 fails (goal 33), Brann fumbles, Ilse 4 is a critical (goal 42).
    history.push(ctl.start(TypedDice([50, 100, 4])))
    assert [r.combatant_id for r in ctl.view.order_rows()] == [b, v, i]            # in declaration order
    # Declarations worst to best: Brann, Vera, Ilse.
    for who, choice in ((b, "extra_action"), (v, "act"), (i, "act")):
        plan = next(o for o in ctl.offers() if o.role is StepRole.PLAN)
        assert plan.actors == (who,)
        history.push(ctl.step("declare", who, choice))
    assert status(ctl, b)["Brann"] == "declared: Extra action"
    # Resolution best to worst: Ilse stabs at Brann, who parries; his extra action makes the parry hard: (42 + 20)/2.
    history.push(ctl.step("resolve_declarations"))
    assert ctl.view.acting() == (i,) and [r.combatant_id for r in ctl.view.order_rows()] == [i, v,
                                                                                             b]   # resolution order
    stab = ctl.preview.attack_request(i, weapon(ctl, i), b, reaction="parry")
    preview = ctl.preview.attack_preview(stab)
    assert preview.cost == "1 action" and preview.to_beat.value == 37
    parried = ctl.attack(stab, TypedDice([10, 20]))
    history.push(parried)
    assert not parried.result.hit and parried.result.defence.target.value == 31
    assert reactions(ctl, b) == "Reactions 0/1"
    # Vera: Brann has no reaction left to parry her sword; it lands: 41 (odd: right), 8 of his 12 HP: a major wound.
    history.push(ctl.step("next_resolver"))
    assert ctl.view.acting() == (v,)
    with pytest.raises(ValueError, match="Brann has no reaction left this moment"):
        ctl.attack(ctl.preview.attack_request(v, weapon(ctl, v), b, reaction="parry"), TypedDice([41, 50]))
    cut = ctl.attack(ctl.preview.attack_request(v, weapon(ctl, v), b), TypedDice([41, 8, 3, 2]))
    history.push(cut)
    assert "Major wound for Brann (8 of 12 HP): d12 = 3: Hand (right): Hand cut off (d6+1)" in cut.result.notes
    assert "survives" in cut.result.notes[-1]
    brann_now = ctl.view.character_of(b)
    assert sheet.hp(brann_now) == 4 and wounds.wounds(brann_now)[0].major == 3
    assert any("Major wound for Brann" in d for d in ctl.view.encounter.log[-1].details)
    # Brann, two actions, every test hard: Vera blocks the first swing (easy, her shield's d8 steps to d6) ...
    history.push(ctl.step("next_resolver"))
    assert ctl.view.acting() == (b,)
    swing = ctl.preview.attack_request(b, weapon(ctl, b), v, reaction="block")
    assert ctl.preview.attack_preview(swing).to_beat.value == 31
    blocked = ctl.attack(swing, TypedDice([25, 60]))
    history.push(blocked)
    assert not blocked.result.hit
    shield = next(item for item in ctl.view.character_of(v).equipment if item.name == "Round shield")
    assert shield.stats["usage_die"] == 6
    # ... and the second lands, with no reaction left to her: 2d6 = 6 - 2 AP = 4.
    again = ctl.attack(ctl.preview.attack_request(b, weapon(ctl, b), v), TypedDice([30, 3, 3]))
    history.push(again)
    assert sheet.hp(ctl.view.character_of(v)) == 7
    third = ctl.preview.attack_preview(ctl.preview.attack_request(b, weapon(ctl, b), v))
    assert third.cannot == "Brann has no action left this moment (Extra action)"
    # The next moment ranks everyone again.
    history.push(ctl.step("next_resolver", dice=TypedDice([10, 20, 30])))
    assert ctl.view.round_label() == "Moment 2 · declaring"
    history.push(ctl.end_encounter())
    end = history.campaign.model_dump()
    while history.can_undo:
        history.undo()
    assert history.campaign.model_dump() == start
    while history.can_redo:
        history.redo()
    assert history.campaign.model_dump() == end


def intents(ctl: EncounterController, dice: RandomDice) -> list[tuple[str, Callable[[], Command]]]:
    """Every kind of event the GM can cause now (the rules may still refuse some with a reason)."""
    encounter = ctl.view.encounter
    if encounter.ended:
        return treatments(ctl, dice, encounter.combatants[0].id)
    options: list[tuple[str, Callable[[], Command]]] = []
    for o in ctl.offers():
        for actor in o.actors or (None,):
            for choice in [c.key for c in o.choices] or [None]:
                def step(key: str = o.key, a: str | None = actor, c: str | None = choice) -> Command:
                    return ctl.step(key, a, c, dice)
                options.append((o.role.value, step))
    for current in ctl.view.acting():
        for action in ctl.actions(current):
            if action.allowed and action.action.key not in ("attack", "medical"):
                options.append((action.action.key, lambda key=action.action.key, c=current: ctl.take_action(c, key)))
        for item in ctl.preview.weapons(current):
            for target in encounter.combatants:
                if target.id == current:
                    continue
                for reaction in ("none", "parry", "block", "dodge"):
                    def attack(w: str = item.id, t: str = target.id, c: str = current, r: str = reaction) -> Command:
                        return ctl.attack(ctl.preview.attack_request(c, w, t, reaction=r), dice)
                    options.append(("attack", attack))
        for patient in encounter.combatants:
            options.append(("heal", lambda p=patient.id, c=current: ctl.healing.heal(c, p, dice)))
    someone = encounter.combatants[0]
    options.append(("hurt", lambda: ctl.overrides.set_status(someone.character_id, "hp_lost", 5)))
    if encounter.round >= 2:
        options.append(("end", ctl.end_encounter))
    if ctl.can_rewind():
        options.append(("rewind", ctl.rewind_round))
    return options


def treatments(ctl: EncounterController, dice: RandomDice, healer: str) -> list[tuple[str, Callable[[], Command]]]:
    options: list[tuple[str, Callable[[], Command]]] = []
    for patient in ctl.view.encounter.combatants:
        for t in ctl.healing.treatments(patient.id):
            def treat(key: str = t.key, p: str = patient.id) -> Command:
                return ctl.healing.treat(key, p, healer_id=healer, dice=dice)
            options.append((t.key, treat))
    return options


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_moments_undo_all_and_redo_all(data: st.DataObject) -> None:
    ctl, history, start, _ids = ford()
    play_then_undo_and_redo(data, history, ctl, intents, start)
