"""The encounter controller: build, start, turns, actions, attacks, overrides, rewind, end; a scripted full fight."""

from __future__ import annotations

import contextlib
import json

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign, Character, CharacterKind, ItemKind
from crisis_desktop.domain.encounter import Encounter, Side
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.base import Executes
from crisis_desktop.rules.kernel.dice import NeedMoreDice, RandomDice, TypedDice
from crisis_desktop.rules.registry import get_ruleset
from tests.fight_helpers import delayed, on_overwatch, order, surprise_ids, turn_index


def demo_campaign() -> Campaign:
    return Campaign.model_validate(json.loads(resource("demo", "campaign.json").read_text(encoding="utf-8")))


def classic_campaign() -> Campaign:
    """Two PCs against two NPCs under crisis-classic, armed from its catalogue."""
    rules = get_ruleset("crisis-classic")
    weapons = {w.name: w for w in rules.catalogue("weapons")}  # type: ignore[attr-defined]

    def make(name: str, kind: CharacterKind, weapon: str) -> Character:
        item = weapons[weapon].model_copy(deep=True)
        return Character(name=name, kind=kind, stats=dict(rules.sheet.new_stats(kind)), equipment=[item])

    people = [make("Anna", CharacterKind.PC, "Pistol"), make("Boris", CharacterKind.PC, "Knife"),
              make("Thug", CharacterKind.NPC, "Baton"), make("Gunman", CharacterKind.NPC, "Revolver")]
    campaign = Campaign(name="Classic", ruleset="crisis-classic", characters=people,
                        encounters=[Encounter(id="enc", name="Back alley")])
    return campaign


def controller(campaign: Campaign, encounter_id: str) -> EncounterController:
    return EncounterController(campaign, encounter_id, get_ruleset(campaign.ruleset))


def enemies_of(ctl: EncounterController, combatant_id: str) -> list[str]:
    side = ctl.view.combatant(combatant_id).side
    return [c.id for c in ctl.view.encounter.combatants if c.side != side and not ctl.view.out_of_fight(c.id)]


def play_turn(ctl: EncounterController, history: History, dice: RandomDice, distance: float = 2) -> None:
    """The current actor attacks the first standing enemy if the rules let it, then the turn passes."""
    current = ctl.view.current_id()
    assert current is not None
    targets = enemies_of(ctl, current)
    weapons = ctl.preview.weapons(current)
    can_attack = any(a.action.key == "attack" and a.allowed for a in ctl.actions(current))
    if targets and weapons and can_attack:
        melee = not weapons[0].stats.get("range")
        context = ctl.preview.attack_request(current, weapons[0].id, targets[0], distance=None if melee else distance)
        with contextlib.suppress(ValueError):  # out of ammunition or range: the turn passes
            history.push(ctl.attack(context, dice))
    history.push(ctl.step("next_turn"))


def fight_to_the_end(ctl: EncounterController, history: History, dice: RandomDice, max_turns: int = 400) -> int:
    for turn in range(max_turns):
        view = ctl.view
        parties = {view.combatant(c.id).side for c in view.encounter.combatants if not view.out_of_fight(c.id)
                   and ctl.ruleset.sheet.state(view.character_of(c.id), view.options).key == "ok"}
        if len(parties) < 2:
            history.push(ctl.end_encounter())
            return turn
        play_turn(ctl, history, dice)
    raise AssertionError("the fight did not end")


# --------------------------------------------------------------------------- building


