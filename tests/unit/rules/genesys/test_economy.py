"""The genesys turn economy: one free maneuver, one action (or a maneuver instead), a second maneuver for 2 strain,
at most two a turn; who may not take strain; what the start and the end of a turn or an encounter do."""

from __future__ import annotations

import pytest

from crisis_desktop.domain import ConditionState
from crisis_desktop.rules.base import AddCondition, RemoveCondition, SetItemStat, SetResource, SetStatus, UseUpItem
from crisis_desktop.rules.genesys import actions
from crisis_desktop.rules.kernel.dice import TypedDice
from tests.unit.rules.genesys.people import RULES, actor, boss, enforcer, gear, jax, kara, thugs


def offered(who, key, options=None):
    return next(a for a in RULES.economy.available_actions(who, options or {}) if a.action.key == key)


def test_the_currencies_are_maneuvers_actions_and_strain():
    assert [c.key for c in RULES.economy.currencies()] == ["maneuvers", "actions", "strain"]
    assert RULES.economy.cost_text({"maneuvers": 1, "strain": 2}) == "1 maneuver + 2 strain"


def test_the_first_maneuver_is_free_the_second_costs_2_strain_and_a_third_is_refused():
    k = actor(kara())
    assert offered(k, "aim").price == {"maneuvers": 1}
    k = actor(kara(), maneuvers_used=1)
    second = offered(k, "aim")
    assert second.allowed and second.price == {"maneuvers": 1, "strain": 2}
    spent = RULES.economy.spend_action(k, "aim", {})
    assert SetStatus("kara", "strain", 2) in spent.effects and "Kara suffers 2 strain (aim)" in spent.notes
    third = offered(actor(kara(), maneuvers_used=2), "guarded_stance")
    assert not third.allowed and third.reason == "At most 2 maneuvers a turn: Kara has 2 taken, this needs 1"


def test_giving_up_the_action_buys_the_second_maneuver_without_strain():
    k = actor(kara(), maneuvers_used=1)
    down = RULES.economy.spend_action(k, "downgrade", {})
    assert SetResource("c-kara", "actions_used", 1) in down.effects
    assert SetResource("c-kara", "maneuvers_granted", 1) in down.effects
    after = actor(kara(), maneuvers_used=1, maneuvers_granted=1, actions_used=1)
    assert offered(after, "aim").price == {"maneuvers": 1}
    assert not offered(after, "attack").allowed and offered(after, "attack").reason == \
        "Kara has taken its action this turn"


def test_moving_two_bands_takes_both_maneuvers():
    assert offered(actor(kara()), "move_far").price == {"maneuvers": 2, "strain": 2}
    assert offered(actor(kara(), maneuvers_granted=1), "move_far").price == {"maneuvers": 2}


def test_minions_cannot_buy_a_maneuver_with_strain_and_rivals_take_it_as_wounds():
    group = offered(actor(thugs(), maneuvers_used=1), "aim")
    assert not group.allowed and group.reason == "Thugs is a minion group: minions cannot suffer strain voluntarily"
    spent = RULES.economy.spend_action(actor(enforcer(), maneuvers_used=1), "aim", {})
    assert SetStatus("enforcer", "wounds", 2) in spent.effects
    assert "Enforcer suffers 2 wounds instead of strain (aim)" in spent.notes


def test_a_winded_character_cannot_suffer_strain_voluntarily():
    k = kara()
    k.status["criticals"] = "winded"
    assert offered(actor(k, maneuvers_used=1), "aim").reason == \
        "Kara is winded: it cannot suffer strain voluntarily"


def test_staggered_takes_no_action_immobilized_no_maneuver():
    k = kara()
    k.conditions.append(ConditionState(key="staggered", rounds=1))
    assert offered(actor(k), "attack").reason == "Kara is staggered: no actions"
    assert offered(actor(k), "aim").allowed
    j = jax()
    j.conditions.append(ConditionState(key="immobilized"))
    assert offered(actor(j), "move").reason == "Jax is immobilized: no maneuvers"
    assert RULES.sheet.state(k, {}).fighting and RULES.sheet.state(k, {}).key == "staggered"


