"""Reading a running fight in tests (the order, the sequential flow's own state), and the undo property's driver."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import event
from hypothesis import strategies as st

from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.fight import FightView
from crisis_desktop.controller.history import History
from crisis_desktop.rules.kernel.dice import RandomDice


def order(fight: FightView) -> list[str]:
    """Combatant ids in the order the flow shows them (empty before the start)."""
    return [row.combatant_id for row in fight.order_rows() if row.combatant_id is not None]


def turn_index(fight: FightView) -> int:
    """Position of the current turn in the sequential flow's order."""
    return int(fight.state().get("index", 0))


def delayed(fight: FightView, combatant_id: str) -> bool:
    return combatant_id in fight.state().get("delayed", [])


def surprise_ids(fight: FightView) -> list[str]:
    return list(fight.state().get("surprise", []))


def on_overwatch(fight: FightView, combatant_id: str) -> bool:
    return bool(fight.combatant(combatant_id).resources.get("overwatch"))


Intents = Callable[[EncounterController, RandomDice], list[tuple[str, Callable[[], Command]]]]


def play_then_undo_and_redo(data: st.DataObject, history: History, ctl: EncounterController, intents: Intents,
                            start_state: dict[str, Any], after_step: Callable[[], None] = lambda: None) -> None:
    """The undo property's driver: start the fight, take up to 60 of the GM's possible intents at random (a
    refusal changes nothing), then undo all (the start state exactly) and redo all (the end state exactly)."""
    campaign = history.campaign
    dice = RandomDice(data.draw(st.integers(0, 10_000), label="seed"))
    history.push(ctl.start(dice))
    for _ in range(data.draw(st.integers(1, 60), label="steps")):
        choices = intents(ctl, dice)
        if not choices:
            break
        label, make = data.draw(st.sampled_from(choices), label="intent")
        try:
            command = make()
        except ValueError:
            continue  # refused by the rules with a reason: nothing changed
        history.push(command)
        event(label)
        after_step()
    event("ended" if ctl.view.encounter.ended else f"stopped in round {min(ctl.view.encounter.round, 3)}")
    end_state = campaign.model_dump()
    while history.can_undo:
        history.undo()
    assert campaign.model_dump() == start_state
    while history.can_redo:
        history.redo()
    assert campaign.model_dump() == end_state
