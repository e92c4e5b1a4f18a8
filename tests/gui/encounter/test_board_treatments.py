"""The board's Treat… button and healing actions: the rules' treatments for the selected combatant, those not open
now listed with the reason; under genesys Medicine in the fight (engaged with the patient on the map), a stimpack on
another, Assist on an ally, a night's rest between fights; crisis offers its First aid."""

from __future__ import annotations

import pytest

from crisis_desktop.controller.map_commands import SetToken
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.views.encounter_board import EncounterBoard


@pytest.fixture
def dock(qtbot, genesys_document) -> EncounterBoard:
    view = EncounterBoard()
    qtbot.addWidget(view)
    view.resize(1400, 800)
    view.set_document(genesys_document)
    view.show_encounter("enc-dock-9")
    view.show()
    return view


def script(monkeypatch, picks: list[str], dice: list[str] | None = None) -> list[tuple[str, list[str]]]:
    """BoardAsk.choose answers with the entry that starts with each of `picks` in turn; the lists asked are kept."""
    asked: list[tuple[str, list[str]]] = []

    def choose(_cls, _parent, title, _prompt, names):
        asked.append((title, list(names)))
        wanted = picks.pop(0)
        return next(i for i, name in enumerate(names) if name.startswith(wanted))

    monkeypatch.setattr(BoardAsk, "choose", classmethod(choose))
    if dice is not None:
        monkeypatch.setattr(BoardAsk, "dice",
                            classmethod(lambda _c, _p, title, prompt, value="", **_kinds: list(dice)))
    return asked


def last_log(board: EncounterBoard) -> str:
    return board.log_model.index(board.log_model.rowCount() - 1).data()


def test_medicine_in_the_fight_from_the_treat_button(dock, genesys_document, monkeypatch, answers):
    ctl = dock.controller
    ctl.view.character_of("cmb-dock-jax").status["wounds"] = 6
    dock.enter_dice.setChecked(True)
    monkeypatch.setattr(BoardAsk, "dice",
                        classmethod(lambda _c, _p, title, prompt, value="", **_kinds: ["blank"] * 40))
    dock.act_start.trigger()
    dock.select("cmb-dock-mira")
    dock.act_act_now.trigger()                                # Mira takes the first PC slot
    assert ctl.view.current_id() == "cmb-dock-mira"
    dock.select("cmb-dock-jax")
    assert dock.actor_panel.treat_button.isVisible() and dock.actor_panel.treat_button.isEnabled()
    # Mira at (4, 8) is 4 steps from Jax at (8, 7): refused with the reason, nothing spent.
    asked = script(monkeypatch, ["Medicine"], ["ss", "sa", "blank", "blank"])
    dock.actor_panel.treat_button.click()
    title, offered = asked[0]
    assert title == "Treat Jax Marrow" and offered[0] == "Medicine"
    assert "A night's rest (not now: not during a fight: end the encounter first)" in offered
    assert answers.texts("error") == ["Medicine: Dr. Mira Sol is 4 tiles from Jax Marrow: Medicine needs them adjacent"]
    assert ctl.view.character_of("cmb-dock-jax").status["wounds"] == 6
    genesys_document.push(SetToken("map-dock-9", "cmb-dock-mira", (7, 8), "Mira steps up to Jax"))
    script(monkeypatch, ["Medicine"], ["ss", "sa", "blank", "blank"])
    dock.actor_panel.treat_button.click()
    assert ctl.view.character_of("cmb-dock-jax").status["wounds"] == 2           # 3 successes, Surgeon 1: 4 healed
    assert last_log(dock).startswith("R1  Dr. Mira Sol treats Jax Marrow")
    genesys_document.undo_stack.undo()
    assert ctl.view.character_of("cmb-dock-jax").status["wounds"] == 6


