"""What the GM does on the Encounter place: build the encounter, take the flow's steps (with the app's dice or the
faces the GM types), take actions, heal, treat, attack, check, override, note, export the log. Each intent builds
one controller command and pushes it on the document. The board (ui/views/encounter_board.py) owns the intents,
gives them what they act on, and calls them from its widgets with the values those hold."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

from crisis_desktop.controller.commands import Command, Steps
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.encounter_commands import AddEncounter
from crisis_desktop.controller.pools import start_session
from crisis_desktop.domain.encounter import Encounter, Side
from crisis_desktop.rules.base import ActionRole
from crisis_desktop.rules.kernel.dice import DiceSource, NeedMoreDice, RandomDice, TypedDice, probe
from crisis_desktop.rules.kernel.flows import Intent, StepOffer, StepRole
from crisis_desktop.ui.dialogs.ask import Ask
from crisis_desktop.ui.dialogs.attack_dialog import AttackDialog
from crisis_desktop.ui.dialogs.check_dialog import CheckDialog
from crisis_desktop.ui.dialogs.encounter_dialogs import BoardAsk
from crisis_desktop.ui.dialogs.intent_dialog import IntentDialog
from crisis_desktop.ui.views.attack_panel import AttackPanel
from crisis_desktop.ui.views.treatment_picker import pick_treatment

if TYPE_CHECKING:
    from crisis_desktop.ui.document import CampaignDocument


class BoardIntents(QObject):
    """The Encounter place's intents, over what the board gives them when it makes them:

    - `view`: the widget the dialogs they ask are shown over (the board);
    - `document()`: the open campaign, where commands are pushed (None: nothing open);
    - `controller()`: the controller of the encounter shown (None: nothing to act on);
    - `selected()`: the combatant selected on the board (None: nobody);
    - `show_encounter(id)`: show that encounter (a new one, once made);
    - `select_current()`: select (and scroll to) whoever acts now, after a step of the flow;
    - `dice_typed()`: whether the GM types the faces of the dice rolled at the table ("Enter dice");
    - `attack_panel()`: the fight workspace's attack panel, where attacks open (None: an attack dialog).

    Signals:
        message(str): a line for the window's status bar.
    """

    message = Signal(str)

    def __init__(self, view: QWidget, *, document: Callable[[], CampaignDocument | None],
                 controller: Callable[[], EncounterController | None], selected: Callable[[], str | None],
                 show_encounter: Callable[[str], None], select_current: Callable[[], None],
                 dice_typed: Callable[[], bool], attack_panel: Callable[[], AttackPanel | None]) -> None:
        super().__init__(view)
        self._view = view
        self._document = document
        self._controller = controller
        self._selected = selected
        self._show_encounter = show_encounter
        self._select_current = select_current
        self._dice_typed = dice_typed
        self._attack_panel = attack_panel

    # -- intents ---------------------------------------------------------------------------------
    def _push(self, make: Callable[[], Command | None], title: str, *, fight: bool = True) -> bool:
        """Build the command (the rules may refuse with a reason) and push it; False if nothing happened. `fight`:
        the command acts on the encounter shown, and there must be one."""
        document = self._document()
        if document is None or (fight and self._controller() is None):
            return False
        try:
            command = make()
        except ValueError as exc:
            Ask.error(self._view, title, str(exc))
            return False
        if command is None:
            return False
        try:
            document.push(command)
        except ValueError as exc:  # a step refused as it was done (Steps): nothing changed
            Ask.error(self._view, title, str(exc))
            return False
        return True

    def new_encounter(self) -> None:
        document = self._document()
        if document is None:
            return
        name = Ask.text(self._view, "New encounter", "Name of the encounter:")
        if name is None:
            return
        encounter = Encounter(name=name)
        document.push(AddEncounter(encounter))
        self._show_encounter(encounter.id)

    def simulate(self) -> None:
        """Simulate… the encounter shown, from its saved start, on a copy (the campaign is never changed)."""
        ctl, document = self._controller(), self._document()
        if ctl is None or document is None or not ctl.view.encounter.combatants:
            return
        from crisis_desktop.ui.dialogs.simulate_dialog import SimulateDialog

        SimulateDialog.ask(self._view, document.campaign, ctl.encounter_id, ctl.ruleset)

    def add_combatants(self) -> None:
        ctl, document = self._controller(), self._document()
        if ctl is None or document is None:
            return
        characters = document.campaign.characters
        picked = BoardAsk.pick_characters(self._view, [f"{c.name} ({c.kind.value.upper()})" for c in characters])
        if not picked:
            return
        self.add_characters([characters[i].id for i in picked])

    def add_characters(self, character_ids: list[str]) -> None:
        """Add these characters as one undo step (also the target of a drop from the Characters view)."""
        ctl, document = self._controller(), self._document()
        if ctl is None or document is None or not character_ids:
            return

        def make() -> Command:
            # Each addition sees the previous one (a running fight extends its order).
            return Steps(f"Add {len(character_ids)} combatants", [partial(ctl.add_combatant, cid)
                                                                  for cid in character_ids])

        self._push(make, "Add combatants")

    def remove_selected(self) -> None:
        cid, ctl = self._selected(), self._controller()
        if cid is not None and ctl is not None:
            self._push(lambda: ctl.remove_combatant(cid), "Remove")

    def set_side(self, side: Side) -> None:
        """The selected combatant's side, as the builder strip's picker says (nothing if it is already)."""
        cid, ctl = self._selected(), self._controller()
        if cid is not None and ctl is not None and side != ctl.view.combatant(cid).side:
            self._push(lambda: ctl.set_side(cid, side), "Side")

    def set_group(self, text: str) -> None:
        """The selected combatant's NPC group, as typed (blank: none)."""
        cid, ctl = self._selected(), self._controller()
        if cid is not None and ctl is not None and (text.strip() or None) != ctl.view.combatant(cid).group:
            self._push(lambda: ctl.set_group(cid, text), "Group")

    def set_hidden(self, hidden: bool) -> None:
        """The selected combatant hidden from the players, or shown to them."""
        cid, ctl = self._selected(), self._controller()
        if cid is not None and ctl is not None and hidden != ctl.view.combatant(cid).hidden:
            self._push(lambda: ctl.set_hidden(cid, hidden), "Hidden")

    def set_setup(self, key: str, on: bool, title: str) -> None:
        """One of the rules' setup flags (`title` its label) ticked or cleared on the selected combatant."""
        cid, ctl = self._selected(), self._controller()
        if cid is None or ctl is None or on == (ctl.view.combatant(cid).setup.get(key) is True):
            return
        self._push(lambda: ctl.set_setup(cid, key, on), title)

    def start(self) -> None:
        ctl = self._controller()
        if ctl is None:
            return
        pools = ctl.initiative_dice() if self._dice_typed() else []
        if pools:
            what = "\n".join(["Turn order: each one's dice, in the order rolled:", *(p.describe() for p in pools),
                               "Where the rules roll again (a tie), each further die gets a field of its own."])
            self._push_rolled(ctl.start, "Start", "Initiative dice", what)
        else:
            self._push_rolled(ctl.start, "Start", "Initiative dice")

    def _push_rolled(self, make: Callable[[DiceSource], Command], title: str, dice_title: str,
                     what: str = "The dice rolled at the table, one face a die, as each is asked:",
                     who: str = "", *, fight: bool = True) -> bool:
        """Push a command that rolls dice: the app's dice, or the faces the GM types when "Enter dice" is ticked,
        one die a field, each named as the rules ask for it (asked again, with what is missing, until they are
        enough); nothing is asked where the rules roll nothing. `who` rolls them (for the rolls of one combatant);
        `fight` as for `_push`."""
        if not self._dice_typed():
            return self._push(lambda: make(RandomDice()), title, fight=fight)
        try:
            return self._push(partial(make, TypedDice([])), title, fight=fight)    # no dice to roll, or a refusal
        except NeedMoreDice:
            pass
        faces: list[int | str] = []
        prompt = what
        document = self._document()
        ruleset = document.session.ruleset if document is not None else None
        glyphs = ruleset.symbol_glyphs() if ruleset is not None else {}
        while True:
            answer = BoardAsk.dice(self._view, dice_title, prompt, faces, probe=partial(probe, make), glyphs=glyphs,
                                   who=who)
            if answer is None:
                return False
            faces = answer
            try:
                return self._push(partial(make, TypedDice(faces)), title, fight=fight)
            except NeedMoreDice as exc:
                prompt = f"{exc}.\n{what}"

    def new_session(self) -> None:
        """The campaign's shared pools (story points) as a new session starts them, with the app's dice or, with
        "Enter dice", the faces rolled at the table (a destiny roll); one undoable step, its roll in the status
        bar. No encounter is needed."""
        document = self._document()
        if document is None:
            return
        session = document.session
        said: list[str] = []

        def make(dice: DiceSource) -> Command:
            command, notes = start_session(document.campaign, session.ruleset, dice, session.options)
            said[:] = [command.text, *notes]
            return command

        if self._push_rolled(make, "New session", "Destiny roll", fight=False):
            self.message.emit("; ".join(said))

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
        ctl = self._controller()
        if ctl is None:
            return
        selected = self._selected()
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
                picked = BoardAsk.choose(self._view, found.label, "Who?", [ctl.view.name(a) for a in found.actors])
                if picked is None:
                    return
                actor = found.actors[picked]
        self._take_offer(found, actor)

    def take_step(self, key: str, actor: str | None = None) -> None:
        """Take the flow's step `key` for `actor` (a step's button on the tool bar: who takes it is the button's)."""
        ctl = self._controller()
        if ctl is None:
            return
        found = next((o for o in ctl.offers() if o.key == key and (actor is None or actor in o.actors)), None)
        if found is not None:
            self._take_offer(found, actor)

    def _take_offer(self, found: StepOffer, actor: str | None) -> None:
        """Take a step the flow offers, for `actor`: with a choice where it plans (the GM picks), and with dice (the
        app's, or typed) where it rolls."""
        ctl = self._controller()
        if ctl is None:
            return
        choice: str | None = None
        intent: Intent | None = None
        if found.choices and actor is not None and any(c.asks is not None for c in found.choices):
            answer = self._ask_intent(ctl, found, actor)
            if answer is None:
                return
            choice, intent = answer
        elif found.choices:
            picked = BoardAsk.choose(self._view, found.label, f"{ctl.view.name(actor) if actor else 'What'}:",
                                     [c.label for c in found.choices])
            if picked is None:
                return
            choice = found.choices[picked].key
        if found.rolls:
            done = self._push_rolled(lambda dice: ctl.step(found.key, actor, choice, dice, intent), found.label,
                                     f"{found.label} dice", who=ctl.view.name(actor) if actor else "")
        else:
            done = self._push(lambda: ctl.step(found.key, actor, choice, intent=intent), found.label)
        if done:
            self._select_current()

    def _ask_intent(self, ctl: EncounterController, found: StepOffer, actor: str) -> tuple[str, Intent | None] | None:
        """What `actor` plans or declares and what it means with it (its target proposed by the rules' assignment);
        None if the GM cancelled. An intent with nothing said is None."""
        mine = ctl.view.combatant(actor).side
        others = sorted((c for c in ctl.view.encounter.combatants if c.id != actor and not ctl.view.out_of_fight(c.id)),
                        key=lambda c: c.side == mine)
        targets = [(c.id, f"{ctl.view.name(c.id)} ({c.side.value})") for c in others]
        weapons = [(w.id, w.name) for w in ctl.preview.weapons(actor)]
        answer = IntentDialog.ask(self._view, found.label, ctl.view.name(actor), found.choices,
                                  partial(ctl.intents.proposal, actor), targets, weapons)
        if answer is None:
            return None
        picked, intent = answer
        return found.choices[picked].key, None if intent.empty() else intent

    def rewind(self) -> None:
        ctl = self._controller()
        if ctl is not None:
            self._push(ctl.rewind_round, "Rewind")

    def end_encounter(self) -> None:
        ctl = self._controller()
        if ctl is None or not Ask.yes_no(self._view, "End encounter", f"End {ctl.view.encounter.name} now?"):
            return
        if self._push(ctl.end_encounter, "End encounter"):
            Ask.info(self._view, "Encounter over", "\n".join([ctl.view.encounter.log[-1].text, "", *ctl.summary()]))

    def take_action(self, key: str) -> None:
        ctl = self._controller()
        current = (self.acting_selection() or ctl.view.current_id()) if ctl else None
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
            picked = (BoardAsk.choose(self._view, action.label, "Whom?", [ctl.view.name(c) for c in allies]) if allies
                      else None)
            if picked is None:
                if not allies:
                    Ask.error(self._view, action.label, f"{action.label}: {ctl.view.name(current)} has no ally here")
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
        ctl = self._controller()
        if ctl is None:
            return
        patients = [c.id for c in ctl.view.encounter.combatants]
        action = next((a.action for a in ctl.actions(healer_id) if a.action.role is ActionRole.HEAL
                       and key in (None, a.action.key)), None)
        label = action.label if action is not None else "Heal"
        choice = BoardAsk.patient(self._view, [ctl.view.character_of(c).name for c in patients], label)
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
        ctl, patient = self._controller(), self._selected()
        if ctl is None or patient is None:
            return
        picked = pick_treatment(self._view, ctl, patient, ctl.view.current_id() if ctl.view.encounter.running else None)
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
        ctl = self._controller()
        if ctl is None or ctl.view.current_id() is None:
            return
        selected = self.acting_selection()
        # Someone the rules let act out of turn (on overwatch) attacks when selected.
        attacker = selected or ctl.view.current_id()
        assert attacker is not None
        # Someone else selected on the board is the one to attack.
        target = self._selected() if self._selected() != attacker else None
        panel = self._attack_panel()
        if panel is not None:
            panel.open(ctl, attacker, target, lambda event: self._push(lambda: event, "Attack"))
            return
        self._push(lambda: AttackDialog.ask(self._view, ctl, attacker, target), "Attack")

    def check(self) -> None:
        ctl = self._controller()
        if ctl is None or not ctl.view.encounter.combatants:
            return
        who = self._selected() or ctl.view.current_id()
        self._push(lambda: CheckDialog.ask(self._view, ctl, who), "Check")

    def acting_selection(self) -> str | None:
        """The selected combatant when the flow lets it act now (its turn, its phase, out of turn)."""
        selected, ctl = self._selected(), self._controller()
        return selected if selected is not None and ctl is not None and ctl.view.may_act(selected) else None

    def override_selected(self) -> None:
        cid, ctl = self._selected(), self._controller()
        if cid is not None and ctl is not None:
            self._push(lambda: BoardAsk.override(self._view, ctl, cid), "GM override")

    def add_note(self, text: str) -> bool:
        """A note in the log (as typed; blank: none); whether it was written."""
        text = text.strip()
        ctl = self._controller()
        return bool(text) and ctl is not None and self._push(lambda: ctl.note(text), "Note")

    def export_log(self) -> None:
        ctl = self._controller()
        if ctl is None:
            return
        path = BoardAsk.save_markdown(self._view, f"{ctl.view.encounter.name}.md")
        if path is None:
            return
        from crisis_desktop.storage.atomic import atomic_write_text

        try:
            atomic_write_text(path, ctl.log_markdown())
        except OSError as exc:
            Ask.error(self._view, "Export combat log", f"Could not write {path}: {exc}")
            return
        self.message.emit(f"Combat log exported to {path.name}")
