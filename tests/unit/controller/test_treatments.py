"""Treatments through the EncounterController: the rules list them with why each cannot be given now; in a fight the
healing action and a stimpack maneuver on the giver's turn, between fights rest and recovery; each one undo step with
a log line. Genesys from its demo; crisis keeps First aid as its one treatment."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.crisis import CrisisRuleset
from crisis_desktop.rules.dice import TypedDice
from crisis_desktop.rules.flow import StepRole
from crisis_desktop.rules.genesys import GenesysRuleset

MIRA, JAX = "cmb-dock-mira", "cmb-dock-jax"


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
    return {t.key: t.reason for t in ctl.treatments(patient)}


def test_before_a_fight_only_what_is_given_between_fights_is_open():
    _campaign, _history, ctl = dock(wounds={"pc-jax": 6})
    reasons = offered(ctl, JAX)
    assert list(reasons) == ["first_aid", "stimpack", "heal_critical", "night_rest", "weekly_resilience",
                             "recover_strain"]
    assert reasons["first_aid"] == reasons["stimpack"] == "in a fight only, on the turn of whoever gives it"
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
    before = campaign.model_dump()
    # Intellect 3, Medicine 2 against Easy (6 of 15 wounds), Mira has a medkit: 3 successes and an advantage.
    history.push(ctl.treat("first_aid", JAX, healer_id=MIRA, dice=TypedDice(["ss", "sa", "blank", "blank"])))
    assert ctl.character_of(JAX).status["wounds"] == 3
    assert ctl.encounter.log[-1].kind == "heal" and ctl.encounter.log[-1].text.startswith("Dr. Mira Sol treats Jax")
    assert offered(ctl, JAX)["first_aid"] == "Jax Marrow has had a Medicine check this encounter already"
    with pytest.raises(ValueError, match="Medicine: Jax Marrow has had a Medicine check"):
        ctl.treat("first_aid", JAX, healer_id=MIRA, dice=TypedDice(["ss"] * 4))
    history.undo()
    assert campaign.model_dump() == before


def test_a_stimpack_is_a_maneuver_on_oneself_with_diminishing_returns():
    campaign, history, ctl = dock(wounds={"pc-mira": 12, "pc-jax": 3})
    mira_acts(history, ctl)
    history.push(ctl.treat("stimpack", MIRA))                 # the free maneuver: 5 wounds
    assert campaign.character("pc-mira").status["wounds"] == 7
    history.push(ctl.treat("stimpack", MIRA))                 # the second maneuver, for 2 strain: 4 wounds
    mira = campaign.character("pc-mira")
    assert (mira.status["wounds"], mira.status["strain"], mira.status["stimpacks"]) == (3, 2, 2)
    assert "Stimpack number 2 today" in " ".join(ctl.encounter.log[-1].details)
    with pytest.raises(ValueError, match="At most 2 maneuvers a turn"):
        ctl.treat("stimpack", MIRA)                           # no third maneuver (and both stimpacks are used)
    with pytest.raises(ValueError, match="cannot act now"):
        ctl.treat("stimpack", JAX)                            # not Jax's turn
    mira.status["stimpacks"] = 5
    assert offered(ctl, MIRA)["stimpack"] == "Dr. Mira Sol has used 5 stimpacks today: another heals nothing"


def test_between_fights_strain_rest_resilience_and_a_critical_each_undoable_with_a_log_line():
    campaign, history, ctl = dock()
    mira_acts(history, ctl)
    jax = campaign.character("pc-jax")
    jax.status |= {"wounds": 9, "strain": 4, "criticals": "head_blow, agony", "stimpacks": 2}
    with pytest.raises(ValueError, match="not during a fight"):
        ctl.treat("night_rest", JAX)
    history.push(ctl.end_encounter())
    start = campaign.model_dump()
    # Strain after the encounter: a Simple Cool check (Willpower 2: two ability dice), 2 successes.
    with pytest.raises(ValueError, match="pick one of Cool, Discipline"):
        ctl.treat("recover_strain", JAX, dice=TypedDice(["s", "s"]))
    history.push(ctl.treat("recover_strain", JAX, dice=TypedDice(["s", "s"]), choice="cool"))
    assert jax.status["strain"] == 2 and "Jax Marrow recovers 2 strain" in ctl.encounter.log[-1].details
    # Medicine on the Agony (severity 2) by Mira: the healer is asked for, the injury is picked.
    with pytest.raises(ValueError, match="who treats Jax Marrow"):
        ctl.treat("heal_critical", JAX, dice=TypedDice(["ss"] * 4), choice="agony")
    history.push(ctl.treat("heal_critical", JAX, healer_id=MIRA, dice=TypedDice(["ss", "s", "s", "blank", "blank"]),
                           choice="agony"))
    assert jax.status["criticals"] == "head_blow~"            # its effect ended with the encounter; not healed
    assert ctl.encounter.log[-1].text.startswith("Dr. Mira Sol treats Jax Marrow: Medicine on a critical injury")
    # The weekly Resilience check against the Head blow (severity 2): Brawn 3, Resilience 2.
    history.push(ctl.treat("weekly_resilience", JAX, dice=TypedDice(["s", "s", "s", "blank", "blank"])))
    assert jax.status["criticals"] == ""
    # A night's rest: a wound, all strain, the day's stimpacks; no dice.
    history.push(ctl.treat("night_rest", JAX))
    assert (jax.status["wounds"], jax.status["strain"], jax.status["stimpacks"]) == (8, 0, 0)
    assert ctl.encounter.log[-1].text == "Jax Marrow: A night's rest"
    for _ in range(4):
        history.undo()
    assert campaign.model_dump() == start


def test_crisis_first_aid_is_its_one_treatment():
    campaign = Campaign.model_validate_json(resource("demo", "campaign.json").read_bytes())
    ctl = EncounterController(campaign, "enc-ridge", CrisisRuleset())
    (first_aid,) = ctl.treatments("cmb-ridge-ines")
    assert (first_aid.key, first_aid.label, first_aid.action_key) == ("first_aid", "First aid", "first_aid")
    assert first_aid.reason == "First aid is given in a fight, on the healer's turn"
    with pytest.raises(ValueError, match="First aid is given in a fight"):
        ctl.treat("first_aid", "cmb-ridge-ines", healer_id="cmb-ridge-vera", dice=TypedDice([9]))
    with pytest.raises(ValueError, match="no treatment 'night_rest'"):
        ctl.treat("night_rest", "cmb-ridge-ines")