def test_a_stimpack_and_assist_from_the_action_buttons_on_an_engaged_ally(dock, genesys_document, monkeypatch,
                                                                          answers):
    ctl = dock.controller
    jax = ctl.view.character_of("cmb-dock-jax")
    jax.status["wounds"] = 7
    monkeypatch.setattr(BoardAsk, "dice",
                        classmethod(lambda _c, _p, title, prompt, value="", **_kinds: ["blank"] * 40))
    dock.enter_dice.setChecked(True)
    dock.act_start.trigger()
    dock.select("cmb-dock-mira")
    dock.act_act_now.trigger()
    genesys_document.push(SetToken("map-dock-9", "cmb-dock-mira", (8, 8), "Mira steps up to Jax"))
    # Use a stimpack: the patient is asked for, no dice (a stimpack rolls none): 5 of Jax's 7 wounds heal.
    monkeypatch.setattr(BoardAsk, "dice", classmethod(lambda *_a, **_k: (_ for _ in ()).throw(AssertionError)))
    asked = script(monkeypatch, ["Jax Marrow"])
    dock.actor_panel.action_buttons["stimpack"].click()
    assert asked[0][0] == "Use a stimpack"
    assert jax.status["wounds"] == 2 and jax.status["stimpacks"] == 1
    assert last_log(dock).endswith("Dr. Mira Sol treats Jax Marrow (Use a stimpack)")
    # Assist: only her allies are offered; Jax's next check gets a boost die, shown on his row.
    asked = script(monkeypatch, ["Jax Marrow"])
    dock.actor_panel.action_buttons["assist"].click()
    assert asked[0] == ("Assist", ["Kara Voss", "Jax Marrow"])
    assert ctl.view.combatant("cmb-dock-jax").resources["next_boost"] == 1
    row = dock.model.row_of("cmb-dock-jax")
    assert dock.model.index(row, 1).data() == "Jax Marrow (to act, next check +1 boost die)"
    assert genesys_document.undo_stack.undoText() == "Dr. Mira Sol: Assist (Jax Marrow)"
    genesys_document.undo_stack.undo()
    genesys_document.undo_stack.undo()
    assert ctl.view.combatant("cmb-dock-jax").resources.get("next_boost", 0) == 0 and jax.status["wounds"] == 7
    # Kara, 4 steps away from Mira now, is out of reach.
    script(monkeypatch, ["Kara Voss"])
    dock.actor_panel.action_buttons["assist"].click()
    assert answers.texts("error")[-1] == "Action: Dr. Mira Sol is 4 tiles from Kara Voss: Assist needs them adjacent"


def test_a_nights_rest_before_the_fight_and_a_refusal_with_its_reason(dock, genesys_document, monkeypatch, answers):
    ctl = dock.controller
    jax = ctl.view.character_of("cmb-dock-jax")
    jax.status |= {"wounds": 5, "strain": 3}
    dock.select("cmb-dock-jax")
    script(monkeypatch, ["A night's rest"])
    dock.actor_panel.treat_button.click()
    assert (jax.status["wounds"], jax.status["strain"]) == (4, 0)
    assert last_log(dock).endswith("Jax Marrow: A night's rest")
    assert genesys_document.undo_stack.undoText() == "A night's rest (Jax Marrow)"
    script(monkeypatch, ["Weekly Resilience check (not now"])
    dock.actor_panel.treat_button.click()
    assert answers.texts("error") == ["Weekly Resilience check: Weekly Resilience check: Jax Marrow carries no "
                                      "critical injury"]
    # Medicine outside the fight: who treats is asked for, from wherever she stands; Easy (4 of 15 wounds) for
    # Mira's 2 proficiency and 1 ability dice against 1 difficulty die: 2 successes.
    dock.enter_dice.setChecked(True)
    asked = script(monkeypatch, ["Medicine", "Dr. Mira Sol"], ["ss", "blank", "blank", "blank"])
    dock.actor_panel.treat_button.click()
    assert [title for title, _ in asked] == ["Treat Jax Marrow", "Medicine"]
    assert jax.status["wounds"] == 1                                             # 2 successes, Surgeon 1: 3 healed
    assert last_log(dock).endswith("Dr. Mira Sol treats Jax Marrow: Medicine, 2 success: success")
    genesys_document.undo_stack.undo()
    genesys_document.undo_stack.undo()
    assert (jax.status["wounds"], jax.status["strain"]) == (5, 3)


