"""A running fight with nobody left who can act (every fighter deleted, all out of the fight, or gone from a
hand-edited file) offers no step of its round flow, has nobody acting, and ends cleanly: for every round shape."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.character_commands import delete_characters
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.fight import NOBODY_LEFT
from crisis_desktop.controller.history import History
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.flows import StepOffer
from tests.fakes.drive import SHAPES, fake_controller, next_step
from tests.fakes.tiny import HIT_POINTS, tiny_campaign


def running(shape: str) -> tuple[EncounterController, History, list[StepOffer]]:
    """A fight two steps in, and the steps it offered then."""
    campaign = tiny_campaign(f"fake-{shape}")
    ctl, history = fake_controller(campaign), History(campaign)
    for character in campaign.characters:
        history.push(ctl.add_combatant(character.id))
    dice = RandomDice(3)
    history.push(ctl.start(dice))
    for _ in range(2):
        key, actor, choice = next_step(ctl)  # type: ignore[misc]
        history.push(ctl.step(key, actor, choice, dice))
    offered = ctl.offers()
    assert any(o.allowed for o in offered)
    return ctl, history, offered


def assert_only_the_end_is_left(ctl: EncounterController, offered: list[StepOffer]) -> None:
    assert ctl.offers() == [] and ctl.view.acting() == () and ctl.view.current_id() is None
    assert not any(ctl.view.may_act(c.id) for c in ctl.view.encounter.combatants)
    for o in offered:
        with pytest.raises(ValueError, match=f"^{NOBODY_LEFT}$"):
            ctl.step(o.key, o.actors[0] if o.actors else None, o.choices[0].key if o.choices else None,
                     RandomDice(1))
    for combatant in ctl.view.encounter.combatants:
        with pytest.raises(ValueError, match=f"^{NOBODY_LEFT}$"):
            ctl.take_action(combatant.id, "shout")


@pytest.mark.parametrize("shape", SHAPES)
def test_a_fight_whose_fighters_were_all_deleted_offers_nothing_and_ends(shape):
    ctl, history, offered = running(shape)
    campaign = ctl.campaign
    before = campaign.model_dump()
    history.push(delete_characters(campaign, [c.id for c in campaign.characters], ctl.ruleset))
    assert ctl.view.encounter.combatants == [] and ctl.view.order_rows() == []
    assert_only_the_end_is_left(ctl, offered)
    history.push(ctl.end_encounter())
    assert ctl.view.encounter.ended and ctl.view.encounter.log[-1].kind == "end"
    history.undo()
    history.undo()
    assert campaign.model_dump() == before
    assert [o.key for o in ctl.offers()] == [o.key for o in offered]


@pytest.mark.parametrize("shape", SHAPES)
def test_a_fight_whose_fighters_are_all_out_offers_nothing_and_ends(shape):
    ctl, history, offered = running(shape)
    for character in ctl.campaign.characters:
        history.push(ctl.overrides.set_status(character.id, "lost", HIT_POINTS))
    assert all(ctl.view.out_of_fight(c.id) for c in ctl.view.encounter.combatants)
    # Everyone is still listed, as the rules see them; nobody takes a turn.
    assert len({r.combatant_id for r in ctl.view.order_rows()} - {None}) == len(ctl.view.encounter.combatants)
    assert_only_the_end_is_left(ctl, offered)
    history.undo()  # the last one back on its feet: the fight goes on
    assert ctl.offers() and any(o.allowed for o in ctl.offers())
    history.redo()
    history.push(ctl.end_encounter())
    assert ctl.view.encounter.ended and any(": Out" in line for line in ctl.view.encounter.log[-1].details)


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("gone", ["characters", "combatants"])
def test_a_file_whose_fight_names_only_fighters_that_are_gone_ends_cleanly(shape, gone):
    ctl, history, offered = running(shape)
    # As a hand-edited file might hold it: the flow's state still names them.
    if gone == "characters":
        ctl.campaign.characters.clear()
    else:
        ctl.view.encounter.combatants.clear()
    assert ctl.view.order_rows() == [] and ctl.view.round_label()
    assert_only_the_end_is_left(ctl, offered)
    history.push(ctl.end_encounter())
    assert ctl.view.encounter.ended
