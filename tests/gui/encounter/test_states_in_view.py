"""Every system's state in view (issue #36 part 2): after the event that causes it, each state a system tracks reads in
the rules' words on the turn order, on the GM's token and on the character's sheet, and never by a key."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from crisis_desktop.domain import Campaign, Character, CharacterKind, Encounter, EquipmentItem, ItemKind
from crisis_desktop.resources_access import resource
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.ui.battlemap.items import TokenItem, TokenLook
from crisis_desktop.ui.battlemap.scene import MapScene
from crisis_desktop.ui.document import CampaignDocument
from crisis_desktop.ui.models.board_model import COL_BARS, COL_CONDITIONS, COL_NAME, COL_STATE, ConditionsRole
from crisis_desktop.ui.player_display.models import HealthDetailsRole, HealthWordRole, PlayerBoardProxy
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from crisis_desktop.ui.views.sheet_editor import SheetEditor
from tests.fakes.drive import next_step


@dataclass
class Views:
    """The board (its turn order and controller), a map scene's token looks and a sheet, over one document."""

    document: CampaignDocument
    board: EncounterBoard
    scene: MapScene
    sheet: SheetEditor

    @property
    def ctl(self):  # type: ignore[no-untyped-def]
        return self.board.controller

    def cid(self, name: str) -> str:
        return next(c.id for c in self.ctl.view.encounter.combatants if self.ctl.view.name(c.id) == name)

    def character_id(self, name: str) -> str:
        return self.ctl.view.combatant(self.cid(name)).character_id

    def cell(self, name: str, column: int, role: int = 0) -> str:
        model = self.board.model
        row = model.row_of(self.cid(name))
        assert row is not None
        return str(model.index(row, column).data(role) or "")

    def tips(self, name: str, column: int) -> str:
        return self.cell(name, column, 3)      # Qt.ToolTipRole

    def token(self, name: str) -> TokenLook:
        look = self.scene.look(self.cid(name))
        assert look is not None
        return look

    def token_tip(self, name: str) -> str:
        return TokenItem(self.cid(name), self.token(name), 40).toolTip()

    def sheet_text(self, name: str) -> str:
        self.sheet.show_character(self.character_id(name))
        return self.sheet.standing.text()

    def push(self, command) -> None:  # type: ignore[no-untyped-def]
        self.document.push(command)

    def turn_of(self, name: str) -> None:
        """Steps on until `name` acts."""
        for _ in range(40):
            if self.cid(name) in self.ctl.view.acting():
                return
            self.push(self.ctl.step_by_role(StepRole.ADVANCE))
        raise AssertionError(f"{name} never came to act")


def open_views(qtbot, paths, campaign: Campaign, encounter_id: str) -> Views:
    store = CampaignStore(paths)
    path = paths.campaigns / "states.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    store.save(campaign, path)
    document = CampaignDocument(store.load(path), path, store)
    board = EncounterBoard()
    qtbot.addWidget(board)
    board.resize(1400, 800)
    board.set_document(document)
    board.show_encounter(encounter_id)
    scene = MapScene()
    scene.show_map(document.campaign, None, encounter_id, document.session.ruleset)
    sheet = SheetEditor()
    qtbot.addWidget(sheet)
    sheet.set_context(document, document.session.ruleset)
    document.changed.connect(sheet.on_changed)
    return Views(document, board, scene, sheet)


def demo(qtbot, paths, name: str) -> Views:
    campaign = Campaign.model_validate_json(resource("demo", name).read_bytes())
    return open_views(qtbot, paths, campaign, campaign.encounters[0].id)


def no_key_shown(views: Views, name: str, *keys: str) -> None:
    shown = " ".join([views.cell(name, c) for c in (COL_NAME, COL_STATE, COL_BARS, COL_CONDITIONS)]
                     + [views.token_tip(name), views.sheet_text(name)])
    for key in keys:
        assert key not in shown, (key, shown)


