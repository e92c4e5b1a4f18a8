"""Story points (Genesys) and Destiny (Edge of the Empire): the pools a session starts with, a point spent through a
check (its odds change exactly as the upgraded pool's), flipped to the other side, logged, refused when none is
left, and undone."""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.controller.pools import pools_text, set_pools, start_session
from crisis_desktop.rules.genesys import checks, combat, narrative, story
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from tests.unit.rules.genesys.people import RULES, campaign, enforcer, jax, kara

GENESYS = {"genesys_variant": "genesys"}


def success_chance(**dice: int) -> Fraction:
    """Every face of every die counted, independently of the rules' odds: more successes (a triumph is one) than
    failures (a despair is one)."""
    kinds = narrative.kinds()
    faces = [kinds[key].faces for key, n in dice.items() for _ in range(n)]
    wins = total = 0
    for roll in itertools.product(*faces):
        successes = sum(f.symbols.get("success") for f in roll)
        failures = sum(f.symbols.get("failure") for f in roll)
        wins += successes > failures
        total += 1
    return Fraction(wins, total)


def fight(options: dict[str, str] | None = None) -> tuple[EncounterController, History, dict[str, str]]:
    """Kara and Jax (PCs) against the Enforcer, a session started: Genesys gives the players 2, the GM 1."""
    game = campaign(kara(), jax(), enforcer(), options=options or GENESYS)
    history = History(game)
    ctl = EncounterController(game, "enc", RULES)
    for character in game.characters:
        history.push(ctl.add_combatant(character.id))
    ids = {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}
    command, _ = start_session(game, RULES, RandomDice(1), game.rule_options)
    history.push(command)
    return ctl, history, ids


def test_a_genesys_session_starts_with_one_point_per_player_character_and_one_for_the_gm():
    ctl, history, _ = fight()
    assert history.campaign.pools == {story.PLAYERS: 2, story.GM: 1}
    assert pools_text(history.campaign, RULES, GENESYS) == "Players 2, GM 1"
    history.undo()
    assert history.campaign.pools == {}


def test_the_destiny_roll_of_edge_of_the_empire_fills_the_light_and_dark_sides():
    game = campaign(kara(), jax(), enforcer(), options={"genesys_variant": "eote"})
    # One Force die per player character: Kara two light side pips, Jax one dark side pip.
    command, notes = start_session(game, RULES, TypedDice(["ll", "d"]), game.rule_options)
    History(game).push(command)
    assert game.pools == {story.PLAYERS: 2, story.GM: 1}
    assert notes == ("Destiny roll: Kara 2 light, Jax 1 dark; light side 2, dark side 1",)
    assert pools_text(game, RULES, game.rule_options) == "Light 2, Dark 1"


def test_the_force_die_has_seven_dark_and_five_light_faces_eight_pips_each():
    light = sum(f.symbols.get(story.LIGHT) for f in story.FORCE.faces)
    dark = sum(f.symbols.get(story.DARK) for f in story.FORCE.faces)
    assert (story.FORCE.sides, light, dark) == (12, 8, 8)
    assert sum(1 for f in story.FORCE.faces if f.symbols.get(story.DARK)) == 7


