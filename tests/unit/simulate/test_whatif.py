"""What if: more or fewer of one kind of enemy, one NPC at another level, on a copy of the campaign."""

from __future__ import annotations

from pathlib import Path

import pytest

from crisis_desktop.controller.simulate import simulate
from crisis_desktop.controller.simulate.whatif import Change, apply_change, enemy_kinds, leveled_npcs
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_file import parse_campaign_bytes


@pytest.fixture
def demo():
    campaign = parse_campaign_bytes(resource("demo", "campaign.json").read_bytes(), Path("campaign.json"))
    encounter = next(e for e in campaign.encounters if e.name == "Raider Ambush")
    return campaign, encounter.id


def test_more_of_a_kind_are_copies_with_their_own_sheets_and_tokens(demo):
    campaign, enc = demo
    before = campaign.model_dump()
    kinds = enemy_kinds(campaign, enc)
    assert [k.name for k in kinds] == ["Rask", "Jory", "Mother Kell", "Halvorsen"]
    changed = apply_change(campaign, enc, get_ruleset("crisis"), Change(kind="Rask", count=3))
    assert campaign.model_dump() == before
    rasks = [k for k in enemy_kinds(changed, enc) if k.name.startswith("Rask")]
    assert [k.name for k in rasks] == ["Rask", "Rask 2", "Rask 3"]
    encounter = changed.encounter(enc)
    ids = [c.character_id for c in encounter.combatants]
    assert len(ids) == len(set(ids)) == 10
    battle_map = next(m for m in changed.battle_maps if m.id == encounter.battle_map_id)
    cells = [(t.x, t.y) for t in battle_map.tokens]
    assert len(cells) == len(set(cells))
    assert {c.id for c in encounter.combatants} <= {t.combatant_id for t in battle_map.tokens}


def test_none_of_a_kind_takes_them_and_their_tokens_out(demo):
    campaign, enc = demo
    changed = apply_change(campaign, enc, get_ruleset("crisis"), Change(kind="Halvorsen", count=0))
    assert "Halvorsen" not in [k.name for k in enemy_kinds(changed, enc)]


def test_an_npc_at_another_level_is_built_by_the_rules(demo):
    campaign, enc = demo
    ruleset = get_ruleset("crisis")
    npcs = leveled_npcs(campaign, enc, ruleset)
    cid, name, level = npcs[0]
    changed = apply_change(campaign, enc, ruleset, Change(combatant_id=cid, level=level + 2))
    again = leveled_npcs(changed, enc, ruleset)
    assert again[0] == (cid, name, level + 2)
    with pytest.raises(ValueError, match="Difficulty"):
        apply_change(campaign, enc, ruleset, Change(combatant_id=cid, level=999))


def test_the_same_seed_tells_apart_a_harder_fight(demo):
    campaign, enc = demo
    ruleset = get_ruleset("crisis")
    wolves = next(e for e in campaign.encounters if e.name == "Wolves at the Ridge").id
    harder = apply_change(campaign, wolves, ruleset, Change(kind="Wolf", count=6))
    base = simulate(campaign, wolves, ruleset, runs=30, seed=2, processes=1)
    more = simulate(harder, wolves, ruleset, runs=30, seed=2, processes=1)
    assert more.mean_rounds.value > base.mean_rounds.value