def test_between_fights_a_critical_injury_asks_who_treats_and_which_injury(dock, monkeypatch):
    ctl = dock.controller
    jax = ctl.view.character_of("cmb-dock-jax")
    jax.status["criticals"] = "agony"
    dock.select("cmb-dock-jax")
    dock.enter_dice.setChecked(True)
    asked = script(monkeypatch, ["Medicine on a critical", "Dr. Mira Sol", "Agony"], ["ss", "s", "s", "blank", "blank"])
    dock.actor_panel.treat_button.click()
    assert [title for title, _ in asked] == ["Treat Jax Marrow", "Medicine on a critical injury",
                                             "Medicine on a critical injury"]
    assert asked[2][1] == ["Agony (severity 2)"]
    assert jax.status["criticals"] == ""


def test_crisis_offers_first_aid_in_a_fight_and_rest_between_fights(board, monkeypatch, answers):
    board.select("cmb-ridge-ines")
    asked = script(monkeypatch, ["First aid"])
    board.actor_panel.treat_button.click()
    assert asked[0][1] == ["First aid (not now: First aid is given in a fight, on the healer's turn)",
                           "An hour of rest (not now: Ines Moreau has no non-lethal damage)",
                           "A day of natural healing (not now: Ines Moreau has no wound to heal)"]
    assert answers.texts("error") == ["First aid: First aid: First aid is given in a fight, on the healer's turn"]


def test_crisis_rest_between_fights_from_the_treat_button(board, document, monkeypatch, answers):
    ctl = board.controller
    ines = ctl.view.character_of("cmb-ridge-ines")
    ines.status.update(wounds=3, nonlethal=2)
    board.enter_dice.setChecked(True)
    script(monkeypatch, ["An hour of rest"])
    board.select("cmb-ridge-ines")
    board.actor_panel.treat_button.click()
    assert ines.status["nonlethal"] == 1 and last_log(board).endswith("Ines Moreau: An hour of rest")
    # The daily Body roll with a doctor's care (+1): a 3 typed makes 4 against DL 4, one wound heals.
    asked = script(monkeypatch, ["A day of natural healing", "Medical attention from a doctor (+1)"], ["3"])
    board.actor_panel.treat_button.click()
    assert asked[1] == ("A day of natural healing", [
        "No circumstance (DL 4, no modifier)", "Rough travelling (-2)", "No medical attention (-2)",
        "Poor environmental conditions (intense cold, heat or rain) (-2)", "Medical attention from self (+0)",
        "Medical attention from a doctor (+1)",
        "Medical attention from a doctor in good conditions, such as a hospital (+2)"])
    assert ines.status["wounds"] == 2
    assert "Ines Moreau: A day of natural healing" in last_log(board)
    document.undo_stack.undo()
    assert ines.status["wounds"] == 3


@pytest.fixture
def ambush(qtbot, document) -> EncounterBoard:
    """Ridge Road: Vera at (8, 8), Tomas next to her at (8, 7), Ines two steps off at (7, 6)."""
    view = EncounterBoard()
    qtbot.addWidget(view)
    view.resize(1400, 800)
    view.set_document(document)
    view.show_encounter("enc-ambush")
    view.show()
    return view


