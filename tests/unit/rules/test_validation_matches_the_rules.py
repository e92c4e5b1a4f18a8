"""Validation that matches the rules, the same on every way in (the sheet editor's commands, a GM override, an
import, a file loaded): no negative damage, no usage die on an item the rules give none, no ammunition on a melee
weapon, and list fields stored as they are read back."""

from __future__ import annotations

import json

import pytest

from crisis_desktop.controller.character_commands import SetItemValue, SetStat, character_from_json
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.domain import Campaign, Character, CharacterKind, Combatant
from crisis_desktop.domain.encounter import Encounter, Side
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.crisis import sheet as crisis_sheet
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.dice_expr import parse, total_range
from crisis_desktop.rules.moments import sheet
from crisis_desktop.rules.registry import get_ruleset
from tests.unit.rules.moments.people import RULES, gear, pc


def refused(campaign: Campaign, make, reason: str) -> None:  # type: ignore[no-untyped-def]
    before = campaign.model_dump(mode="json")
    with pytest.raises(ValueError) as caught:
        make()
    assert str(caught.value) == reason
    assert campaign.model_dump(mode="json") == before


@pytest.mark.parametrize(("text", "low", "high"), [("-3", -3, -3), ("1d4-5", -4, -1), ("2d6+1", 3, 13),
                                                   ("Body - 2", -1, 10), ("2 x Body", 2, 24), ("d6 - d4", -3, 5)])
def test_the_range_of_one_roll(text, low, high):
    assert total_range(parse(text)) == (low, high)


@pytest.mark.parametrize(("damage", "reason"), [
    ("-3", "Damage must be at least 0, not -3"),
    ("1d4-5", "Damage must be at least 0, and '1d4-5' can roll -4"),
    ("1d6 - 2", "Damage must be at least 0, and '1d6 - 2' can roll -1"),
    ("1d7", "Damage: d7 is not a die of these rules (d4, d6, d8, d10, d12)"),
    ("banana", "Damage: 'banana' is not a stat a dice expression may name (none here)"),
])
def test_moments_damage_below_zero_is_refused_with_its_reason_as_1d7_and_banana_are(damage, reason):
    assert sheet.DAMAGE.validate(damage) == reason


@pytest.mark.parametrize("damage", ["1d8", "2d4", "1d6-1", "1d4+1"])
def test_moments_damage_that_never_rolls_below_zero_stands(damage):
    assert sheet.DAMAGE.validate(damage) is None


def test_moments_negative_damage_is_refused_by_the_editor_and_by_an_import():
    character = pc("Ada", "Dagger")
    campaign = Campaign(name="M", ruleset="moments", characters=[character])
    dagger = character.equipment[0]
    refused(campaign, lambda: SetItemValue(campaign, RULES, character.id, dagger.id, "stats.damage", "-3"),
            "Dagger: Damage must be at least 0, not -3")
    dagger.stats["damage"] = "-3"                       # as a file edited by hand holds it
    assert RULES.sheet.validate_character(character) == ["Dagger: Damage must be at least 0, not -3"]
    with pytest.raises(ValueError, match="Damage must be at least 0, not -3"):
        character_from_json(json.dumps(character.model_dump(mode="json")), RULES)


def test_crisis_damage_must_be_able_to_deal_damage_and_body_minus_2_still_can():
    assert crisis_sheet.DAMAGE.validate("-3") == "DMG: '-3' never rolls more than -3; it must reach 1"
    assert crisis_sheet.DAMAGE.validate("d4 - 5") == "DMG: 'd4 - 5' never rolls more than -1; it must reach 1"
    assert crisis_sheet.DAMAGE.validate("Body - 2") is None and crisis_sheet.DAMAGE.validate("d6") is None


# -- an item property the rules say the item lacks -----------------------------------------------------------------

def test_the_rules_give_the_sling_no_usage_die_and_the_demo_agrees():
    (sling,) = gear("Sling")
    assert sling.stats["usage_die"] == sheet.NO_DIE and RULES.sheet.validate_item(sling) == []
    assert RULES.sheet.item_summary(sling) == "1d10 crushing, ranged, no usage die"
    demo = json.loads(resource("demo", "moments.json").read_text(encoding="utf-8"))
    slings = [i for c in demo["characters"] for i in c["equipment"] if i["name"] == "Sling"]
    slings += [i for i in demo["equipment"] if i["name"] == "Sling"]
    assert len(slings) == 2 and all(i["stats"]["usage_die"] == sheet.NO_DIE for i in slings)


SLING_HAS_NO_DIE = "Sling: The rules give a sling no usage die: set it to none (never wears)"