def test_a_players_story_point_upgrades_the_ability_changes_the_odds_exactly_and_flips_to_the_gm():
    ctl, history, ids = fight()
    k = ids["Kara"]
    # Kara, Agility 3 and Ranged (Light) 2: 2 proficiency + 1 ability against Average (2 difficulty).
    plain = ctl.checking.check_request(k, "ranged_light", difficulty=2)
    spent = ctl.checking.check_request(k, "ranged_light", difficulty=2, story_ability=True)
    assert checks.check_pool(plain).describe() == "2 proficiency, 1 ability against 2 difficulty"
    assert checks.check_pool(spent).describe() == "3 proficiency against 2 difficulty"
    assert "story point: upgrade ability" in [t.label for t in checks.check_pool(spent).terms()]
    before = ctl.checking.check_odds(plain).success
    after = ctl.checking.check_odds(spent).success
    assert before == pytest.approx(float(success_chance(proficiency=2, ability=1, difficulty=2)), abs=1e-12)
    assert after == pytest.approx(float(success_chance(proficiency=3, difficulty=2)), abs=1e-12)
    assert after > before
    campaign_before = history.campaign.model_dump()
    history.push(ctl.checking.check(spent, TypedDice(["s", "s", "s", "blank", "blank"]), "Ranged (Light)"))
    assert history.campaign.pools == {story.PLAYERS: 1, story.GM: 2}
    assert "story point: upgrade ability: Players 2 -> 1, GM 1 -> 2" in ctl.view.encounter.log[-1].details
    history.undo()
    assert history.campaign.model_dump() == campaign_before
    history.redo()
    assert history.campaign.pools == {story.PLAYERS: 1, story.GM: 2}


def test_the_gm_upgrades_the_difficulty_of_a_player_characters_check_and_the_point_goes_to_the_players():
    ctl, history, ids = fight()
    k = ids["Kara"]
    request = ctl.checking.check_request(k, "ranged_light", difficulty=2, story_difficulty=True)
    assert checks.check_pool(request).describe() == "2 proficiency, 1 ability against 1 challenge, 1 difficulty"
    assert ctl.checking.check_odds(request).success == pytest.approx(
        float(success_chance(proficiency=2, ability=1, challenge=1, difficulty=1)), abs=1e-12)
    history.push(ctl.checking.check(request, RandomDice(3), "Ranged (Light)"))
    assert history.campaign.pools == {story.PLAYERS: 3, story.GM: 0}


def test_both_sides_may_spend_on_one_check_each_from_what_it_held():
    ctl, history, ids = fight()
    history.push(set_pools(history.campaign, RULES, {story.PLAYERS: 1, story.GM: 0}, GENESYS))
    with pytest.raises(ValueError, match="No point left to spend: GM's story points 0, this check spends 1"):
        ctl.checking.check_request(ids["Kara"], "ranged_light", story_ability=True, story_difficulty=True)
    history.push(set_pools(history.campaign, RULES, {story.GM: 1}, GENESYS))
    request = ctl.checking.check_request(ids["Kara"], "ranged_light", story_ability=True, story_difficulty=True)
    history.push(ctl.checking.check(request, RandomDice(4), "Ranged (Light)"))
    assert history.campaign.pools == {story.PLAYERS: 1, story.GM: 1}


def test_the_gm_spends_on_an_npcs_ability_and_the_players_on_its_difficulty():
    ctl, history, ids = fight()
    e = ids["Enforcer"]
    inputs = {spec.key: spec.label for spec in ctl.checking.check_inputs(e, "brawn")}
    assert inputs[story.ABILITY] == "Story point (GM): upgrade ability"
    assert inputs[story.DIFFICULTY] == "Story point (players): upgrade difficulty"
    history.push(ctl.checking.check(ctl.checking.check_request(e, "brawn", story_ability=True), RandomDice(2)))
    assert history.campaign.pools == {story.PLAYERS: 3, story.GM: 0}


def test_an_empty_pool_refuses_the_check_and_nothing_changes():
    ctl, history, ids = fight()
    history.push(set_pools(history.campaign, RULES, {story.PLAYERS: 0}, GENESYS))
    before = history.campaign.model_dump()
    with pytest.raises(ValueError, match="No point left to spend: Players' story points 0, this check spends 1"):
        ctl.checking.check_request(ids["Jax"], "melee", story_ability=True)
    assert history.campaign.model_dump() == before