# -- skirmish ------------------------------------------------------------------------------------------------------
def test_skirmish_wounds_per_location_and_fatigue(qtbot, paths):
    views = demo(qtbot, paths, "skirmish.json")
    views.push(views.ctl.start(RandomDice(3)))
    name = views.ctl.view.name(views.ctl.view.encounter.combatants[0].id)
    char = views.character_id(name)
    assert views.cell(name, COL_CONDITIONS) == "" and "Fatigue" not in views.token_tip(name)
    # A blow's pain, then a broken arm: the GM sets what the table rolled.
    views.push(views.ctl.overrides.set_status(char, "fatigue", 3))
    views.push(views.ctl.overrides.set_status(char, "wound_arms", "critical"))
    conditions = views.cell(name, COL_CONDITIONS)
    assert conditions == "Fractured arm (critical), Fatigue 3", conditions
    override = next(e for e in reversed(views.ctl.view.encounter.log) if e.kind == "override")
    assert override.text == f"GM: {name}: Arms wound — → Fractured arm"      # labels, never keys
    tips = views.tips(name, COL_CONDITIONS).splitlines()
    assert tips[0].startswith("Fractured arm (critical): Arms: ") and len(tips[0]) > 50    # what it imposes
    assert tips[1].startswith("Fatigue 3: pain taken: -3 on checks")
    token = views.token(name)
    assert token.conditions == ("Fractured arm (critical)", "Fatigue 3") and token.markers == ("Fr", "Fa")
    sheet = views.sheet_text(name)
    assert "Fatigue 3: pain taken" in sheet and "Fractured arm (critical): Arms: " in sheet and "Stamina " in sheet
    no_key_shown(views, name, "wound_arms", "fatigue ")
    # A supercritical head wound kills: the state says so everywhere.
    views.push(views.ctl.overrides.set_status(char, "wound_head", "supercritical"))
    assert views.cell(name, COL_STATE) == "Dead" and views.token(name).state == "Dead"
    assert views.sheet_text(name).startswith("Dead · Stamina ")
    assert "Severed head (supercritical)" in views.cell(name, COL_CONDITIONS)
    views.document.undo_stack.undo()
    views.document.undo_stack.undo()
    assert "Fractured arm" not in views.cell(name, COL_CONDITIONS) and "Fractured arm" not in views.sheet_text(name)


# -- genesys -------------------------------------------------------------------------------------------------------
def genesys(qtbot, paths) -> Views:
    views = demo(qtbot, paths, "genesys.json")
    views.push(views.ctl.start(RandomDice(9)))
    return views


def a_pc(views: Views) -> str:
    campaign = views.document.campaign
    return next(views.ctl.view.name(c.id) for c in views.ctl.view.encounter.combatants
                if campaign.character(c.character_id).kind is CharacterKind.PC)


def test_genesys_wounds_and_strain_count_up_and_strain_puts_a_pc_down(qtbot, paths):
    views = genesys(qtbot, paths)
    name = a_pc(views)
    char = views.character_id(name)
    character = views.document.campaign.character(char)
    derived = views.ctl.ruleset.sheet.derived(character, views.ctl.view.options)
    wt, st = int(derived["wound_threshold"].value), int(derived["strain_threshold"].value)
    assert f"Wounds 0/{wt} · Strain 0/{st}" in views.cell(name, COL_BARS)
    views.push(views.ctl.overrides.set_status(char, "wounds", 4))
    assert f"Wounds 4/{wt}" in views.cell(name, COL_BARS) and f"Wounds: 4 of {wt} taken" in views.tips(name, COL_BARS)
    token = views.token(name)
    assert token.health == (4, wt) and not token.lower_is_worse and token.word == "wounded"
    assert f"Strain 0/{st}" in token.details
    # Down from strain: the wounds are not what put the PC down, and the players are told both tracks.
    views.push(views.ctl.overrides.set_status(char, "strain", st + 1))
    assert views.cell(name, COL_STATE) == "Incapacitated"
    assert views.token(name).state == "Incapacitated" and views.token(name).word == "down"
    assert views.sheet_text(name).startswith(f"Incapacitated · Wounds 4/{wt} · Strain {st + 1}/{st}")
    players = PlayerBoardProxy()
    players.setSourceModel(views.board.model)
    row = next(r for r in range(players.rowCount()) if players.index(r, 0).data() == name)
    assert players.index(row, 0).data(HealthDetailsRole) == f"Wounds 4/{wt} · Strain {st + 1}/{st}"
    assert players.index(row, 0).data(HealthWordRole) == "down"
    assert "Health" not in players.index(row, 0).data(HealthDetailsRole)
    no_key_shown(views, name, "strain_left", "wounds_left", "incapacitated")


