"""The board follows each system's round flow, in the real main window on its demo fight: a button for every step the
flow offers now (one per combatant who may take it), none for a step the flow never offers, and the step shortcuts
at hand after the attack panel's Apply."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from crisis_desktop.rules.base import ActionRole
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.storage.campaign_store import CampaignStore
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.main_window import MainWindow
from crisis_desktop.ui.views.encounter_board import EncounterBoard
from tests.gui.flow_steps import assert_buttons_follow_the_flow, button_of, step_buttons, steps_offered
from tests.unit.rules.five_fights import classic_campaign

# Each system's demo fight: the campaign (by the name the store finds it by) and the encounter. Crisis-classic has no
# bundled demo: a fight of its own is written beside the others (`classic_demo`).
DEMOS = {"crisis": ("Demo: The Ridge Road", "enc-ambush"), "crisis-classic": ("Classic: Back alley", "enc-alley"),
         "genesys": ("Genesys demo", "enc-dock-9"), "skirmish": ("Skirmish demo", "enc-bridge"),
         "moments": ("Moments demo", "enc-ford")}
SYSTEMS = tuple(DEMOS)


def classic_demo(store: CampaignStore) -> None:
    """Crisis-classic's small fight (it has no bundled demo), saved beside the demos under a name the store finds."""
    campaign = classic_campaign()
    campaign.name = "Classic: Back alley"
    store.save(campaign, store.paths.campaigns / "classic-demo.json")


@pytest.fixture
def fight(make_window, paths, monkeypatch, request) -> MainWindow:
    """The main window on the system's demo fight, started with the app's dice; the GM's answer to a plan or a
    declaration is its first attack, else its first choice."""
    classic_demo(CampaignStore(paths))
    name, encounter = DEMOS[request.param]
    window = make_window(name)
    assert window.document is not None and window.document.campaign.ruleset == request.param
    window.resize(1280, 800)
    window.tabs.setCurrentWidget(window._board_host)
    board = window.encounter_board
    board.show_encounter(encounter)
    monkeypatch.setattr(BoardAsk, "choose", classmethod(lambda _c, _p, title, prompt, names: answer(board, names)))
    board.act_start.trigger()
    assert board.controller.view.encounter.running
    return window


def answer(board: EncounterBoard, names: list[str]) -> int:
    """What the GM picks among `names`: a plan or declaration that attacks, where there is one."""
    choices = next((o.choices for o in board.controller.offers() if [c.label for c in o.choices] == names), ())
    return next((i for i, c in enumerate(choices) if c.role is ActionRole.ATTACK), 0)


def click(qtbot: Any, board: EncounterBoard, action: QAction) -> None:
    """The GM clicks a step's button."""
    qtbot.mouseClick(button_of(board, action), Qt.MouseButton.LeftButton)


def moving_on(board: EncounterBoard) -> QAction:
    """The button of the step the GM takes next to move the fight on: a plan or a choice open, else the step on."""
    buttons = [a for a in step_buttons(board) if a.isEnabled()]
    for role in (StepRole.PLAN, StepRole.CHOOSE, StepRole.ADVANCE):
        found = next((a for a in buttons if a.objectName() == f"step-{role.value}"), None)
        if found is not None:
            return found
    raise AssertionError(f"no step to take: {[a.text() for a in step_buttons(board)]}")


def fight_state(board: EncounterBoard) -> dict[str, Any]:
    return board.controller.view.encounter.model_dump(exclude={"log"})


@pytest.mark.parametrize("fight", SYSTEMS, indirect=True)
def test_the_board_shows_exactly_the_steps_the_flow_offers(fight, qtbot):
    board = fight.encounter_board
    ctl = board.controller
    roles = ctl.view.flow.roles()
    assert (StepRole.BACK in roles) == (ctl.ruleset.id in ("crisis", "crisis-classic"))   # only turns go back
    seen: set[str] = set()
    for _ in range(30):
        assert_buttons_follow_the_flow(board)
        seen |= {a.objectName() for a in step_buttons(board)}
        button = moving_on(board)
        before = fight_state(board)
        click(qtbot, board, button)
        assert fight_state(board) != before, button.text()
    # Every role the flow declares was offered on the way (none is declared in vain), and no other.
    assert seen == {f"step-{role.value}" for role in roles}
    # A flow without a step back has no Previous: its shortcut does nothing either.
    before = fight_state(board)
    QTest.keyClick(board.table, Qt.Key.Key_Backspace, Qt.KeyboardModifier.ControlModifier)
    assert (fight_state(board) != before) == (StepRole.BACK in roles)


@pytest.mark.parametrize("fight", SYSTEMS, indirect=True)
def test_several_steps_of_one_role_each_have_a_button(fight, qtbot, monkeypatch):
    """Several steps of one role open at once (every PC who may fill a slot, everyone still to plan, two fighters
    delaying) each have a button naming who takes it; the button takes it for that combatant, nobody is asked who."""
    board = fight.encounter_board
    ctl = board.controller
    asked: list[str] = []
    monkeypatch.setattr(BoardAsk, "choose", classmethod(
        lambda _c, _p, title, prompt, names: asked.append(prompt) or answer(board, names)))
    for _ in range(10):
        groups: dict[str, list[QAction]] = {}
        for button in step_buttons(board):
            if button.isEnabled():
                groups.setdefault(button.objectName(), []).append(button)
        several = next((g for g in groups.values() if len(g) > 1), None)
        if several is not None or ctl.ruleset.id == "moments":
            break
        # Turns by initiative: two fighters hold their turns, both may act now.
        click(qtbot, board, groups["step-hold"][0] if "step-hold" in groups else moving_on(board))
    if ctl.ruleset.id == "moments":
        # Declarations come one at a time, the worst ranked first: one button, for whoever declares now.
        declare = [o for o, _a in steps_offered(board) if o.role is StepRole.PLAN]
        assert len(declare) == 1 and len(declare[0].actors) == 1
        assert [a.text() for a in step_buttons(board) if a.objectName() == "step-plan"] == [
            f"{declare[0].label}: {ctl.view.name(declare[0].actors[0])}…"]
        return
    assert several is not None, [a.text() for a in step_buttons(board)]
    names = {ctl.view.name(c.id): c.id for c in ctl.view.encounter.combatants}
    whose = [next(n for n in names if a.text().removesuffix("…").endswith(f": {n}")) for a in several]
    assert len(set(whose)) == len(several), whose               # one button per combatant
    last = several[-1]
    log = len(ctl.view.encounter.log)
    board.select(names[whose[0]])                                # the selection does not decide: the button does
    click(qtbot, board, last)
    assert "Who?" not in asked
    taken = [e for e in ctl.view.encounter.log[log:] if e.actor_id == names[whose[-1]]]
    assert taken and taken[0].text.startswith(whose[-1]), [e.text for e in ctl.view.encounter.log[log:]]


