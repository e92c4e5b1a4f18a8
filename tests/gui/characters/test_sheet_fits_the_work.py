"""The sheet editor fits the work: the attacks of the weapons in hand show with the key values; after an undo the
row selected is the one the undo was about. (A new character opening at its name with its key values in view, and
pickers showing labels, are required of every system: tests/conformance/gui/test_sheet_editor.py.)"""

from __future__ import annotations

import pytest

from crisis_desktop.controller.character_commands import SetStat
from crisis_desktop.domain import Campaign, Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.rules.registry import get_ruleset
from tests.conformance.gui.test_sheet_editor import sheet_scroll


@pytest.mark.parametrize("ruleset_id", ["crisis", "crisis-classic", "genesys", "moments", "skirmish"])
def test_each_bundled_pc_sheet_is_taller_than_the_view(ruleset_id, make_document, make_view):
    """So that the conformance suite's test of a new character opening at the top
    (tests/conformance/gui/test_sheet_editor.py) starts scrolled down, away from it, in every bundled system."""
    rules = get_ruleset(ruleset_id)
    pc = Character(name="Pat", stats=dict(rules.sheet.new_stats(CharacterKind.PC)))
    view = make_view(make_document(Campaign(name="New", ruleset=ruleset_id, characters=[pc])), rules=get_ruleset)
    view.select([pc.id])
    assert sheet_scroll(view).verticalScrollBar().maximum() > 0


def test_the_attacks_of_the_weapons_in_hand_show_with_the_key_values(make_document, make_view):
    rules = get_ruleset("crisis")
    pistol = EquipmentItem(name="Pistol", kind=ItemKind.WEAPON, equipped=True,
                           stats={"skill": "light_weapons", "damage": "d6", "hit": 1, "range": 10})
    knife = EquipmentItem(name="Knife", kind=ItemKind.WEAPON, equipped=False,
                          stats={"skill": "melee", "damage": "Body"})
    pc = Character(name="Pat", stats=dict(rules.sheet.new_stats(CharacterKind.PC)), equipment=[pistol, knife])
    view = make_view(make_document(Campaign(ruleset="crisis", name="Arms", characters=[pc])), rules=get_ruleset)
    view.select([pc.id])
    assert view.sheet.attacks.text() == "Pistol: Light Weapons, DMG d6, HIT 1, RNG 10"


def test_after_undo_the_row_selected_is_the_one_the_undo_was_about(make_document, make_view, answers):
    document = make_document()
    view = make_view(document, rules=get_ruleset)
    rules = get_ruleset("crisis")
    # An edit of Vera, then the GM moves on to Rask: undo shows Vera again, with the value put back.
    view.select(["pc-vera"])
    document.push(SetStat(document.campaign, rules, "pc-vera", "body", 10))
    rask = next(c.id for c in document.campaign.characters if c.name == "Rask")
    view.select([rask])
    document.undo_stack.undo()
    assert view.selected_ids() == ["pc-vera"] and view.sheet.character_id == "pc-vera"
    assert view.sheet.stats.editors["body"].currentText() == "d6"
    document.undo_stack.redo()
    assert view.selected_ids() == ["pc-vera"] and view.sheet.stats.editors["body"].currentText() == "d10"
    # A deleted character comes back selected, not the neighbour that took its row.
    view.select([rask])
    answers.queued["yes_no"].append(True)  # Rask takes part in an encounter
    view.delete_selected()
    assert rask not in view.selected_ids()
    document.undo_stack.undo()
    assert view.selected_ids() == [rask] and view.sheet.character_id == rask
