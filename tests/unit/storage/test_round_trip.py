"""Property: any campaign saved and loaded again is equal to what was saved."""

from __future__ import annotations

import tempfile
from datetime import UTC, datetime
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from crisis_desktop.domain import (
    BattleMap,
    Campaign,
    Cell,
    Character,
    CharacterKind,
    Combatant,
    ConditionState,
    Encounter,
    EquipmentItem,
    GridKind,
    ItemKind,
    Side,
    Token,
)
from crisis_desktop.domain.battle_map import Cover
from crisis_desktop.domain.limits import MAX_NUMBER
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.storage.paths import AppPaths
from tests.hypothesis_budget import examples

names = st.text(min_size=1, max_size=40)
ids = st.uuids().map(lambda u: u.hex)
# Every value the model accepts: numbers within the domain's bound (no NaN or infinity, which it refuses).
stat_values = st.one_of(st.none(), st.booleans(), st.integers(-MAX_NUMBER, MAX_NUMBER),
                        st.floats(-MAX_NUMBER, MAX_NUMBER, allow_nan=False), st.text(max_size=20))
stats = st.dictionaries(st.text(max_size=15), stat_values, max_size=6)
items = st.builds(EquipmentItem, id=ids, name=names, kind=st.sampled_from(ItemKind), stats=stats,
                  tags=st.lists(st.text(max_size=10), max_size=3), notes=st.text(max_size=30),
                  catalogue_id=st.none() | ids, equipped=st.booleans())
conditions = st.builds(ConditionState, key=st.text(min_size=1, max_size=12),
                       rounds=st.none() | st.integers(0, 20), note=st.text(max_size=20))
characters = st.builds(Character, id=ids, kind=st.sampled_from(CharacterKind), name=names,
                       player=st.text(max_size=20), portrait=st.none() | st.text(max_size=30), stats=stats,
                       status=stats, equipment=st.lists(items, max_size=3, unique_by=lambda i: i.id),
                       conditions=st.lists(conditions, max_size=3), notes=st.text(max_size=60),
                       gm_notes=st.text(max_size=60), tags=st.lists(st.text(max_size=10), max_size=3))
coordinates = st.integers(0, 999)


def cells_within(width: int, height: int) -> st.SearchStrategy[list[Cell]]:
    """Painted cells of a map of that size (a map holds no cell outside itself)."""
    cell = st.builds(Cell, x=st.integers(0, width - 1), y=st.integers(0, height - 1), cover=st.sampled_from(Cover),
                     difficult=st.booleans(), penetrable=st.booleans(), zone=st.text(max_size=10))
    return st.lists(cell, max_size=8, unique_by=lambda c: (c.x, c.y))


battle_maps = st.tuples(st.integers(1, 1000), st.integers(1, 1000)).flatmap(
    lambda size: st.builds(BattleMap, id=ids, name=names, grid=st.sampled_from(GridKind),
                           width=st.just(size[0]), height=st.just(size[1]),
                           metres_per_cell=st.floats(0.1, 100), cells=cells_within(*size),
                           tokens=st.lists(st.builds(Token, combatant_id=ids, x=coordinates, y=coordinates),
                                           max_size=4)))
combatants = st.builds(Combatant, id=ids, character_id=ids, side=st.sampled_from(Side),
                       group=st.none() | st.text(max_size=10), setup=st.sampled_from([{}, {"surprised": True}]),
                       hidden=st.booleans(),
                       initiative=st.none() | st.integers(-5, 40), resources=stats)
encounters = st.builds(Encounter, id=ids, name=names, combatants=st.lists(combatants, max_size=4),
                       battle_map_id=st.none() | ids, notes=st.text(max_size=30), started=st.booleans(),
                       round=st.integers(0, 50),
                       flow=st.dictionaries(st.text(max_size=8), st.integers(0, 10) | st.lists(ids, max_size=3),
                                            max_size=3))
times = st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2100, 1, 1), timezones=st.just(UTC))
campaigns = st.builds(
    Campaign, id=ids, name=names, ruleset=st.sampled_from(["crisis", "crisis-classic"]),
    rule_options=stats, characters=st.lists(characters, max_size=4, unique_by=lambda c: c.id),
    encounters=st.lists(encounters, max_size=2, unique_by=lambda e: e.id),
    battle_maps=st.lists(battle_maps, max_size=2, unique_by=lambda m: m.id),
    equipment=st.lists(items, max_size=3, unique_by=lambda i: i.id), notes=st.text(max_size=200),
    created=times,
)


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(campaign=campaigns)
def test_save_then_load_gives_the_same_campaign(campaign):
    # A fresh folder per example (tmp_path is per test, not per example).
    with tempfile.TemporaryDirectory() as folder:
        store = CampaignStore(AppPaths(Path(folder)))
        path = store.paths.campaigns / "c.json"
        store.save(campaign, path)
        assert store.load(path) == campaign
        # A second save over it takes the backup path and still round-trips.
        store.save(campaign, path)
        assert CampaignStore(store.paths).load(path) == campaign
        assert len(store.list_backups(path)) == 1
