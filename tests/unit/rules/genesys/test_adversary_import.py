"""Importing the public Genesys adversary JSON format: each field shape and each kind of messiness maps to the
sheet's fields, what cannot is kept in the GM notes and the report, a file of another format is refused, and every
adversary imported fights a quick simulated fight."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.importing import AddCharacters, read_characters
from crisis_desktop.domain import Campaign, ItemKind
from crisis_desktop.rules.genesys import sheet
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.rules.genesys.adversary_data import generated, shapes

RULES = get_ruleset("genesys")


def _read(data: object):  # type: ignore[no-untyped-def]
    return read_characters(json.dumps(data), RULES, RULES.equipment_catalogue())


@pytest.fixture(scope="module")
def batch():  # type: ignore[no-untyped-def]
    return _read(shapes())


def _one(batch, name):  # type: ignore[no-untyped-def]
    return next(e for e in batch.entries if e.name == name)


def test_the_report_counts_each_kind_the_notes_and_the_refused(batch) -> None:
    assert batch.summary() == "5 imported (2 minions, 2 rivals, 1 nemesis), 5 with notes, 2 refused"
    report = batch.report()
    assert "refused entry 6: not an adversary (an object), but a stray line" in report
    assert "refused entry 7: it has no name" in report


def test_a_minion_group_with_skills_as_a_list(batch) -> None:
    entry = _one(batch, "Bandit Gang")
    c = entry.character
    assert entry.kind == "minion" and c.stats["adversary"] == "minion" and c.stats["group_size"] == 3
    assert [c.stats[k] for k in ("brawn", "agility", "intellect", "cunning", "willpower", "presence")] == \
        [3, 2, 2, 3, 2, 1]
    # Soak 4 is Brawn 3 + 1; wounds 5 per minion; defence [melee, ranged].
    assert (c.stats["extra_soak"], c.stats["wound_threshold"]) == (1, 5)
    assert (c.stats["extra_melee_defence"], c.stats["extra_ranged_defence"]) == (0, 1)
    assert RULES.sheet.derived(c, {})["soak"].value == 4
    assert RULES.sheet.derived(c, {})["wound_threshold"].value == 15          # 3 minions x 5
    assert (c.stats["melee"], c.stats["ranged_heavy"]) == (1, 1)               # group skills
    assert "skill Ranged taken as Ranged (Heavy)" in entry.notes
    assert "skill Streetwise: not mapped, kept in the GM notes" in entry.notes
    assert "- skill Streetwise: 1" in c.gm_notes
    club = c.equipment[0]
    assert club.stats | {} == {"skill": "melee", "damage": 2, "brawn_damage": True, "crit": 5, "range_band": "engaged",
                               "qualities": "Disorient 1, Ensnare 1, Auto-fire", "improvised": False, "ammo": None}
    assert "Club: quality 'Ensare 1' read as Ensnare" in entry.notes
    assert [(i.name, i.kind) for i in c.equipment[1:]] == [("Leather jerkin", ItemKind.GEAR)]
    assert c.tags == ["npc", "imported", "bandits", "road"]
    # Dice symbols written as the app writes them.
    assert c.notes == ("On a [Hard (3 difficulty dice)] Perception check, [advantage] spots their lookout; "
                       "[triumph] their leader.")


def test_a_rival_with_talents_abilities_and_each_weapon_shape(batch) -> None:
    entry = _one(batch, "Mercenary Captain")
    c = entry.character
    assert c.stats["adversary"] == "rival" and "strain_threshold" not in c.stats
    assert "a rival has no strain threshold (strain is taken as wounds): strain 12 kept in the GM notes" in entry.notes
    assert "- strain threshold: 12" in c.gm_notes
    assert (c.stats["melee"], c.stats["ranged_light"], c.stats["leadership"], c.stats["cool"]) == (2, 3, 2, 1)
    assert c.stats["talents"] == "Adversary 1, Quick Draw"
    assert "Quick Draw (talent): Draw a weapon as an incidental." in c.notes
    assert "Commanding (ability): Allies add [boost die] to checks." in c.notes
    assert "Tactician 2 (ability)" in c.notes
    weapons = {i.name: i for i in c.equipment if i.kind is ItemKind.WEAPON}
    pistol = weapons["Heavy pistol"].stats
    assert (pistol["skill"], pistol["damage"], pistol["brawn_damage"], pistol["crit"], pistol["range_band"],
            pistol["qualities"]) == ("ranged_light", 7, False, 3, "medium", "Pierce 1, Knockdown")
    assert "Heavy pistol: Knockdown has no rank: 2 left out" in entry.notes
    # An object with only a name, and a bare name, of catalogue items: the catalogue's numbers.
    sword = weapons["Sword"]
    assert (sword.stats["damage"], sword.stats["brawn_damage"], sword.stats["crit"]) == (2, True, 2)  # Brawn + 2
    assert sword.catalogue_id == "genesys-sword" and weapons["Knife"].catalogue_id == "genesys-knife"
    # A named-only weapon not in the catalogue is not carried, but kept.
    assert "Laser halberd" not in weapons
    assert "- weapon: Laser halberd" in c.gm_notes
    # A weapon written out as one text, with a misspelt quality.
    axe = weapons["Greataxe"].stats
    assert (axe["skill"], axe["damage"], axe["brawn_damage"], axe["crit"], axe["range_band"], axe["qualities"]) == \
        ("melee", 4, True, 3, "engaged", "Vicious 2, Cumbersome 3")


def test_a_nemesis_of_another_type_and_what_cannot_be_mapped(batch) -> None:
    entry = _one(batch, "The Lich Queen")
    c = entry.character
    assert entry.kind == "nemesis" and "type 'Apex Nemesis' taken as nemesis" in entry.notes
    assert (c.stats["strain_threshold"], c.stats["wound_threshold"], c.stats["extra_soak"]) == (25, 30, 3)
    assert RULES.sheet.derived(c, {})["strain_threshold"].value == 25
    assert (c.stats["melee"], c.stats["discipline"], c.stats["knowledge"]) == (3, 4, 5)
    assert c.stats["talents"] == "Adversary 3, Dark Gift"
    staff, grasp = c.equipment
    # Arcana is not a combat skill here; no damage; Long range.
    assert (staff.stats["skill"], staff.stats["damage"], staff.stats["range_band"], staff.stats["crit"]) == \
        ("ranged_heavy", 0, "long", 5)
    assert "Staff of Night: skill 'Arcana' is not a combat skill here: Ranged (Heavy) taken" in entry.notes
    assert "Staff of Night: no damage given: 0 taken" in entry.notes
    assert (grasp.stats["damage"], grasp.stats["brawn_damage"], grasp.stats["crit"]) == (0, True, 7)
    assert "Grasp: critical '—' not read: 7 taken" in entry.notes
    for kept in ("- skill Arcana: 4", "- field spells: [\"Curse\"]", "- Staff of Night skill: Arcana"):
        assert kept in c.gm_notes


def test_no_type_is_a_rival_with_a_note_and_damage_brawn_alone(batch) -> None:
    ghost = _one(batch, "Ghost")
    assert ghost.character.stats["adversary"] == "rival" and "type missing: taken as rival" in ghost.notes
    fists = _one(batch, "Street Tough").character.equipment[0].stats
    assert (fists["damage"], fists["brawn_damage"]) == (0, True)


def test_every_imported_character_is_legal_under_the_rules() -> None:
    for c in _read(shapes() + generated(60)).characters:
        assert RULES.sheet.validate_character(c) == [], c.name


@pytest.mark.parametrize(("data", "says"), [
    ({"name": "Sheet", "stats": {}}, "it holds one JSON object, not a list of adversaries"),
    ([], "the list is empty"),
    ([{"title": "a"}, {"title": "b"}, 3], "only 0 of its 3 entries look like adversaries"),
    ("text", "it is not a list of adversaries"),
])
def test_a_file_of_another_format_is_refused_saying_why(data, says) -> None:
    with pytest.raises(ValueError, match="not Genesys adversaries") as caught:
        _read(data)
    assert says in str(caught.value)


def test_a_file_that_is_not_json_is_refused() -> None:
    with pytest.raises(ValueError, match="it is not JSON"):
        read_characters(b"name: Orc", RULES, [])


def test_rules_without_an_importer_say_so() -> None:
    with pytest.raises(ValueError, match="import no other program's files"):
        read_characters(json.dumps(shapes()), get_ruleset("crisis"), [])


def test_the_import_is_one_undo_step() -> None:
    campaign = Campaign(name="T", ruleset="genesys")
    batch = _read(generated(30))
    command = AddCharacters(batch.characters, "Import 30 adversaries")
    changes = command.apply(campaign)
    assert [c.name for c in campaign.characters] == [f"Adversary {i}" for i in range(30)]
    assert len(changes.characters_added) == 30
    command.revert(campaign)
    assert campaign.characters == []


def test_every_imported_adversary_fights_a_quick_simulated_fight() -> None:
    from crisis_desktop.controller.simulate import simulate
    from crisis_desktop.domain.encounter import Combatant, Encounter, Side
    from tests.unit.simulate.equivalence import demo

    campaign = demo("genesys.json")
    pcs = [c for c in campaign.characters if c.kind.value == "pc"]
    adversaries = _read(shapes() + generated(9)).characters
    campaign.characters += adversaries
    for foe in adversaries:
        encounter = Encounter(name=f"vs {foe.name}", combatants=[
            *(Combatant(character_id=pc.id, side=Side.PARTY) for pc in pcs),
            Combatant(character_id=foe.id, side=Side.ENEMIES)])
        campaign.encounters.append(encounter)
        summary = simulate(campaign, encounter.id, RULES, runs=20, seed=1, processes=1, max_rounds=12)
        assert summary.runs == 20, foe.name
        assert sum(e.value for e in summary.wins.values()) == pytest.approx(1.0), foe.name
    assert sheet.COMBAT_SKILLS   # the weapon skills all come from this list
