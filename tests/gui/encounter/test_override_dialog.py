"""GM override… lists what the rules track for that combatant, by its labels, in both crisis rulesets."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.domain import Campaign, Character, CharacterKind, Combatant, Encounter, ItemKind, Side
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk, OverrideDialog, shown_value

RASK = "cmb-ambush-raider-rask"     # an NPC with a pistol and a knife


def entries(dialog: OverrideDialog) -> list[str]:
    return [dialog.what.itemText(i) for i in range(dialog.what.count())]


def values(dialog: OverrideDialog) -> list[str]:
    """The entries that change a tracked value (not initiative, not conditions)."""
    return [dialog.what.itemText(i) for i in range(dialog.what.count())
            if dialog.what.itemData(i)[0] in ("status", "resource", "item")]


def labels(dialog: OverrideDialog) -> list[str]:
    return [text.rsplit(" (now ", 1)[0] for text in values(dialog)]


def classic_fight() -> EncounterController:
    """Crisis-classic: a PC with a pistol and body armour, a PC with only a knife, an NPC with a revolver."""
    rules = get_ruleset("crisis-classic")
    catalogue = {item.name: item for item in rules.catalogue("weapons") + rules.catalogue("armour")}  # type: ignore[attr-defined]

    def make(name: str, kind: CharacterKind, *items: str) -> Character:
        return Character(name=name, kind=kind, stats=dict(rules.sheet.new_stats(kind)),
                         equipment=[catalogue[item].model_copy(deep=True) for item in items])

    people = [make("Anna", CharacterKind.PC, "Pistol", "Body Armour MK I"), make("Boris", CharacterKind.PC, "Knife"),
              make("Gunman", CharacterKind.NPC, "Revolver")]
    combatants = [Combatant(id=f"c-{p.name}", character_id=p.id, side=Side.PARTY if p.kind is CharacterKind.PC
                            else Side.ENEMIES) for p in people]
    campaign = Campaign(name="Classic", ruleset="crisis-classic", characters=people,
                        encounters=[Encounter(id="enc", name="Back alley", combatants=combatants)])
    return EncounterController(campaign, "enc", rules)


@pytest.fixture
def ambush(document) -> EncounterController:
    fight = document.session.controller("enc-ambush")
    assert fight is not None
    return fight


def test_an_npc_counting_two_actions_is_offered_no_ap(qtbot, document, ambush):
    assert ambush.view.options["npc_actions"] == "two_actions"
    npc = OverrideDialog(ambush, RASK)
    qtbot.addWidget(npc)
    assert "Actions taken this round" in labels(npc) and "AP" not in labels(npc)
    pc = OverrideDialog(ambush, "cmb-ambush-vera")
    qtbot.addWidget(pc)
    assert "AP" in labels(pc) and "Actions taken this round" not in labels(pc)
    document.campaign.rule_options["npc_actions"] = "ap"
    npc_on_ap = OverrideDialog(ambush, RASK)
    qtbot.addWidget(npc_on_ap)
    assert "AP" in labels(npc_on_ap) and "Actions taken this round" not in labels(npc_on_ap)


def test_a_knife_has_no_ammunition_in_either_ruleset(qtbot, ambush):
    rask = ambush.view.character_of(RASK)
    rask.equipment = [item for item in rask.equipment if item.name == "Knife"]
    assert [item.name for item in rask.equipment if item.kind is ItemKind.WEAPON] == ["Knife"]
    knife_only = OverrideDialog(ambush, RASK)
    qtbot.addWidget(knife_only)
    assert not [text for text in labels(knife_only) if "Rounds" in text or "Knife" in text]
    assert "Aim bonus" not in labels(knife_only), "Take Aim needs a ranged weapon in crisis"
    vera = OverrideDialog(ambush, "cmb-ambush-vera")
    qtbot.addWidget(vera)
    assert "Pistol: Rounds loaded" in labels(vera) and "Aim bonus" in labels(vera)

    classic = classic_fight()
    boris = OverrideDialog(classic, "c-Boris")
    qtbot.addWidget(boris)
    assert labels(boris) == ["Health damage", "Endurance damage", "AP", "Aim (Difficulty Levels easier)"]
    anna = OverrideDialog(classic, "c-Anna")
    qtbot.addWidget(anna)
    assert {"Pistol: Rounds loaded", "Pistol: Spare magazines", "Body Armour MK I: Durability left"} <= set(
        labels(anna))


@pytest.mark.parametrize("ruleset", ["crisis", "crisis-classic"])
def test_the_dialog_lists_exactly_the_rules_fields_by_their_labels(qtbot, ambush, ruleset):
    fight = ambush if ruleset == "crisis" else classic_fight()
    for combatant in fight.view.encounter.combatants:
        dialog = OverrideDialog(fight, combatant.id)
        qtbot.addWidget(dialog)
        fields = fight.ruleset.sheet.override_fields(fight.view.actor(combatant.id), fight.view.options)
        assert values(dialog) == [f"{f.label} (now {shown_value(f.value)})" for f in fields]
        # Labels are words, as the rules name them: no raw keys such as "durability", "ammo" or "ap".
        for field in fields:
            assert field.label != field.key and all(part[:1].isupper() for part in field.label.split(": ")), field.label
        for text in entries(dialog):
            assert text[0].isupper() and "None" not in text, text
    if ruleset == "crisis":
        vera = OverrideDialog(fight, "cmb-ambush-vera")
        qtbot.addWidget(vera)
        assert "Light Armour: Durability left (now 25)" in entries(vera)
        assert "Initiative (now not rolled)" in entries(vera)


def test_the_board_s_override_button_sets_the_value_chosen_by_its_label(qtbot, monkeypatch, document, board):
    board.show_encounter("enc-ambush")
    board.select(RASK)
    ctl = board.controller
    pistol = next(item for item in ctl.view.character_of(RASK).equipment if item.name == "Pistol")

    def answer(_cls, parent, controller, combatant_id):
        dialog = OverrideDialog(controller, combatant_id, parent)
        qtbot.addWidget(dialog)
        dialog.what.setCurrentIndex(next(i for i, text in enumerate(entries(dialog))
                                         if text.startswith("Pistol: Rounds loaded")))
        dialog.value.setText("2")
        return dialog.build()

    monkeypatch.setattr(BoardAsk, "override", classmethod(answer))
    board.selected_strip.override_button.click()
    assert pistol.stats["ammo"] == 2
    assert ctl.view.encounter.log[-1].kind == "override"
    document.undo_stack.undo()
    assert pistol.stats["ammo"] == 7


def test_health_brought_to_0_in_the_dialog_is_dying_and_logged(qtbot, document, ambush):
    from PySide6.QtWidgets import QDialogButtonBox

    vera = ambush.view.character_of("cmb-ambush-vera")
    health = int(ambush.ruleset.sheet.derived(vera, ambush.view.options)["health"].value)
    dialog = OverrideDialog(ambush, "cmb-ambush-vera")
    qtbot.addWidget(dialog)
    dialog.what.setCurrentIndex(next(i for i in range(dialog.what.count())
                                     if dialog.what.itemData(i) == ("status", "wounds")))
    qtbot.keyClicks(dialog.value, str(health))
    dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.command is not None
    document.push(dialog.command)
    assert vera.has_condition("dying") and vera.has_condition("incapacitated")
    override, state = ambush.view.encounter.log[-2:]
    assert state.text == "Vera Kask is dying (Health 0): 1 wound each turn"
    assert override.text == f"GM: Vera Kask: Wounds 0 → {health}"
    assert override.details == ["Vera Kask is dying (Health 0): 1 wound at the start of each turn"]
    document.undo_stack.undo()
    assert not vera.has_condition("dying") and not vera.status.get("wounds")
