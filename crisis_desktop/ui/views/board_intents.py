"""What the GM does on the Encounter place: build the encounter, take the flow's steps (with the app's dice or the
faces the GM types), take actions, heal, treat, attack, check, override, note, export the log. Each intent builds
one controller command and pushes it on the document; the board (ui/views/encounter_board.py) adds the widgets and
keeps them up to date."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QItemSelectionModel, Signal
from PySide6.QtWidgets import QCheckBox, QComboBox, QLineEdit, QPushButton, QTableView, QWidget

from crisis_desktop.controller.commands import Command, built_in_sequence
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.encounter_commands import AddEncounter
from crisis_desktop.domain.encounter import Encounter, Side
from crisis_desktop.rules.base import ActionRole, Ruleset
from crisis_desktop.rules.dice import DiceSource, NeedMoreDice, RandomDice, TypedDice, probe
from crisis_desktop.rules.flow import StepOffer, StepRole
from crisis_desktop.ui.dialogs.ask import Ask
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from crisis_desktop.ui.dialogs.check_dialog import CheckDialog
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.models.board_model import BoardModel
from crisis_desktop.ui.views.attack_panel import AttackPanel
from crisis_desktop.ui.views.treatment_picker import pick_treatment

if TYPE_CHECKING:
    from crisis_desktop.ui.document import CampaignDocument


class BoardIntents(QWidget):
    """The Encounter place's intents over the open `document` and the `controller` of the encounter shown (None:
    nothing to act on), read from the board's widgets; the board builds those widgets and shows encounters
    (`show_encounter`).

    Signals:
        message(str): a line for the window's status bar.
    """

    message = Signal(str)

    document: CampaignDocument | None
    ruleset: Ruleset | None
    controller: EncounterController | None
    model: BoardModel
    table: QTableView
    side: QComboBox
    group: QLineEdit
    setup_flags: dict[str, QCheckBox]
    hidden: QCheckBox
    note: QLineEdit
    enter_dice: QCheckBox
    action_buttons: dict[str, QPushButton]
    attack_panel: AttackPanel | None

    def show_encounter(self, encounter_id: str) -> None:
        raise NotImplementedError

    # -- the selection ---------------------------------------------------------------------------
    def selected_id(self) -> str | None:
        index = self.table.currentIndex()
        return self.model.combatant_id(index.row()) if index.isValid() else None

    def select(self, combatant_id: str) -> None:
        row = self.model.row_of(combatant_id)
        if row is not None:
            self.table.selectionModel().setCurrentIndex(
                self.model.index(row, 0),
                QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)

    # -- intents ---------------------------------------------------------------------------------
    def _push(self, make: Callable[[], Command | None], title: str) -> bool:
        """Build the command (the rules may refuse with a reason) and push it; False if nothing happened."""
        if self.document is None or self.controller is None:
            return False
        try:
            command = make()
        except ValueError as exc:
            Ask.error(self, title, str(exc))
            return False
        if command is None:
            return False
        self.document.push(command)
        return True

    def new_encounter(self) -> None:
        if self.document is None:
            return
        name = Ask.text(self, "New encounter", "Name of the encounter:")
        if name is None:
            return
        encounter = Encounter(name=name)
        self.document.push(AddEncounter(encounter))
        self.show_encounter(encounter.id)

    def simulate(self) -> None:
        """Simulate… the encounter shown, from its saved start, on a copy (the campaign is never changed)."""
        ctl = self.controller
        if ctl is None or self.document is None or self.ruleset is None or not ctl.view.encounter.combatants:
            return
        from crisis_desktop.ui.dialogs.simulate_dialog import SimulateDialog

        SimulateDialog.ask(self, self.document.campaign, ctl.encounter_id, self.ruleset)

    def add_combatants(self) -> None:
        ctl = self.controller
        if ctl is None or self.document is None:
            return
        characters = self.document.campaign.characters
        picked = BoardAsk.pick_characters(self, [f"{c.name} ({c.kind.value.upper()})" for c in characters])
        if not picked:
            return
        self.add_characters([characters[i].id for i in picked])

    def add_characters(self, character_ids: list[str]) -> None:
        """Add these characters as one undo step (also the target of a drop from the Characters view)."""
        ctl = self.controller
        if ctl is None or not character_ids:
            return

        def make() -> Command:
            # Each addition sees the previous one (a running fight extends its order).
            assert self.document is not None
            return built_in_sequence(f"Add {len(character_ids)} combatants", self.document.campaign,
                                     [partial(ctl.add_combatant, cid) for cid in character_ids])

        self._push(make, "Add combatants")

    def remove_selected(self) -> None:
        cid, ctl = self.selected_id(), self.controller
        if cid is not None and ctl is not None:
            self._push(lambda: ctl.remove_combatant(cid), "Remove")

    def _edit_selected(self, field: str) -> None:
        cid, ctl = self.selected_id(), self.controller
        if cid is None or ctl is None:
            return
        combatant = ctl.view.combatant(cid)
        if field == "side" and self.side.currentData() != combatant.side.value:
            self._push(lambda: ctl.set_side(cid, Side(self.side.currentData())), "Side")
        elif field == "group" and (self.group.text().strip() or None) != combatant.group:
            self._push(lambda: ctl.set_group(cid, self.group.text()), "Group")
        elif field == "hidden" and self.hidden.isChecked() != combatant.hidden:
            self._push(lambda: ctl.set_hidden(cid, self.hidden.isChecked()), "Hidden")

    def _edit_setup(self, key: str) -> None:
        """One of the rules' setup flags ticked or cleared on the selected combatant."""
        cid, ctl, box = self.selected_id(), self.controller, self.setup_flags.get(key)
        if cid is None or ctl is None or box is None \
                or box.isChecked() == (ctl.view.combatant(cid).setup.get(key) is True):
            return
        on = box.isChecked()
        self._push(lambda: ctl.set_setup(cid, key, on), box.text())

    def start(self) -> None:
        ctl = self.controller
        if ctl is None:
            return
        pools = ctl.initiative_dice() if self.enter_dice.isChecked() else []
        if pools:
            what = "\n".join(["Turn order: each one's dice, in the order rolled:", *(p.describe() for p in pools),
                               "Where the rules roll again (a tie), each further die gets a field of its own."])
            self._push_rolled(ctl.start, "Start", "Initiative dice", what)
        else:
            self._push_rolled(ctl.start, "Start", "Initiative dice")

    def _push_rolled(self, make: Callable[[DiceSource], Command], title: str, dice_title: str,
                     what: str = "The dice rolled at the table, one face a die, as each is asked:",
                     who: str = "") -> bool:
        """Push a command that rolls dice: the app's dice, or the faces the GM types when "Enter dice" is ticked,
        one die a field, each named as the rules ask for it (asked again, with what is missing, until they are
        enough); nothing is asked where the rules roll nothing. `who` rolls them (for the rolls of one combatant)."""
        if not self.enter_dice.isChecked():
            return self._push(lambda: make(RandomDice()), title)
        try:
            return self._push(partial(make, TypedDice([])), title)      # no dice to roll, or a refusal
        except NeedMoreDice:
            pass
        faces: list[int | str] = []
        prompt = what
        ruleset = self.controller.ruleset if self.controller is not None else None
        glyphs = ruleset.symbol_glyphs() if ruleset is not None else {}
        while True:
            answer = BoardAsk.dice(self, dice_title, prompt, faces, probe=partial(probe, make), glyphs=glyphs, who=who)
            if answer is None:
                return False
            faces = answer
            try:
                return self._push(partial(make, TypedDice(faces)), title)
            except NeedMoreDice as exc:
                prompt = f"{exc}.\n{what}"

    def next_turn(self) -> None:
        self._take(StepRole.ADVANCE)

    def previous_turn(self) -> None:
        self._take(StepRole.BACK)

    def delay(self) -> None:
        self._take(StepRole.HOLD)

    def act_now(self) -> None:
        self._take(StepRole.CHOOSE)

    def plan(self) -> None:
        self._take(StepRole.PLAN)

    def _take(self, role: StepRole) -> None:
        """Take the flow's step of this role (a role's action, its shortcut): for the selected combatant where the
        step needs one (the step open to the selection, when several are; the GM is asked when the selection may
        not take it and several may)."""
        ctl = self.controller
        if ctl is None:
            return
        selected = self.selected_id()
        offers = [o for o in ctl.offers() if o.role is role]
        found = next((o for o in offers if selected in o.actors), next((o for o in offers if o.allowed),
                                                                       offers[0] if offers else None))
        if found is None:
            return
        actor: str | None = None
        if found.actors:
            if selected in found.actors:
                actor = selected
            elif len(found.actors) == 1:
                actor = found.actors[0]
            else:
                picked = BoardAsk.choose(self, found.label, "Who?", [ctl.view.name(a) for a in found.actors])
                if picked is None:
                    return
                actor = found.actors[picked]
        self._take_offer(found, actor)

    def take_step(self, key: str, actor: str | None = None) -> None:
        """Take the flow's step `key` for `actor` (a step's button on the tool bar: who takes it is the button's)."""
        ctl = self.controller
        if ctl is None:
            return
        found = next((o for o in ctl.offers() if o.key == key and (actor is None or actor in o.actors)), None)
        if found is not None:
            self._take_offer(found, actor)

    def _take_offer(self, found: StepOffer, actor: str | None) -> None:
        """Take a step the flow offers, for `actor`: with a choice where it plans (the GM picks), and with dice (the
        app's, or typed) where it rolls."""
        ctl = self.controller
        if ctl is None:
            return
        choice: str | None = None
        if found.choices:
            picked = BoardAsk.choose(self, found.label, f"{ctl.view.name(actor) if actor else 'What'}:",
                                     [c.label for c in found.choices])
            if picked is None:
                return
            choice = found.choices[picked].key
        if found.rolls:
            done = self._push_rolled(lambda dice: ctl.step(found.key, actor, choice, dice), found.label,
                                     f"{found.label} dice", who=ctl.view.name(actor) if actor else "")
        else:
            done = self._push(lambda: ctl.step(found.key, actor, choice), found.label)
        if done:
            self._select_current()

    def rewind(self) -> None:
        ctl = self.controller
        if ctl is not None:
            self._push(ctl.rewind_round, "Rewind")

    def end_encounter(self) -> None:
        ctl = self.controller
        if ctl is None or not Ask.yes_no(self, "End encounter", f"End {ctl.view.encounter.name} now?"):
            return
        if self._push(ctl.end_encounter, "End encounter"):
            Ask.info(self, "Encounter over", "\n".join([ctl.view.encounter.log[-1].text, "", *ctl.summary()]))

    def take_action(self, key: str) -> None:
        ctl = self.controller
        current = (self._acting_selection() or ctl.view.current_id()) if ctl else None
        if ctl is None or current is None:
            return
        action = next((a.action for a in ctl.actions(current) if a.action.key == key), None)
        role = action.role if action is not None else ActionRole.PLAIN
        if role is ActionRole.HEAL:
            self.heal(current, key)
            return
        if role is ActionRole.HELP and action is not None:
            mine = ctl.view.combatant(current).side
            allies = [c.id for c in ctl.view.encounter.combatants if c.side == mine and c.id != current]
            picked = BoardAsk.choose(self, action.label, "Whom?",
                                     [ctl.view.name(c) for c in allies]) if allies else None
            if picked is None:
                if not allies:
                    Ask.error(self, action.label, f"{action.label}: {ctl.view.name(current)} has no ally here")
                return
            self._push(lambda: ctl.take_action(current, key, target_id=allies[picked]), "Action")
            return
        if ctl.action_rolls(current, key):             # a Sneak or Search: the roll comes with it
            self._push_rolled(lambda dice: ctl.take_action(current, key, dice), "Action", "Action dice",
                              who=ctl.view.name(current))
            return
        self._push(lambda: ctl.take_action(current, key), "Action")

    def heal(self, healer_id: str, key: str | None = None) -> None:
        """A healing action of the rules (by default the first): pick the patient, then roll (or type) the check
        where the treatment rolls one."""
        ctl = self.controller
        if ctl is None:
            return
        patients = [c.id for c in ctl.view.encounter.combatants]
        action = next((a.action for a in ctl.actions(healer_id) if a.action.role is ActionRole.HEAL
                       and key in (None, a.action.key)), None)
        label = action.label if action is not None else "Heal"
        choice = BoardAsk.patient(self, [ctl.view.character_of(c).name for c in patients], label)
        if choice is None:
            return
        patient = patients[choice]
        found = next((t for t in ctl.healing.treatments(patient) if action is not None and t.action_key == action.key),
                     None)
        if found is not None and not found.rolls:
            self._push(lambda: ctl.healing.heal(healer_id, patient, None, key), label)
            return
        self._push_rolled(lambda dice: ctl.healing.heal(healer_id, patient, dice, key), label, f"{label} dice",
                          who=ctl.view.name(healer_id))

    def treat(self) -> None:
        """One of the rules' treatments for the selected combatant (in the fight, on the healer's turn; or between
        fights): picked from a list that says why the others are not open now."""
        ctl, patient = self.controller, self.selected_id()
        if ctl is None or patient is None:
            return
        picked = pick_treatment(self, ctl, patient, ctl.view.current_id() if ctl.view.encounter.running else None)
        if picked is None:
            return
        give = partial(ctl.healing.treat, picked.key, picked.patient_id, healer_id=picked.healer_id,
                       choice=picked.choice)
        if picked.rolls:
            self._push_rolled(lambda dice: give(dice=dice), picked.label, f"{picked.label} dice",
                              who=ctl.view.name(picked.healer_id or patient))
        else:
            self._push(give, picked.label)

    def attack(self) -> None:
        ctl = self.controller
        if ctl is None or ctl.view.current_id() is None:
            return
        selected = self._acting_selection()
        # Someone the rules let act out of turn (on overwatch) attacks when selected.
        attacker = selected or ctl.view.current_id()
        assert attacker is not None
        # Someone else selected on the board is the one to attack.
        target = self.selected_id() if self.selected_id() != attacker else None
        if self.attack_panel is not None:
            self.attack_panel.open(ctl, attacker, target, lambda event: self._push(lambda: event, "Attack"))
            return
        self._push(lambda: AttackDialog.ask(self, ctl, attacker, target), "Attack")

    def check(self) -> None:
        ctl = self.controller
        if ctl is None or not ctl.view.encounter.combatants:
            return
        who = self.selected_id() or ctl.view.current_id()
        self._push(lambda: CheckDialog.ask(self, ctl, who), "Check")

    def press_action(self, number: int) -> None:
        """Alt+number: the acting combatant's action button of that number, as a click (nothing if disabled)."""
        buttons = list(self.action_buttons.values())
        if 1 <= number <= len(buttons) and buttons[number - 1].isEnabled():
            buttons[number - 1].click()

    def _acting_selection(self) -> str | None:
        """The selected combatant when the flow lets it act now (its turn, its phase, out of turn)."""
        selected, ctl = self.selected_id(), self.controller
        return selected if selected is not None and ctl is not None and ctl.view.may_act(selected) else None

    def override_selected(self) -> None:
        cid, ctl = self.selected_id(), self.controller
        if cid is not None and ctl is not None:
            self._push(lambda: BoardAsk.override(self, ctl, cid), "GM override")

    def add_note(self) -> None:
        text = self.note.text().strip()
        ctl = self.controller
        if text and ctl is not None and self._push(lambda: ctl.note(text), "Note"):
            self.note.clear()

    def export_log(self) -> None:
        ctl = self.controller
        if ctl is None:
            return
        path = BoardAsk.save_markdown(self, f"{ctl.view.encounter.name}.md")
        if path is None:
            return
        from crisis_desktop.storage.atomic import atomic_write_text

        try:
            atomic_write_text(path, ctl.log_markdown())
        except OSError as exc:
            Ask.error(self, "Export combat log", f"Could not write {path}: {exc}")
            return
        self.message.emit(f"Combat log exported to {path.name}")

    def _select_current(self) -> None:
        current = self.controller.view.current_id() if self.controller else None
        if current is not None:
            self.select(current)
            row = self.model.row_of(current)
            if row is not None:
                self.table.scrollTo(self.model.index(row, 0))
