"""Imported adversaries' skills land on the campaign's skill list (the `skill_list` option): a speciality where the
list has it, the one skill covering it where it has that, a guess said in the notes, and a skill the list lacks kept
in the GM notes; weapons name the list's combat skill."""

from __future__ import annotations

import json

from crisis_desktop.controller.importing import read_characters
from crisis_desktop.rules.genesys import adversary_mapping as where
from crisis_desktop.rules.genesys import sheet, tables
from crisis_desktop.rules.registry import get_ruleset

RULES = get_ruleset("genesys")
PILOT = {"name": "Smuggler", "type": "Rival", "characteristics": {"Agility": 3},
         "skills": {"Piloting (Space)": 2, "Knowledge (Lore)": 1, "Melee (Light)": 1, "Ranged": 2, "Streetwise": 1,
                    "Lightsaber": 1, "Arcana": 3},
         "weapons": [{"name": "Vibroknife", "skill": "Melee (Light)", "damage": "+1", "critical": 2,
                      "range": "Engaged"}]}


def _imported(skill_list: str | None):  # type: ignore[no-untyped-def]
    options = {"skill_list": skill_list} if skill_list else None
    batch = read_characters(json.dumps([PILOT]), RULES, RULES.equipment_catalogue(), options)
    return batch.entries[0]


def _ranked(entry) -> dict[str, int]:  # type: ignore[no-untyped-def]
    skills = tables.skills()
    return {k: v for k, v in entry.character.stats.items() if k in skills and v}


def test_a_star_wars_campaign_keeps_the_specialities():
    entry = _imported("star_wars")
    assert _ranked(entry) == {"piloting_space": 2, "knowledge_lore": 1, "melee": 1, "ranged_heavy": 2, "lightsaber": 1,
                              "streetwise": 1}
    assert "skill Ranged taken as Ranged (Heavy)" in entry.notes
    assert "- skill Arcana: 3" in entry.character.gm_notes
    assert entry.character.equipment[0].stats["skill"] == "melee"


def test_a_fantasy_campaign_has_melee_light_and_one_ranged():
    entry = _imported("fantasy")
    # Knowledge (Lore) goes to the one Knowledge of the list.
    assert _ranked(entry) == {"melee_light": 1, "ranged": 2, "streetwise": 1, "knowledge": 1, "arcana": 3}
    assert not any(n.startswith("skill Ranged taken") for n in entry.notes)
    for kept in ("- skill Piloting (Space): 2", "- skill Lightsaber: 1"):
        assert kept in entry.character.gm_notes
    assert entry.character.equipment[0].stats["skill"] == "melee_light"


def test_a_campaign_without_a_list_imports_onto_the_classic_sheet_as_before():
    entry = _imported(None)
    assert _ranked(entry) == {"piloting": 2, "knowledge": 1, "melee": 1, "ranged_heavy": 2}
    assert {"- skill Streetwise: 1", "- skill Lightsaber: 1", "- skill Arcana: 3"} <= \
        set(entry.character.gm_notes.splitlines())


def test_each_list_maps_what_it_can():
    core = frozenset(sheet.skills_for({"skill_list": "core"}))
    assert where.skill_key("Melee (Heavy)", core) == ("melee_heavy", "")
    assert where.skill_key("Ranged", core) == ("ranged", "")
    assert where.skill_key("Pilot", frozenset(sheet.skills_for({"skill_list": "star_wars"}))) == \
        ("piloting_planetary", "skill Pilot taken as Piloting (Planetary)")
    assert where.skill_key("Knowledge", frozenset(sheet.skills_for({"skill_list": "star_wars"}))) == (None, "")
    assert where.weapon_skill("Lightsaber") == "lightsaber"         # a weapon may name any list's combat skill


def test_a_skill_of_the_gm_s_own_takes_its_ranks():
    entry = _imported_with({"skill_list": "star_wars", "added_fields": "Arcana lore | intellect | Knowledge skills"},
                           {"Arcana Lore": 2})
    assert entry.character.stats["arcana_lore"] == 2 and "Arcana Lore" not in entry.character.gm_notes


def _imported_with(options, skills):  # type: ignore[no-untyped-def]
    data = [{"name": "Sage", "type": "Rival", "skills": skills}]
    return read_characters(json.dumps(data), RULES, RULES.equipment_catalogue(), options).entries[0]
