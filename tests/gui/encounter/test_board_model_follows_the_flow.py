"""The board model's word from the round flow follows a change to a character alone (found in review: a
combatant stunned from the Characters view kept "to act" under the slots flow)."""

from __future__ import annotations

from crisis_desktop.controller.character_commands import AddCharacterCondition
from crisis_desktop.controller.history import History
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.ui.models.board_model import COL_NAME, BoardModel
from tests.fakes.drive import fake_controller
from tests.fakes.tiny import tiny_campaign


def names(model: BoardModel) -> list[str]:
    return sorted(model.data(model.index(row, COL_NAME)) for row in range(model.rowCount()))


def test_a_character_only_change_updates_the_flow_status(qtmodeltester):
    campaign = tiny_campaign("fake-slots")
    ctl = fake_controller(campaign)
    history = History(campaign)
    for character in campaign.characters:
        history.push(ctl.add_combatant(character.id))
    history.push(ctl.start(RandomDice(2)))
    live = BoardModel()
    live.set_fight(ctl.view)
    qtmodeltester.check(live)
    bo = next(c for c in campaign.characters if c.name == "Bo")
    before = names(live)
    live.apply_changes(history.push(AddCharacterCondition(campaign, ctl.ruleset, bo.id, "stunned")))
    fresh = BoardModel()
    fresh.set_fight(ctl.view)
    assert names(live) == names(fresh) and names(live) != before