def test_building_an_encounter_is_undoable_and_sides_follow_the_kind():
    campaign = demo_campaign()
    history = History(campaign)
    ctl = controller(campaign, "enc-ridge")
    before = campaign.model_dump()
    history.push(ctl.add_combatant("npc-raider-rask", group="pack"))
    added = ctl.view.encounter.combatants[-1]
    assert (added.character_id, added.side, added.group) == ("npc-raider-rask", Side.ENEMIES, "pack")
    history.push(ctl.add_combatant("pc-vera"))
    assert ctl.view.encounter.combatants[-1].side is Side.PARTY
    history.push(ctl.set_side(added.id, Side.NEUTRAL))
    history.push(ctl.set_setup(added.id, "surprised", True))
    history.push(ctl.set_hidden(added.id, True))
    history.push(ctl.set_group(added.id, "  "))
    combatant = ctl.view.combatant(added.id)
    assert (combatant.side, combatant.setup.get("surprised"), combatant.hidden, combatant.group) == \
        (Side.NEUTRAL, True, True, None)
    history.push(ctl.remove_combatant("cmb-ridge-vera"))
    assert "cmb-ridge-vera" not in [c.id for c in ctl.view.encounter.combatants]
    assert ctl.view.encounter.log == []  # building is not part of the fight's log
    while history.can_undo:
        history.undo()
    assert campaign.model_dump() == before


# --------------------------------------------------------------------------- starting


def test_start_orders_by_initiative_logs_the_rolls_and_gives_the_first_actor_ap():
    campaign = demo_campaign()
    history = History(campaign)
    ctl = controller(campaign, "enc-ridge")
    event = ctl.start(RandomDice(1))
    history.push(event)
    encounter = ctl.view.encounter
    entries = event.result
    assert encounter.started and encounter.round == 1 and ctl.view.round_label() != "Surprise round"
    assert order(ctl.view) == [e.combatant_id for e in entries]
    assert sorted(order(ctl.view)) == sorted(c.id for c in encounter.combatants)
    # The pack (wolf and dog) shares one roll and acts together.
    wolf, dog = encounter.combatant("cmb-ridge-wolf"), encounter.combatant("cmb-ridge-guard-dog")
    assert wolf.initiative == dog.initiative
    assert abs(order(ctl.view).index(wolf.id) - order(ctl.view).index(dog.id)) == 1
    first = encounter.combatant(order(ctl.view)[0])
    assert ctl.view.current_id() == first.id
    bars = {r.key: r for r in ctl.ruleset.sheet.resources(ctl.view.actor(first.id), ctl.view.options)}
    assert ("ap" in bars and bars["ap"].current == 4) or ("actions" in bars and bars["actions"].current == 2)
    kinds = [e.kind for e in encounter.log]
    assert kinds[0] == "start" and kinds.count("initiative") == 6 and "round" in kinds and kinds[-1] == "turn"
    initiative = [e for e in encounter.log if e.kind == "initiative"]
    assert all(e.terms and sum(t.value for t in e.terms) == int(e.text.split(": ")[1].split()[0])
               for e in initiative)
    history.undo()
    assert not ctl.view.encounter.started and ctl.view.encounter.log == [] and order(ctl.view) == []


def test_ties_are_broken_by_the_rules_and_the_reason_is_kept():
    campaign = demo_campaign()
    ctl = controller(campaign, "enc-ridge")
    # Every Mind die shows 3, so the four PCs tie with each other (rerolls 2, 3, 4, 5) and with the pack.
    event = ctl.start(TypedDice([3, 3, 3, 3, 3, 2, 3, 4, 5]))
    History(campaign).push(event)
    notes = {ctl.view.name(c.id): c.initiative_note for c in ctl.view.encounter.combatants}
    assert "PC acts before NPC on a tie" in notes["Vera Kask"]
    assert "NPC acts after the tied PC" in notes["Wolf"]
    assert [ctl.view.name(cid) for cid in order(ctl.view)] == \
        ["Tomas Reyes", "Ines Moreau", 'Dmitri "Dim" Orlov', "Vera Kask", "Wolf", "Guard Dog"]
    assert "reroll 2" in notes["Vera Kask"]


def test_typed_dice_that_run_out_ask_for_more_and_change_nothing():
    campaign = demo_campaign()
    ctl = controller(campaign, "enc-ridge")
    before = campaign.model_dump()
    with pytest.raises(NeedMoreDice, match="Enter another d"):
        ctl.start(TypedDice([5, 6]))
    assert campaign.model_dump() == before


