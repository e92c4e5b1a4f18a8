"""Rule Options… of a genesys campaign: the GM adds and removes skills of their own, refused with the reason when the
name clashes or is empty; the rules read them at once; one undo step takes them off again."""

from __future__ import annotations

from crisis_desktop.rules.base.added_fields import ADDED_FIELDS
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.ui.dialogs.rule_options import RuleOptionsDialog


def test_adding_and_removing_custom_skills(qtbot):
    rules = get_ruleset("genesys")
    dialog = RuleOptionsDialog(rules, {"skill_list": "core", ADDED_FIELDS: "Slicing | intellect | General skills"})
    qtbot.addWidget(dialog)
    editor = dialog.added
    assert editor is not None and [f.label for f in editor.fields] == ["Slicing"]
    editor.name.setText("Hover-bikes")
    editor.base.setCurrentIndex(editor.base.findData("agility"))
    assert editor.add_from_row()
    assert dialog.chosen() == {"skill_list": "core",
                               ADDED_FIELDS: "Slicing | intellect | General skills\nHover-bikes | agility | "
                                             "General skills"}
    editor.name.setText("Computers")                        # a skill of the core list
    assert not editor.add_from_row()
    assert editor.problem.text() == "The sheet has a field 'Computers' already"
    editor.name.setText("  ")
    assert not editor.add_from_row() and editor.problem.text() == "The field needs a name with a letter or digit"
    editor.list.setCurrentRow(0)
    editor.remove_selected()
    assert [f.label for f in editor.fields] == ["Hover-bikes"]
    editor.list.setCurrentRow(0)
    editor.remove_selected()
    assert dialog.chosen() == {"skill_list": "core"}
    dialog.resize(640, 520)
    dialog.grab().save("/tmp/grest-rule-options.png")


def test_other_systems_have_no_custom_skills(qtbot):
    dialog = RuleOptionsDialog(get_ruleset("crisis"), {})
    qtbot.addWidget(dialog)
    assert dialog.added is None


def test_the_overview_names_the_added_skills_not_their_stored_lines(qtbot):
    from crisis_desktop.domain import Campaign
    from crisis_desktop.ui.views.overview import CampaignOverview

    overview = CampaignOverview()
    qtbot.addWidget(overview)
    overview.show()
    added = "Slicing | intellect | General skills\nHover-bikes | agility | General skills"
    campaign = Campaign(name="Edge", ruleset="genesys", rule_options={"skill_list": "core", ADDED_FIELDS: added})
    overview.show_campaign(campaign, None)
    assert overview.rules.text() == "Genesys (rule options: Skill list = core); added fields: Slicing, Hover-bikes"