@pytest.mark.parametrize(("variant", "strain"), [("genesys", 2), ("eote", 1)])
def test_at_the_brink_costs_strain_with_every_action(variant, strain):
    k = kara()
    k.status["criticals"] = "at_the_brink"
    assert offered(actor(k), "attack", {"genesys_variant": variant}).price == {"actions": 1, "strain": strain}


def test_disabled_immobilizes_under_genesys_and_allows_one_maneuver_under_eote():
    k = kara()
    k.status["criticals"] = "disabled"
    assert actions.max_maneuvers(actor(k), {"genesys_variant": "eote"}) == 1
    assert actions.max_maneuvers(actor(k), {"genesys_variant": "genesys"}) == 2


def test_aim_adds_up_to_two_boost_dice_and_moving_loses_it():
    k = actor(kara())
    assert SetResource("c-kara", "aim", 1) in RULES.economy.spend_action(k, "aim", {}).effects
    full = actor(kara(), aim=2)
    assert offered(full, "aim").reason == "Kara has aimed as long as it helps (2 boost dice)"
    moved = RULES.economy.spend_action(actor(kara(), aim=2), "move", {})
    assert SetResource("c-kara", "aim", 0) in moved.effects and "Kara moves and loses its aim" in moved.notes


def test_aim_under_one_turn_is_lost_at_the_end_of_the_next_turn():
    options = {"aim_lasts": "one_turn"}
    fresh = actions.end_turn(actor(kara(), aim=1, aim_fresh=True), options)
    assert fresh.effects == (SetResource("c-kara", "aim_fresh", False),)
    stale = actions.end_turn(actor(kara(), aim=1, aim_fresh=False), options)
    assert stale.effects == (SetResource("c-kara", "aim", 0),)
    assert actions.end_turn(actor(kara(), aim=1, aim_fresh=False), {}).effects == ()


def test_prone_guarded_stance_and_standing():
    assert AddCondition("kara", "prone") in RULES.economy.spend_action(actor(kara()), "drop_prone", {}).effects
    k = kara()
    k.conditions.append(ConditionState(key="prone"))
    assert offered(actor(k), "drop_prone").reason == "Kara is already prone"
    assert RemoveCondition("kara", "prone") in RULES.economy.spend_action(actor(k), "stand", {}).effects
    assert SetResource("c-kara", "guarded", True) in RULES.economy.spend_action(actor(kara()), "guarded_stance",
                                                                                {}).effects


def test_stimpacks_heal_5_then_4_3_2_1_and_the_sixth_nothing_on_the_patient_from_the_healers_pack():
    healed = [actions.stimpack_heal(n) for n in range(7)]
    assert healed == [5, 4, 3, 2, 1, 0, 0]
    k, j = kara(), jax()
    k.equipment += gear("Stimpack")
    j.status |= {"wounds": 9, "stimpacks": 1}
    # The maneuver is Kara's; what it does is the treatment's, on whom she gives it.
    assert RULES.economy.spend_action(actor(k), "stimpack", {}).effects == (SetResource("c-kara", "maneuvers_used", 1),)
    check, used = RULES.healing.treat("stimpack", actor(k), actor(j), TypedDice([]), {})
    assert check is None
    assert SetStatus("jax", "wounds", 5) in used.effects and SetStatus("jax", "stimpacks", 2) in used.effects
    assert UseUpItem("kara", k.equipment[-1].id) in used.effects        # Kara's one stimpack is gone
    assert used.notes == ("Stimpack number 2 today: Jax heals 4 wounds",)
    assert offered(actor(jax()), "stimpack").reason == "Jax carries no stimpack"
    with pytest.raises(ValueError, match="Jax carries no stimpack"):
        RULES.healing.treat("stimpack", actor(jax()), actor(k), TypedDice([]), {})


