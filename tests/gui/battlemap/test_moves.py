"""The map's move decision asks the ruleset's movement; rules without movement let tokens move freely."""

from __future__ import annotations

import json

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.crisis import CrisisRuleset
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.geometry import Terrain, parse_map
from crisis_desktop.rules.kernel.movement import Movement
from crisis_desktop.ui.battlemap.moves import decide_move, move_command


class NoMovementRules(CrisisRuleset):
    """Crisis with no movement rules: what a system without a Movement looks like to the map."""

    def movement(self) -> Movement | None:
        return None


def running(rules: CrisisRuleset) -> tuple[EncounterController, History, str]:
    campaign = Campaign.model_validate(json.loads(resource("demo", "campaign.json").read_text(encoding="utf-8")))
    ctl = EncounterController(campaign, "enc-ridge", rules)
    history = History(campaign)
    history.push(ctl.start(RandomDice(3)))
    return ctl, history, ctl.view.current_id()


def test_without_movement_rules_a_move_in_the_fight_is_free():
    ctl, _, cid = running(NoMovementRules())
    terrain = Terrain.of(parse_map("a" + "." * 30)[0])
    plan = decide_move(ctl, terrain, cid, (0, 0), (25, 0), ())
    assert plan.allowed and plan.action is None and plan.path.cost == 25
    assert plan.text == f"Place: 25 tiles, no AP (the {ctl.ruleset.name} rules give moves no cost)"


def test_with_movement_rules_the_plan_is_the_rulesets_and_the_command_spends_it():
    ctl, history, cid = running(CrisisRuleset())
    terrain = Terrain.of(parse_map("a" + "." * 30)[0])
    actor = ctl.view.actor(cid)
    plan = decide_move(ctl, terrain, cid, (0, 0), (1, 0), ())
    assert plan == ctl.ruleset.movement().plan_move(actor, terrain, (0, 0), (1, 0), (), ctl.view.options)
    assert plan.allowed and plan.action == "move"
    far = decide_move(ctl, terrain, cid, (0, 0), (30, 0), ())
    assert not far.allowed and "Run reaches" in far.text
    assert decide_move(ctl, terrain, cid, (0, 0), (1, 0), {(1, 0)}).text == "(1, 0) is taken"
    free = decide_move(ctl, terrain, cid, (0, 0), (30, 0), (), free=True)
    assert free.allowed and free.action is None and "GM reposition" in free.text
    log = len(ctl.view.encounter.log)
    command = move_command(ctl, "map-ridge-road", cid, (1, 0), plan)
    history.push(command)
    assert len(ctl.view.encounter.log) == log + 1 and "Move" in ctl.view.encounter.log[-1].text