def test_a_usage_die_on_the_sling_is_refused_in_the_editor_and_on_import():
    character = pc("Ada", "Sling", "Dagger")
    campaign = Campaign(name="M", ruleset="moments", characters=[character])
    sling, dagger = character.equipment
    refused(campaign, lambda: SetItemValue(campaign, RULES, character.id, sling.id, "stats.usage_die", 20),
            SLING_HAS_NO_DIE)
    # A weapon the rules give a die may be set to one, and the editor offers "none" only among the weapon's choices.
    SetItemValue(campaign, RULES, character.id, dagger.id, "stats.usage_die", 6).apply(campaign)
    assert dagger.stats["usage_die"] == 6
    armour_die = next(s for s in RULES.sheet.item_fields(gear("Padded cap")[0].kind) if s.key == "usage_die")
    assert armour_die.validate(sheet.NO_DIE) == ("Usage die must be one of d20, d12, d10, d8, d6, d4, used up; "
                                                 "not 'none'")
    sling.stats["usage_die"] = 20                        # the old demo's sling, in a file
    assert RULES.sheet.validate_character(character) == [SLING_HAS_NO_DIE]
    with pytest.raises(ValueError, match="no usage die"):
        character_from_json(json.dumps(character.model_dump(mode="json")), RULES)


def test_a_campaign_of_the_old_demo_opens_with_the_slings_die_listed_as_a_sheet_problem():
    from crisis_desktop.controller.session import CampaignSession

    demo = json.loads(resource("demo", "moments.json").read_text(encoding="utf-8"))
    ilse = next(c for c in demo["characters"] if c["name"].startswith("Ilse"))
    next(i for i in ilse["equipment"] if i["name"] == "Sling")["stats"]["usage_die"] = 20    # as the old demo had it
    session = CampaignSession(Campaign.model_validate(demo))
    assert session.sheet_problems() == [f"{ilse['name']}: {SLING_HAS_NO_DIE}"]


def test_a_usage_die_on_the_sling_is_refused_as_a_gm_override():
    ada, brute = pc("Ada", "Sling"), pc("Brute", "Club")
    campaign = Campaign(name="M", ruleset="moments", characters=[ada, brute],
                        encounters=[Encounter(id="enc", name="Yard", combatants=[
                            Combatant(id="cb-ada", character_id=ada.id, side=Side.PARTY),
                            Combatant(id="cb-brute", character_id=brute.id, side=Side.ENEMIES)])])
    ctl = EncounterController(campaign, "enc", get_ruleset("moments"))
    History(campaign).push(ctl.start(RandomDice(5)))
    sling = ada.equipment[0]
    refused(campaign, lambda: ctl.overrides.set_item_stat(ada.id, sling.id, "usage_die", 8), SLING_HAS_NO_DIE)
    # A list set by hand is stored as the sheet stores it: the wounds, separated by ';', without an empty one.
    History(campaign).push(ctl.overrides.set_status(ada.id, "wounds", "4 slicing;; 3 crushing;"))
    assert ada.status["wounds"] == "4 slicing; 3 crushing"


def test_a_usage_die_none_never_wears_and_is_not_used_up():
    (sling,) = gear("Sling")
    assert sheet.usage_die(sling) == 0 and sheet.no_die(sling) and sheet.usage_text(sling) == "no usage die"
    (cap,) = gear("Padded cap")
    cap.stats["usage_die"] = 0
    assert not sheet.no_die(cap) and sheet.usage_text(cap) == "used up"


# -- list fields split and joined the same way in and out ----------------------------------------------------------

def test_a_third_vocation_is_refused_and_the_two_stay_as_they_are_read():
    character = pc("Ada")
    campaign = Campaign(name="M", ruleset="moments", characters=[character])
    history = History(campaign)
    # Typed one key at a time: each state the rules accept is stored as its entries joined.
    for text in ("Soldier 25", "Soldier 25,", "Soldier 25, Hunter 25", "Soldier 25, Hunter 25,",
                 "Soldier 25, Hunter 25, "):
        history.push(SetStat(campaign, RULES, character.id, "vocations", text))
    assert character.stats["vocations"] == "Soldier 25, Hunter 25"
    refused(campaign, lambda: SetStat(campaign, RULES, character.id, "vocations", "Soldier 25, Hunter 25, S"),
            "Vocations: 'S' should read as a name and a bonus, like 'Swords 40'")
    refused(campaign, lambda: SetStat(campaign, RULES, character.id, "vocations", "Soldier 25, Hunter 25, Sage 25"),
            "Vocations: at most two")
    assert sheet.bonuses(character) == {"Soldier": 25, "Hunter": 25}
    history.undo()                                      # the typing was one step
    assert character.stats["vocations"] == ""