def test_genesys_a_critical_injury_shows_with_its_severity(qtbot, paths):
    """Maimed (101-105) is severity 3: a Hard check heals it."""
    views = genesys(qtbot, paths)
    name = a_pc(views)
    views.push(views.ctl.overrides.set_status(views.character_id(name), "criticals", "maimed"))
    assert views.cell(name, COL_CONDITIONS) == "Maimed (Hard crit)"
    assert views.tips(name, COL_CONDITIONS).startswith("Maimed (Hard crit): A limb is lost")
    assert views.token(name).conditions == ("Maimed (Hard crit)",) and views.token(name).markers == ("M",)
    assert "Maimed (Hard crit): A limb is lost" in views.sheet_text(name)
    assert "crit:" not in views.cell(name, COL_NAME)          # no longer a badge beside the name as well


# -- crisis-classic ------------------------------------------------------------------------------------------------
def classic(qtbot, paths) -> Views:
    rules = get_ruleset("crisis-classic")
    hans = Character(name="Hans Flint", kind=CharacterKind.PC, stats=dict(rules.sheet.new_stats(CharacterKind.PC)))
    musket = next(w for w in rules.catalogue("weapons") if w.name == "Flintlock Musket").model_copy(deep=True)
    musket.stats["ammo"] = 0
    hans.equipment.append(musket)
    thug = Character(name="Thug", kind=CharacterKind.NPC, stats=dict(rules.sheet.new_stats(CharacterKind.NPC)))
    campaign = Campaign(name="Classic", ruleset="crisis-classic", characters=[hans, thug],
                        encounters=[Encounter(id="enc", name="Alley")])
    views = open_views(qtbot, paths, campaign, "enc")
    views.push(views.ctl.add_combatant(hans.id))
    views.push(views.ctl.add_combatant(thug.id))
    views.push(views.ctl.start(RandomDice(3)))
    return views


def test_classic_exhausted_the_moment_endurance_runs_out(qtbot, paths):
    views = classic(qtbot, paths)
    char = views.character_id("Thug")
    endurance = int(views.ctl.ruleset.sheet.derived(views.document.campaign.character(char),
                                                    views.ctl.view.options)["endurance_max"].value)
    assert "Exhausted" not in views.cell("Thug", COL_CONDITIONS)
    views.push(views.ctl.overrides.set_status(char, "endurance_damage", endurance))
    assert views.cell("Thug", COL_STATE) == "Exhausted" and "Exhausted" in views.cell("Thug", COL_CONDITIONS)
    assert views.token("Thug").state == "Exhausted" and "Exhausted" in views.token("Thug").conditions
    assert views.sheet_text("Thug").startswith("Exhausted · Health ")
    assert any(e.kind == "state" and "is exhausted" in e.text for e in views.ctl.view.encounter.log)


