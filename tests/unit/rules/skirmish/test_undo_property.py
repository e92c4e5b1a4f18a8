"""Hypothesis: random legal sequences of a skirmish fight on the demo's toll bridge (plans, phases, ranged attacks,
skirmishes of several a side, moves into the next area, actions, treatments, overrides, rewinds), undone all, give the
start state exactly; redone, the end."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crisis_desktop.controller.commands import Command, Macro
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.controller.map_commands import SetToken
from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.geometry import Terrain
from crisis_desktop.rules.skirmish import SkirmishRuleset
from tests.fight_helpers import play_then_undo_and_redo
from tests.hypothesis_budget import examples

# Cells to try a move to: each area of the bridge map and both banks.
GOALS = ((6, 8), (9, 7), (12, 9), (18, 10), (20, 2), (10, 2))


def bridge() -> tuple[EncounterController, History, dict]:
    campaign = Campaign.model_validate_json(resource("demo", "skirmish.json").read_bytes())
    ctl = EncounterController(campaign, "enc-bridge", SkirmishRuleset())
    return ctl, History(campaign), campaign.model_dump()


def moves(ctl: EncounterController, mover: str) -> list[tuple[str, Callable[[], Command]]]:
    battle_map, movement = ctl.preview.battle_map(), ctl.ruleset.movement()
    assert battle_map is not None and movement is not None
    cells = {t.combatant_id: (t.x, t.y) for t in battle_map.tokens}
    options: list[tuple[str, Callable[[], Command]]] = []
    for goal in GOALS:
        def move(g: tuple[int, int] = goal) -> Command:
            plan = movement.plan_move(ctl.view.actor(mover), Terrain.of(battle_map), cells[mover], g,
                                      set(cells.values()) - {cells[mover]}, ctl.view.options)
            if not plan.allowed:
                raise ValueError(plan.text)
            token = SetToken(battle_map.id, mover, g, "move")
            return Macro("move", [ctl.take_action(mover, plan.action), token]) if plan.action else token
        options.append(("move", move))
    return options


def intents(ctl: EncounterController, dice: RandomDice) -> list[tuple[str, Callable[[], Command]]]:
    encounter = ctl.view.encounter
    if encounter.ended:
        return []
    options: list[tuple[str, Callable[[], Command]]] = []
    planned = False
    for o in ctl.offers():
        if o.choices and planned:
            continue                 # one combatant's plans at a time, so the fight moves on to its phases
        planned = planned or bool(o.choices)
        for actor in o.actors or (None,):
            for choice in [c.key for c in o.choices] or [None]:
                def step(key: str = o.key, a: str | None = actor, c: str | None = choice) -> Command:
                    return ctl.step(key, a, c, dice)
                # Moving on weighs more, so fights reach the later phases and rounds.
                options += [(o.role.value, step)] * (4 if o.role.value == "advance" else 1)
    ids = [c.id for c in encounter.combatants]
    for current in ctl.view.acting():
        for action in ctl.actions(current):
            if action.allowed and action.action.key not in ("attack", "move"):
                options.append((action.action.key, lambda key=action.action.key, c=current: ctl.take_action(c, key)))
        options += moves(ctl, current)
        for item in ctl.preview.weapons(current):
            for target in ids:
                if target == current:
                    continue
                others = [i for i in ids if i not in (current, target)]
                for more in ([], others[:1], others[1:3]):
                    def attack(w: str = item.id, t: str = target, c: str = current, m: list[str] = more) -> Command:
                        return ctl.attack(ctl.preview.attack_request(c, w, t, more=[(i, {}) for i in m], override=True),
                                          dice)
                    options.append(("attack", attack))
    patient = ids[encounter.round % len(ids)]
    for t in ctl.healing.treatments(patient):
        options.append((t.key, lambda k=t.key, p=patient: ctl.healing.treat(k, p, healer_id=ids[0], dice=dice)))
    someone = encounter.combatants[0]
    options.append(("hurt", lambda: ctl.overrides.set_status(someone.character_id, "fatigue", 4)))
    if encounter.round >= 2:
        options.append(("end", ctl.end_encounter))
        if ctl.can_rewind():
            options.append(("rewind", ctl.rewind_round))
    return options


@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_skirmish_undo_all_and_redo_all(data: st.DataObject) -> None:
    ctl, history, start = bridge()
    play_then_undo_and_redo(data, history, ctl, intents, start)
