"""Hypothesis, per round shape: random legal sequences of steps, attacks, actions, overrides, joins and leaves,
undone all, give the start state exactly; redone, the end."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.rules.kernel.dice import RandomDice
from tests.fakes.drive import SHAPES, fake_controller
from tests.fakes.tiny import tiny_campaign
from tests.fight_helpers import play_then_undo_and_redo
from tests.hypothesis_budget import examples

Intent = tuple[str, Callable[[], Command]]


def intents(ctl: EncounterController, dice: RandomDice) -> list[Intent]:
    """Every kind of event the GM can cause now (the rules may still refuse some with a reason)."""
    encounter = ctl.view.encounter
    if encounter.ended:
        return []
    options: list[Intent] = []
    for o in ctl.offers():
        actors = o.actors or (None,)
        choices = [c.key for c in o.choices] or [None]
        for actor in actors:
            for choice in choices:
                def step(key: str = o.key, a: str | None = actor, c: str | None = choice) -> Command:
                    return ctl.step(key, a, c, dice)
                # Steps weigh more, so fights reach later rounds.
                options += [(o.role.value, step)] * 6
    for cid in ctl.view.acting():
        for target in encounter.combatants:
            if target.id != cid:
                def attack(a: str = cid, t: str = target.id) -> Command:
                    return ctl.attack(ctl.preview.attack_request(a, ctl.preview.weapons(a)[0].id, t), dice)
                options.append(("attack", attack))
        options.append(("shout", lambda a=cid: ctl.take_action(a, "shout")))
    someone = encounter.combatants[0] if encounter.combatants else None
    if someone is not None:
        character_id = someone.character_id
        options += [("wound", lambda: ctl.overrides.set_status(character_id, "lost", 2)),
                    ("stun", lambda: ctl.overrides.add_condition(character_id, "stunned", 1))]
        if len(encounter.combatants) > 3:
            options.append(("leave", lambda cid=someone.id: ctl.remove_combatant(cid)))
    if not any(c.character_id == "ch-toad" for c in encounter.combatants):
        options.append(("join", lambda: ctl.add_combatant("ch-toad")))
    if encounter.round >= 2:
        options.append(("end", ctl.end_encounter))
    if ctl.can_rewind():
        options.append(("rewind", ctl.rewind_round))
    return options


def run(data: st.DataObject, shape: str) -> None:
    campaign = tiny_campaign(f"fake-{shape}")
    club = EquipmentItem(name="Club", kind=ItemKind.WEAPON, stats={"damage": 1})
    campaign.characters.append(Character(id="ch-toad", name="Toad", kind=CharacterKind.NPC, equipment=[club]))
    history = History(campaign)
    ctl = fake_controller(campaign)
    start_state = campaign.model_dump()
    for character in campaign.characters[:4]:
        history.push(ctl.add_combatant(character.id))
    def orders_hold_no_stranger() -> None:
        assert {r.combatant_id for r in ctl.view.order_rows()} - {None} <= {c.id for c in ctl.view.encounter.combatants}

    play_then_undo_and_redo(data, history, ctl, intents, start_state, orders_hold_no_stranger)


@pytest.mark.parametrize("shape", SHAPES)
@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_undo_all_and_redo_all(shape: str, data: st.DataObject) -> None:
    run(data, shape)
