"""Skills of the GM's own in a genesys campaign (the added fields of its rule options): on the sheet in their group,
rolled with the characteristic they are based on in checks and on paper; a line naming no characteristic or clashing
with a skill is left out, and adding one says what is wrong."""

from __future__ import annotations

import pytest

from crisis_desktop.rules.base import CheckRequest
from crisis_desktop.rules.base.added_fields import ADDED_FIELDS, AddedField, added_fields, field_key, written
from crisis_desktop.rules.genesys import checks
from crisis_desktop.rules.kernel.dice import TypedDice
from tests.unit.rules.genesys.people import RULES, actor, kara

SLICING = AddedField("slicing", "Slicing", "intellect", "General skills")
HOVER = AddedField("hover_bikes", "Hover-bikes", "agility", "General skills")
OPTIONS = RULES.options_with_defaults({ADDED_FIELDS: written([SLICING, HOVER]), "skill_list": "core"})


def test_the_option_keeps_its_fields_through_the_defaults():
    assert added_fields(OPTIONS) == (SLICING, HOVER)
    assert field_key("Hover-bikes") == "hover_bikes"
    assert OPTIONS["skill_list"] == "core"


def test_custom_skills_are_on_the_sheet_in_their_group_with_their_characteristic():
    fields = {f.key: f for f in RULES.sheet.campaign_fields(OPTIONS)}
    assert fields["slicing"].label == "Slicing" and fields["slicing"].group == "General skills"
    assert "rolls with Intellect" in fields["slicing"].help
    assert fields["hover_bikes"].label == "Hover-bikes"
    assert ("slicing", "Slicing") in RULES.checks.check_skills(kara(), OPTIONS)
    assert "slicing" not in {f.key for f in RULES.sheet.campaign_fields(RULES.options_with_defaults({}))}


def test_a_check_of_a_custom_skill_rolls_its_characteristic_and_rank():
    slicer = kara()
    slicer.stats |= {"intellect": 3, "slicing": 2}
    request = CheckRequest(actor(slicer), "slicing", 2)
    pool = checks.check_pool(request, OPTIONS)
    assert (pool.proficiency, pool.ability, pool.difficulty) == (2, 1, 2)     # Intellect 3, Slicing 2, Average
    assert pool.steps[0].why == "Intellect 3, Slicing 2"
    result = RULES.checks.check(request, TypedDice(["ss", "s", "s", "f", "blank"]), OPTIONS)
    assert result.degree == 3 and result.outcome.name == "SUCCESS"          # 4 successes, 1 failure
    assert len(result.dice) == 5                                             # 2 yellow, 1 green, 2 purple


def test_paper_prints_the_custom_skill_with_its_pool():
    slicer = kara()
    slicer.stats |= {"intellect": 3, "slicing": 2}
    roll = RULES.printing.roll(slicer, "slicing", OPTIONS)
    assert roll is not None and roll.pool == (("proficiency", 2), ("ability", 1))
    line = next(s for s in RULES.printing.layout(slicer, OPTIONS).skills if s.name == "Slicing")
    assert (line.characteristic, line.rank) == ("Int", 2)


def test_bad_lines_are_left_out_and_adding_says_what_is_wrong():
    bad = RULES.options_with_defaults({ADDED_FIELDS: "Melee | brawn | Combat skills\nDreaming | luck | General skills\n"
                                                     "Cooking | cunning | Cooking skills"})
    assert not {"dreaming", "cooking"} & {f.key for f in RULES.sheet.campaign_fields(bad)}
    sheet = RULES.sheet
    assert sheet.added_field_problems("Xenobiology", "intellect", "Knowledge skills", OPTIONS) == []
    assert sheet.added_field_problems("Astrogation", "intellect", "General skills", OPTIONS) == \
        ["Astrogation is a skill of another skill list (the Skill list rule option picks the list)"]
    assert sheet.added_field_problems("Slicing", "intellect", "General skills", OPTIONS) == \
        ["The sheet has a field 'Slicing' already"]
    assert sheet.added_field_problems("Dreaming", "luck", "Dream skills", OPTIONS) == [
        "'luck' is not one of Brawn, Agility, Intellect, Cunning, Willpower, Presence",
        "'Dream skills' is not one of General skills, Combat skills, Social skills, Knowledge skills, Magic skills"]
    assert sheet.added_field_problems("A | B", "intellect", "General skills", OPTIONS) == \
        ["Names cannot hold '|' or line breaks"]


def test_added_through_the_rule_options_a_rank_can_be_set_and_undo_takes_both_back():
    from crisis_desktop.controller.character_commands import SetStat
    from crisis_desktop.controller.history import History
    from crisis_desktop.controller.rules_change import change_rules
    from tests.unit.rules.genesys.people import campaign

    game = campaign(kara())
    history = History(game)
    history.push(change_rules(game, "rule_options", {ADDED_FIELDS: SLICING.line}))
    history.push(SetStat(game, RULES, "kara", "slicing", 2))
    assert game.character("kara").stats["slicing"] == 2
    with pytest.raises(ValueError, match="Slicing"):
        SetStat(game, RULES, "kara", "slicing", 6)
    history.undo()
    history.undo()
    assert game.rule_options == {} and "slicing" not in game.character("kara").stats
    with pytest.raises((KeyError, ValueError)):
        SetStat(game, RULES, "kara", "slicing", 1)