def test_surprise_round_lets_only_the_unsurprised_act():
    campaign = demo_campaign()
    history = History(campaign)
    ctl = controller(campaign, "enc-ambush")
    history.push(ctl.start(RandomDice(4)))
    encounter = ctl.view.encounter
    assert (ctl.view.round_label() == "Surprise round") and encounter.round == 0
    surprised = {"cmb-ambush-vera", "cmb-ambush-dmitri", "cmb-ambush-tomas"}
    assert set(surprise_ids(ctl.view)) == {c.id for c in encounter.combatants} - surprised
    seen = []
    while encounter.round == 0:
        seen.append(ctl.view.current_id())
        history.push(ctl.step("next_turn"))
    assert not surprised & set(seen) and len(seen) == 5
    assert encounter.round == 1 and ctl.view.current_id() == order(ctl.view)[0]
    assert any(e.text == "Round 1 begins" for e in encounter.log)


# --------------------------------------------------------------------------- turns and actions


def started(encounter_id: str = "enc-ridge", seed: int = 7) -> tuple[Campaign, History, EncounterController]:
    campaign = demo_campaign()
    history = History(campaign)
    ctl = controller(campaign, encounter_id)
    history.push(ctl.start(RandomDice(seed)))
    return campaign, history, ctl


def first_pc_turn(history: History, ctl: EncounterController) -> str:
    while ctl.view.character_of(ctl.view.current_id() or "").kind is not CharacterKind.PC:
        history.push(ctl.step("next_turn"))
    return ctl.view.current_id() or ""


def test_actions_cost_ap_and_refuse_with_the_reason():
    _campaign, history, ctl = started()
    pc = first_pc_turn(history, ctl)
    name = ctl.view.name(pc)
    history.push(ctl.take_action(pc, "run"))
    history.push(ctl.take_action(pc, "run"))
    assert ctl.view.combatant(pc).resources["ap"] == 0
    attack = next(a for a in ctl.actions(pc) if a.action.key == "attack")
    assert not attack.allowed and attack.reason == f"Not enough AP: Attack costs 2, {name} has 0"
    with pytest.raises(ValueError, match="Not enough AP"):
        ctl.take_action(pc, "attack")
    assert [e.text for e in ctl.view.encounter.log[-2:]] == [f"{name}: Run (2 AP)"] * 2
    history.undo()
    assert ctl.view.combatant(pc).resources["ap"] == 2 and ctl.view.encounter.log[-1].text == f"{name}: Run (2 AP)"


def test_multi_turn_action_shows_its_progress():
    campaign = classic_campaign()
    musket = next(w for w in get_ruleset("crisis-classic").catalogue("weapons")  # type: ignore[attr-defined]
                  if w.name == "Flintlock Musket")
    anna = campaign.characters[0]
    anna.equipment = [musket]
    history = History(campaign)
    ctl = controller(campaign, "enc")
    history.push(ctl.add_combatant(anna.id))
    history.push(ctl.start(RandomDice(1)))
    cid = ctl.view.current_id() or ""
    reload = next(a for a in ctl.actions(cid) if a.action.key.startswith("reload:"))
    assert reload.price["ap"] > 6 and reload.allowed
    history.push(ctl.take_action(cid, reload.action.key))
    resources = ctl.view.combatant(cid).resources
    assert resources["pending_action"] == reload.action.key and resources["pending_progress"] == 4
    assert ctl.view.encounter.log[-1].details == [f"Reload Flintlock Musket: 4 of {reload.price['ap']} AP"]


def test_next_and_previous_turn_move_the_pointer_and_wrap_rounds():
    _campaign, history, ctl = started()
    encounter = ctl.view.encounter
    turns = order(ctl.view)
    for expected in turns[1:]:
        history.push(ctl.step("next_turn"))
        assert ctl.view.current_id() == expected
    history.push(ctl.step("next_turn"))
    assert encounter.round == 2 and ctl.view.current_id() == turns[0]
    history.push(ctl.step("previous_turn"))
    assert encounter.round == 1 and ctl.view.current_id() == turns[-1]
    assert encounter.log[-1].text == f"GM: back to {ctl.view.name(turns[-1])}'s turn"
    while turn_index(ctl.view):
        history.push(ctl.step("previous_turn"))
    with pytest.raises(ValueError, match="first turn"):
        ctl.step("previous_turn")