def test_classic_exhausted_mark_without_the_condition():
    """Endurance at 0 reads Exhausted even before the condition is on the sheet (a value set on the sheet itself)."""
    rules = get_ruleset("crisis-classic")
    from crisis_desktop.rules.base import Actor

    thug = Character(name="Thug", kind=CharacterKind.NPC, stats=dict(rules.sheet.new_stats(CharacterKind.NPC)))
    assert rules.sheet.marks(Actor(thug), {}) == []
    thug.status["endurance_damage"] = 10_000
    marks = rules.sheet.marks(Actor(thug), {})
    assert [m.label for m in marks] == ["Exhausted"] and "2 AP" in marks[0].effect
    assert rules.sheet.state(thug, {}).shown == "Exhausted"


def test_classic_reload_over_several_turns_named_with_its_progress_and_logged_when_done(qtbot, paths):
    views = classic(qtbot, paths)
    hans = views.cid("Hans Flint")
    views.turn_of("Hans Flint")
    reload = next(a.action.key for a in views.ctl.actions(hans) if a.action.label == "Reload Flintlock Musket")
    views.push(views.ctl.take_action(hans, reload))
    assert views.cell("Hans Flint", COL_NAME) == "Hans Flint (Reload Flintlock Musket: 4 of 10 AP)"
    assert "Reload" not in views.cell("Hans Flint", COL_BARS)         # named once, beside the name
    assert "Reload Flintlock Musket: 4 of 10 AP" in views.token("Hans Flint").details
    assert "Reload Flintlock Musket: 4 of 10 AP" in views.token_tip("Hans Flint")
    assert views.sheet_text("Hans Flint").endswith("AP 0/6 · Reload Flintlock Musket: 4 of 10 AP")
    no_key_shown(views, "Hans Flint", "reload:", reload)
    for progress in (8, 10):
        views.push(views.ctl.step_by_role(StepRole.ADVANCE))
        views.turn_of("Hans Flint")
        views.push(views.ctl.take_action(hans, reload))
        if progress < 10:
            assert views.cell("Hans Flint", COL_NAME) == f"Hans Flint (Reload Flintlock Musket: {progress} of 10 AP)"
    assert views.cell("Hans Flint", COL_NAME) == "Hans Flint"
    entry = views.ctl.view.encounter.log[-1]
    lines = [entry.text, *entry.details]
    assert "Hans Flint's Reload Flintlock Musket is done (10 AP over several turns)" in lines, lines
    assert "Flintlock Musket reloaded" in lines
    assert not any("reload:" in e.text or any("reload:" in d for d in e.details) for e in views.ctl.view.encounter.log)


# -- crisis --------------------------------------------------------------------------------------------------------
def test_crisis_ap_and_dying_everywhere(qtbot, paths):
    views = demo(qtbot, paths, "campaign.json")
    views.push(views.ctl.start(RandomDice(4)))
    name = views.ctl.view.name(views.ctl.view.encounter.combatants[0].id)
    char = views.character_id(name)
    assert "AP " in views.cell(name, COL_BARS)
    assert any(d.startswith("AP ") for d in views.token(name).details) and " · AP " in views.sheet_text(name)
    health = next(b.maximum for b in views.ctl.ruleset.sheet.resources(views.ctl.view.actor(views.cid(name)),
                                                                          views.ctl.view.options) if b.key == "health")
    views.push(views.ctl.overrides.set_status(char, "wounds", health))
    assert views.cell(name, COL_STATE) == "Dying" and "Dying" in views.cell(name, COL_CONDITIONS)
    assert views.token(name).state == "Dying" and "Dying" in views.token(name).conditions
    assert views.token(name).down and views.token(name).word == "down"
    assert views.sheet_text(name).startswith("Dying · Health 0/")
    override = next(e for e in reversed(views.ctl.view.encounter.log) if e.kind == "override")
    assert override.text == f"GM: {name}: Wounds 0 → {health}"



