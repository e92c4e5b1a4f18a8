"""Whole Genesys characters: a PC's species, career and career skills with the experience each next rank costs,
experience, motivations and encumbrance; adversaries with the fields their type has (a strain threshold for a
nemesis only, a group size for a minion group only); Quick NPC of each type; a campaign saved before these fields
loads with no sheet problem."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.npc_builder import build_npc
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.domain import Campaign, CharacterKind, ItemKind
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.genesys import career, sheet, stats
from tests.unit.rules.genesys.people import RULES, gear, npc, pc

CAREER = "Athletics, Brawl, Melee, Ranged (Light), Perception, Resilience, Survival, Vigilance"


def kara(**extra):  # type: ignore[no-untyped-def]
    return pc("Kara", "Heavy pistol", "Padded armour", "Knife", brawn=2, melee=2, cool=1, career_skills=CAREER,
              species="Human", career="Soldier", xp_total=110, xp_spent=85, **extra)


def test_the_pc_sheet_has_the_story_and_experience_fields_beside_the_skills() -> None:
    fields = {f.key: f for f in RULES.sheet.character_fields()}
    for key in ("species", "career", "career_skills", "specialisations", "motivations", "xp_total", "xp_spent"):
        assert fields[key].kinds == frozenset({CharacterKind.PC}), key
    assert "melee" in fields and "ranged_light" in fields       # the skill fields are still there
    assert RULES.sheet.validate_character(kara(motivations="Strength: loyal")) == []


def test_the_next_rank_costs_five_times_the_new_rank_and_five_more_outside_the_career() -> None:
    k = kara()
    assert career.career_skills(k) == {"athletics", "brawl", "melee", "ranged_light", "perception", "resilience",
                                       "survival", "vigilance"}
    assert career.next_rank_cost(k, "melee") == 15          # career skill, rank 2 -> 3: 5 x 3
    assert career.next_rank_cost(k, "cool") == 15           # not a career skill, rank 1 -> 2: 5 x 2 + 5
    assert career.next_rank_cost(k, "athletics") == 5       # career, rank 0 -> 1
    assert career.next_rank_cost(k, "charm") == 10          # not career, 0 -> 1
    k.stats["melee"] = 5
    assert career.next_rank_cost(k, "melee") is None        # rank 5 is the top


def test_experience_available_and_overspent() -> None:
    derived = RULES.sheet.derived(kara(), {})
    assert derived["xp_available"].value == 25
    assert derived["xp_available"].explain() == "earned 110, spent -85 = 25"
    overspent = kara()
    overspent.stats["xp_spent"] = 130
    assert "Experience spent (130) is more than the total (110)" in RULES.sheet.notes(overspent)
    assert RULES.sheet.validate_character(overspent) == []


def test_encumbrance_against_five_plus_brawn_worn_armour_three_less() -> None:
    k = kara()
    loads = {"Heavy pistol": 2, "Padded armour": 4, "Knife": 1}
    for item in k.equipment:
        item.stats["encumbrance"] = loads[item.name]
    derived = RULES.sheet.derived(k, {})
    assert derived["encumbrance"].value == 4                 # 2 + (4 - 3 worn) + 1
    assert derived["encumbrance_threshold"].value == 7       # 5 + Brawn 2
    assert derived["encumbrance_threshold"].explain() == "base 5, Brawn +2 = 7"
    assert not any(n.startswith("Encumbered") for n in RULES.sheet.notes(k))
    k.equipment += gear("Assault rifle", "Sniper rifle")
    for item in k.equipment[-2:]:
        item.stats["encumbrance"] = 4 if item.name == "Assault rifle" else 3
    assert "Encumbered: 4 over the threshold" in " ".join(RULES.sheet.notes(k))
    assert RULES.sheet.validate_character(k) == []           # a load is said, never refused


def test_unknown_career_skills_are_said_not_refused() -> None:
    k = kara()
    k.stats["career_skills"] = "Melee, Basket weaving"
    assert career.career_skills(k) == {"melee"}
    assert "Career skills not in the skill list (kept, not marked): Basket weaving" in RULES.sheet.notes(k)
    assert RULES.sheet.validate_character(k) == []


@pytest.mark.parametrize(("kind", "strain", "group"), [("minion", False, True), ("rival", False, False),
                                                       ("nemesis", True, False)])
def test_each_adversary_type_has_its_own_fields(kind: str, strain: bool, group: bool) -> None:
    foe = npc("Foe", kind, strain_threshold=12, group_size=3)
    applies = {f.key for f in RULES.sheet.character_fields() if RULES.sheet.applies(f, foe)}
    assert ("strain_threshold" in applies) is strain
    assert ("group_size" in applies) is group
    assert not {"species", "career", "xp_total", "wound_base"} & applies
    assert ("strain_threshold" in sheet.derived(foe, {})) is strain
    # A field that does not apply is not checked: a rival's leftover strain threshold of 500 is no problem.
    foe.stats["strain_threshold"] = 500
    assert (RULES.sheet.validate_character(foe) == []) is not strain


def test_quick_npc_asks_the_adversary_type() -> None:
    spec = RULES.npc_kind_field()
    assert spec is not None and spec.choices == ("minion", "rival", "nemesis")
    assert [spec.choice_label(c) for c in spec.choices] == ["Minion group", "Rival", "Nemesis"]


def test_quick_npc_of_each_type_at_one_power_level() -> None:
    minion = build_npc(RULES, "Guards", 3, kind="minion")
    rival = build_npc(RULES, "Sergeant", 3, kind="rival")
    nemesis = build_npc(RULES, "Captain", 3, kind="nemesis")
    # Power 3: Brawn 3, Willpower 2, ranks 2 in Melee (npc.json's third tier).
    assert (stats.adversary(minion), stats.group_size(minion), minion.stats["wound_threshold"]) == ("minion", 3, 6)
    assert minion.stats["melee"] == 1 and "strain_threshold" not in minion.stats and "talents" not in minion.stats
    assert sheet.wound_threshold(minion).value == 18
    assert (stats.adversary(rival), rival.stats["wound_threshold"], rival.stats["melee"]) == ("rival", 16, 2)
    assert sheet.strain_threshold(rival) is None and "strain_threshold" not in rival.stats
    assert (stats.adversary(nemesis), nemesis.stats["wound_threshold"], nemesis.stats["strain_threshold"]) == \
        ("nemesis", 21, 15)
    assert nemesis.stats["melee"] == 3 and nemesis.stats["talents"] == "Adversary 2"
    for foe in (minion, rival, nemesis):
        assert RULES.sheet.validate_character(foe) == [], foe.name
        assert any(i.kind is ItemKind.WEAPON for i in foe.equipment)
        assert foe.stats["adversary"] in foe.tags
    assert nemesis.gm_notes == ("Quick NPC, power 3 as a nemesis, wound threshold 21, strain threshold 15, "
                                "Adversary 2: carries Sword, Assault rifle, Padded armour.")


def test_quick_npc_refuses_a_type_the_rules_do_not_have() -> None:
    with pytest.raises(ValueError, match="Adversary type must be one of Minion group, Rival, Nemesis; not 'boss'"):
        build_npc(RULES, "Boss", 3, kind="boss")
    # Without a type, the power level decides as before: 1 a minion group, 5 a nemesis.
    assert stats.adversary(build_npc(RULES, "Rabble", 1)) == "minion"
    assert stats.adversary(build_npc(RULES, "Tyrant", 5)) == "nemesis"


def test_a_campaign_saved_before_these_fields_loads_with_no_sheet_problem() -> None:
    data = json.loads(resource("demo", "genesys.json").read_text(encoding="utf-8"))
    new = {"species", "career", "career_skills", "specialisations", "motivations", "xp_total", "xp_spent"}
    for character in data["characters"]:
        character["stats"] = {k: v for k, v in character["stats"].items() if k not in new}
        for item in character["equipment"]:
            item["stats"].pop("encumbrance", None)
    old = Campaign.model_validate(data)
    assert CampaignSession(old).sheet_problems() == []
    jax = next(c for c in old.characters if c.name == "Jax Marrow")
    derived = RULES.sheet.derived(jax, {})
    assert "xp_available" not in derived and derived["encumbrance"].value == 0


def test_the_sheet_counts_wounds_and_strain_taken_against_the_thresholds() -> None:
    k = kara()
    k.status |= {"wounds": 4, "strain": 3}
    derived = RULES.sheet.derived(k, {})
    assert (derived["wound_threshold"].value, derived["wounds_taken"].value) == (12, 4)
    assert derived["wounds_taken"].explain() == "taken against the threshold 12 = 4"
    assert (derived["strain_threshold"].value, derived["strain_taken"].value) == (12, 3)
    assert RULES.sheet.derived_label("wounds_taken") == "Wounds taken"
    rival = npc("Rival", "rival", wound_threshold=14)
    rival.status |= {"wounds": 5}
    derived = RULES.sheet.derived(rival, {})
    assert derived["wounds_taken"].value == 5 and "strain_taken" not in derived