def test_previous_then_next_turn_does_not_count_the_start_of_a_turn_twice():
    """Going back a turn and forward again gives no second +4 AP and no second Dying wound, within a round and
    across the start of a round."""
    campaign, history, ctl = started()
    pc = first_pc_turn(history, ctl)
    character = ctl.view.character_of(pc)
    history.push(ctl.overrides.add_condition(character.id, "dying"))
    history.push(ctl.overrides.set_resource(pc, "ap", 1))
    history.push(ctl.step("next_turn"))
    history.push(ctl.step("previous_turn"))
    wounds = ctl.view.character_of(pc).status.get("wounds", 0)
    history.push(ctl.step("next_turn"))
    history.push(ctl.step("previous_turn"))
    assert ctl.view.current_id() == pc
    assert ctl.view.combatant(pc).resources["ap"] == 1
    assert ctl.view.character_of(pc).status.get("wounds", 0) == wounds
    # Across a round: back from the first turn of round 2 into round 1, then forward again.
    while ctl.view.encounter.round == 1:
        history.push(ctl.step("next_turn"))
    first = ctl.view.current_id() or ""
    ap = ctl.view.combatant(first).resources["ap"]
    history.push(ctl.step("previous_turn"))
    assert ctl.view.encounter.round == 1
    history.push(ctl.step("next_turn"))
    assert ctl.view.encounter.round == 2 and ctl.view.current_id() == first
    assert ctl.view.combatant(first).resources["ap"] == ap
    assert "again" in ctl.view.encounter.log[-1].text
    # Moving on to a turn not yet begun counts its start as usual.
    nxt = order(ctl.view)[turn_index(ctl.view) + 1]
    history.push(ctl.step("next_turn"))
    assert ctl.view.current_id() == nxt and ctl.view.encounter.log[-1].text == f"{ctl.view.name(nxt)}'s turn"


def test_delay_then_act_now_takes_a_new_place_without_a_second_turn_start():
    _campaign, history, ctl = started()
    encounter = ctl.view.encounter
    first, second, third = order(ctl.view)[:3]
    ap_before = dict(ctl.view.combatant(first).resources)
    delay = ctl.step("delay")
    history.push(delay)
    assert delayed(ctl.view, first) and ctl.view.current_id() == second
    # The undo step says who took the step and who acts after it.
    assert delay.text == f"Delay ({ctl.view.name(first)}) → {ctl.view.name(second)}"
    history.push(ctl.step("act_now", first))
    assert ctl.view.current_id() == first and not delayed(ctl.view, first)
    assert order(ctl.view).index(first) == order(ctl.view).index(second) + 1
    assert ctl.view.combatant(first).resources.get("ap") == ap_before.get("ap")
    assert "acts now (delayed turn)" in encounter.log[-1].text
    history.push(ctl.step("next_turn"))
    assert ctl.view.current_id() == third


def test_a_delay_not_taken_by_the_end_of_the_round_is_lost():
    _campaign, history, ctl = started()
    encounter = ctl.view.encounter
    delayer = order(ctl.view)[0]
    history.push(ctl.step("delay"))
    while encounter.round == 1:
        history.push(ctl.step("next_turn"))
    assert not delayed(ctl.view, delayer) and ctl.view.current_id() == delayer
    assert any("loses that turn" in e.text for e in encounter.log)


def test_overwatch_is_spent_by_an_attack_out_of_turn_and_ends_at_the_next_turn():
    _campaign, history, ctl = started()
    pc = first_pc_turn(history, ctl)
    history.push(ctl.take_action(pc, "overwatch"))
    assert on_overwatch(ctl.view, pc)
    history.push(ctl.step("next_turn"))
    while ctl.view.current_id() != pc:
        history.push(ctl.step("next_turn"))
    assert not on_overwatch(ctl.view, pc)


