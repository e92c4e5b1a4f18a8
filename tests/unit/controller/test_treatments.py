"""Treatments through the EncounterController: the rules list them with why each cannot be given now; in a fight the
healing action and a stimpack maneuver on the giver's turn, engaged with the patient on the map; after the fight
Medicine and stimpacks again, rest and recovery; each one undo step with a log line. Genesys from its demo; crisis
keeps First aid as its one treatment."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.controller.map_commands import SetToken
from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.crisis import CrisisRuleset
from crisis_desktop.rules.genesys import GenesysRuleset
from crisis_desktop.rules.kernel.dice import TypedDice
from crisis_desktop.rules.kernel.flows import StepRole

MIRA, JAX = "cmb-dock-mira", "cmb-dock-jax"
DOCK_MAP = "map-dock-9"            # Mira stands at (4, 8), Jax at (8, 7): 4 steps apart


def dock(*, wounds: dict[str, int] | None = None) -> tuple[Campaign, History, EncounterController]:
    campaign = Campaign.model_validate_json(resource("demo", "genesys.json").read_bytes())
    for character_id, value in (wounds or {}).items():
        campaign.character(character_id).status["wounds"] = value
    return campaign, History(campaign), EncounterController(campaign, "enc-dock-9", GenesysRuleset())


def mira_acts(history: History, ctl: EncounterController) -> None:
    history.push(ctl.start(TypedDice(["blank"] * 40)))       # ties everywhere: the PCs' slots come first
    fill = next(o for o in ctl.offers() if o.role is StepRole.CHOOSE)
    history.push(ctl.step(fill.key, MIRA))


def offered(ctl: EncounterController, patient: str) -> dict[str, str]:
    return {t.key: t.reason for t in ctl.healing.treatments(patient)}


def test_before_a_fight_only_what_is_given_between_fights_is_open():
    _campaign, _history, ctl = dock(wounds={"pc-jax": 6})
    reasons = offered(ctl, JAX)
    assert list(reasons) == ["first_aid", "stimpack", "heal_critical", "night_rest", "weekly_resilience",
                             "recover_strain"]
    assert reasons["first_aid"] == reasons["stimpack"] == ""                 # given outside a fight's turns too
    assert {t.key: (t.action_key, t.reach) for t in ctl.healing.treatments(JAX)}["first_aid"] == (None, None)
    assert reasons["night_rest"] == ""
    assert reasons["heal_critical"] == reasons["weekly_resilience"] == "Jax Marrow carries no critical injury"
    assert reasons["recover_strain"] == "Jax Marrow has no strain"
    rival = offered(ctl, "cmb-dock-brakk")
    assert rival["recover_strain"] == "Brakk the enforcer takes strain as wounds"


def test_medicine_in_the_fight_is_the_healers_action_and_one_undo_step():
    campaign, history, ctl = dock(wounds={"pc-jax": 6})
    mira_acts(history, ctl)
    between = offered(ctl, JAX)
    assert between["night_rest"] == "not during a fight: end the encounter first"
    assert between["first_aid"] == ""
    medicine = next(t for t in ctl.healing.treatments(JAX) if t.key == "first_aid")
    assert (medicine.action_key, medicine.reach) == ("first_aid", 1)      # the action, engaged with the patient
    before = campaign.model_dump()
    with pytest.raises(ValueError, match="^Dr. Mira Sol is 4 tiles from Jax Marrow: Medicine needs them adjacent$"):
        ctl.healing.treat("first_aid", JAX, healer_id=MIRA, dice=TypedDice(["ss", "sa", "blank", "blank"]))
    assert campaign.model_dump() == before                               # refused: nothing spent
    history.push(SetToken(DOCK_MAP, MIRA, (7, 8), "Mira steps up to Jax"))
    # Intellect 3, Medicine 2 against Easy (6 of 15 wounds), Mira has a medkit: 3 successes and an advantage.
    # Mira's Surgeon 1 heals one wound more: 3 + 1.
    history.push(ctl.healing.treat("first_aid", JAX, healer_id=MIRA, dice=TypedDice(["ss", "sa", "blank", "blank"])))
    assert ctl.view.character_of(JAX).status["wounds"] == 2
    log = ctl.view.encounter.log
    assert log[-1].kind == "heal" and log[-1].text.startswith("Dr. Mira Sol treats Jax")
    assert offered(ctl, JAX)["first_aid"] == "Jax Marrow has had a Medicine check this encounter already"
    with pytest.raises(ValueError, match="Medicine: Jax Marrow has had a Medicine check"):
        ctl.healing.treat("first_aid", JAX, healer_id=MIRA, dice=TypedDice(["ss"] * 4))
    history.undo()
    history.undo()
    assert campaign.model_dump() == before


def test_a_stimpack_is_the_givers_maneuver_on_itself_or_an_engaged_patient_with_diminishing_returns():
    campaign, history, ctl = dock(wounds={"pc-mira": 12, "pc-jax": 3})
    mira_acts(history, ctl)
    before = campaign.model_dump()
    history.push(ctl.healing.treat("stimpack", MIRA, healer_id=MIRA))  # her free maneuver, on herself: 5 wounds
    mira, jax = campaign.character("pc-mira"), campaign.character("pc-jax")
    assert (mira.status["wounds"], mira.status["stimpacks"]) == (7, 1)
    assert ctl.view.encounter.log[-1].text == "Dr. Mira Sol treats Dr. Mira Sol (Use a stimpack)"
    with pytest.raises(ValueError, match="^Dr. Mira Sol is 4 tiles from Jax Marrow: Stimpack needs them adjacent$"):
        ctl.healing.treat("stimpack", JAX, healer_id=MIRA)
    history.push(SetToken(DOCK_MAP, MIRA, (7, 8), "Mira steps up to Jax"))
    history.push(ctl.healing.treat("stimpack", JAX, healer_id=MIRA))   # her second maneuver, for 2 strain: Jax's first
    assert (jax.status["wounds"], jax.status["stimpacks"]) == (0, 1)             # 5 heals his 3 wounds
    assert (mira.status["wounds"], mira.status["strain"], mira.status["stimpacks"]) == (7, 2, 1)
    assert not [i for i in mira.equipment if "stimpack" in i.tags]               # both of her stimpacks are used
    assert "Stimpack number 1 today: Jax Marrow heals 3 wounds" in ctl.view.encounter.log[-1].details
    with pytest.raises(ValueError, match="At most 2 maneuvers a turn"):
        ctl.healing.treat("stimpack", MIRA, healer_id=MIRA)           # no third maneuver (and no stimpack left)
    with pytest.raises(ValueError, match="cannot act now"):
        ctl.healing.treat("stimpack", MIRA, healer_id=JAX)            # not Jax's turn
    mira.status["stimpacks"] = 5
    assert offered(ctl, MIRA)["stimpack"] == "Dr. Mira Sol has used 5 stimpacks today: another heals nothing"
    mira.status["stimpacks"] = 1
    for _ in range(3):
        history.undo()
    assert campaign.model_dump() == before


def test_after_the_fight_medicine_and_stimpacks_work_once_an_encounter_and_from_anywhere():
    campaign, history, ctl = dock(wounds={"pc-jax": 9, "pc-kara": 4})
    mira_acts(history, ctl)
    # Kara is treated in the fight (Mira next to her at (5, 4)... moved there): her one Medicine check this encounter.
    history.push(SetToken(DOCK_MAP, MIRA, (5, 5), "Mira steps up to Kara"))
    history.push(ctl.healing.treat("first_aid", "cmb-dock-kara", healer_id=MIRA, dice=TypedDice(["s", "blank", "blank",
                                                                                           "blank"])))
    assert campaign.character("pc-kara").status["wounds"] == 2            # 1 success, and Mira's Surgeon 1
    history.push(ctl.end_encounter())
    start = campaign.model_dump()
    jax = campaign.character("pc-jax")
    medicine = next(t for t in ctl.healing.treatments(JAX) if t.key == "first_aid")
    assert (medicine.action_key, medicine.reach, medicine.reason) == (None, None, "")
    assert offered(ctl, "cmb-dock-kara")["first_aid"] == "Kara Voss has had a Medicine check this encounter already"
    # Average now (9 of 15 wounds, over half): Intellect 3, Medicine 2 against 2 difficulty dice; Mira is 4 steps
    # away, which no longer matters: 2 net successes and 2 advantage (Jax has no strain to relieve).
    history.push(ctl.healing.treat("first_aid", JAX, healer_id=MIRA, dice=TypedDice(["ss", "aa", "blank", "blank",
                                                                               "blank"])))
    assert jax.status["wounds"] == 6                                     # and Mira's Surgeon 1: one more
    assert ctl.view.encounter.log[-1].text.startswith("Dr. Mira Sol treats Jax Marrow: Medicine")
    with pytest.raises(ValueError, match="Jax Marrow has had a Medicine check this encounter already"):
        ctl.healing.treat("first_aid", JAX, healer_id=MIRA, dice=TypedDice(["ss"] * 5))
    # Stimpacks from Mira's pack: 5, then 4 (the day's count is Jax's).
    history.push(ctl.healing.treat("stimpack", JAX, healer_id=MIRA))
    assert (jax.status["wounds"], jax.status["stimpacks"]) == (1, 1)
    assert ctl.view.encounter.log[-1].text == "Dr. Mira Sol treats Jax Marrow: Stimpack"
    history.push(ctl.healing.treat("stimpack", JAX, healer_id=MIRA))
    assert (jax.status["wounds"], jax.status["stimpacks"]) == (0, 2)
    jax.status["wounds"] = 5
    with pytest.raises(ValueError, match="Dr. Mira Sol carries no stimpack"):
        ctl.healing.treat("stimpack", JAX, healer_id=MIRA)
    jax.status["wounds"] = 0
    for _ in range(3):
        history.undo()
    assert campaign.model_dump() == start


def test_between_fights_strain_rest_resilience_and_a_critical_each_undoable_with_a_log_line():
    campaign, history, ctl = dock()
    mira_acts(history, ctl)
    jax = campaign.character("pc-jax")
    jax.status |= {"wounds": 9, "strain": 4, "criticals": "head_blow, agony", "stimpacks": 2}
    with pytest.raises(ValueError, match="not during a fight"):
        ctl.healing.treat("night_rest", JAX)
    history.push(ctl.end_encounter())
    start = campaign.model_dump()
    # Strain after the encounter: a Simple Cool check (Willpower 2: two ability dice), 2 successes.
    with pytest.raises(ValueError, match="pick one of Cool, Discipline"):
        ctl.healing.treat("recover_strain", JAX, dice=TypedDice(["s", "s"]))
    history.push(ctl.healing.treat("recover_strain", JAX, dice=TypedDice(["s", "s"]), choice="cool"))
    assert jax.status["strain"] == 2 and "Jax Marrow recovers 2 strain" in ctl.view.encounter.log[-1].details
    # Medicine on the Agony (severity 2) by Mira: the healer is asked for, the injury is picked.
    with pytest.raises(ValueError, match="who treats Jax Marrow"):
        ctl.healing.treat("heal_critical", JAX, dice=TypedDice(["ss"] * 4), choice="agony")
    history.push(ctl.healing.treat("heal_critical", JAX, healer_id=MIRA, dice=TypedDice(["ss", "s", "s", "blank",
                                                                                         "blank"]),
                           choice="agony"))
    assert jax.status["criticals"] == "head_blow~"            # its effect ended with the encounter; not healed
    assert ctl.view.encounter.log[-1].text.startswith("Dr. Mira Sol treats Jax Marrow: Medicine on a critical injury")
    # The weekly Resilience check against the Head blow (severity 2): Brawn 3, Resilience 2.
    history.push(ctl.healing.treat("weekly_resilience", JAX, dice=TypedDice(["s", "s", "s", "blank", "blank"])))
    assert jax.status["criticals"] == ""
    # A night's rest: a wound, all strain, the day's stimpacks; no dice.
    history.push(ctl.healing.treat("night_rest", JAX))
    assert (jax.status["wounds"], jax.status["strain"], jax.status["stimpacks"]) == (8, 0, 0)
    assert ctl.view.encounter.log[-1].text == "Jax Marrow: A night's rest"
    for _ in range(4):
        history.undo()
    assert campaign.model_dump() == start


def test_crisis_first_aid_is_its_one_treatment_in_a_fight_and_rest_comes_between_fights():
    campaign = Campaign.model_validate_json(resource("demo", "campaign.json").read_bytes())
    ctl = EncounterController(campaign, "enc-ridge", CrisisRuleset())
    first_aid, hour, day = ctl.healing.treatments("cmb-ridge-ines")
    assert (hour.key, day.key) == ("hour_rest", "day_rest")     # their numbers: test_treatments_crisis_rest.py
    assert (first_aid.key, first_aid.label, first_aid.action_key) == ("first_aid", "First aid", "first_aid")
    assert first_aid.reason == "First aid is given in a fight, on the healer's turn"
    with pytest.raises(ValueError, match="First aid is given in a fight"):
        ctl.healing.treat("first_aid", "cmb-ridge-ines", healer_id="cmb-ridge-vera", dice=TypedDice([9]))
    with pytest.raises(ValueError, match="no treatment 'night_rest'"):
        ctl.healing.treat("night_rest", "cmb-ridge-ines")


def test_moments_medical_attention_is_given_outside_the_fight_too():
    from crisis_desktop.rules.moments import MomentsRuleset

    campaign = Campaign.model_validate_json(resource("demo", "moments.json").read_bytes())
    history = History(campaign)
    ctl = EncounterController(campaign, "enc-ford", MomentsRuleset())
    vera = campaign.character("pc-vera")
    vera.status.update(hp_lost=7, wounds="4 slicing; 3 crushing")
    before = campaign.model_dump()
    medical = next(t for t in ctl.healing.treatments("cmb-ford-vera") if t.key == "medical")
    assert (medical.action_key, medical.reason) == (None, "")
    # Ilse's hard INT test, a d100 of 20, succeeds; 1d4 gives 3 HP back for the first open wound.
    history.push(ctl.healing.treat("medical", "cmb-ford-vera", healer_id="cmb-ford-ilse", dice=TypedDice([20, 3])))
    assert (vera.status["hp_lost"], vera.status["wounds"]) == (4, "4 slicing treated; 3 crushing")
    assert ctl.view.encounter.log[-1].text.startswith("Ilse of the Reeds treats Vera Stone: Medical attention")
    history.undo()
    assert campaign.model_dump() == before
