"""The session of an open campaign: one controller per encounter, the encounter on show and the selection shared
by every place, and which changes are journaled at once (no Qt)."""

from __future__ import annotations

from test_encounter import classic_campaign, demo_campaign

from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.encounter_commands import AddEncounter
from crisis_desktop.controller.history import History
from crisis_desktop.controller.session import ENCOUNTER, SELECTION, CampaignSession
from crisis_desktop.domain.encounter import Encounter
from crisis_desktop.rules.kernel.dice import RandomDice


def test_one_controller_per_encounter_shared_by_whoever_asks():
    session = CampaignSession(demo_campaign())
    ridge = session.controller("enc-ridge")
    assert ridge is not None and session.controller("enc-ridge") is ridge
    assert session.controller("enc-ambush") is not ridge
    assert session.controller("no-such-encounter") is None and session.controller(None) is None
    session.show_encounter("enc-ridge")
    assert session.fight is ridge
    assert session.options == session.ruleset.options_with_defaults(session.campaign.rule_options)  # type: ignore[union-attr]


def test_listeners_hear_the_encounter_and_the_selection_once_per_change():
    session = CampaignSession(demo_campaign())
    heard: list[str] = []
    stop = session.listen(heard.append)
    session.show_encounter("enc-ambush")
    session.show_encounter("enc-ambush")          # no change, no call
    session.select("cmb-ambush-vera")
    session.select("cmb-ambush-vera")
    session.show_encounter("enc-ridge")           # a new encounter clears the selection
    assert heard == [ENCOUNTER, SELECTION, ENCOUNTER] and session.selected_id is None
    stop()
    session.select("cmb-ridge-vera")
    assert heard == [ENCOUNTER, SELECTION, ENCOUNTER]


def test_gone_encounters_are_forgotten():
    campaign = demo_campaign()
    session = CampaignSession(campaign)
    history = History(campaign)
    ridge = session.controller("enc-ridge")
    assert ridge is not None
    session.after_change(history.push(ridge.start(RandomDice(3))))
    assert session.controller("enc-ridge") is ridge
    extra = Encounter(name="Extra")
    history.push(AddEncounter(extra))
    session.show_encounter(extra.id)
    assert session.controller(extra.id) is not None
    changes = history.undo()
    session.after_change(changes)
    assert session.encounter_id is None and session.controller(extra.id) is None


def test_rules_that_cannot_load_are_said_and_give_no_controller():
    campaign = classic_campaign()
    campaign.ruleset = "no-such-rules"
    session = CampaignSession(campaign)
    assert session.ruleset is None and "no-such-rules" in session.rules_problem
    assert session.controller("enc") is None and session.options == {}
    campaign.ruleset = "crisis-classic"
    session.after_change(ChangeSet(campaign_fields=frozenset({"ruleset"})))
    assert session.ruleset is not None and session.controller("enc") is not None
