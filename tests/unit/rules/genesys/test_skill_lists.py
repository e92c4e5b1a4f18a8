"""Skills per setting: a campaign picks its skill list (rule option `skill_list`); the sheet, the Check dialog and a
stat the GM sets follow it; every skill has its characteristic and kind; the combat skills of every list are the
ones weapons name and fight as melee or ranged; a campaign that chose none keeps the 25 skills it had."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.character_commands import SetStat
from crisis_desktop.rules.base import AttackRequest, AttackTarget
from crisis_desktop.rules.genesys import combat, tables
from tests.unit.rules.genesys.people import RULES, actor, campaign, gear, kara, pc, thugs

CLASSIC_25 = ["athletics", "cool", "coordination", "discipline", "driving", "mechanics", "medicine", "perception",
              "piloting", "resilience", "skulduggery", "stealth", "survival", "vigilance", "charm", "coercion",
              "deception", "leadership", "negotiation", "knowledge", "brawl", "melee", "ranged_light", "ranged_heavy",
              "gunnery"]


def skill_keys(options) -> list[str]:
    return [f.key for f in RULES.sheet.campaign_fields(options) if f.key in tables.skills()]


def test_a_campaign_that_chose_no_list_keeps_its_25_skills_exactly():
    assert skill_keys({}) == CLASSIC_25
    assert list(RULES.sheet.campaign_fields({})) == list(RULES.sheet.character_fields())


def test_every_skill_of_every_list_has_a_characteristic_and_a_kind():
    characteristics = {c.key for c in tables.characteristics()}
    for skill in tables.skills().values():
        assert skill.characteristic in characteristics
        assert skill.kind in ("general", "combat", "social", "knowledge", "magic")
        assert (skill.kind == "combat") == (skill.combat is not None), skill.key
    assert set(tables.skill_lists()) == {"classic", "core", "fantasy", "science_fiction", "modern", "star_wars"}


@pytest.mark.parametrize(("setting", "has", "lacks"), [
    ("core", ["alchemy", "astrocartography", "computers", "operating", "riding", "streetwise", "arcana", "divine",
              "primal", "melee_light", "melee_heavy", "ranged", "ranged_light", "ranged_heavy"], ["astrogation"]),
    ("fantasy", ["alchemy", "riding", "arcana", "divine", "primal", "melee_light", "melee_heavy", "ranged"],
     ["computers", "driving", "gunnery", "ranged_light", "melee"]),
    ("science_fiction", ["astrocartography", "computers", "operating", "gunnery", "ranged_light"],
     ["arcana", "riding", "melee_light"]),
    ("modern", ["computers", "driving", "streetwise", "ranged_heavy"], ["astrocartography", "arcana"]),
    ("star_wars", ["astrogation", "piloting_planetary", "piloting_space", "lightsaber", "knowledge_core_worlds",
                   "knowledge_xenology"], ["piloting", "knowledge", "arcana"]),
])
def test_each_setting_lists_its_own_skills(setting, has, lacks):
    keys = skill_keys({"skill_list": setting})
    assert set(has) <= set(keys) and not set(lacks) & set(keys)
    assert len(keys) == len(set(keys))


def test_the_star_wars_and_magic_skills_roll_with_their_characteristics():
    named = {s.name: (s.characteristic, s.kind) for s in tables.skills().values()}
    assert named["Astrogation"] == ("intellect", "general")
    assert named["Lightsaber"] == ("brawn", "combat")
    assert named["Piloting (Space)"] == ("agility", "general")
    assert named["Knowledge (Outer Rim)"] == ("intellect", "knowledge")
    assert (named["Arcana"], named["Divine"], named["Primal"]) == \
        (("intellect", "magic"), ("willpower", "magic"), ("cunning", "magic"))


def test_the_check_dialog_offers_the_campaigns_list_and_any_skill_ranked_off_it():
    mage = pc("Ysolde", willpower=3, divine=2, computers=1)
    offered = [key for key, _ in RULES.checks.check_skills(mage, {"skill_list": "fantasy"})]
    assert offered[:6] == [c.key for c in tables.characteristics()]
    assert "divine" in offered and "arcana" in offered and "driving" not in offered
    assert offered[-1] == "computers"          # ranked under a list the campaign used before: still rolls
    assert [key for key, _ in RULES.checks.check_skills(kara(), {})][6:] == CLASSIC_25


def test_a_rank_set_by_the_gm_must_be_a_skill_of_the_campaigns_list():
    game = campaign(kara(), options={"skill_list": "science_fiction"})
    SetStat(game, RULES, "kara", "computers", 2).apply(game)
    assert game.character("kara").stats["computers"] == 2
    classic = campaign(kara())
    with pytest.raises(ValueError, match="The rules have no field 'computers'"):
        SetStat(classic, RULES, "kara", "computers", 2)
    with pytest.raises(ValueError, match="5"):
        SetStat(game, RULES, "kara", "computers", 6)


def test_a_melee_light_weapon_fights_in_melee_with_brawn_and_its_rank():
    knight = pc("Aldric", brawn=3, melee_light=2)
    sword = gear("Sword")[0]
    sword.stats["skill"] = "melee_light"
    knight.equipment = [sword]
    assert combat.weapon(sword).melee
    request = AttackRequest(actor(knight), sword, (AttackTarget(actor(thugs()), {"range_band": "engaged"}),))
    pool = combat.attack_pool(request, {})
    assert (pool.proficiency, pool.ability, pool.difficulty) == (2, 1, 2)


def test_a_generic_ranged_weapon_shoots_at_range_and_adds_a_difficulty_die_while_engaged():
    archer = pc("Wren", agility=3, ranged=1)
    bow = gear("Heavy pistol")[0]
    bow.stats["skill"] = "ranged"
    archer.equipment = [bow]
    assert not combat.weapon(bow).melee
    target = AttackTarget(actor(thugs()), {"range_band": "short"})
    calm = combat.attack_pool(AttackRequest(actor(archer), bow, (target,)), {})
    pressed = combat.attack_pool(AttackRequest(actor(archer), bow, (target,), {"attacker_engaged": True}), {})
    assert pressed.difficulty == calm.difficulty + 1


def test_a_weapon_may_name_the_combat_skill_of_any_list():
    field = next(f for f in RULES.sheet.item_fields(gear("Sword")[0].kind) if f.key == "skill")
    assert set(field.choices) == {"brawl", "melee", "melee_light", "melee_heavy", "lightsaber", "ranged",
                                  "ranged_light", "ranged_heavy", "gunnery"}
    assert field.choice_label("lightsaber") == "Lightsaber"


def test_the_printed_sheet_lists_the_campaigns_skills_only() -> None:
    from crisis_desktop.domain import Character, CharacterKind
    from crisis_desktop.rules.genesys import paper, tables

    kara = Character(kind=CharacterKind.PC, name="Kara", stats={"brawn": 3, "agility": 2})
    for key in ("classic", "star_wars"):
        printed = [line.name for line in paper.layout(kara, {"skill_list": key}).skills]
        assert printed == [s.name for s in tables.listed_skills(key).values()]
    assert "Astrogation" not in [line.name for line in paper.layout(kara, {"skill_list": "classic"}).skills]
