"""Edit › Rule Options…: generated from the ruleset, stores only non-defaults, one undo step."""

from __future__ import annotations

from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.ui.dialogs.rule_options import RuleOptionsDialog


def test_dialog_lists_every_option_and_keeps_only_changes(qtbot):
    rules = get_ruleset("crisis")
    dialog = RuleOptionsDialog(rules, {"contest_tie": "active"})
    qtbot.addWidget(dialog)
    assert set(dialog.combos) == {o.key for o in rules.rule_options()}
    assert dialog.combos["contest_tie"].currentData() == "active"
    assert dialog.chosen() == {"contest_tie": "active"}
    combo = dialog.combos["npc_actions"]
    combo.setCurrentIndex(combo.findData("ap"))
    assert dialog.chosen() == {"contest_tie": "active", "npc_actions": "ap"}
    dialog.restore_defaults()
    assert dialog.chosen() == {}


def test_changing_options_is_undoable(window, monkeypatch):
    monkeypatch.setattr(RuleOptionsDialog, "ask", classmethod(lambda cls, r, current, parent=None:
                                                                  {"parry_formula": "half_melee_plus_2"}))
    pcs = [c for c in window.document.campaign.characters if c.kind == "pc"]
    rules = get_ruleset("crisis")

    def parries() -> list[float]:
        return [rules.sheet.derived(c, window.document.campaign.rule_options)["parry"].value for c in pcs]

    before = parries()
    window.menus.act_rule_options.trigger()
    assert window.document.campaign.rule_options == {"parry_formula": "half_melee_plus_2"}
    assert window.isWindowModified()
    assert parries() != before  # the option reaches the rules at once
    window.menus.act_undo.trigger()
    assert window.document.campaign.rule_options == {}
