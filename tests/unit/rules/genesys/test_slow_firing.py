"""Slow-Firing X: after an attack the weapon waits X rounds before it fires again (fired in round 1, Slow-Firing 2
fires again in round 4); the wait is refused with its reason before the roll, said in the attack's breakdown, kept in
the wielder's combatant resources, counted down at each of its turns, and undone with the attack."""

from __future__ import annotations

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.rules.base import Actor, AttackRequest, AttackTarget, SetResource
from crisis_desktop.rules.genesys import slow_firing
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.kernel.flows import StepRole
from tests.unit.rules.genesys.people import RULES, actor, campaign, enforcer, kara
from tests.unit.rules.genesys.test_qualities import HIT_4, shot, with_qualities


def aimed(shooter: Actor) -> AttackRequest:
    """The shooter's first weapon at the enforcer at short range."""
    return AttackRequest(shooter, shooter.character.equipment[0],
                         (AttackTarget(actor(enforcer()), {"range_band": "short"}),))


def test_firing_starts_the_wait_and_the_breakdown_says_it():
    shooter = with_qualities(kara(), "Heavy pistol", "Slow-Firing 2")
    pistol = shooter.equipment[0].id
    result = RULES.attacks.resolve_attack(shot(shooter, enforcer()), TypedDice(HIT_4), {})
    assert SetResource("c-kara", slow_firing.SLOW_FIRING, f"{pistol}:3") in result.effects
    assert "Slow-Firing 2: the Heavy pistol waits 2 rounds before it fires again" in result.notes


def test_the_weapon_is_refused_for_two_rounds_then_fires_in_the_fourth():
    shooter = with_qualities(kara(), "Heavy pistol", "Slow-Firing 2")
    pistol = shooter.equipment[0].id
    waiting = actor(shooter, slow_firing=f"{pistol}:3")             # just fired, in round 1
    for round_number, left in ((2, 2), (3, 1)):
        started = RULES.start_turn(waiting, {})
        value = next(e.value for e in started.effects if isinstance(e, SetResource) and e.key == "slow_firing")
        assert value == f"{pistol}:{left}", round_number
        waiting = actor(shooter, slow_firing=value)
        _price, refusal = RULES.attacks.attack_price(aimed(waiting), {})
        assert refusal == f"The Heavy pistol is Slow-Firing 2: it can fire again in {left} " \
                          f"round{'s' if left != 1 else ''}"
    started = RULES.start_turn(waiting, {})                         # round 4
    assert SetResource("c-kara", "slow_firing", "") in started.effects
    assert "Kara's Heavy pistol can fire again (Slow-Firing)" in started.notes
    ready = actor(shooter, slow_firing="")
    assert RULES.attacks.attack_price(aimed(ready), {})[1] is None


def test_another_weapon_fires_and_the_encounter_end_clears_the_wait():
    shooter = kara()
    assert slow_firing.fired(actor(shooter), shooter.equipment[0]) == ([], [])
    cooled = RULES.end_encounter(actor(shooter, slow_firing="x:2"), {})
    assert SetResource("c-kara", "slow_firing", "") in cooled.effects


def _take_next_slot(ctl: EncounterController, history: History, who: str) -> None:
    if ctl.view.acting():
        history.push(ctl.step("end_turn"))
    fill = next(o for o in ctl.offers() if o.role is StepRole.CHOOSE)
    history.push(ctl.step(fill.key, who if who in fill.actors else fill.actors[0]))


def test_through_the_controller_the_preview_refuses_and_undo_gives_the_shot_back():
    game = campaign(with_qualities(kara(), "Heavy pistol", "Slow-Firing 1"), enforcer())
    history = History(game)
    ctl = EncounterController(game, "enc", RULES)
    for character in game.characters:
        history.push(ctl.add_combatant(character.id))
    k, e = (next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == n) for n in ("Kara", "Enforcer"))
    # Cool: Kara 2 successes, the Enforcer none: the PC slot first.
    history.push(ctl.start(TypedDice(["ss", *["blank"] * 6])))
    _take_next_slot(ctl, history, k)
    pistol = ctl.preview.weapons(k)[0].id
    request = ctl.preview.attack_request(k, pistol, e, range_band="short")
    before = history.campaign.model_dump()
    history.push(ctl.attack(request, TypedDice(HIT_4)))
    assert ctl.view.encounter.combatant(k).resources["slow_firing"] == f"{pistol}:2"
    _take_next_slot(ctl, history, e)
    _take_next_slot(ctl, history, k)                                 # round 2: it waits
    assert ctl.view.encounter.round == 2
    preview = ctl.preview.attack_preview(ctl.preview.attack_request(k, pistol, e, range_band="short"))
    assert preview.cannot == "The Heavy pistol is Slow-Firing 1: it can fire again in 1 round"
    _take_next_slot(ctl, history, e)
    _take_next_slot(ctl, history, k)                                 # round 3: it fires again
    assert ctl.view.encounter.round == 3
    assert ctl.preview.attack_preview(ctl.preview.attack_request(k, pistol, e, range_band="short")).cannot is None
    for _ in range(9):                              # the attack, then four times an end of turn and a slot filled
        history.undo()
    assert history.campaign.model_dump() == before


def test_the_board_marks_the_waiting_weapon_for_the_gm():
    shooter = with_qualities(kara(), "Heavy pistol", "Slow-Firing 2")
    waiting = actor(shooter, slow_firing=f"{shooter.equipment[0].id}:2")
    mark = next(m for m in RULES.sheet.marks(waiting, {}) if m.label.startswith("Heavy pistol"))
    assert mark.label == "Heavy pistol: fires in 2 rounds" and not mark.told
    assert mark.effect == "The Heavy pistol is Slow-Firing 2: it can fire again in 2 rounds"