@pytest.mark.parametrize(("system", "kind", "key", "typed", "stored"), [
    ("moments", CharacterKind.PC, "skills", " Swords 40 ,, Athletics 30 ,", "Swords 40, Athletics 30"),
    ("genesys", CharacterKind.NPC, "talents", "Adversary 2,Toughened 1,", "Adversary 2, Toughened 1"),
])
def test_every_list_field_is_stored_as_its_entries_joined(system, kind, key, typed, stored):
    rules = get_ruleset(system)
    character = Character(name="Pat", kind=kind, stats=dict(rules.sheet.new_stats(kind)))
    campaign = Campaign(name="L", ruleset=system, characters=[character])
    SetStat(campaign, rules, character.id, key, typed).apply(campaign)
    assert character.stats[key] == stored


def test_list_fields_of_items_are_joined_too():
    character = pc("Ada", "Dagger")
    campaign = Campaign(name="M", ruleset="moments", characters=[character])
    dagger = character.equipment[0]
    SetItemValue(campaign, RULES, character.id, dagger.id, "stats.qualities", "Concealable,Cheap,").apply(campaign)
    assert dagger.stats["qualities"] == "Concealable, Cheap"


def test_every_list_field_of_every_system_declares_its_separator():
    """The text fields whose help says they list entries are the ones that split and join them."""
    for system in ("crisis", "crisis-classic", "genesys", "skirmish", "moments"):
        rules = get_ruleset(system)
        specs = [*rules.sheet.character_fields(), *(s for k in ("weapon", "armour", "gear")
                                                    for s in rules.sheet.item_fields(_kind(k)))]
        for spec in specs:
            if "separated" in spec.help.lower():
                assert spec.separator, f"{system}: {spec.label}"


def _kind(name: str):  # type: ignore[no-untyped-def]
    from crisis_desktop.domain import ItemKind

    return ItemKind(name)


# -- the same kinds in the other systems' fields ----------------------------------------------------------------------

def _weapon(system: str, **stats):  # type: ignore[no-untyped-def]
    from crisis_desktop.domain import EquipmentItem, ItemKind

    rules = get_ruleset(system)
    defaults = {s.key: s.default for s in rules.sheet.item_fields(ItemKind.WEAPON) if s.default is not None}
    return EquipmentItem(name="Blade", kind=ItemKind.WEAPON, stats={**defaults, **stats})


@pytest.mark.parametrize(("system", "stats", "key", "value", "reason"), [
    ("skirmish", {"two_handed": True}, "versatile_damage", 9,
     "Blade: A two-handed weapon is not Versatile (Versatile: a one-handed weapon used two-handed)"),
    ("skirmish", {"attack_kind": "throwing", "skill": "throwing"}, "limited_count", 2,
     "Blade: Limited X needs Limited"),
    ("skirmish", {}, "limited", True,
     "Blade: Only a throwing weapon is Limited (X missiles per target per engagement)"),
    ("skirmish", {}, "slow", 1, "Blade: Only a marksman weapon is Slow (rounds to reload)"),
    ("genesys", {"qualities": "Accurate 1"}, "ammo", 3,
     "Blade: Shots left 3: only a Limited Ammo weapon counts its shots"),
    ("crisis", {"range": 4, "cap": 7}, "range", 0, "Blade: A melee weapon (RNG 0) has no ammunition: CAP 7"),
])
def test_a_trait_or_value_the_rules_give_other_weapons_only_is_refused(system, stats, key, value, reason):
    rules = get_ruleset(system)
    weapon = _weapon(system, **stats)
    pat = Character(name="Pat", stats=dict(rules.sheet.new_stats(CharacterKind.PC)), equipment=[weapon])
    assert rules.sheet.validate_character(pat) == []
    campaign = Campaign(name="T", ruleset=system, characters=[pat])
    refused(campaign, lambda: SetItemValue(campaign, rules, pat.id, weapon.id, f"stats.{key}", value), reason)
    weapon.stats[key] = value                                     # as a file holds it
    assert rules.sheet.validate_character(pat) == [reason]


def test_the_traits_stand_where_the_rules_give_them():
    javelin = _weapon("skirmish", attack_kind="throwing", skill="throwing", limited=True, limited_count=2)
    crossbow = _weapon("skirmish", attack_kind="marksman", skill="marksman", slow=1, simple=5)
    longsword = _weapon("skirmish", versatile_damage=9)
    rifle = _weapon("genesys", qualities="Limited Ammo 4, Pierce 2", ammo=3)
    for system, item in (("skirmish", javelin), ("skirmish", crossbow), ("skirmish", longsword), ("genesys", rifle)):
        assert get_ruleset(system).sheet.validate_item(item) == [], item.stats
