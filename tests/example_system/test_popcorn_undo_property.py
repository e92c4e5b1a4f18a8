"""Hypothesis: random legal sequences of popcorn's picks, attacks, moves, wounds, joins and leaves, undone all, give
the start state exactly; redone, the end. Along the way nobody acts twice in a round and the flow names nobody gone."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Character, CharacterKind
from crisis_desktop.rules.kernel.dice import RandomDice
from tests.example_system.popcorn import PopcornRuleset
from tests.example_system.popcorn.demo import ENCOUNTER, popcorn_campaign
from tests.example_system.popcorn.sheet import weapon
from tests.fight_helpers import play_then_undo_and_redo
from tests.hypothesis_budget import examples

Intent = tuple[str, Callable[[], Command]]


def intents(ctl: EncounterController, dice: RandomDice) -> list[Intent]:
    encounter = ctl.view.encounter
    if encounter.ended:
        return []
    options: list[Intent] = []
    for o in ctl.offers():
        for actor in o.actors:
            def step(key: str = o.key, a: str = actor) -> Command:
                return ctl.step(key, a, None, dice)
            options += [("step", step)] * 4
    for cid in ctl.view.acting():
        for target in encounter.combatants:
            for item in ctl.preview.weapons(cid):
                if target.id != cid:
                    def attack(a: str = cid, w: str = item.id, t: str = target.id) -> Command:
                        return ctl.attack(ctl.preview.attack_request(a, w, t, override=True), dice)
                    options.append(("attack", attack))
        options.append(("move", lambda a=cid: ctl.take_action(a, "move")))
    if encounter.combatants:
        someone = encounter.combatants[-1]
        options.append(("wound", lambda c=someone.character_id: ctl.overrides.set_status(c, "wounds", 20)))
        if len(encounter.combatants) > 3:
            options.append(("leave", lambda c=someone.id: ctl.remove_combatant(c)))
    if not any(c.character_id == "ch-wolf" for c in encounter.combatants):
        options.append(("join", lambda: ctl.add_combatant("ch-wolf")))
    if encounter.round >= 2:
        options.append(("end", ctl.end_encounter))
    if ctl.can_rewind():
        options.append(("rewind", ctl.rewind_round))
    return options


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_undo_all_and_redo_all(data: st.DataObject) -> None:
    campaign = popcorn_campaign()
    campaign.characters.append(Character(id="ch-wolf", name="Wolf", kind=CharacterKind.NPC,
                                         stats={"agility": 3, "might": 2, "hit_points": 8, "defence": 12},
                                         equipment=[weapon("Bite", 6)]))
    history = History(campaign)
    ctl = EncounterController(campaign, ENCOUNTER, PopcornRuleset())
    start_state = campaign.model_dump()

    def sound() -> None:
        flow = ctl.view.state()
        acted = flow.get("acted", [])
        assert len(acted) == len(set(acted)), acted
        assert set(acted) | {flow.get("current")} - {None} <= {c.id for c in ctl.view.encounter.combatants}
        assert {r.combatant_id for r in ctl.view.order_rows()} - {None} <= {c.id for c in ctl.view.encounter.combatants}

    play_then_undo_and_redo(data, history, ctl, intents, start_state, sound)