def test_attack_applies_damage_ammo_and_logs_the_breakdown():
    campaign, history, ctl = started()
    pc = first_pc_turn(history, ctl)
    character = ctl.view.character_of(pc)
    weapon = next(w for w in ctl.preview.weapons(pc) if w.stats.get("range"))
    ammo = weapon.stats["ammo"]
    target = enemies_of(ctl, pc)[0]
    context = ctl.preview.attack_request(pc, weapon.id, target, distance=2)
    preview = ctl.preview.attack_preview(context)
    odds = preview.odds
    assert preview.to_beat is not None and preview.to_beat.value == 4     # crisis: ranged attacks need 4
    assert 0 < odds.hit < 1 and odds.expected_damage > 0 and 0 <= odds.drop_target <= 1
    event = ctl.attack(context, RandomDice(11))
    history.push(event)
    result = event.result
    assert character.item(weapon.id).stats["ammo"] == ammo - 1
    entry = ctl.view.encounter.log[-1] if ctl.view.encounter.log[-1].kind == "attack" else ctl.view.encounter.log[-2]
    assert entry.kind == "attack" and entry.text == result.summary and entry.details[0].startswith("Attack: ")
    assert sum(t.value for t in entry.terms) == result.attack.total.value
    if result.hit and result.damage is not None:
        assert any(line.startswith("Damage: ") for line in entry.details)
    history.undo()
    assert character.item(weapon.id).stats["ammo"] == ammo


# --------------------------------------------------------------------------- overrides, rewind, end


def test_gm_overrides_are_logged_and_undoable():
    campaign, history, ctl = started()
    history.push(ctl.overrides.set_status("pc-vera", "wounds", 3))
    history.push(ctl.overrides.add_condition("pc-vera", "prone", 2))
    history.push(ctl.overrides.set_item_stat("pc-vera", campaign.character("pc-vera").equipment[0].id, "ammo", 1))
    history.push(ctl.set_initiative("cmb-ridge-vera", 20))
    vera = campaign.character("pc-vera")
    assert vera.status["wounds"] == 3 and vera.has_condition("prone") and vera.equipment[0].stats["ammo"] == 1
    texts = [e.text for e in ctl.view.encounter.log[-4:]]
    assert texts[0] == "GM: Vera Kask: Wounds 0 → 3" and texts[1] == "GM: Vera Kask is Prone for 2 rounds"
    assert all(e.kind == "override" for e in ctl.view.encounter.log[-4:])
    history.push(ctl.overrides.remove_condition("pc-vera", "prone"))
    with pytest.raises(ValueError, match="not Prone"):
        ctl.overrides.remove_condition("pc-vera", "prone")
    with pytest.raises(ValueError, match="no condition"):
        ctl.overrides.add_condition("pc-vera", "on fire")
    for _ in range(5):
        history.undo()
    assert vera.status["wounds"] == 0 and not vera.has_condition("prone")


def test_rewind_to_the_start_of_the_round_is_one_undoable_step():
    campaign, history, ctl = started()
    encounter = ctl.view.encounter
    dice = RandomDice(5)
    for _ in range(len(order(ctl.view))):
        play_turn(ctl, history, dice)
    assert encounter.round == 2
    round_start = campaign.model_dump()
    for _ in range(3):
        play_turn(ctl, history, dice)
    before_rewind = campaign.model_dump()
    history.push(ctl.rewind_round())
    after = campaign.model_dump()
    assert after["encounters"][0]["log"][:-1] == round_start["encounters"][0]["log"]
    assert encounter.log[-1].text == "GM: rewind to the start of round 2"
    for key in ("characters",):
        assert after[key] == round_start[key]
    history.undo()
    assert campaign.model_dump() == before_rewind
    history.redo()
    assert campaign.model_dump()["characters"] == round_start["characters"]


def test_scripted_full_fight_of_the_demo_to_its_end_then_undo_and_redo_everything():
    campaign = demo_campaign()
    history = History(campaign)
    ctl = controller(campaign, "enc-ridge")
    start_state = campaign.model_dump()
    dice = RandomDice(2024)
    history.push(ctl.start(dice))
    turns = fight_to_the_end(ctl, history, dice)
    encounter = ctl.view.encounter
    assert encounter.ended and turns > 4
    end = encounter.log[-1]
    assert end.kind == "end" and end.text.startswith("Wolves at the Ridge ends after")
    assert any(line.startswith("Wolf: ") for line in end.details)
    with pytest.raises(ValueError, match="is over"):
        ctl.step("next_turn")
    markdown = ctl.log_markdown()
    assert markdown.startswith("# Wolves at the Ridge") and "## Round 1" in markdown and "- **attack**" in markdown
    end_state = campaign.model_dump()
    while history.can_undo:
        history.undo()
    assert campaign.model_dump() == start_state
    while history.can_redo:
        history.redo()
    assert campaign.model_dump() == end_state


