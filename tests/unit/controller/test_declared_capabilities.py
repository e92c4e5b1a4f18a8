"""The controller asks for what a ruleset declares: an attack out of turn is marked only for rules that count it
apart, the finishing blow only where the rules have one, and a setup flag only where the rules declare it."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign, CharacterKind
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.base import OutOfTurnAttacks
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from tests.fight_helpers import on_overwatch

DEMOS = {"crisis": ("campaign.json", "enc-ridge"), "genesys": ("genesys.json", "enc-dock-9"),
         "skirmish": ("skirmish.json", "enc-bridge"), "moments": ("moments.json", "enc-ford")}


def demo(ruleset_id: str) -> tuple[Campaign, History, EncounterController]:
    file_name, encounter_id = DEMOS[ruleset_id]
    campaign = Campaign.model_validate(json.loads(resource("demo", file_name).read_text(encoding="utf-8")))
    return campaign, History(campaign), EncounterController(campaign, encounter_id, get_ruleset(campaign.ruleset))


def test_an_attack_from_overwatch_is_marked_out_of_turn_for_the_rules_that_count_it():
    _campaign, history, ctl = demo("crisis")
    history.push(ctl.start(RandomDice(7)))
    while ctl.view.character_of(ctl.view.current_id() or "").kind is not CharacterKind.PC:
        history.push(ctl.step("next_turn"))
    watcher = ctl.view.current_id() or ""
    weapon = next(w for w in ctl.preview.weapons(watcher) if w.stats.get("range"))
    target = next(c.id for c in ctl.view.encounter.combatants if ctl.view.character_of(c.id).kind is CharacterKind.NPC)
    in_turn = ctl.preview.attack_request(watcher, weapon.id, target, distance=2)
    assert "out_of_turn" not in in_turn.inputs
    history.push(ctl.take_action(watcher, "overwatch"))
    history.push(ctl.step("next_turn"))
    assert ctl.view.current_id() != watcher and on_overwatch(ctl.view, watcher)
    out_of_turn = ctl.preview.attack_request(watcher, weapon.id, target, distance=2)
    assert out_of_turn.inputs["out_of_turn"] is True
    history.push(ctl.attack(out_of_turn, RandomDice(3)))
    assert not on_overwatch(ctl.view, watcher)                            # the watch fired


@pytest.mark.parametrize("ruleset_id", ["genesys", "skirmish", "moments"])
def test_rules_without_attacks_out_of_turn_get_no_mark(ruleset_id):
    _campaign, history, ctl = demo(ruleset_id)
    history.push(ctl.start(RandomDice(5)))
    assert not isinstance(ctl.ruleset.attacks, OutOfTurnAttacks)
    for attacker in (c.id for c in ctl.view.encounter.combatants if c.id not in ctl.view.acting()):
        weapon = next(iter(ctl.preview.weapons(attacker)), None)
        target = next((c.id for c in ctl.view.encounter.combatants if c.side is not ctl.view.combatant(attacker).side),
                      None)
        if weapon is None or target is None:
            continue
        request = ctl.preview.attack_request(attacker, weapon.id, target, override=True)
        assert request.inputs == {spec.key: spec.default for spec in ctl.preview.attack_inputs(attacker, weapon.id)}
        return
    pytest.fail("no one out of turn with a weapon and an enemy")


def test_the_finishing_blow_is_refused_by_rules_without_one():
    from tests.unit.controller.test_encounter import classic_campaign

    campaign = classic_campaign()
    history = History(campaign)
    ctl = EncounterController(campaign, "enc", get_ruleset("crisis-classic"))
    for character in campaign.characters:
        history.push(ctl.add_combatant(character.id))
    history.push(ctl.start(RandomDice(3)))
    attacker = ctl.view.current_id() or ""
    weapon = ctl.preview.weapons(attacker)[0]
    target = next(c.id for c in ctl.view.encounter.combatants if c.side is not ctl.view.combatant(attacker).side)
    request = ctl.preview.attack_request(attacker, weapon.id, target, distance=1)
    before = campaign.model_dump()
    with pytest.raises(ValueError, match="no finishing blow on a helpless target"):
        ctl.attack(request, RandomDice(3), finishing=True)
    assert campaign.model_dump() == before


def test_a_setup_flag_is_set_undoably_where_the_rules_declare_it_and_refused_elsewhere():
    campaign, history, ctl = demo("genesys")
    combatant = ctl.view.encounter.combatants[0]
    history.push(ctl.set_setup(combatant.id, "surprised", True))
    assert ctl.view.combatant(combatant.id).setup == {"surprised": True}
    assert ctl.view.encounter.combatants[0].setup == {"surprised": True}
    history.undo()
    assert ctl.view.combatant(combatant.id).setup == {}
    _campaign, _history, skirmish = demo("skirmish")
    with pytest.raises(ValueError, match="rules mark no 'surprised' on a combatant"):
        skirmish.set_setup(skirmish.view.encounter.combatants[0].id, "surprised", True)
    with pytest.raises(ValueError, match="rules mark no 'surprised' on a combatant"):
        skirmish.add_combatant(skirmish.view.encounter.combatants[0].character_id, setup={"surprised": True})