def active(window: MainWindow, qtbot: Any) -> None:
    """The window is the active one, as the GM's is (offscreen, a window of an earlier test going away may leave no
    window active)."""
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=2000)


def attack_applied(window: MainWindow, qtbot: Any, attacker: str) -> bool:
    """Attack… for `attacker` from the board, clicked; the first target the rules let it hit rolled with the app's
    dice and Apply clicked. False (the attack cancelled) when no target can be attacked."""
    board, panel = window.encounter_board, window.workspace.attack_panel
    active(window, qtbot)
    board.select(attacker)
    if not board.actor_panel.attack_button.isEnabled():
        return False
    qtbot.mouseClick(board.actor_panel.attack_button, Qt.MouseButton.LeftButton)
    dialog = panel.dialog
    assert dialog is not None
    for index in range(dialog.target.count()):
        dialog.target.setCurrentIndex(index)
        dialog.roll()
        if dialog.rolled_event is not None:
            qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
            assert panel.dialog is None
            return True
    dialog.reject()
    return False


@pytest.mark.parametrize("fight", SYSTEMS, indirect=True)
def test_ctrl_return_moves_on_right_after_apply_in_the_attack_panel(fight, qtbot):
    window, board = fight, fight.encounter_board
    workspace = window.workspace
    ctl = board.controller
    for _ in range(60):
        attacked = next((cid for cid in list(ctl.view.acting()) if ctl.view.may_act(cid) and attack_applied(window,
                                                                                                            qtbot, cid)
                         and board.act_next.isEnabled()), None)
        if attacked is not None:
            break
        click(qtbot, board, moving_on(board))
    else:
        pytest.fail("nobody could attack")
    focus = QApplication.focusWidget()
    assert focus is not None and workspace.isAncestorOf(focus), focus    # back in the fight, not on the window's tabs
    before = fight_state(board)
    QTest.keyClick(focus, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert fight_state(board) != before, f"Ctrl+Return did nothing after Apply ({board.act_next.text()})"


def attack_if_any(qtbot: Any, fight: MainWindow, attacked: set[tuple[int, str]]) -> bool:
    """Whoever may act now and has not attacked this round attacks the first target the rules let it roll against,
    as a GM does: select it, Attack…, pick the target, Roll, Apply. True when an attack was applied."""
    board, panel = fight.encounter_board, fight.workspace.attack_panel
    ctl = board.controller
    stack = fight.document.undo_stack
    for attacker in ctl.view.acting():
        if (ctl.view.encounter.round, attacker) in attacked or not ctl.preview.weapons(attacker):
            continue
        attacked.add((ctl.view.encounter.round, attacker))
        board.select(attacker)
        if not board.actor_panel.attack_button.isEnabled():
            continue
        qtbot.mouseClick(board.actor_panel.attack_button, Qt.MouseButton.LeftButton)
        dialog = panel.dialog
        assert dialog is not None
        for index in range(dialog.target.count()):
            dialog.target.setCurrentIndex(index)
            if dialog.roll_button.isEnabled():
                break
        if not dialog.roll_button.isEnabled():
            qtbot.mouseClick(dialog.buttons.button(dialog.buttons.StandardButton.Cancel), Qt.MouseButton.LeftButton)
            continue
        before = stack.count()
        qtbot.mouseClick(dialog.roll_button, Qt.MouseButton.LeftButton)
        assert dialog.rolled_event is not None, dialog.problem.text()
        qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
        assert panel.dialog is None and stack.count() == before + 1
        return True
    return False


@pytest.mark.parametrize("fight", SYSTEMS, indirect=True)
def test_three_rounds_of_each_demo_fight_through_the_board_and_the_attack_panel(fight, qtbot, answers):
    """A GM runs three rounds of each demo fight: every step from its button, every attack that the rules allow from
    the attack panel (Roll, Apply), nothing refused or asked that the GM did not ask for."""
    board = fight.encounter_board
    ctl = board.controller
    attacked: set[tuple[int, str]] = set()
    applied = 0
    for _ in range(300):
        if ctl.view.encounter.round > 3 or not ctl.view.encounter.running or not ctl.view.anyone_left():
            break
        if attack_if_any(qtbot, fight, attacked):
            applied += 1
            continue
        button = moving_on(board)
        before = fight_state(board)
        click(qtbot, board, button)
        assert fight_state(board) != before, button.text()
    assert ctl.view.encounter.round > 3 or not ctl.view.encounter.running, f"stuck in round {ctl.view.encounter.round}"
    assert applied >= 1, "no attack could be made in three rounds"
    assert answers.texts("error") == []
