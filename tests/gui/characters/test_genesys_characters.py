"""Whole Genesys characters in the Characters place: Quick NPC asks the adversary type and adds that type; the sheet
editor shows each adversary type's fields only (a strain threshold for a nemesis, a group size for a minion group)
and a PC's story, career and experience fields, with what they derive."""

from __future__ import annotations

from crisis_desktop.domain import Campaign, Character, CharacterKind
from crisis_desktop.rules.genesys import stats
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.ui.dialogs.character_dialogs import QuickNpcDialog

RULES = get_ruleset("genesys")


def _label(view, key):  # type: ignore[no-untyped-def]
    """The label of a stat's row in the sheet editor."""
    form = view.sheet.stats
    return form._forms[form.specs[key].group][1].labelForField(form._rows[key])


def test_quick_npc_asks_the_type_and_adds_a_nemesis(make_document, make_view, char_answers):
    document = make_document(Campaign(name="T", ruleset="genesys", equipment=RULES.equipment_catalogue()))
    view = make_view(document, rules=get_ruleset)
    char_answers.queued["quick_npc"].append(("Captain Hale", 3, "nemesis"))
    view.quick_npc()
    captain = document.campaign.characters[-1]
    assert captain.name == "Captain Hale" and stats.adversary(captain) == "nemesis"
    assert captain.stats["strain_threshold"] == 15 and captain.stats["talents"] == "Adversary 2"
    assert view.sheet.derived_labels["strain_threshold"].text() == "<b>Strain threshold</b> 15"
    char_answers.queued["quick_npc"].append(("Dock guards", 3, "minion"))
    view.quick_npc()
    guards = document.campaign.characters[-1]
    assert stats.adversary(guards) == "minion" and stats.group_size(guards) == 3
    assert view.sheet.derived_labels["wound_threshold"].text() == "<b>Wound threshold</b> 18"   # 3 x (3 + Brawn 3)
    assert "strain_threshold" not in view.sheet.derived_labels
    document.undo_stack.undo()
    assert [c.name for c in document.campaign.characters] == ["Captain Hale"]


def test_the_quick_npc_dialog_offers_the_types(qtbot):
    spec = RULES.npc_kind_field()
    assert spec is not None
    dialog = QuickNpcDialog(1, 5, 2, None, "Power level", "", [(str(c), spec.choice_label(c)) for c in spec.choices],
                            spec.label, "rival", spec.help)
    qtbot.addWidget(dialog)
    assert [dialog.kind.itemText(i) for i in range(dialog.kind.count())] == ["Minion group", "Rival", "Nemesis"]
    assert dialog.kind.currentData() == "rival" and dialog.kind.isVisibleTo(dialog)
    plain = QuickNpcDialog(1, 20, 5)
    qtbot.addWidget(plain)
    assert not plain.kind.isVisibleTo(plain)


def test_the_editor_shows_the_fields_of_the_adversary_type(make_document, make_view):
    foe = Character(id="npc-foe", name="Foe", kind=CharacterKind.NPC,
                    stats={**RULES.sheet.new_stats(CharacterKind.NPC), "adversary": "rival"})
    document = make_document(Campaign(name="T", ruleset="genesys", characters=[foe]))
    view = make_view(document, rules=get_ruleset)
    view.show()
    view.select(["npc-foe"])
    editors = view.sheet.stats.editors
    assert not editors["strain_threshold"].isVisibleTo(view) and not editors["group_size"].isVisibleTo(view)
    assert editors["wound_threshold"].isVisibleTo(view) and not editors["career"].isVisibleTo(view)
    assert view.sheet.edit_stat("adversary", "nemesis")
    assert editors["strain_threshold"].isVisibleTo(view) and not editors["group_size"].isVisibleTo(view)
    assert view.sheet.edit_stat("adversary", "minion")
    assert editors["group_size"].isVisibleTo(view) and not editors["strain_threshold"].isVisibleTo(view)
    document.undo_stack.undo()
    assert editors["strain_threshold"].isVisibleTo(view)


def test_a_pc_has_career_and_experience_on_its_sheet(make_document, make_view):
    hero = Character(id="pc-hero", name="Hero", kind=CharacterKind.PC, stats=RULES.sheet.new_stats(CharacterKind.PC))
    document = make_document(Campaign(name="T", ruleset="genesys", characters=[hero]))
    view = make_view(document, rules=get_ruleset)
    view.show()
    view.select(["pc-hero"])
    editors = view.sheet.stats.editors
    for key in ("species", "career", "career_skills", "specialisations", "motivations", "xp_total", "xp_spent"):
        assert editors[key].isVisibleTo(view), key
    assert not editors["strain_threshold"].isVisibleTo(view)
    assert view.sheet.derived_labels["encumbrance_threshold"].text() == "<b>Enc. threshold</b> 7"
    assert view.sheet.edit_stat("xp_total", 110) and view.sheet.edit_stat("xp_spent", 40)
    assert view.sheet.derived_labels["xp_available"].text() == "<b>XP available</b> 70"
    assert view.sheet.edit_stat("career_skills", "Melee, Underwater juggling")
    assert "Career skills not in the skill list (kept, not marked): Underwater juggling" in \
        view.sheet.sheet_notes.text()
    assert view.sheet.edit_stat("melee", 2)
    melee, charm = (_label(view, key) for key in ("melee", "charm"))
    assert melee.text() == "Melee ●:" and "Career skill: rank 3 costs 15 experience." in melee.toolTip()
    assert charm.text() == "Charm:" and "Not a career skill: rank 1 costs 10 experience." in charm.toolTip()
    view.sheet.grab().save("/tmp/gchars-editor.png")
    document.undo_stack.undo()
    document.undo_stack.undo()
    assert _label(view, "melee").text() == "Melee:"
    assert "Not a career skill: rank 1 costs 10 experience." in _label(view, "melee").toolTip()