def test_crisis_classic_fight_ends_with_the_endurance_cost():
    campaign = classic_campaign()
    history = History(campaign)
    ctl = controller(campaign, "enc")
    for character in campaign.characters:
        history.push(ctl.add_combatant(character.id))
    dice = RandomDice(9)
    history.push(ctl.start(dice))
    endurance = {c.id: ctl.ruleset.sheet.resources(ctl.view.actor(c.id),
                                                   ctl.view.options) for c in ctl.view.encounter.combatants}
    start_endurance = {cid: next(b.current for b in bars if b.key == "endurance") for cid, bars in endurance.items()}
    for _ in range(6):
        play_turn(ctl, history, dice)
    before = {c.id: campaign.character(c.character_id).status.get("endurance_damage", 0)
              for c in ctl.view.encounter.combatants}
    history.push(ctl.end_encounter())
    for combatant in ctl.view.encounter.combatants:
        after = campaign.character(combatant.character_id).status["endurance_damage"]
        assert after == min(before[combatant.id] + 10, start_endurance[combatant.id])
    assert any("combat strain: Endurance -10" in line for line in ctl.view.encounter.log[-1].details)
    history.undo()
    assert {c.id: campaign.character(c.character_id).status.get("endurance_damage", 0)
            for c in ctl.view.encounter.combatants} == before


def test_joining_a_running_fight_puts_the_newcomer_last():
    _campaign, history, ctl = started()
    history.push(ctl.add_combatant("npc-raider-rask"))
    newcomer = ctl.view.encounter.combatants[-1].id
    assert order(ctl.view)[-1] == newcomer
    assert ctl.view.encounter.log[-1].text.startswith("Rask joins the fight")


def test_removing_the_current_combatant_hands_the_turn_on():
    _campaign, history, ctl = started()
    first, second = order(ctl.view)[:2]
    history.push(ctl.remove_combatant(first))
    assert ctl.view.current_id() == second
    history.undo()
    assert ctl.view.current_id() == first


def test_weapons_lists_equipped_weapons_only():
    campaign, _history, ctl = started()
    assert [w.kind for w in ctl.preview.weapons("cmb-ridge-dmitri")] == [ItemKind.WEAPON, ItemKind.WEAPON]


def test_first_aid_rolls_medicine_heals_and_is_one_undo_step():
    campaign, history, ctl = started()
    medic = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Vera Kask")
    patient = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Ines Moreau")
    ines = ctl.view.character_of(patient)
    ines.status["wounds"] = 4  # hurt earlier in the fight
    while ctl.view.current_id() != medic:
        history.push(ctl.step("next_turn"))
    ap_before = ctl.view.combatant(medic).resources["ap"]
    before = campaign.model_dump()
    # Vera's Medicine d10 shows 9 and she carries a Field medkit (no penalty for missing aids): a
    # success with 1 Extra heals 1 + 1 wounds.
    history.push(ctl.healing.heal(medic, patient, TypedDice([9])))
    entry = ctl.view.encounter.log[-1]
    assert entry.kind == "heal" and entry.text == "Vera Kask treats Ines Moreau: 9 against 4: success"
    assert ctl.view.combatant(medic).resources["ap"] == ap_before - 2
    assert ctl.view.character_of(patient).status["wounds"] == 2
    history.undo()
    assert campaign.model_dump() == before


def test_healing_is_refused_with_the_reason_when_not_allowed():
    _campaign, history, ctl = started()
    medic = first_pc_turn(history, ctl)
    history.push(ctl.take_action(medic, "run"))
    history.push(ctl.take_action(medic, "run"))
    with pytest.raises(ValueError, match="Not enough AP"):
        ctl.healing.heal(medic, medic, RandomDice(1))
    classic = controller(classic_campaign(), "enc")
    with pytest.raises(ValueError, match="no healing action"):
        classic.healing.heal("x", "y", RandomDice(1))


