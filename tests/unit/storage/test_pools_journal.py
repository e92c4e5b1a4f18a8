"""The campaign's story points come back from the recovery journal after a crash, as the last change left them."""

from __future__ import annotations

from crisis_desktop.controller.history import History
from crisis_desktop.controller.pools import set_pools, start_session
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.rules.kernel.dice import RandomDice
from tests.unit.rules.genesys.people import RULES, campaign, jax, kara


def test_story_points_changed_after_the_save_are_recovered_from_the_journal(store, app_paths):
    path = app_paths.campaigns / "docks.json"
    store.save(campaign(kara(), jax(), options={"genesys_variant": "genesys"}), path)
    game = store.load(path)
    session = CampaignSession(game)
    session.journal_to(store.recovery.journal(path), path)
    history = History(game)
    command, _ = start_session(game, RULES, RandomDice(1), game.rule_options)
    session.record(history.push(command))
    session.record(history.push(set_pools(game, RULES, {"story_gm": 4}, game.rule_options)))
    session.record(history.undo())
    [offer] = store.recovery.list_recoveries()
    assert offer.campaign.pools == {"story_players": 2, "story_gm": 1} == game.pools
