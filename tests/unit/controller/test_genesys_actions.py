"""Genesys actions that do what they say, through the EncounterController on the Dock 9 demo and its map: Assist
leaves a boost die on an engaged ally's next check; a despair empties a weapon for the encounter (an extra reload
readies it); advantage buys no maneuver past two a turn; one who goes over a threshold mid-turn acts no further.
Each is undone exactly."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.controller.map_commands import SetToken
from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.base import SpendPick
from crisis_desktop.rules.genesys import GenesysRuleset
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.kernel.flows import StepRole

KARA, JAX, MIRA, THUGS, BRAKK = "cmb-dock-kara", "cmb-dock-jax", "cmb-dock-mira", "cmb-dock-thugs", "cmb-dock-brakk"
DOCK_MAP = "map-dock-9"     # Kara (5, 4), Jax (8, 7), Mira (4, 8), the thugs (9, 7), Brakk (15, 11)
PISTOL, KNIFE = "pc-kara-heavy-pistol", "pc-kara-knife"


def dock() -> tuple[Campaign, History, EncounterController]:
    campaign = Campaign.model_validate_json(resource("demo", "genesys.json").read_bytes())
    history = History(campaign)
    ctl = EncounterController(campaign, "enc-dock-9", GenesysRuleset())
    history.push(ctl.start(TypedDice(["blank"] * 40)))        # ties everywhere: the three PC slots come first
    return campaign, history, ctl


def takes_slot(history: History, ctl: EncounterController, who: str) -> None:
    if ctl.view.acting():
        history.push(ctl.step("end_turn"))
    fill = next(o for o in ctl.offers() if o.role is StepRole.CHOOSE)
    history.push(ctl.step(fill.key, who))


def next_round(history: History, ctl: EncounterController) -> None:
    """Every slot left this round taken by its first candidate and ended."""
    start = ctl.view.encounter.round
    while ctl.view.encounter.round == start:
        fill = next((o for o in ctl.offers() if o.role is StepRole.CHOOSE and o.allowed), None)
        history.push(ctl.step(fill.key, fill.actors[0]) if fill is not None else ctl.step("end_turn"))


def action(ctl: EncounterController, who: str, key: str):
    return next(a for a in ctl.actions(who) if a.action.key == key)


def test_assist_leaves_a_boost_die_on_an_engaged_allys_next_check_used_by_it():
    campaign, history, ctl = dock()
    takes_slot(history, ctl, MIRA)
    before = campaign.model_dump()
    with pytest.raises(ValueError, match="^Assist: pick whom Dr. Mira Sol helps$"):
        ctl.take_action(MIRA, "assist")
    with pytest.raises(ValueError, match="^Dr. Mira Sol is 4 tiles from Jax Marrow: Assist needs them adjacent$"):
        ctl.take_action(MIRA, "assist", target_id=JAX)
    history.push(SetToken(DOCK_MAP, MIRA, (8, 8), "Mira steps up to Jax"))
    with pytest.raises(ValueError, match="^Dock thugs is not Dr. Mira Sol's ally: Assist helps an ally$"):
        ctl.take_action(MIRA, "assist", target_id=THUGS)                # next to her too, at (9, 7)
    with pytest.raises(ValueError, match="^Dr. Mira Sol cannot assist itself"):
        ctl.take_action(MIRA, "assist", target_id=MIRA)
    history.push(ctl.take_action(MIRA, "assist", target_id=JAX))
    assert ctl.view.combatant(MIRA).resources["maneuvers_used"] == 1       # her free maneuver
    assert ctl.view.combatant(JAX).resources["next_boost"] == 1
    assert ctl.view.encounter.log[-1].text == "Dr. Mira Sol: Assist (Jax Marrow) (1 maneuver)"
    assert "Dr. Mira Sol assists Jax Marrow: +1 boost die on its next check" in ctl.view.encounter.log[-1].details
    assert "next check +1 boost die" in ctl.ruleset.sheet.badges(ctl.view.actor(JAX), ctl.view.options)
    # Jax's sword at the engaged thugs: Brawn 3 and Melee 2 with the boost die; the attack uses it up.
    takes_slot(history, ctl, JAX)
    request = ctl.preview.attack_request(JAX, "pc-jax-sword", THUGS)
    dice = [d.key for d in ctl.ruleset.attacks.attack_dice(request, ctl.view.options)]
    assert dice.count("boost") == 1
    history.push(ctl.attack(request, RandomDice(7)))
    assert ctl.view.combatant(JAX).resources["next_boost"] == 0
    assert not [b for b in ctl.ruleset.sheet.badges(ctl.view.actor(JAX),
                                                    ctl.view.options) if b.startswith("next check")]
    while history.can_undo and campaign.model_dump() != before:
        history.undo()
    assert campaign.model_dump() == before


def test_a_despair_empties_the_weapon_for_the_encounter_until_an_extra_reload_readies_it():
    campaign, history, ctl = dock()
    takes_slot(history, ctl, KARA)
    before = campaign.model_dump()
    # The heavy pistol at the thugs (short, and engaged with others on the map, which upgrades the difficulty to a
    # challenge die): 2 proficiency, 1 ability and the challenge die, which shows a despair; 2 successes hit.
    request = ctl.preview.attack_request(KARA, PISTOL, THUGS)
    assert [k.key for k in ctl.preview.attacks.attack_dice(request, ctl.view.options)] == \
        ["proficiency", "proficiency", "ability", "challenge"]
    rolled = ctl.attack(request, TypedDice(["ss", "s", "blank", "de"]))
    choices = {c.key for c in ctl.spend_choices(rolled.result)}
    assert "out_of_ammo" in choices
    history.push(ctl.spend(rolled.result, [SpendPick("out_of_ammo")], RandomDice(1)))
    assert ctl.view.combatant(KARA).resources["out_of_ammo"] == PISTOL
    assert "Despair: the Heavy pistol is out of ammunition for the encounter (only an extra reload readies it)" \
        in ctl.view.encounter.log[-1].details
    # Next round Kara still cannot fire it, nor reload it without an extra reload; her knife still works.
    next_round(history, ctl)
    takes_slot(history, ctl, KARA)
    assert ctl.view.encounter.round == 2 and ctl.view.acting() == (KARA,)
    shot = ctl.preview.attack_preview(ctl.preview.attack_request(KARA, PISTOL, THUGS))
    assert shot.cannot == "The Heavy pistol is out of ammunition for the encounter (a despair): Kara Voss carries " \
                          "no extra reload"
    with pytest.raises(ValueError, match="out of ammunition for the encounter"):
        ctl.attack(ctl.preview.attack_request(KARA, PISTOL, THUGS), RandomDice(1))
    assert action(ctl, KARA, "reload").reason == "Kara Voss has no extra reload: a weapon a despair emptied stays " \
                                                 "empty for the encounter"
    # With an extra reload, the Reload maneuver readies the pistol and uses the reload up.
    kara = campaign.character("pc-kara")
    spare = next(i for i in ctl.ruleset.equipment_catalogue() if i.name == "Extra reload").model_copy(deep=True)
    kara.equipment.append(spare)
    assert ctl.preview.attack_preview(ctl.preview.attack_request(KARA, PISTOL, THUGS)).cannot == \
        "The Heavy pistol is out of ammunition for the encounter (a despair): an extra reload readies it (Reload, " \
        "a maneuver)"
    history.push(ctl.take_action(KARA, "reload"))
    assert ctl.view.combatant(KARA).resources["out_of_ammo"] == ""
    assert not [i for i in kara.equipment if i.name == "Extra reload"]
    assert "Kara Voss uses an extra reload: the Heavy pistol can fire again" in ctl.view.encounter.log[-1].details
    assert ctl.preview.attack_preview(ctl.preview.attack_request(KARA, PISTOL, THUGS)).cannot is None
    history.undo()
    kara.equipment.remove(spare)
    # The end of the encounter ends it.
    history.push(ctl.end_encounter())
    assert ctl.view.combatant(KARA).resources["out_of_ammo"] == ""
    while history.can_undo and campaign.model_dump() != before:
        history.undo()
    assert campaign.model_dump() == before


def test_a_melee_attack_has_no_ammunition_to_lose():
    _campaign, history, ctl = dock()
    takes_slot(history, ctl, JAX)
    request = ctl.preview.attack_request(JAX, "pc-jax-sword", THUGS, upgrade_difficulty=1)
    dice = [d.key for d in ctl.ruleset.attacks.attack_dice(request, ctl.view.options)]
    faces = ["blank" if kind != "challenge" else "de" for kind in dice]
    rolled = ctl.attack(request, TypedDice(faces))
    choices = {c.key for c in ctl.spend_choices(rolled.result)}
    assert "weapon_damaged" in choices and "out_of_ammo" not in choices


def kara_shoots_with_two_advantage(ctl: EncounterController):
    """The pistol at the thugs: 2 proficiency, 1 ability and the aim's boost die (and the guarded stance's setback
    die) against 1 difficulty: a success and 2 advantage, the rest blank."""
    request = ctl.preview.attack_request(KARA, PISTOL, THUGS)
    dice = [d.key for d in ctl.ruleset.attacks.attack_dice(request, ctl.view.options)]
    assert dice[:4] == ["proficiency", "proficiency", "ability", "boost"]
    return ctl.attack(request, TypedDice(["s", "aa"] + ["blank"] * (len(dice) - 2)))


def test_advantage_buys_a_free_maneuver_only_under_the_cap_of_two_a_turn():
    campaign, history, ctl = dock()
    takes_slot(history, ctl, KARA)
    before = campaign.model_dump()
    history.push(ctl.take_action(KARA, "aim"))                # the free maneuver
    rolled = kara_shoots_with_two_advantage(ctl)
    bought = next(c for c in ctl.spend_choices(rolled.result) if c.key == "free_maneuver")
    assert bought.most == 1 and bought.cost == {"advantage": 2}
    history.push(ctl.spend(rolled.result, [SpendPick("free_maneuver")], RandomDice(1)))
    second = action(ctl, KARA, "guarded_stance")
    assert second.allowed and second.price == {"maneuvers": 1}        # no strain: the advantage paid for it
    history.push(ctl.take_action(KARA, "guarded_stance"))
    assert not action(ctl, KARA, "drop_prone").allowed
    assert campaign.character("pc-kara").status.get("strain", 0) == 0
    while history.can_undo and campaign.model_dump() != before:
        history.undo()
    assert campaign.model_dump() == before
    # Two maneuvers taken (the second for 2 strain): two advantage can buy no third.
    history.push(ctl.take_action(KARA, "aim"))
    history.push(ctl.take_action(KARA, "guarded_stance"))
    assert campaign.character("pc-kara").status["strain"] == 2
    rolled = kara_shoots_with_two_advantage(ctl)
    choices = {c.key: c for c in ctl.spend_choices(rolled.result)}
    assert "free_maneuver" not in choices and choices["recover_strain"].most == 2
    with pytest.raises(ValueError, match="This roll cannot buy 'Perform a free maneuver"):
        ctl.spend(rolled.result, [SpendPick("free_maneuver")], RandomDice(1))


def test_one_who_goes_over_a_threshold_mid_turn_acts_no_further():
    campaign, history, ctl = dock()
    campaign.character("pc-kara").status["strain"] = 11        # strain threshold 12
    takes_slot(history, ctl, KARA)
    before = campaign.model_dump()
    history.push(ctl.take_action(KARA, "aim"))                # the free maneuver
    history.push(ctl.take_action(KARA, "guarded_stance"))     # the second, for 2 strain: 13, over 12
    down = "Kara Voss is incapacitated: 13 strain over its threshold 12"
    assert ctl.view.state_of(KARA).text == down and ctl.view.acting() == (KARA,)
    # The rules themselves refuse every action and the attack with her state (the board says so on each button).
    assert all(not a.allowed and a.reason.endswith(down) for a in ctl.actions(KARA))
    assert all(not a.allowed and a.reason == down for a in ctl.ruleset.economy.available_actions(ctl.view.actor(KARA),
                                                                                                 {}))
    assert ctl.ruleset.attacks.attack_price(ctl.preview.attack_request(KARA, PISTOL, THUGS),
                                            ctl.view.options)[1] == down
    assert ctl.preview.attack_preview(ctl.preview.attack_request(KARA, PISTOL, THUGS)).cannot.endswith(down)
    with pytest.raises(ValueError, match=down):
        ctl.take_action(KARA, "downgrade")
    with pytest.raises(ValueError, match=down):
        ctl.attack(ctl.preview.attack_request(KARA, PISTOL, THUGS), RandomDice(1))
    assert [o.key for o in ctl.offers()] == ["end_turn"]      # the GM ends her turn
    history.push(ctl.step("end_turn"))
    assert KARA not in next(o for o in ctl.offers() if o.role is StepRole.CHOOSE).actors
    while history.can_undo and campaign.model_dump() != before:
        history.undo()
    assert campaign.model_dump() == before


def test_aim_at_a_specific_item_or_location_trades_the_boost_for_setback_fewer_after_two_aims():
    _campaign, history, ctl = dock()
    takes_slot(history, ctl, KARA)

    def pool(**inputs: object) -> dict[str, int]:
        request = ctl.preview.attack_request(KARA, PISTOL, BRAKK, **inputs)
        counts: dict[str, int] = {}
        for kind in ctl.preview.attacks.attack_dice(request, ctl.view.options):
            counts[kind.key] = counts.get(kind.key, 0) + 1
        return counts

    plain = pool(aim=0)
    with pytest.raises(ValueError, match="Kara Voss must Aim first to aim at a specific item or location"):
        pool(aim=0, called_shot=True)
    assert pool(aim=1) == {**plain, "boost": plain.get("boost", 0) + 1}
    # One Aim: 2 setback dice and no boost from the aim; two Aims: 1 setback die.
    assert pool(aim=1, called_shot=True) == {**plain, "setback": plain.get("setback", 0) + 2}
    assert pool(aim=2, called_shot=True) == {**plain, "setback": plain.get("setback", 0) + 1}
    request = ctl.preview.attack_request(KARA, PISTOL, BRAKK, aim=1, called_shot=True)
    assert any(t.label == "aimed at a specific item or location (1 Aim): setback" and t.value == 2
               for t in ctl.preview.attack_preview(request).modifiers)