def test_execute_needs_a_helpless_target_and_is_one_undoable_event():
    from crisis_desktop.domain import ConditionState

    campaign, history, ctl = started()
    pc = first_pc_turn(history, ctl)
    weapon = next(w for w in ctl.preview.weapons(pc) if w.stats.get("range"))
    target = enemies_of(ctl, pc)[0]
    context = ctl.preview.attack_request(pc, weapon.id, target, distance=2)
    with pytest.raises(ValueError, match="is not helpless"):
        ctl.attack(context, RandomDice(3), finishing=True)
    ctl.view.character_of(target).conditions.append(ConditionState(key="helpless"))
    before = campaign.model_dump()
    event = ctl.attack(ctl.preview.attack_request(pc, weapon.id, target, distance=2), RandomDice(3), finishing=True)
    history.push(event)
    assert event.result.hit and event.result.attack.dice == ()  # no attack roll: an automatic hit
    assert ctl.view.character_of(target).status.get("wounds", 0) > 0
    history.undo()
    assert campaign.model_dump() == before
    assert isinstance(get_ruleset("crisis").attacks,
                      Executes) and not isinstance(get_ruleset("crisis-classic").attacks, Executes)


def test_npcs_acting_with_two_actions_are_charged_actions_not_ap_in_the_log():
    _campaign, history, ctl = started()
    while ctl.view.character_of(ctl.view.current_id()).kind is not CharacterKind.NPC:
        history.push(ctl.step("next_turn"))
    npc = ctl.view.current_id()
    history.push(ctl.take_action(npc, "move"))
    assert ctl.view.encounter.log[-1].text == f"{ctl.view.name(npc)}: Move (1 action)"
    pc = next(c.id for c in ctl.view.encounter.combatants if ctl.view.character_of(c.id).kind is CharacterKind.PC)
    assert {a.action.key: a for a in ctl.actions(pc)}["run"].price == {"ap": 2}
    # The NPC pays in actions for everything, what it cannot take now too (Crawl needs it prone).
    crawl = {a.action.key: a for a in ctl.actions(npc)}["crawl"]
    assert not crawl.allowed and crawl.price == {"actions": 1}
    assert ctl.ruleset.economy.cost_text({"ap": 2}) == "2 AP"
    assert ctl.ruleset.economy.cost_text({"actions": 1}) == "1 action"


# --------------------------------------------------------------------------- found in review


def test_previous_turn_never_lands_on_a_delaying_combatant():
    _campaign, history, ctl = started()
    first, second, third = order(ctl.view)[:3]
    history.push(ctl.step("next_turn"))
    history.push(ctl.step("delay"))
    assert ctl.view.current_id() == third and delayed(ctl.view, second)
    history.push(ctl.step("previous_turn"))
    # The held turn is not behind us: back goes past it, and Act now still brings it back.
    assert ctl.view.current_id() == first and delayed(ctl.view, second)
    history.push(ctl.step("act_now", second))
    assert ctl.view.current_id() == second and not delayed(ctl.view, second)


def test_a_delaying_combatant_that_is_current_cannot_delay_twice_or_act_after_itself():
    _campaign, history, ctl = started()
    first = order(ctl.view)[0]
    history.push(ctl.step("delay"))
    offers = {o.key: o for o in ctl.offers()}
    assert first in offers["act_now"].actors and ctl.view.current_id() != first


def test_a_fight_whose_fighters_all_left_offers_only_what_makes_sense():
    _campaign, history, ctl = started()
    for combatant in list(ctl.view.encounter.combatants):
        history.push(ctl.remove_combatant(combatant.id))
    # Neither Next turn nor Delay: ending the encounter is all that is left.
    assert ctl.offers() == [] and ctl.view.acting() == ()
    for key in ("next_turn", "delay"):
        with pytest.raises(ValueError, match="^Nobody is left who can act; end the encounter$"):
            ctl.step(key)
    history.push(ctl.end_encounter())
    assert ctl.view.encounter.ended


