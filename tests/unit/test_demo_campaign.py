"""The bundled crisis data: equipment catalogue, demo campaign, bestiary, and the big-campaign generator.

Everything is loaded through the domain models, then checked against the rules notes
(docs: /work/shared/rules/NOTES.md, section `crisis`).
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from pydantic import TypeAdapter

from crisis_desktop.domain import SCHEMA_VERSION, Campaign, Character, CharacterKind, EquipmentItem, ItemKind

ROOT = Path(__file__).resolve().parents[2]
RESOURCES = ROOT / "crisis_desktop" / "resources"
CATALOGUE_FILE = RESOURCES / "rules" / "crisis" / "equipment.json"
DEMO_FILE = RESOURCES / "demo" / "campaign.json"
BESTIARY_FILE = RESOURCES / "bestiary" / "crisis.json"

DICE = {4, 6, 8, 10, 12}
ATTRIBUTES = {"body", "mind", "soul"}
SKILLS = {
    "athletics", "force", "heavy_weapons", "light_weapons", "lockpick", "melee", "operate", "stealth",
    "engineering", "explosives", "linguistics", "medicine", "politics", "science", "search", "survival",
    "bluffing", "command", "commerce", "empathy", "intimidate", "perform", "persuade", "tactics",
}

# The weapon table of the rules notes: name -> (damage, range, rof, cap, reload_ap, attack_ap, skill).
# Blank RNG is melee (0); blank RoF is 1; blank CAP / REL is None; attack_ap None means the usual 2 AP.
WEAPON_TABLE = {
    "Unarmed": ("Body - 2", 0, 1, None, None, None, "melee"),
    "Knife": ("Body", 0, 1, None, None, None, "melee"),
    "Baton": ("Body", 0, 1, None, None, None, "melee"),
    "Brass knuckles": ("Body", 0, 1, None, None, None, "melee"),
    "Sword": ("2 x Body", 0, 1, None, None, None, "melee"),
    "Pistol": ("d6", 4, 2, 7, 2, None, "light_weapons"),
    "SMG": ("d6", 4, 3, 25, 2, None, "light_weapons"),
    "Shotgun": ("2d6", 2, 1, 24, 1, 3, "light_weapons"),
    "Carbine": ("d10", 5, 3, 30, 2, None, "light_weapons"),
    "Battle Rifle": ("d12", 10, 1, 20, 2, None, "light_weapons"),
    "Sniper Rifle": ("2d12", 20, 1, 5, 1, 3, "light_weapons"),
    "Grenade": ("3d8", 4, 1, None, None, None, "athletics"),
    "RPG": ("4d8", 10, 1, None, None, 4, "heavy_weapons"),
}
WEAPON_TAGS = {"Shotgun": {"close_range"}, "Grenade": {"explosive", "thrown"}, "RPG": {"explosive"}}
AOE = {"Grenade": 2, "RPG": 3}
# name -> (durability, DR physical, fire, cold, acid)
ARMOUR_TABLE = {
    "Light Armour": (25, 4, 2, 4, 2),
    "Heavy Armour": (100, 8, 4, 2, 4),
    "Hazmat Suit": (50, 0, 4, 6, 8),
}
WEAPON_KEYS = {"skill", "damage", "hit", "range", "rof", "cap", "mag", "ammo", "reload_ap", "bulk",
               "aoe_radius", "attack_ap"}
ARMOUR_KEYS = {"dr_physical", "dr_fire", "dr_cold", "dr_acid", "durability_max", "durability"}

characters_adapter = TypeAdapter(list[Character])
items_adapter = TypeAdapter(list[EquipmentItem])


@pytest.fixture(scope="module")
def catalogue() -> list[EquipmentItem]:
    return items_adapter.validate_json(CATALOGUE_FILE.read_bytes())


@pytest.fixture(scope="module")
def demo() -> Campaign:
    return Campaign.model_validate_json(DEMO_FILE.read_bytes())


@pytest.fixture(scope="module")
def bestiary() -> list[Character]:
    return characters_adapter.validate_json(BESTIARY_FILE.read_bytes())


@pytest.fixture(scope="module")
def generator():  # type: ignore[no-untyped-def]
    path = ROOT / "tools" / "make_big_campaign.py"
    spec = importlib.util.spec_from_file_location("make_big_campaign", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def assert_legal_character(c: Character) -> None:
    for key, value in c.stats.items():
        if key in ATTRIBUTES or key in SKILLS:
            assert value in DICE and not isinstance(value, bool), f"{c.name}: {key} = {value!r}"
        elif key == "health_roll":
            assert c.kind is CharacterKind.PC, f"{c.name}: an NPC has no health roll"
        elif key == "difficulty":
            assert c.kind is CharacterKind.NPC, f"{c.name}: a PC has no difficulty"
        else:
            pytest.fail(f"{c.name}: unknown stat key {key!r}")
    assert c.stats.keys() >= ATTRIBUTES, f"{c.name} lacks an attribute"
    if c.kind is CharacterKind.PC:
        roll = c.stats["health_roll"]
        # a Body roll: at least 1; above the die's sides only when the die exploded
        assert isinstance(roll, int) and roll >= 1, f"{c.name}: health roll {roll!r}"
    else:
        dl = c.stats["difficulty"]
        assert isinstance(dl, int) and 1 <= dl <= 10, f"{c.name}: DL {dl!r}"
    assert set(c.status) == {"wounds", "nonlethal"}
    assert all(isinstance(v, int) and v >= 0 for v in c.status.values())
    ids = [item.id for item in c.equipment]
    assert len(ids) == len(set(ids)), f"{c.name} carries two items with one id"


def assert_items_from(items: list[EquipmentItem], catalogue: list[EquipmentItem]) -> None:
    by_id = {i.id: i for i in catalogue}
    for item in items:
        if item.catalogue_id is None:
            continue
        assert item.catalogue_id in by_id, f"{item.name}: unknown catalogue id {item.catalogue_id}"
        source = by_id[item.catalogue_id]
        assert item.id != source.id
        assert item.kind == source.kind and item.name == source.name
        # Carried copies keep the catalogue's stat keys; only the current state may differ.
        assert item.stats.keys() == source.stats.keys()
        for key in source.stats.keys() - {"ammo", "durability"}:
            assert item.stats[key] == source.stats[key], f"{item.name}: {key} changed"


# --------------------------------------------------------------------------- catalogue


def test_catalogue_has_every_weapon_and_armour_of_the_notes(catalogue):
    weapons = {i.name for i in catalogue if i.kind is ItemKind.WEAPON}
    armours = {i.name for i in catalogue if i.kind is ItemKind.ARMOUR}
    assert weapons == set(WEAPON_TABLE)
    assert armours == set(ARMOUR_TABLE)
    ids = [i.id for i in catalogue]
    assert len(ids) == len(set(ids))
    assert all(i.id.startswith("crisis-") for i in catalogue)
    assert all(i.catalogue_id is None for i in catalogue)


@pytest.mark.parametrize("name", sorted(WEAPON_TABLE))
def test_weapon_rows_match_the_table(catalogue, name):
    item = next(i for i in catalogue if i.name == name)
    s = item.stats
    assert s.keys() == WEAPON_KEYS
    damage, rng, rof, cap, reload_ap, attack_ap, skill = WEAPON_TABLE[name]
    assert (s["damage"], s["range"], s["rof"], s["cap"], s["reload_ap"], s["attack_ap"], s["skill"]) == (
        damage, rng, rof, cap, reload_ap, attack_ap, skill)
    assert s["hit"] == 0
    assert s["aoe_radius"] == AOE.get(name, 0)
    assert set(item.tags) == WEAPON_TAGS.get(name, set())
    assert isinstance(s["bulk"], int) and s["bulk"] >= 0
    if cap is None:
        assert s["mag"] is None and s["ammo"] is None
    else:
        assert s["ammo"] == cap and s["mag"] == 2


@pytest.mark.parametrize("name", sorted(ARMOUR_TABLE))
def test_armour_rows_match_the_notes(catalogue, name):
    s = next(i for i in catalogue if i.name == name).stats
    assert s.keys() == ARMOUR_KEYS
    durability, phys, fire, cold, acid = ARMOUR_TABLE[name]
    assert (s["durability_max"], s["durability"]) == (durability, durability)
    assert (s["dr_physical"], s["dr_fire"], s["dr_cold"], s["dr_acid"]) == (phys, fire, cold, acid)


# --------------------------------------------------------------------------- demo campaign


def test_demo_is_a_crisis_campaign_with_default_options(demo, catalogue):
    assert demo.schema_version == SCHEMA_VERSION
    assert demo.ruleset == "crisis"
    assert demo.rule_options == {}
    assert demo.equipment == catalogue
    raw = json.loads(DEMO_FILE.read_text(encoding="utf-8"))
    assert raw["created"].endswith("Z") and raw["modified"].endswith("Z")


def test_demo_has_four_distinct_pcs_and_six_npcs(demo):
    pcs = [c for c in demo.characters if c.kind is CharacterKind.PC]
    npcs = [c for c in demo.characters if c.kind is CharacterKind.NPC]
    assert len(pcs) == 4 and len(npcs) == 6
    assert all(pc.player for pc in pcs)
    assert len({pc.player for pc in pcs}) == 4
    assert any(pc.stats.get("medicine") == 10 for pc in pcs)
    assert all(pc.status == {"wounds": 0, "nonlethal": 0} for pc in pcs)
    for pc in pcs:
        assert 1 <= pc.stats["health_roll"] <= pc.stats["body"]
    assert {"pc-vera", "npc-wolf"} <= {c.id for c in demo.characters}


def test_the_wolf_is_the_notes_example(demo, bestiary):
    for wolf in (demo.character("npc-wolf"), next(c for c in bestiary if c.name == "Wolf")):
        assert wolf.kind is CharacterKind.NPC
        assert wolf.stats == {"difficulty": 1, "body": 8, "mind": 4, "soul": 4,
                              "melee": 6, "stealth": 8, "search": 6, "survival": 6}
        bite = next(i for i in wolf.equipment if i.name == "Bite")
        assert bite.kind is ItemKind.WEAPON
        assert bite.stats["skill"] == "melee" and bite.stats["damage"] == "d8"
        assert "wolf" in wolf.tags


def test_demo_npcs_as_briefed(demo):
    def weapons(cid: str) -> set[str | None]:
        return {i.catalogue_id for i in demo.character(cid).equipment}

    dl = {c.id: c.stats["difficulty"] for c in demo.characters if c.kind is CharacterKind.NPC}
    assert dl == {"npc-wolf": 1, "npc-guard-dog": 2, "npc-raider-rask": 3, "npc-raider-jory": 3,
                  "npc-raider-boss": 5, "npc-corp-sniper": 6}
    assert {"crisis-pistol", "crisis-knife"} <= weapons("npc-raider-rask")
    assert {"crisis-carbine", "crisis-armour-light"} <= weapons("npc-raider-boss")
    assert "crisis-sniper-rifle" in weapons("npc-corp-sniper")


def test_every_character_is_legal(demo, bestiary):
    for c in [*demo.characters, *bestiary]:
        assert_legal_character(c)
        assert c.equipment, f"{c.name} carries nothing"
        assert c.tags and c.notes


def test_carried_items_come_from_the_catalogue(demo, bestiary, catalogue):
    for c in [*demo.characters, *bestiary]:
        assert_items_from(c.equipment, catalogue)
    carried = [i for c in demo.characters for i in c.equipment]
    assert sum(i.catalogue_id is not None for i in carried) >= 15


def test_encounters_point_at_characters(demo):
    char_ids = {c.id for c in demo.characters}
    assert {e.id for e in demo.encounters} == {"enc-ridge", "enc-ambush"}
    for enc in demo.encounters:
        assert not enc.started and enc.round == 0
        ids = [cb.id for cb in enc.combatants]
        assert len(ids) == len(set(ids))
        for cb in enc.combatants:
            assert cb.character_id in char_ids
            assert cb.initiative is None and cb.resources == {}
            is_pc = demo.character(cb.character_id).kind is CharacterKind.PC
            assert (cb.side == "party") == is_pc

    ridge = demo.encounter("enc-ridge")
    assert ridge.name == "Wolves at the Ridge"
    assert {cb.character_id for cb in ridge.combatants if cb.group == "pack"} == {"npc-wolf", "npc-guard-dog"}

    ambush = demo.encounter("enc-ambush")
    assert ambush.name == "Raider Ambush"
    assert {cb.character_id for cb in ambush.combatants if cb.group == "raiders"} == {
        "npc-raider-rask", "npc-raider-jory", "npc-raider-boss"}
    assert [cb.character_id for cb in ambush.combatants if cb.hidden] == ["npc-corp-sniper"]
    party = [cb for cb in ambush.combatants if cb.side == "party"]
    assert len(party) == 4 and any(cb.setup.get("surprised") for cb in party) \
        and not all(cb.setup.get("surprised") for cb in party)
    assert ambush.battle_map_id == "map-ridge-road"


def test_battle_map_terrain_and_tokens(demo):
    (bmap,) = demo.battle_maps
    assert (bmap.id, bmap.name, bmap.grid, bmap.width, bmap.height, bmap.metres_per_cell) == (
        "map-ridge-road", "Ridge Road", "square", 24, 16, 1.5)
    for cell in bmap.cells:
        assert 0 <= cell.x < bmap.width and 0 <= cell.y < bmap.height
    covers = {(c.cover, c.penetrable) for c in bmap.cells}
    assert {("heavy", False), ("light", True), ("total", False)} <= covers
    assert any(c.difficult for c in bmap.cells)

    linked = [e for e in demo.encounters if e.battle_map_id == bmap.id]
    combatants = {cb.id for e in linked for cb in e.combatants}
    walls = {(c.x, c.y) for c in bmap.cells if c.cover == "total"}
    assert {t.combatant_id for t in bmap.tokens} == combatants
    places = [(t.x, t.y) for t in bmap.tokens]
    assert len(places) == len(set(places)), "two tokens on one cell"
    for t in bmap.tokens:
        assert 0 <= t.x < bmap.width and 0 <= t.y < bmap.height
        assert (t.x, t.y) not in walls


def test_demo_round_trips_unchanged(demo):
    assert Campaign.model_validate_json(demo.model_dump_json()) == demo


# --------------------------------------------------------------------------- bestiary


def test_bestiary_holds_the_wolf_and_human_opponents(bestiary):
    assert all(c.kind is CharacterKind.NPC for c in bestiary)
    names = {c.name for c in bestiary}
    assert {"Wolf", "Thug", "Raider", "Soldier", "Sniper", "Officer"} <= names
    ids = [c.id for c in bestiary]
    assert len(ids) == len(set(ids))


# --------------------------------------------------------------------------- generator


@pytest.mark.parametrize("n", [0, 1, 37, 300])
def test_generator_makes_exactly_n_valid_characters(generator, catalogue, n):
    data = generator.make_campaign(n, seed=7)
    campaign = Campaign.model_validate(data)
    assert len(campaign.characters) == n
    assert campaign.ruleset == "crisis" and campaign.equipment == catalogue
    for c in campaign.characters:
        assert_legal_character(c)
        assert_items_from(c.equipment, catalogue)
    char_ids = {c.id for c in campaign.characters}
    for enc in campaign.encounters:
        assert all(cb.character_id in char_ids for cb in enc.combatants)
    maps = {m.id: m for m in campaign.battle_maps}
    for enc in campaign.encounters:
        if enc.battle_map_id is not None:
            bmap = maps[enc.battle_map_id]
            assert {t.combatant_id for t in bmap.tokens} <= {cb.id for cb in enc.combatants}
            assert all(0 <= t.x < bmap.width and 0 <= t.y < bmap.height for t in bmap.tokens)
    if n >= 300:
        kinds = {c.kind for c in campaign.characters}
        assert kinds == {CharacterKind.PC, CharacterKind.NPC}
        assert campaign.encounters and campaign.battle_maps


def test_generator_is_deterministic(generator):
    first = json.dumps(generator.make_campaign(120, seed=3), sort_keys=True)
    assert first == json.dumps(generator.make_campaign(120, seed=3), sort_keys=True)
    assert first != json.dumps(generator.make_campaign(120, seed=4), sort_keys=True)


def test_generator_command_line(generator, tmp_path):
    out = tmp_path / "big.json"
    assert generator.main(["25", str(out), "--seed", "2"]) == 0
    campaign = Campaign.model_validate_json(out.read_bytes())
    assert len(campaign.characters) == 25
    assert json.loads(out.read_text(encoding="utf-8")) == generator.make_campaign(25, seed=2)
