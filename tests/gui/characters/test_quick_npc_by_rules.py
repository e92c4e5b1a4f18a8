"""Quick NPC in the Characters place asks for each rules' own level, by its name, and adds an NPC ready to fight."""

from __future__ import annotations

import pytest

from crisis_desktop.domain import Campaign, ItemKind
from crisis_desktop.rules.registry import get_ruleset, ruleset_ids
from crisis_desktop.ui.dialogs.character_dialogs import QuickNpcDialog


@pytest.mark.parametrize("ruleset_id", ruleset_ids())
def test_quick_npc_asks_the_rules_level_and_adds_an_armed_npc(ruleset_id, make_document, make_view, char_answers):
    rules = get_ruleset(ruleset_id)
    spec = rules.npc_level_field()
    assert spec is not None
    document = make_document(Campaign(name="T", ruleset=ruleset_id, equipment=rules.equipment_catalogue()))
    view = make_view(document, rules=get_ruleset)
    char_answers.queued["quick_npc"].append(("Guard", spec.maximum))
    view.quick_npc()
    assert char_answers.asked[-1] == ("quick_npc", (spec.minimum, spec.maximum, spec.default))
    npc = document.campaign.characters[-1]
    assert npc.name == "Guard" and rules.validate_character(npc) == []
    assert sum(item.kind is ItemKind.WEAPON for item in npc.equipment) >= 2
    assert view.current_id() == npc.id
    document.undo_stack.undo()
    assert document.campaign.characters == []


def test_the_dialog_names_the_rules_level(qtbot):
    dialog = QuickNpcDialog(1, 5, 2, label="Power level", tip="1: a minion group of 3")
    qtbot.addWidget(dialog)
    assert dialog.layout().labelForField(dialog.difficulty).text() == "&Power level:"
    assert dialog.difficulty.toolTip() == "1: a minion group of 3"
    assert (dialog.difficulty.minimum(), dialog.difficulty.maximum(), dialog.difficulty.value()) == (1, 5, 2)