def test_crisis_reload_over_several_turns_named_with_its_progress_and_logged_when_done(qtbot, paths):
    """A cannon whose reload (REL 8) is more than a turn's 6 AP: named beside the name with its progress on the turn
    order, the token and the sheet, never by its key, and logged when its last AP is paid."""
    rules = get_ruleset("crisis")
    cannon = EquipmentItem(name="Cannon", kind=ItemKind.WEAPON, stats={
        "skill": "heavy_weapons", "damage": "2d6", "hit": 0, "range": 6, "rof": 1, "cap": 1, "ammo": 0, "mag": 3,
        "reload_ap": 8, "attack_ap": None, "aoe_radius": 0})
    gunner = Character(name="Hans Flint", kind=CharacterKind.PC, stats=dict(rules.sheet.new_stats(CharacterKind.PC)),
                       equipment=[cannon])
    wolf = Character(name="Wolf", kind=CharacterKind.NPC, stats=dict(rules.sheet.new_stats(CharacterKind.NPC)))
    campaign = Campaign(name="Crisis", ruleset="crisis", characters=[gunner, wolf],
                        encounters=[Encounter(id="enc", name="Yard")])
    views = open_views(qtbot, paths, campaign, "enc")
    views.push(views.ctl.add_combatant(gunner.id))
    views.push(views.ctl.add_combatant(wolf.id))
    views.push(views.ctl.start(RandomDice(3)))
    hans = views.cid("Hans Flint")
    views.turn_of("Hans Flint")
    reload = next(a.action.key for a in views.ctl.actions(hans) if a.action.label.startswith("Reload"))
    views.push(views.ctl.take_action(hans, reload))
    named = views.cell("Hans Flint", COL_NAME)
    assert named.startswith("Hans Flint (Reload") and named.endswith(" of 8 AP)"), named
    progress = named.removeprefix("Hans Flint (").removesuffix(")")
    assert progress in views.token("Hans Flint").details and progress in views.token_tip("Hans Flint")
    assert views.sheet_text("Hans Flint").endswith(progress)
    no_key_shown(views, "Hans Flint", "reload:", reload)
    views.push(views.ctl.step_by_role(StepRole.ADVANCE))
    views.turn_of("Hans Flint")
    views.push(views.ctl.take_action(hans, reload))
    assert views.cell("Hans Flint", COL_NAME) == "Hans Flint"
    entry = views.ctl.view.encounter.log[-1]
    lines = [entry.text, *entry.details]
    assert "Reload is done" in lines and "Cannon reloaded: 1 round (2 spare magazines left)" in lines, lines
    assert not any("reload:" in e.text or any("reload:" in d for d in e.details) for e in views.ctl.view.encounter.log)

# -- moments -------------------------------------------------------------------------------------------------------
def test_moments_hp_and_a_major_wound_with_its_death_test(qtbot, paths):
    views = demo(qtbot, paths, "moments.json")
    views.push(views.ctl.start(RandomDice(7)))
    name = views.ctl.view.name(views.ctl.view.encounter.combatants[0].id)
    char = views.character_id(name)
    assert "Hit points " in views.cell(name, COL_BARS)
    # A slicing blow of 5 HP that rolled major wound 4 on the left: the GM writes what the table rolled.
    views.push(views.ctl.overrides.set_status(char, "wounds", "5 slicing major 4 left"))
    conditions = views.cell(name, COL_CONDITIONS)
    assert conditions.startswith("Major wound: "), conditions
    tip = views.tips(name, COL_CONDITIONS)
    assert "5 slicing HP lost" in tip and ("survived: medical attention wanted" in tip), tip
    assert any(c.startswith("Major wound: ") for c in views.token(name).conditions)
    assert "Major wound: " in views.sheet_text(name)
    assert views.cell(name, COL_CONDITIONS, ConditionsRole) != ""


