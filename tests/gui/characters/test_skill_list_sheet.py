"""The sheet editor shows the skills of the campaign's skill list, and the list changed in the rule options rebuilds
it, ranks kept (an undo brings the old list back)."""

from __future__ import annotations

from crisis_desktop.controller.rules_change import change_rules
from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.rules.registry import get_ruleset


def test_the_sheet_follows_the_campaigns_skill_list(make_document, make_view):
    rules = get_ruleset("genesys")
    pc = Character(name="Tal", stats={**rules.sheet.new_stats(CharacterKind.PC), "brawn": 3, "lightsaber": 2,
                                      "melee": 1})
    document = make_document(Campaign(name="Outer Rim", ruleset="genesys", characters=[pc],
                                      rule_options={"skill_list": "star_wars"}))
    view = make_view(document, rules=get_ruleset)
    view.select([pc.id])
    editors = view.sheet.stats.editors
    assert {"astrogation", "lightsaber", "piloting_space", "knowledge_outer_rim"} <= set(editors)
    assert "piloting" not in editors and "knowledge" not in editors
    assert editors["lightsaber"].value() == 2
    view.sheet.grab().save("/tmp/gstory-sheet.png")
    document.push(change_rules(document.campaign, "rule_options", {"skill_list": "classic"}))
    editors = view.sheet.stats.editors
    assert "piloting" in editors and "lightsaber" not in editors and editors["melee"].value() == 1
    assert document.campaign.character(pc.id).stats["lightsaber"] == 2        # kept, off the sheet
    document.undo_stack.undo()
    assert "lightsaber" in view.sheet.stats.editors
