"""The battle map read by every system with Attacks: between two tokens, Measure, the Measure tool between their
cells and the attack read the map once and alike (the target and attack inputs the map fixes stand in the attack's
request); next to each other, a PC's melee attack (where the catalogue has a melee weapon) is not refused by the
map, and its preview prices it."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.map_commands import SetToken
from crisis_desktop.controller.simulate.engine import FightPlayer
from crisis_desktop.controller.simulate.fight import SimController
from crisis_desktop.domain import BattleMap, ItemKind
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.simulate.duels import duel

PC_CELL, NEXT_TO_IT, FAR = (3, 3), (4, 3), (12, 9)


def on_a_map(ruleset_id: str, npc_cell: tuple[int, int]) -> SimController:
    """The duel on an open map of 16 x 12 cells, the PC's token at PC_CELL, the NPC's at `npc_cell`, started and moved
    on until the PC may act."""
    rules = get_ruleset(ruleset_id)
    campaign = duel(rules)
    battle_map = BattleMap(name="Open ground", width=16, height=12)
    campaign.battle_maps.append(battle_map)
    campaign.encounter("enc").battle_map_id = battle_map.id
    SetToken(battle_map.id, "c-pc", PC_CELL, "place").apply(campaign)
    SetToken(battle_map.id, "c-npc", npc_cell, "place").apply(campaign)
    ctl = SimController(campaign, "enc", rules)
    ctl.commands.start(RandomDice(0))
    for _ in range(20):
        if ctl.view.may_act("c-pc"):
            break
        step = FightPlayer._next_step(ctl)
        assert step is not None
        ctl.commands.step(step[0], step[1], step[2], RandomDice(0))
    assert ctl.view.may_act("c-pc"), "the PC never got to act"
    return ctl


@pytest.mark.when(lambda rules: rules.attacks is not None)
@pytest.mark.parametrize("npc_cell", [NEXT_TO_IT, FAR], ids=["next-to-it", "far"])
def test_measure_and_the_attack_read_the_map_alike(ruleset_id: str, npc_cell: tuple[int, int]) -> None:
    ctl = on_a_map(ruleset_id, npc_cell)
    weapon = ctl.preview.weapons("c-pc")[0]
    found = ctl.preview.measure("c-pc", "c-npc", weapon.id)
    assert found is not None and found.lines
    assert found.reach == max(abs(npc_cell[0] - PC_CELL[0]), abs(npc_cell[1] - PC_CELL[1]))
    tool = ctl.preview.measure_cells(PC_CELL, npc_cell, weapon)
    assert tool is not None and tool.lines == found.lines and tool.inputs == found.inputs
    assert ctl.preview.map_inputs("c-pc", weapon.id, "c-npc") == found.inputs
    assert ctl.preview.map_attack_inputs("c-pc", weapon.id, "c-npc") == found.attack_inputs
    request = ctl.preview.attack_request("c-pc", weapon.id, "c-npc")
    assert found.inputs.items() <= dict(request.targets[0].inputs).items()
    assert found.attack_inputs.items() <= dict(request.inputs).items()
    for refusal in ctl.preview.map_refusals("c-pc", weapon.id, "c-npc"):
        assert refusal.strip(), "a refusal of the map says why"


def has_melee(rules: Ruleset) -> bool:
    """A weapon of the catalogue without a range: the duel arms the PC with one."""
    return rules.attacks is not None and any(
        item.kind is ItemKind.WEAPON and rules.attacks.weapon_range(item) is None
        for item in rules.equipment_catalogue())


@pytest.mark.when.with_args(has_melee)
def test_a_melee_attack_next_to_the_target_is_not_refused_by_the_map(ruleset_id: str) -> None:
    ctl = on_a_map(ruleset_id, NEXT_TO_IT)
    weapon = ctl.preview.weapons("c-pc")[0]
    assert ctl.preview.map_refusals("c-pc", weapon.id, "c-npc") == []
    preview = ctl.preview.attack_preview(ctl.preview.attack_request("c-pc", weapon.id, "c-npc"))
    assert preview.cannot is None, preview.cannot
    assert preview.odds is not None and 0 < preview.odds.hit <= 1