def test_reloading_fills_a_limited_ammo_weapon():
    sniper = kara()
    sniper.equipment = gear("Sniper rifle")
    sniper.equipment[0].stats["ammo"] = 0
    reload = RULES.economy.spend_action(actor(sniper), "reload", {})
    assert SetItemStat("kara", sniper.equipment[0].id, "ammo", 4) in reload.effects
    assert offered(actor(kara()), "reload").reason == "Kara has no Limited Ammo weapon to reload"


def test_a_turn_starts_fresh_without_the_free_maneuver_when_hamstrung_or_distracted():
    started = RULES.start_turn(actor(kara(), maneuvers_used=2, actions_used=1, guarded=True), {})
    assert {e.key: e.value for e in started.effects if isinstance(e, SetResource)} == {
        "maneuvers_used": 0, "maneuvers_granted": 0, "actions_used": 0, "free_maneuvers": 1, "guarded": False,
        "distracted": False}
    k = kara()
    k.status["criticals"] = "hamstrung"
    assert SetResource("c-kara", "free_maneuvers", 0) in RULES.start_turn(actor(k), {}).effects
    distracted = RULES.start_turn(actor(kara(), distracted=True), {})
    assert SetResource("c-kara", "free_maneuvers", 0) in distracted.effects
    assert offered(actor(kara(), free_maneuvers=0), "aim").price == {"maneuvers": 1, "strain": 2}


def test_bleeding_out_costs_a_wound_and_a_strain_at_the_start_of_each_turn():
    b = boss()
    b.status |= {"criticals": "bleeding_out", "wounds": 4, "strain": 1}
    started = RULES.start_turn(actor(b), {})
    assert SetStatus("boss", "wounds", 5) in started.effects and SetStatus("boss", "strain", 2) in started.effects
    e = enforcer()
    e.status |= {"criticals": "bleeding_out", "wounds": 4}
    assert SetStatus("enforcer", "wounds", 6) in RULES.start_turn(actor(e), {}).effects


def test_conditions_of_some_rounds_count_down_at_the_end_of_the_turn():
    k = kara()
    k.conditions += [ConditionState(key="disoriented", rounds=2), ConditionState(key="staggered", rounds=1)]
    ended = RULES.end_turn(actor(k), {})
    assert AddCondition("kara", "disoriented", 1) in ended.effects and RemoveCondition("kara", "staggered") in \
        ended.effects


def test_at_the_end_of_an_encounter_eote_injury_effects_end_and_strain_can_be_recovered():
    k = kara()
    k.status |= {"criticals": "nick, dazed, agony, crippled_limb", "strain": 3}
    k.conditions.append(ConditionState(key="disoriented"))
    ended = RULES.end_encounter(actor(k), {})
    assert SetStatus("kara", "criticals", "nick, dazed~, agony~, crippled_limb") in ended.effects
    assert RemoveCondition("kara", "disoriented") in ended.effects
    assert "Kara may recover strain: a Simple Cool or Discipline check, 1 strain per success" in ended.notes
    genesys = RULES.end_encounter(actor(k), {"genesys_variant": "genesys"})
    assert not any(isinstance(e, SetStatus) for e in genesys.effects)      # under Genesys they last until healed
    cleared = RULES.end_encounter(actor(k), {"genesys_variant": "genesys", "momentary_crits": "cleared"})
    assert SetStatus("kara", "criticals", "dazed, agony, crippled_limb") in cleared.effects


def test_incidentals_are_free_and_every_action_has_a_price_in_the_currencies():
    assert offered(actor(kara()), "incidental").price == {}
    keys = {c.key for c in RULES.economy.currencies()}
    assert all(set(a.price) <= keys for a in RULES.economy.available_actions(actor(kara()), {}))
