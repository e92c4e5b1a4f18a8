"""Spending a roll through the EncounterController: the GM's picks replace the attack's own plan in one undoable
event, logged; a boost die left on an ally's next check is used by it and cleared; a check's symbols too."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.rules.base import SpendPick
from crisis_desktop.rules.crisis import CrisisRuleset
from crisis_desktop.rules.genesys import checks, stats
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from tests.unit.rules.genesys.people import RULES, campaign, enforcer, jax, kara


def fight() -> tuple[EncounterController, History, dict[str, str]]:
    """Kara and Jax against the Enforcer: PC, PC, NPC slots; Kara fills the first."""
    game = campaign(kara(), jax(), enforcer())
    history = History(game)
    ctl = EncounterController(game, "enc", RULES)
    for character in game.characters:
        history.push(ctl.add_combatant(character.id))
    ids = {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}
    # Cool for all: Kara 2 successes, Jax 1, the Enforcer none.
    history.push(ctl.start(TypedDice(["ss", "s", "s", "blank", "s", "blank", "blank"])))
    history.push(ctl.step("fill_slot", ids["Kara"]))
    return ctl, history, ids


def test_the_gm_spends_the_advantage_on_an_ally_instead_of_a_critical_and_undoes_it():
    ctl, history, ids = fight()
    k, j, e = ids["Kara"], ids["Jax"], ids["Enforcer"]
    ctl.view.character_of(k).status["strain"] = 2
    request = ctl.preview.attack_request(k, ctl.preview.weapons(k)[0].id, e, range_band="short")
    rolled = ctl.attack(request, TypedDice(["sa", "sa", "sa", "blank", 50]))
    choices = {c.key: c for c in ctl.spend_choices(rolled.result)}
    assert choices["crit"].default == 1                         # the default plan: a critical (Head blow)
    assert choices["boost_any_ally"].whom == ((k, "Kara"), (j, "Jax"))
    picks = [SpendPick("boost_any_ally", 1, j), SpendPick("recover_strain", 1)]
    assert ctl.spending_left(rolled.result, picks).describe() == "Everything is spent"
    before = history.campaign.model_dump()
    event = ctl.spend(rolled.result, picks, RandomDice(1))
    history.push(event)
    assert not stats.criticals(ctl.view.character_of(e))
    assert ctl.view.combatant(j).resources["next_boost"] == 1
    assert ctl.view.character_of(k).status["strain"] == 1
    details = ctl.view.encounter.log[-1].details
    assert "Spent 2 advantage: Add 1 boost die to any allied character's next check, the attacker's own included; " \
           "1 advantage: Recover 1 strain (may be chosen more than once)" in details
    assert "Jax's next check: +1 boost die (Add 1 boost die to any allied character's next check, the attacker's " \
           "own included)" in details
    history.undo()
    assert history.campaign.model_dump() == before
    history.redo()
    assert ctl.view.combatant(j).resources["next_boost"] == 1
    # Jax's next check rolls the boost die, and uses it up.
    history.push(ctl.step("end_turn"))
    history.push(ctl.step("fill_slot", j))                      # PC slot 2
    check = ctl.checking.check_request(j, "athletics", difficulty=2)
    assert checks.check_pool(check).boost == 1
    assert ctl.checking.check_odds(check).success > ctl.checking.check_odds(
        ctl.checking.check_request(j, "athletics", difficulty=2, setback=1)).success
    history.push(ctl.checking.check(check, RandomDice(5), "Athletics"))
    assert ctl.view.combatant(j).resources["next_boost"] == 0
    history.undo()
    assert ctl.view.combatant(j).resources["next_boost"] == 1


def test_picks_that_cost_more_than_the_roll_change_nothing():
    ctl, history, ids = fight()
    request = ctl.preview.attack_request(ids["Kara"], ctl.preview.weapons(ids["Kara"])[0].id, ids["Enforcer"],
                                         range_band="short")
    rolled = ctl.attack(request, TypedDice(["sa", "sa", "sa", "blank", 50]))
    before = history.campaign.model_dump()
    with pytest.raises(ValueError, match="Not enough advantage: the picks cost 6 advantage, the roll shows 3"):
        ctl.spend(rolled.result, [SpendPick("crit"), SpendPick("negate_defence")], RandomDice(1))
    assert history.campaign.model_dump() == before


def test_a_checks_advantage_goes_to_an_ally():
    ctl, history, ids = fight()
    k, j = ids["Kara"], ids["Jax"]
    request = ctl.checking.check_request(k, "cool", difficulty=1)
    rolled = ctl.checking.check(request, TypedDice(["sa", "aa", "blank"]), "Cool")
    assert {c.key for c in ctl.checking.check_spend_choices(request, rolled.result)} == \
        {"recover_strain", "boost_next_ally", "free_maneuver", "boost_any_ally"}
    history.push(ctl.checking.spend_check(request, rolled.result, [SpendPick("boost_next_ally", 1, j)], "Cool"))
    assert ctl.view.combatant(j).resources["next_boost"] == 1
    history.undo()
    assert "next_boost" not in ctl.view.combatant(j).resources


def test_rules_without_symbols_offer_nothing_and_refuse_picks():
    rules = CrisisRuleset()
    assert rules.attacks.spending_left(None, [], {}).problem is None   # type: ignore[arg-type]
    with pytest.raises(ValueError, match="These rules spend nothing after an attack"):
        rules.attacks.resolve_spending(None, [SpendPick("crit")], RandomDice(1), {})  # type: ignore[arg-type]
