"""Crisis-classic treatments: in a fight an Adrenalin Shot given by hand to the patient (the giver's 1 AP, next to
the patient on the map, refused farther off); between fights a day of rest, with or without medical care, and a
10 minute break."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.domain.battle_map import BattleMap, Token
from crisis_desktop.domain.encounter import Combatant, Encounter, Side
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice
from crisis_desktop.rules.registry import get_ruleset


def alley() -> tuple[Campaign, History, EncounterController]:
    """Anna at (1, 1), Boris next to her at (2, 1), Carla four tiles off at (5, 1), a Thug at (9, 9)."""
    rules = get_ruleset("crisis-classic")
    people = [Character(id=f"ch-{name.lower()}", name=name, kind=kind, stats=dict(rules.sheet.new_stats(kind)))
              for name, kind in (("Anna", CharacterKind.PC), ("Boris", CharacterKind.PC), ("Carla", CharacterKind.PC),
                                 ("Thug", CharacterKind.NPC))]
    combatants = [Combatant(id=f"c-{p.name.lower()}", character_id=p.id,
                            side=Side.PARTY if p.kind is CharacterKind.PC else Side.ENEMIES) for p in people]
    cells = {"c-anna": (1, 1), "c-boris": (2, 1), "c-carla": (5, 1), "c-thug": (9, 9)}
    battle_map = BattleMap(id="map", name="Alley", tokens=[Token(combatant_id=c, x=x, y=y)
                                                            for c, (x, y) in cells.items()])
    campaign = Campaign(name="Classic", ruleset="crisis-classic", characters=people, battle_maps=[battle_map],
                        encounters=[Encounter(id="enc", name="Alley", combatants=combatants, battle_map_id="map")])
    return campaign, History(campaign), EncounterController(campaign, "enc", rules)


def test_between_fights_rest_and_a_break_and_no_shot():
    campaign, history, ctl = alley()
    campaign.character("ch-boris").status.update(health_damage=3, endurance_damage=20)
    reasons = {t.key: t.reason for t in ctl.healing.treatments("c-boris")}
    assert reasons == {"adrenalin_shot": "in a fight only, on the turn of whoever gives it", "medicine_rest": "",
                       "rest_day": "", "short_break": ""}
    history.push(ctl.healing.treat("short_break", "c-boris"))
    assert campaign.character("ch-boris").status["endurance_damage"] == 0
    history.push(ctl.healing.treat("rest_day", "c-boris"))
    assert campaign.character("ch-boris").status["health_damage"] == 2
    assert ctl.view.encounter.log[-1].text == "Boris: A day of rest"


def test_an_adrenalin_shot_goes_to_the_patient_next_to_the_giver_and_not_farther():
    campaign, history, ctl = alley()
    history.push(ctl.start(RandomDice(4)))
    while ctl.view.current_id() != "c-anna":
        history.push(ctl.step("next_turn"))
    for name in ("boris", "carla"):
        campaign.character(f"ch-{name}").status["endurance_damage"] = 20
    with pytest.raises(ValueError, match="Anna is 4 tiles from Carla: Adrenalin Shot needs them adjacent"):
        ctl.healing.treat("adrenalin_shot", "c-carla", healer_id="c-anna")
    ap = ctl.view.combatant("c-anna").resources["ap"]
    history.push(ctl.healing.treat("adrenalin_shot", "c-boris", healer_id="c-anna"))
    assert campaign.character("ch-boris").status["endurance_damage"] == 5          # +15 Endurance
    assert campaign.character("ch-anna").status.get("endurance_damage", 0) == 0     # not the giver's
    assert ctl.view.combatant("c-anna").resources["ap"] == ap - 1
    assert ctl.view.encounter.log[-1].text == "Anna treats Boris: Adrenalin Shot"
    campaign.character("ch-anna").status["endurance_damage"] = 20
    with pytest.raises(ValueError, match="Boris cannot act now: it is Anna's turn"):
        ctl.healing.treat("adrenalin_shot", "c-anna", healer_id="c-boris")


def test_a_day_of_rest_with_care_rolls_the_healers_medicine():
    campaign, history, ctl = alley()
    campaign.character("ch-boris").status["health_damage"] = 5
    event = ctl.healing.treat("medicine_rest", "c-boris", healer_id="c-anna", dice=TypedDice([6, 6, 5]))
    history.push(event)
    assert not event.result.outcome.succeeded                    # 17 on 3d6: untrained Science fails
    assert campaign.character("ch-boris").status["health_damage"] == 4        # the 1 Health of the day's rest
    assert ctl.view.encounter.log[-1].text.startswith("Anna treats Boris: A day of rest with medical care, 17 against")