def test_the_gm_sets_the_pools_by_hand_within_bounds_and_undoes_it():
    _, history, _ = fight()
    with pytest.raises(ValueError, match="a pool holds 0 to 999 points, not -1"):
        set_pools(history.campaign, RULES, {story.GM: -1}, GENESYS)
    with pytest.raises(ValueError, match="These rules have no pool 'fate'"):
        set_pools(history.campaign, RULES, {"fate": 1}, GENESYS)
    history.push(set_pools(history.campaign, RULES, {story.GM: 4}, GENESYS))
    assert history.campaign.pools[story.GM] == 4
    history.undo()
    assert history.campaign.pools[story.GM] == 1


def attack_fight() -> tuple[EncounterController, History, dict[str, str]]:
    ctl, history, ids = fight()
    history.push(ctl.start(TypedDice(["ss", "s", "s", "blank", "s", "blank", "blank"])))
    history.push(ctl.step("fill_slot", ids["Kara"]))
    return ctl, history, ids


def test_a_story_point_on_an_attack_upgrades_its_pool_shows_in_the_odds_flips_and_undoes():
    ctl, history, ids = attack_fight()
    k, e = ids["Kara"], ids["Enforcer"]
    pistol = ctl.preview.weapons(k)[0].id
    plain = ctl.preview.attack_request(k, pistol, e, range_band="short")
    spent = ctl.preview.attack_request(k, pistol, e, range_band="short", story_ability=True)
    before, after = combat.attack_pool(plain, GENESYS), combat.attack_pool(spent, GENESYS)
    assert (after.proficiency, after.ability) == (before.proficiency + 1, before.ability - 1)
    assert (after.difficulty, after.challenge, after.setback) == (before.difficulty, before.challenge, before.setback)
    upgraded = replace(before, proficiency=before.proficiency + 1, ability=before.ability - 1)
    assert ctl.preview.attack_preview(spent).odds.hit == pytest.approx(checks.odds_of(upgraded).success, abs=1e-12)
    assert ctl.preview.attack_preview(spent).odds.hit > ctl.preview.attack_preview(plain).odds.hit
    assert ctl.preview.attack_preview(spent).pools == "Story points: Players 2, GM 1; after this roll: Players 1, GM 2"
    assert ctl.preview.attack_preview(plain).pools == "Story points: Players 2, GM 1"
    campaign_before = history.campaign.model_dump()
    history.push(ctl.attack(spent, RandomDice(7)))
    assert history.campaign.pools == {story.PLAYERS: 1, story.GM: 2}
    assert "story point: upgrade ability: Players 2 -> 1, GM 1 -> 2" in ctl.view.encounter.log[-1].details
    history.undo()
    assert history.campaign.model_dump() == campaign_before


def test_an_attack_with_a_point_the_pool_does_not_hold_is_refused_before_the_roll():
    ctl, history, ids = attack_fight()
    history.push(set_pools(history.campaign, RULES, {story.GM: 0}, GENESYS))
    k, e = ids["Kara"], ids["Enforcer"]
    request = ctl.preview.attack_request(k, ctl.preview.weapons(k)[0].id, e, range_band="short",
                                         story_difficulty=True)
    assert ctl.preview.attack_preview(request).cannot == "No point left to spend: GM's story points 0, this check " \
                                                          "spends 1"
    before = history.campaign.model_dump()
    with pytest.raises(ValueError, match="No point left to spend"):
        ctl.attack(request, RandomDice(7))
    assert history.campaign.model_dump() == before


def test_rewinding_the_round_gives_back_the_story_points_spent_in_it_and_its_undo_spends_them_again():
    ctl, history, ids = attack_fight()
    k = ids["Kara"]
    request = ctl.checking.check_request(k, "ranged_light", story_ability=True)
    history.push(ctl.checking.check(request, RandomDice(2), "Ranged (Light)"))
    assert history.campaign.pools == {story.PLAYERS: 1, story.GM: 2}
    history.push(ctl.rewind_round())
    assert history.campaign.pools == {story.PLAYERS: 2, story.GM: 1}
    history.undo()
    assert history.campaign.pools == {story.PLAYERS: 1, story.GM: 2}
