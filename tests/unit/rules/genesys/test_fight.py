"""A genesys fight through the EncounterController: slots any unacted character of the side fills, a second maneuver
bought with strain, a critical injury, a minion group losing members; and, under Hypothesis, any legal sequence of
steps, maneuvers, attacks and overrides undone all gives the start exactly, redone all the end."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.rules.base import SpendPick
from crisis_desktop.rules.genesys import stats
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.kernel.flows import StepRole
from tests.fight_helpers import order, play_then_undo_and_redo
from tests.hypothesis_budget import examples
from tests.unit.rules.genesys.people import RULES, campaign, enforcer, jax, kara, thugs


def docks() -> tuple[EncounterController, History, dict]:
    """The controller, the history with everyone added, and the campaign as it was before."""
    game = campaign(kara(), jax(), thugs(3), enforcer())
    before = game.model_dump()
    history = History(game)
    ctl = EncounterController(game, "enc", RULES)
    for character in game.characters:
        history.push(ctl.add_combatant(character.id))
    return ctl, history, before


def cid(ctl: EncounterController, name: str) -> str:
    return next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == name)


def weapon(ctl: EncounterController, who: str) -> str:
    return ctl.preview.weapons(who)[0].id


def test_a_scripted_fight_through_the_controller():
    ctl, history, start = docks()
    k, j, t, e = (cid(ctl, n) for n in ("Kara", "Jax", "Thugs", "Enforcer"))
    # Initiative, Cool for all: Kara 3 successes, Jax 1, Thugs 2, Enforcer none: PC, NPC, PC, NPC slots.
    history.push(ctl.start(TypedDice(["ss", "s", "s", "blank", "ss", "a", "blank", "a"])))
    assert [r.position for r in ctl.view.order_rows()[:4]] == ["PC slot 1", "NPC slot 1", "PC slot 2", "NPC slot 2"]
    fill = next(o for o in ctl.offers() if o.role is StepRole.CHOOSE)
    assert set(fill.actors) == {k, j}
    # Jax takes Kara's slot: the slot is the side's, not Kara's.
    history.push(ctl.step(fill.key, j))
    assert ctl.view.acting() == (j,) and ctl.view.round_label() == "Round 1 · PC slot 1"
    # A free maneuver, then a second one for 2 strain.
    history.push(ctl.take_action(j, "move"))
    second = next(a for a in ctl.actions(j) if a.action.key == "aim")
    assert second.allowed and RULES.economy.cost_text(second.price) == "1 maneuver + 2 strain"
    history.push(ctl.take_action(j, "aim"))
    assert ctl.view.character_of(j).status["strain"] == 2
    assert not next(a for a in ctl.actions(j) if a.action.key == "guarded_stance").allowed
    # The sword at the engaged thugs: 3 successes and 4 advantage: 8 - soak 3 = 5 wounds (every minion stands),
    # and the critical (crit 2) takes one out.
    request = ctl.preview.attack_request(j, weapon(ctl, j), t, range_band="engaged")
    assert ctl.preview.attack_preview(request).cost == "1 action"
    attack = ctl.attack(request, TypedDice(["ss", "sa", "a", "aa", "blank", "blank"]))
    history.push(attack)
    assert attack.result.damage.taken.value == 5
    assert stats.minions_alive(ctl.view.character_of(t)) == 2
    assert ctl.view.character_of(t).status["wounds"] == 6
    assert not next(a for a in ctl.actions(j) if a.action.key == "attack").allowed
    history.push(ctl.step("end_turn"))
    # NPC slot 1: the Enforcer, not the Thugs, takes it; its axe hits Jax through the sword's Defensive setback die.
    history.push(ctl.step("fill_slot", e))
    axe = ctl.attack(ctl.preview.attack_request(e, weapon(ctl, e), j, range_band="engaged"),
                     TypedDice(["s", "s", "blank", "blank", "blank", "blank"]))
    history.push(axe)
    assert ctl.view.character_of(j).status["wounds"] == 3                      # Brawn 3 + 2 + 2 - soak 4
    history.push(ctl.step("end_turn"))
    # PC slot 2: only Kara is left to fill it. A critical on the Enforcer: d100 50, Head blow.
    fill = next(o for o in ctl.offers() if o.role is StepRole.CHOOSE)
    assert fill.actors == (k,)
    history.push(ctl.step("fill_slot", k))
    shot = ctl.attack(ctl.preview.attack_request(k, weapon(ctl, k), e, range_band="short"),
                      TypedDice(["sa", "sa", "sa", "blank", 50]))
    history.push(shot)
    assert stats.criticals(ctl.view.character_of(e))[0].row.name == "Head blow"
    assert any("Critical injury for Enforcer: d100 = 50: Head blow" in d for d in ctl.view.encounter.log[-1].details)
    history.push(ctl.step("end_turn"))
    # NPC slot 2: the Thugs, two left, roll one rank of Melee; a miss.
    history.push(ctl.step("fill_slot", t))
    knife = ctl.attack(ctl.preview.attack_request(t, weapon(ctl, t), k, range_band="engaged"),
                       TypedDice(["blank", "blank", "f", "f"]))
    history.push(knife)
    assert not knife.result.hit
    history.push(ctl.step("end_turn"))
    assert ctl.view.encounter.round == 2 and ctl.view.round_label() == "Round 2 · PC slot 1"
    history.push(ctl.end_encounter())
    end = history.campaign.model_dump()
    assert set(order(ctl.view)) == {k, j, t, e}
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
        return treatments(ctl, dice, encounter.combatants[0].id)     # rest and recovery between fights
    options: list[tuple[str, Callable[[], Command]]] = []
    for o in ctl.offers():
        for actor in o.actors or (None,):
            def step(key: str = o.key, a: str | None = actor) -> Command:
                return ctl.step(key, a, None, dice)
            options += [(o.role.value, step)] * 4
    for current in ctl.view.acting():
        for action in ctl.actions(current):
            if action.allowed and action.action.key not in ("attack", "first_aid"):
                options.append((action.action.key, lambda key=action.action.key, c=current: ctl.take_action(c, key)))
        for item in ctl.preview.weapons(current):
            for target in encounter.combatants:
                if target.id != current:
                    def attack(w: str = item.id, t: str = target.id, c: str = current) -> Command:
                        return ctl.attack(ctl.preview.attack_request(c, w, t), dice)
                    options.append(("attack", attack))

                    def spend(w: str = item.id, t: str = target.id, c: str = current) -> Command:
                        """The attack spent otherwise: the last choice the roll can pay for alone (the GM's first)."""
                        rolled = ctl.attack(ctl.preview.attack_request(c, w, t), dice)
                        for choice in reversed(ctl.spend_choices(rolled.result)):
                            pick = SpendPick(choice.key, 1, choice.whom[-1][0] if choice.whom else None)
                            if ctl.spending_left(rolled.result, [pick]).problem is None:
                                return ctl.spend(rolled.result, [pick], dice)
                        return rolled
                    options.append(("spend", spend))
        for patient in encounter.combatants:
            options.append(("heal", lambda p=patient.id, c=current: ctl.healing.heal(c, p, dice)))
            options.append(("stimpack", lambda p=patient.id, c=current: ctl.healing.heal(c, p, None, "stimpack")))
            options.append(("assist", lambda p=patient.id, c=current: ctl.take_action(c, "assist", target_id=p)))
        options += treatments(ctl, dice, current)
    someone = encounter.combatants[0]
    options += [("wound", lambda: ctl.overrides.set_status(someone.character_id, "wounds", 9)),
                ("stagger", lambda: ctl.overrides.add_condition(someone.character_id, "staggered", 1))]
    if encounter.round >= 2:
        options.append(("end", ctl.end_encounter))
    if ctl.can_rewind():
        options.append(("rewind", ctl.rewind_round))
    return options


def treatments(ctl: EncounterController, dice: RandomDice, healer: str) -> list[tuple[str, Callable[[], Command]]]:
    """Every treatment of every combatant, given by `healer` where it needs one, with its first choice."""
    options: list[tuple[str, Callable[[], Command]]] = []
    for patient in ctl.view.encounter.combatants:
        for t in ctl.healing.treatments(patient.id):
            def treat(key: str = t.key, p: str = patient.id,
                      choice: str | None = t.choices[0][0] if t.choices else None) -> Command:
                return ctl.healing.treat(key, p, healer_id=healer, dice=dice, choice=choice)
            options.append((t.key, treat))
    return options


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_genesys_undo_all_and_redo_all(data: st.DataObject) -> None:
    ctl, history, start = docks()
    play_then_undo_and_redo(data, history, ctl, intents, start)