def test_the_healer_selected_on_its_turn_is_asked_whom_it_treats_and_reach_is_the_rules(ambush, monkeypatch,
                                                                                          answers):
    ctl = ambush.controller
    ambush.act_start.trigger()
    while ctl.view.current_id() != "cmb-ambush-vera":
        ambush.act_next.trigger()
    for patient in ("cmb-ambush-ines", "cmb-ambush-tomas"):
        ctl.view.character_of(patient).status["wounds"] = 4
    ambush.enter_dice.setChecked(True)
    ambush.select("cmb-ambush-vera")
    asked = script(monkeypatch, ["First aid", "Ines Moreau"], [9])
    ambush.actor_panel.treat_button.click()
    assert asked[1][0] == "First aid"
    assert "Vera Kask (themselves)" in asked[1][1] and "Tomas Reyes" in asked[1][1]
    assert "Ines Moreau (not now: Vera Kask is 2 tiles from Ines Moreau: First aid needs them adjacent)" \
        in asked[1][1]
    assert answers.texts("error") == ["First aid: Vera Kask is 2 tiles from Ines Moreau: First aid needs them adjacent"]
    assert ctl.view.character_of("cmb-ambush-ines").status["wounds"] == 4
    script(monkeypatch, ["First aid", "Tomas Reyes"], [9])
    ambush.actor_panel.treat_button.click()
    assert ctl.view.character_of("cmb-ambush-tomas").status["wounds"] == 2       # 9 against 4: 1 + 1 Extra
    assert ctl.view.character_of("cmb-ambush-vera").status.get("wounds", 0) == 0
    assert last_log(ambush).startswith("R1  Vera Kask treats Tomas Reyes")


def test_crisis_classic_adrenalin_shot_from_the_treat_button_goes_to_the_patient_picked(qtbot, paths, monkeypatch,
                                                                                        answers):
    from crisis_desktop.domain import Campaign, Character, CharacterKind
    from crisis_desktop.domain.battle_map import BattleMap, Token
    from crisis_desktop.domain.encounter import Combatant, Encounter, Side
    from crisis_desktop.rules.registry import get_ruleset
    from crisis_desktop.storage.campaign_store import CampaignStore
    from crisis_desktop.ui.document import CampaignDocument

    rules = get_ruleset("crisis-classic")
    people = [Character(id=f"ch-{name.lower()}", name=name, kind=kind, stats=dict(rules.sheet.new_stats(kind)))
              for name, kind in (("Anna", CharacterKind.PC), ("Boris", CharacterKind.PC), ("Carla", CharacterKind.PC),
                                 ("Thug", CharacterKind.NPC))]
    cells = {"c-anna": (1, 1), "c-boris": (2, 1), "c-carla": (5, 1), "c-thug": (9, 9)}
    campaign = Campaign(
        name="Classic", ruleset="crisis-classic", characters=people,
        battle_maps=[BattleMap(id="map", name="Alley", tokens=[Token(combatant_id=c, x=x, y=y)
                                                              for c, (x, y) in cells.items()])],
        encounters=[Encounter(id="enc", name="Alley", battle_map_id="map", combatants=[
            Combatant(id=f"c-{p.name.lower()}", character_id=p.id,
                      side=Side.PARTY if p.kind is CharacterKind.PC else Side.ENEMIES) for p in people])])
    store = CampaignStore(paths)
    path = paths.campaigns / "classic.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    store.save(campaign, path)
    document = CampaignDocument(campaign, path, store)
    board = EncounterBoard()
    qtbot.addWidget(board)
    board.resize(1400, 800)
    board.set_document(document)
    board.show_encounter("enc")
    board.show()
    ctl = board.controller
    board.act_start.trigger()
    while ctl.view.current_id() != "c-anna":
        board.act_next.trigger()
    for name in ("boris", "carla"):
        campaign.character(f"ch-{name}").status["endurance_damage"] = 20
    board.select("c-anna")
    asked = script(monkeypatch, ["Adrenalin Shot", "Boris"])
    board.actor_panel.treat_button.click()
    assert asked[0][1][0] == "Adrenalin Shot"                      # open: Anna may give it to someone
    assert asked[1][1] == ["Anna (themselves) (not now: Anna has all its Endurance)", "Boris",
                           "Carla (not now: Anna is 4 tiles from Carla: Adrenalin Shot needs them adjacent)",
                           "Thug (not now: Thug has all its Endurance)"]
    assert campaign.character("ch-boris").status["endurance_damage"] == 5
    assert answers.texts("error") == []
    document.undo_stack.undo()
    assert campaign.character("ch-boris").status["endurance_damage"] == 20