def test_moments_a_declaration_on_the_turn_order_and_the_token(qtbot, paths):
    views = demo(qtbot, paths, "moments.json")
    views.push(views.ctl.start(RandomDice(7)))
    key, actor, choice = next_step(views.ctl)
    assert key == "declare" and actor is not None
    name = views.ctl.view.name(actor)
    views.push(views.ctl.step(key, actor, choice))
    declared = views.cell(name, COL_NAME).removeprefix(f"{name} (").removesuffix(")")
    assert declared.startswith("declared: ") and len(declared) > len("declared: ")
    assert declared in views.token(name).details and declared in views.token_tip(name)
    assert "Actions left 1/1" in views.token(name).details and "Reactions left 1/1" in views.token(name).details


@pytest.mark.parametrize("demo_file", ["campaign.json", "genesys.json", "skirmish.json", "moments.json"])
def test_no_state_reads_by_its_key_on_the_board(qtbot, paths, demo_file):
    views = demo(qtbot, paths, demo_file)
    views.push(views.ctl.start(RandomDice(5)))
    for c in views.ctl.view.encounter.combatants:
        name = views.ctl.view.name(c.id)
        state = views.cell(name, COL_STATE)
        assert "_" not in state and state[:1].isupper(), state
        assert "_" not in views.token(name).state


def test_token_markers_tell_apart_marks_sharing_their_first_letters():
    look = TokenLook("Aldric Vane", "party", conditions=("Fractured arm (critical)", "Fractured leg (critical)",
                                                          "Fatigue 3", "Stunned"))
    assert look.markers == ("FA", "FL", "Fa", "S")


def test_skirmish_players_see_an_npc_wound_but_not_its_fatigue(qtbot, paths):
    views = demo(qtbot, paths, "skirmish.json")
    views.push(views.ctl.start(RandomDice(3)))
    campaign = views.document.campaign
    fighters = views.ctl.view.encounter.combatants
    npc, pc = (next(views.ctl.view.name(c.id) for c in fighters if campaign.character(c.character_id).kind is kind)
               for kind in (CharacterKind.NPC, CharacterKind.PC))
    for name in (npc, pc):
        views.push(views.ctl.overrides.set_status(views.character_id(name), "fatigue", 2))
        views.push(views.ctl.overrides.set_status(views.character_id(name), "wound_legs", "critical"))
    players = PlayerBoardProxy()
    players.setSourceModel(views.board.model)

    def told(name: str) -> tuple[str, str, list[str]]:
        row = next(r for r in range(players.rowCount()) if players.index(r, 0).data() == name)
        return (str(players.index(row, 2).data()), str(players.index(row, 2).data(3)),
                [c.label for c in players.index(row, 0).data(ConditionsRole)])

    assert told(npc)[0] == "Fractured leg (critical)" and told(npc)[2] == ["Fractured leg (critical)"]
    assert "Fatigue" not in told(npc)[1] and told(npc)[1].startswith("Fractured leg (critical): Legs: ")
    assert told(pc)[2] == ["Fractured leg (critical)", "Fatigue 2"]      # the players know their own numbers
    assert views.cell(npc, COL_CONDITIONS) == "Fractured leg (critical), Fatigue 2"     # the GM sees everything


def test_crisis_knocked_out_reads_in_words(qtbot, paths):
    views = demo(qtbot, paths, "campaign.json")
    views.push(views.ctl.start(RandomDice(4)))
    name = views.ctl.view.name(views.ctl.view.encounter.combatants[0].id)
    health = next(b.maximum for b in views.ctl.ruleset.sheet.resources(views.ctl.view.actor(views.cid(name)),
                                                                          views.ctl.view.options) if b.key == "health")
    views.push(views.ctl.overrides.set_status(views.character_id(name), "nonlethal", health + 1))
    assert views.cell(name, COL_STATE) == "Knocked out" and views.token(name).state == "Knocked out"
    assert views.sheet_text(name).startswith("Knocked out · Health ")
    no_key_shown(views, name, "knocked_out", "incapacitated", "nonlethal")
