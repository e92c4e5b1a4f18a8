"""A short fight of every system with Attacks, played through the EncounterController by the same driver as the
fakes' (tests/fakes/drive.py): a duel of an armed PC against an NPC that cannot strike back is started, fought step
by step (every step the flow offers is allowed or says why not) until one side has nobody fighting, and ended; then
undone to the start and redone to the end, the campaign the same at each end."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.history import History
from crisis_desktop.domain.encounter import Side
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from tests.fakes.drive import controller, fight_to_the_end, standing
from tests.unit.simulate.duels import duel


def every_refusal_says_why(ctl) -> None:  # type: ignore[no-untyped-def]
    for offer in ctl.offers():
        assert offer.allowed or offer.reason, offer.label


@pytest.mark.when(lambda rules: rules.attacks is not None)
def test_a_short_fight_is_played_to_the_end_and_undone(ruleset_id: str) -> None:
    rules = get_ruleset(ruleset_id)
    campaign = duel(rules)
    before = campaign.model_dump(mode="json")
    ctl = controller(campaign, rules)
    history = History(campaign)
    steps = fight_to_the_end(ctl, history, RandomDice(3), every_step=every_refusal_says_why)
    assert steps > 0 and standing(ctl) == {Side.PARTY}
    assert not ctl.view.state_of("c-npc").fighting and ctl.view.state_of("c-pc").fighting
    assert not ctl.view.encounter.running
    after = campaign.model_dump(mode="json")
    while history.can_undo:
        history.undo()
    assert campaign.model_dump(mode="json") == before
    while history.can_redo:
        history.redo()
    assert campaign.model_dump(mode="json") == after