def test_rewind_refuses_while_a_fighter_of_the_round_was_deleted():
    from crisis_desktop.controller.character_commands import delete_characters

    campaign, history, ctl = started()
    history.push(ctl.step("next_turn"))
    assert ctl.can_rewind()
    wolf = next(c for c in ctl.view.encounter.combatants if ctl.view.character_of(c.id).name == "Wolf")
    history.push(delete_characters(campaign, [wolf.character_id], ctl.ruleset))
    assert not ctl.can_rewind()
    with pytest.raises(ValueError, match="^Wolf left the campaign after round 1 began: undo that deletion first"):
        ctl.rewind_round()
    history.undo()
    assert ctl.can_rewind()


def test_only_who_may_act_acts():
    _campaign, history, ctl = started()
    waiting = order(ctl.view)[1]
    with pytest.raises(ValueError, match=r"cannot act now: it is .*'s turn"):
        ctl.take_action(waiting, "move")


def test_crisis_classic_overwatch_lets_attack_out_of_turn_until_its_own_turn():
    campaign = classic_campaign()
    history = History(campaign)
    ctl = controller(campaign, "enc")
    for character in campaign.characters:
        history.push(ctl.add_combatant(character.id))
    history.push(ctl.start(RandomDice(3)))
    watcher = ctl.view.current_id() or ""
    history.push(ctl.take_action(watcher, "overwatch"))
    history.push(ctl.step("next_turn"))
    assert ctl.view.current_id() != watcher and ctl.view.may_act(watcher) and on_overwatch(ctl.view, watcher)
    while ctl.view.current_id() != watcher:
        history.push(ctl.step("next_turn"))
    assert not on_overwatch(ctl.view, watcher)


# --------------------------------------------------------------------------- attack inputs from the rules


def test_attack_inputs_come_from_the_rules_with_defaults_from_the_live_state():
    _campaign, history, ctl = started()
    pc = first_pc_turn(history, ctl)
    weapon = ctl.preview.weapons(pc)[0]
    target = enemies_of(ctl, pc)[0]
    own = {spec.key: spec for spec in ctl.preview.attack_inputs(pc, weapon.id)}
    per_target = {spec.key: spec for spec in ctl.preview.target_inputs(pc, weapon.id, target)}
    assert {"aim", "circumstance"} <= set(own) and {"distance", "cover", "target_surprised"} <= set(per_target)
    rof = int(weapon.stats.get("rof", 1))
    assert own["aim"].default == 0
    assert ("attacks" in per_target) == (rof > 1) and (rof == 1 or per_target["attacks"].maximum == rof)
    if any(a.action.key == "take_aim" and a.allowed for a in ctl.actions(pc)):
        history.push(ctl.take_action(pc, "take_aim"))
        assert {s.key: s for s in ctl.preview.attack_inputs(pc, weapon.id)}["aim"].default == 1
        request = ctl.preview.attack_request(pc, weapon.id, target)  # inputs not given take the rules' defaults
        assert request.inputs["aim"] == 1 and request.targets[0].inputs["distance"] == per_target["distance"].default
    with pytest.raises(ValueError, match="^These rules have no attack input strain$"):
        ctl.preview.attack_request(pc, weapon.id, target, strain=2)


def test_a_melee_weapon_strikes_in_reach_whatever_distance_is_given():
    campaign, history, ctl = started()
    wolf = next(c.id for c in ctl.view.encounter.combatants if ctl.view.name(c.id) == "Wolf")
    while ctl.view.current_id() != wolf:
        history.push(ctl.step("next_turn"))
    bite = ctl.preview.weapons(wolf)[0]
    target = enemies_of(ctl, wolf)[0]
    assert ctl.preview.attacks.weapon_range(bite) is None
    terms = ctl.preview.attack_preview(ctl.preview.attack_request(wolf, bite.id, target, distance=5.0)).modifiers
    assert not [t for t in terms if "range" in t.label]
    assert [t for t in ctl.preview.attack_preview(ctl.preview.attack_request(wolf, bite.id, target,
                                                                             distance=0)).modifiers] == terms
