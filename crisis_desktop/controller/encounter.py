"""The encounter controller: each intent of building or running a fight returns one undoable command (no Qt)."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from crisis_desktop.controller import encounter_log as logs
from crisis_desktop.controller.attack_view import AttackView
from crisis_desktop.controller.commands import Command
from crisis_desktop.controller.encounter_commands import (
    AppendLog,
    EncounterEvent,
    InsertCombatant,
    RemoveCombatant,
    RestoreSnapshot,
)
from crisis_desktop.controller.fight import NOBODY_LEFT, DraftFight
from crisis_desktop.domain import Campaign, CharacterKind, StatValue
from crisis_desktop.domain.encounter import Combatant, Encounter, Side
from crisis_desktop.rules.base import (
    ActionAvailability,
    ActionRole,
    ActionSpec,
    Actor,
    AddCondition,
    AttackRequest,
    AttackResult,
    AttackTarget,
    CheckOdds,
    CheckRequest,
    CheckResult,
    Checks,
    Effect,
    Executes,
    FieldSpec,
    Healing,
    Hiding,
    RemoveCondition,
    Ruleset,
    ScatteredAttack,
    Scatters,
    SetItemStat,
    SetResource,
    SetStatus,
    SpendBudget,
    SpendChoice,
    SpendPick,
    Treatment,
    TurnEffects,
)
from crisis_desktop.rules.kernel.dice import DiceSource, RollPool, TypedDice
from crisis_desktop.rules.kernel.flows import StepOffer, StepRole, offer


class EncounterController(AttackView):
    """Intents on one encounter of a campaign. Nothing changes until the returned command is applied
    (pushed on a History or the GUI's undo stack); one command is one undo step, log entry included.

    How the fight proceeds (turns, slots, phases, declarations) is the ruleset's round flow: the controller
    offers its steps and takes the one the GM picks."""

    def __init__(self, campaign: Campaign, encounter_id: str, ruleset: Ruleset) -> None:
        super().__init__(campaign, encounter_id, ruleset)
        self.campaign.encounter(encounter_id)  # KeyError now rather than at the first intent
        self._round_events: list[EncounterEvent] = []
        self.repaired = self._drop_the_gone()

    def _drop_the_gone(self) -> list[str]:
        """A file edited by hand may leave the flow naming combatants the encounter no longer has: they leave the
        flow as a deleted combatant would (not an undo step: the file was wrong). The ids dropped."""
        if not self.encounter.started:
            return []
        gone = sorted(self.flow.referenced(self) - {c.id for c in self.encounter.combatants})
        if gone:
            with self._drafting() as d:
                for combatant_id in gone:
                    self.flow.left(d, combatant_id)
                repair = d.event("Drop combatants the fight names but no longer has")
            repair.apply(self.campaign)
        return gone

    # -- reading ---------------------------------------------------------------------------------
    def actions(self, combatant_id: str) -> list[ActionAvailability]:
        """The ruleset's actions for this combatant, with costs and the reason each is unavailable (none open to a
        fighter who went down in a running fight, whatever its own rules would still offer)."""
        actor = self.actor(combatant_id)
        offered = self.ruleset.available_actions(actor, self.options)
        down = self.down_reason(combatant_id) if self.encounter.running else None
        if down is not None:
            return [replace(a, allowed=False, reason=down) for a in offered]
        rules = self.ruleset
        if not isinstance(rules, Hiding) or not self.encounter.running:
            return offered
        # Hiding and searching depend on who sees whom: the rules say why not before the button is pressed.
        sighted = [a for a in offered if a.allowed and rules.sight_action(a.action.key)]
        opponents = self.opponents(combatant_id) if sighted else []
        refusals = {a.action.key: rules.sight_refusal(actor, a.action.key, opponents) for a in sighted}
        return [replace(a, allowed=False, reason=why) if (why := refusals.get(a.action.key)) else a for a in offered]

    def offers(self) -> list[StepOffer]:
        """The flow's steps open now (none before the start, after the end, or when nobody is left who can act:
        then only ending the encounter makes sense)."""
        return self.flow.offers(self) if self.encounter.running and self.anyone_left() else []

    @property
    def checks(self) -> Checks:
        """The rules' checks; ValueError where the system has none."""
        if not isinstance(self.ruleset, Checks):
            raise ValueError(f"The {self.ruleset.name} rules have no checks")
        return self.ruleset

    def _may_act(self, combatant_id: str) -> None:
        if not self.anyone_left():
            raise ValueError(NOBODY_LEFT)
        if not self.flow.may_act(self, combatant_id):
            acting = ", ".join(self.name(a) for a in self.acting()) or "nobody"
            raise ValueError(f"{self.name(combatant_id)} cannot act now: it is {acting}'s turn")
        down = self.down_reason(combatant_id)
        if down is not None:
            raise ValueError(down)

    @contextmanager
    def _drafting(self) -> Iterator[DraftFight]:
        draft = DraftFight(self.campaign, self.encounter_id, self.ruleset)
        try:
            yield draft
        finally:
            draft.rollback()

    def _not_running(self, what: str) -> None:
        if self.encounter.ended:
            raise ValueError(f"{self.encounter.name} is over: cannot {what}")

    def _running(self, what: str) -> Encounter:
        encounter = self.encounter
        if not encounter.started:
            raise ValueError(f"Start the encounter first: cannot {what}")
        self._not_running(what)
        return encounter

    # -- building the encounter -------------------------------------------------------------------
    def add_combatant(self, character_id: str, side: Side | None = None, group: str | None = None,
                      setup: Mapping[str, StatValue] | None = None, hidden: bool = False) -> Command:
        """Add a character; PCs join the party and NPCs the enemies unless a side is given; `setup`: the rules'
        setup flags marked on it (Ruleset.setup_flags). Joining a running fight puts the newcomer last in the turn
        order."""
        self._not_running("add anyone")
        character = self.campaign.character(character_id)
        if side is None:
            side = Side.PARTY if character.kind is CharacterKind.PC else Side.ENEMIES
        flags = dict(setup or {})
        for key, value in flags.items():
            self._setup_flag(key, value)
        combatant = Combatant(character_id=character_id, side=side, group=group or None, setup=flags, hidden=hidden)
        with self._drafting() as d:
            d.do(InsertCombatant(self.encounter_id, combatant))
            if self.encounter.started:
                d.apply(self.ruleset.start_encounter(self.actor(combatant.id), self.options).effects,
                        f"{character.name} joins")
                self.flow.joined(d, combatant.id)
            event = d.event(f"Add {character.name} to {self.encounter.name}", result=combatant.id)
        return event

    def remove_combatant(self, combatant_id: str) -> Command:
        name = self.name(combatant_id)
        running = self.encounter.running
        round_before = self.encounter.round
        with self._drafting() as d:
            d.do(RemoveCombatant(self.encounter_id, combatant_id))
            if running:
                d.note("leave", f"{name} leaves the fight")
                self.flow.left(d, combatant_id)
            # The last fighter of a round leaving while it acts begins the next round: rewind goes back to here.
            new_round = self.encounter.round != round_before
            event = d.event(f"Remove {name} from {self.encounter.name}", round_start=new_round)
        if new_round:
            self._round_events.append(event)
        return event

    def _set(self, combatant_id: str, field: str, value: Any, text: str) -> Command:
        with self._drafting() as d:
            d.set_combatant(combatant_id, field, value)
            if self.encounter.started:
                d.note("override", f"GM: {text}", combatant_id)
            event = d.event(text)
        return event

    def set_side(self, combatant_id: str, side: Side) -> Command:
        return self._set(combatant_id, "side", Side(side), f"{self.name(combatant_id)} is on the {side.value} side")

    def set_group(self, combatant_id: str, group: str | None) -> Command:
        group = (group or "").strip() or None
        text = f"{self.name(combatant_id)} " + (f"joins group {group}" if group else "leaves its group")
        return self._set(combatant_id, "group", group, text)

    def _setup_flag(self, key: str, value: StatValue) -> FieldSpec:
        spec = next((f for f in self.ruleset.setup_flags() if f.key == key), None)
        if spec is None:
            raise ValueError(f"The {self.ruleset.name} rules mark no {key!r} on a combatant")
        if not isinstance(value, bool):
            raise ValueError(f"{spec.label} is yes or no, not {value!r}")
        return spec

    def set_setup(self, combatant_id: str, key: str, value: bool) -> Command:
        """Mark or clear one of the rules' setup flags on a combatant ("Vera is surprised")."""
        spec = self._setup_flag(key, value)
        flags = {k: v for k, v in self.combatant(combatant_id).setup.items() if k != key}
        if value:
            flags[key] = True
        word = spec.label.lower()
        return self._set(combatant_id, "setup", flags,
                         f"{self.name(combatant_id)} is {word if value else 'not ' + word}")

    def set_hidden(self, combatant_id: str, hidden: bool) -> Command:
        return self._set(combatant_id, "hidden", hidden,
                         f"{self.name(combatant_id)} is {'hidden from' if hidden else 'shown to'} the players")

    # -- the round flow --------------------------------------------------------------------------
    def start(self, dice: DiceSource) -> Command:
        """Fresh combat resources for everyone, then the flow's opening (initiative: NeedMoreDice if typed dice
        run out) and its first step."""
        encounter = self.encounter
        if encounter.started:
            raise ValueError(f"{encounter.name} has already started")
        if not encounter.combatants:
            raise ValueError("Add combatants before starting the fight")
        with self._drafting() as d:
            for combatant in encounter.combatants:
                d.apply(self.ruleset.start_encounter(self.actor(combatant.id), self.options).effects, "Start")
            d.set("ended", False)
            d.set("started", True)
            stepped = self.flow.start(d, dice)
            event = d.event(f"Start {encounter.name}", result=stepped.result, round_start=True)
        self._round_events.append(event)
        return event

    def initiative_dice(self) -> list[RollPool]:
        """Whose roll and which dice starting the fight rolls, in the order rolled (Ruleset.initiative_dice), for
        typed dice to be asked by name."""
        return self.ruleset.initiative_dice([self.actor(c.id) for c in self.encounter.combatants], self.options)

    def step(self, key: str, actor_id: str | None = None, choice: str | None = None,
             dice: DiceSource | None = None) -> EncounterEvent:
        """Take one of the flow's offered steps (ValueError with the reason when it is not open now)."""
        self._running("move on")
        if not self.anyone_left():
            raise ValueError(NOBODY_LEFT)
        offered = offer(self.offers(), key)
        if offered.actors and actor_id not in offered.actors:
            names = ", ".join(self.name(a) for a in offered.actors)
            raise ValueError(f"{offered.label}: pick one of {names}" if actor_id is None
                             else f"{offered.label} is not open to {self.name(actor_id)}")
        before = ", ".join(self.name(a) for a in self.acting())
        with self._drafting() as d:
            stepped = self.flow.take(d, key, actor_id, choice, dice)
            after = ", ".join(self.name(a) for a in self.flow.acting(d))
            # The undo step reads "Delay (Rask) → Halvorsen": who took the step, who acts after it.
            who = self.name(actor_id) if actor_id else before
            text = offered.label + (f" ({who})" if who else "") + (f" → {after}" if after and after != who else "")
            event = d.event(text, result=stepped.result, round_start=stepped.new_round)
        if stepped.new_round:
            self._round_events.append(event)
        return event

    def step_by_role(self, role: StepRole, actor_id: str | None = None) -> EncounterEvent:
        """Take the step that plays `role` now (the ADVANCE step: Next turn, next phase...)."""
        found = next((o for o in self.offers() if o.role is role), None)
        if found is None:
            raise ValueError(f"Nothing to {role.value} now")
        return self.step(found.key, actor_id)

    # -- actions ----------------------------------------------------------------------------------
    def action_rolls(self, combatant_id: str, action_key: str) -> bool:
        """Whether taking this action rolls dice (crisis Sneak and Search), for the views to ask for them."""
        rules = self.ruleset
        return isinstance(rules, Hiding) and rules.sight_action(action_key) and rules.sight_rolls(action_key)

    def take_action(self, combatant_id: str, action_key: str, dice: DiceSource | None = None, *,
                    target_id: str | None = None) -> Command:
        """Spend an action of the rules (ValueError with the reason when it is not allowed now). An action of role
        HELP is taken on `target_id`, within its reach on the map; one of role HEAL is given with `heal`. An action
        that hides or finds (crisis Hide, Sneak, Search) is handed the combatant's opponents with what the map says
        of their sight, and `dice` for its roll (NeedMoreDice for typed dice that run out); the event's `result` is
        that roll."""
        self._running("act")
        self._may_act(combatant_id)
        actor = self.actor(combatant_id)
        avail = self.ruleset.action_availability(actor, action_key, self.options)
        if avail is not None and not avail.allowed:
            raise ValueError(avail.reason)
        label = avail.action.label if avail else action_key
        role = avail.action.role if avail else ActionRole.PLAIN
        name = actor.name
        rules = self.ruleset
        check: CheckResult | None = None
        sighted = TurnEffects()
        if role is ActionRole.HEAL:
            raise ValueError(f"{label} is given to a patient: pick whom {name} treats")
        if role is ActionRole.HELP:
            if target_id is None:
                raise ValueError(f"{label}: pick whom {name} helps")
            assert avail is not None
            too_far = self.action_out_of_reach(avail.action, combatant_id, target_id)
            if too_far:
                raise ValueError(too_far)
            spent = self.ruleset.spend_action_on(actor, action_key, self.actor(target_id), self.options)
            label = f"{label} ({self.name(target_id)})"
        else:
            if isinstance(rules, Hiding) and rules.sight_action(action_key):
                check, sighted = rules.take_sight_action(actor, action_key, self.opponents(combatant_id), dice,
                                                         self.options)
            spent = self.ruleset.spend_action(actor, action_key, self.options)
        with self._drafting() as d:
            d.apply([*spent.effects, *sighted.effects], f"{name}: {label}")
            # A flow that tracks planned actions takes this one as carried out (others have nothing to record).
            self.flow.acted(d, combatant_id, action_key)
            cost = f" ({self.ruleset.cost_text(avail.price)})" if avail and any(avail.price.values()) else ""
            rolled = f", {check.describe()}" if check is not None else ""
            d.note("action", f"{name}: {label}{cost}{rolled}", combatant_id,
                   logs.explained_terms(check.total) if check is not None else (), (*spent.notes, *sighted.notes))
            event = d.event(f"{name}: {label}", result=check)
        return event

    def heal(self, healer_id: str, patient_id: str, dice: DiceSource | None,
             action_key: str | None = None) -> EncounterEvent:
        """A healing action of the rules in a fight (crisis: First aid, a Medicine check; by `action_key` another of
        role HEAL: a genesys stimpack, given by `Healing.treat`): its cost and the treatment as one event.
        ValueError with the reason when it is not allowed now."""
        rules = self.ruleset
        if not isinstance(rules, Healing) or not any(a.role is ActionRole.HEAL for a in rules.actions()):
            raise ValueError(f"{rules.name} has no healing action in a fight")
        self._running("treat anyone")
        self._may_act(healer_id)
        healer, patient = self.actor(healer_id), self.actor(patient_id)
        avail = next((a for a in self.ruleset.available_actions(healer, self.options)
                      if a.action.role is ActionRole.HEAL and action_key in (None, a.action.key)), None)
        if avail is None:
            raise ValueError(f"{healer.name} cannot treat anyone now")
        if not avail.allowed:
            raise ValueError(avail.reason)
        given = next((t for t in rules.treatments(patient, self.options, fighting=True)
                      if t.action_key == avail.action.key), None)
        too_far = self.out_of_reach(given, healer_id, patient_id) if given is not None else None
        if too_far:
            raise ValueError(too_far)
        check, treated, spent = self._healed(rules, avail.action.key, given, healer, patient, dice)
        text = f"{healer.name} treats {patient.name}" + (f": {check.describe()}" if check is not None
                                                        else f" ({avail.action.label})")
        with self._drafting() as d:
            d.apply([*spent.effects, *treated.effects], text)
            d.note("heal", text, healer_id, logs.explained_terms(check.total) if check is not None else (),
                   (*spent.notes, *treated.notes))
            event = d.event(f"{healer.name}: {avail.action.label}")
        return event

    def _healed(self, rules: Healing, key: str, given: Treatment | None, healer: Actor, patient: Actor,
                dice: DiceSource | None) -> tuple[CheckResult | None, TurnEffects, TurnEffects]:
        """What a healing action does, its price apart: the first of role HEAL is the rules' `heal`, another the
        treatment it gives (`Healing.treat`: a genesys stimpack rolls nothing). ValueError when it cannot be given."""
        if given is not None and given.reason:
            raise ValueError(f"{given.label}: {given.reason}")
        if dice is None and (given is None or given.rolls):
            raise ValueError(f"{given.label if given else key} needs dice")
        first = next(a.key for a in self.ruleset.actions() if a.role is ActionRole.HEAL)
        spent = self.ruleset.spend_action(healer, key, self.options)
        if key == first or given is None:
            assert dice is not None
            check, treated = rules.heal(healer, patient, dice, self.options)
            return check, treated, spent
        found, done = rules.treat(given.key, healer, patient, dice or TypedDice([]), self.options)
        return found, done, spent

    def treatments(self, patient_id: str) -> list[Treatment]:
        """Every treatment of the rules for this combatant, each with why it cannot be given now (the fight's own
        reasons, such as whose turn it is, come when it is given); empty where the rules do not heal."""
        rules = self.ruleset
        if not isinstance(rules, Healing):
            return []
        return rules.treatments(self.actor(patient_id), self.options, fighting=self.encounter.running)

    def out_of_reach(self, treatment: Treatment, healer_id: str, patient_id: str) -> str | None:
        """Why the healer cannot give this treatment to the patient where they stand on the encounter's map (farther
        than the treatment's reach); None in reach, on oneself, without a reach or without a map."""
        return self._beyond_reach(treatment.label, treatment.reach, healer_id, patient_id)

    def action_out_of_reach(self, action: ActionSpec, actor_id: str, other_id: str) -> str | None:
        """Why an action taken on someone else (role HELP: genesys Assist) cannot reach them where they stand on the
        encounter's map, as `out_of_reach` says it of a treatment; None in reach, without a reach or without a map."""
        return self._beyond_reach(action.label, action.reach, actor_id, other_id)

    def _beyond_reach(self, what: str, reach: int | None, one_id: str, other_id: str) -> str | None:
        """"Vera Kask is 4 tiles from Rask: First aid needs them adjacent" (`reach` in map steps, diagonals counting
        1); None in reach, on oneself, without a reach or without a map."""
        if reach is None or one_id == other_id:
            return None
        apart = self.apart(one_id, other_id)
        if apart is None or apart[1] <= reach:
            return None
        needs = "adjacent" if reach == 1 else f"within {reach} tiles"
        return f"{self.name(one_id)} is {apart[0]} tiles from {self.name(other_id)}: {what} needs them {needs}"

    def treat(self, key: str, patient_id: str, *, healer_id: str | None = None, dice: DiceSource | None = None,
              choice: str | None = None) -> Command:
        """Give one of `treatments(patient_id)`: the fight's healing action by `healer_id` on its turn, a maneuver
        the patient takes on its own turn, or a treatment outside the fight's turns (rest, recovery) with its log
        line. ValueError with the reason when it cannot be given now."""
        rules = self.ruleset
        found = next((t for t in self.treatments(patient_id) if t.key == key), None)
        if found is None or not isinstance(rules, Healing):
            raise ValueError(f"The {rules.name} rules have no treatment {key!r}")
        if found.reason:
            raise ValueError(f"{found.label}: {found.reason}")
        if found.choices and choice not in {k for k, _ in found.choices}:
            raise ValueError(f"{found.label}: pick one of {', '.join(label for _, label in found.choices)}")
        if found.healer and healer_id is None:
            raise ValueError(f"{found.label}: who treats {self.name(patient_id)}?")
        if found.rolls and dice is None:
            raise ValueError(f"{found.label} needs dice")
        too_far = self.out_of_reach(found, healer_id, patient_id) if found.healer and healer_id else None
        if too_far:
            raise ValueError(too_far)
        if found.action_key is not None:
            if not found.healer:
                return self.take_action(patient_id, found.action_key)
            assert healer_id is not None
            if any(a.role is ActionRole.HEAL and a.key == found.action_key for a in rules.actions()):
                return self.heal(healer_id, patient_id, dice, found.action_key)
            # Another of the healer's actions (crisis-classic: an Adrenalin Shot given to someone): on its turn, at
            # the price the rules' treatment charges.
            self._running("treat anyone")
            self._may_act(healer_id)
        healer, patient = self.actor(healer_id if found.healer and healer_id else patient_id), self.actor(patient_id)
        # A treatment that rolls nothing (a night's rest) is given no dice: asking for one would be a bug, not a roll.
        check, treated = rules.treat(key, healer, patient, dice or TypedDice([]), self.options, choice)
        who = f"{healer.name} treats {patient.name}" if found.healer else patient.name
        text = f"{who}: {found.label}" + (f", {check.describe()}" if check is not None else "")
        with self._drafting() as d:
            d.apply(treated.effects, text)
            if found.action_key is not None:
                self.flow.acted(d, healer.combatant.id if healer.combatant else patient_id)
            d.note("heal", text, patient_id, logs.explained_terms(check.total) if check is not None else (),
                   treated.notes)
            event = d.event(f"{found.label} ({patient.name})", result=check)
        return event

    def _landed(self, request: AttackRequest, result: AttackResult, dice: DiceSource) -> AttackResult | None:
        """Whom a missed blast catches where it lands on the map; None without a map, tokens, or anyone there."""
        landing = self.landing(request, result)
        attacker = request.attacker.combatant
        if landing is None or attacker is None:
            return None
        rules = self.ruleset
        caught = self.under_blast(attacker.id, request.weapon.id, landing, thrower_too=True)
        if not caught or not isinstance(rules, Scatters):
            return None
        blast = AttackRequest(request.attacker, request.weapon,
                              tuple(AttackTarget(self.actor(cid), rules.blast_inputs(d)) for cid, d in caught.items()),
                              request.inputs)
        return rules.resolve_landed(blast, dice, self.options)

    def attack(self, request: AttackRequest, dice: DiceSource, *, finishing: bool = False) -> EncounterEvent:
        """Roll the attack against every target (NeedMoreDice for typed dice that run out); the event's `result` is
        the AttackResult. `finishing`: the rules' finishing blow on a helpless target instead of an ordinary attack
        (rules with the Executes capability; ValueError for others)."""
        self._running("make an attack")
        if request.attacker.combatant is not None:
            self._may_act(request.attacker.combatant.id)
        self._map_check(request)
        rules = self.attacks
        # The price the rules declare for the attack is checked here, on every way in (the panel, the map, the
        # simulator), with the rules' reason: not only shown before the roll.
        _price, cannot = rules.attack_price(request, self.options)
        if cannot:
            raise ValueError(cannot)
        if finishing and not isinstance(rules, Executes):
            raise ValueError(f"The {self.ruleset.name} rules have no finishing blow on a helpless target")
        resolve = rules.resolve_execute if isinstance(rules, Executes) and finishing else rules.resolve_attack
        result: AttackResult = resolve(request, dice, self.options)
        return self._attack_event(request, result, dice)

    # -- spending a roll's symbols --------------------------------------------------------------------
    def fighters(self) -> list[Actor]:
        """Everyone in the fight, as the rules read them (for choices that land on an ally)."""
        return [self.actor(c.id) for c in self.encounter.combatants if self.campaign.has_character(c.character_id)]

    def spend_choices(self, result: AttackResult) -> list[SpendChoice]:
        """What the rolled attack's symbols can buy, the rules' own plan pre-selected (none where the rules spend
        nothing)."""
        return self.attacks.spend_choices(result, self.options, self.fighters())

    def spending_left(self, result: AttackResult, picks: Sequence[SpendPick]) -> SpendBudget:
        """What the picks leave to spend, and why they cannot all be bought."""
        return self.attacks.spending_left(result, picks, self.options, self.fighters())

    def spend(self, result: AttackResult, picks: Sequence[SpendPick], dice: DiceSource) -> EncounterEvent:
        """The rolled attack (not applied yet) spent as the GM picked: the same dice, the picks' effects, one event
        in place of the attack's (`dice` for a die the spending rolls anew: a critical's d100). ValueError with
        the reason when the picks cannot be bought."""
        self._running("spend an attack's roll")
        request = result.request
        if request.attacker.combatant is not None:
            self._may_act(request.attacker.combatant.id)
        spent = self.attacks.resolve_spending(result, picks, dice, self.options, self.fighters())
        return self._attack_event(request, spent, dice)

    def _attack_event(self, request: AttackRequest, result: AttackResult, dice: DiceSource) -> EncounterEvent:
        attacker = request.attacker.combatant
        targets = request.distinct_targets()
        landed = self._landed(request, result, dice) if isinstance(result, ScatteredAttack) else None
        if landed is not None:
            # The blast goes off where it scattered: whoever stands there is caught, in the same event.
            result = replace(result, effects=(*result.effects, *landed.effects),
                             followups=(*result.followups, landed, *landed.followups),
                             summary=f"{result.summary}; {landed.summary}")
            targets += [t for t in landed.request.distinct_targets() if t not in targets]
        before = [self.ruleset.state(t.character, self.options).key for t in targets]
        names = ", ".join(t.name for t in targets)
        # The price the rules declare for the attack is charged here, once, as the rules pay it (the attacker as it
        # stood when the attack was declared: a spent roll pays the same).
        price, _cannot = self.attacks.attack_price(request, self.options)
        paid = self.ruleset.pay(request.attacker, price, "attack")
        with self._drafting() as d:
            for combatant_id, what in (r for one in (result, *result.followups) for r in one.reactions):
                self.flow.reacted(d, combatant_id, what)
            for combatant_id in dict.fromkeys([*([attacker.id] if attacker else []), *result.acted]):
                self.flow.acted(d, combatant_id)
            d.apply(paid.effects, result.summary)
            d.apply(result.effects, result.summary)
            # Attacking shows a hidden attacker to everyone.
            shown = self.ruleset.reveal(request.attacker) if isinstance(self.ruleset, Hiding) else TurnEffects()
            d.apply(shown.effects, result.summary)
            d.note("attack", result.summary, attacker.id if attacker else None,
                  logs.explained_terms(result.attack.total),
                  [*paid.notes, *logs.attack_details(result), *shown.notes,
                   *(f"GM override: {what}" for what in request.overrides)])
            for target, state_before in zip(targets, before, strict=True):
                state_after = self.ruleset.state(self.campaign.character(target.character.id), self.options)
                if state_after.key != state_before:
                    d.note("state", state_after.text, target.combatant.id if target.combatant else None)
            event = d.event(f"{request.attacker.name} attacks {names}", result=result)
        return event

    # -- checks ----------------------------------------------------------------------------------
    def check_skills(self, combatant_id: str) -> list[tuple[str, str]]:
        """What this combatant may be checked on, as (stat key, label)."""
        return self.checks.check_skills(self.character_of(combatant_id))

    def check_inputs(self, combatant_id: str, skill: str) -> list[FieldSpec]:
        """What the GM sets for a check, as the rules describe it, with defaults."""
        return self.checks.check_inputs(self.actor(combatant_id), skill, self.options)

    def check_request(self, combatant_id: str, skill: str, **inputs: Any) -> CheckRequest:
        """The check from the rules' inputs (those not given take their defaults); ValueError naming an input the
        rules do not know, or a value out of its range."""
        specs = {spec.key: spec for spec in self.check_inputs(combatant_id, skill)}
        unknown = sorted(set(inputs) - set(specs))
        if unknown:
            raise ValueError(f"These rules have no check input {', '.join(unknown)}")
        values = {key: spec.default for key, spec in specs.items()} | inputs
        for key, value in values.items():
            reason = specs[key].validate(value)
            if reason:
                raise ValueError(reason)
        return self.checks.check_request(self.actor(combatant_id), skill, values)

    def check_odds(self, request: CheckRequest) -> CheckOdds:
        return self.checks.check_odds(request, self.options)

    def check(self, request: CheckRequest, dice: DiceSource, what: str = "") -> EncounterEvent:
        """Roll a check the GM asked for (NeedMoreDice for typed dice that run out) and log it; it changes nothing
        else but what the rules say making it uses up (dice an earlier roll left on it). The event's `result` is the
        CheckResult. `what`: the skill's label for the log."""
        result = self.checks.check(request, dice, self.options)
        return self._check_event(request, result, what, [])

    def check_spend_choices(self, request: CheckRequest, result: CheckResult) -> list[SpendChoice]:
        """What a rolled check's symbols can buy (strain, dice for an ally's next check); none for numbers."""
        return self.checks.check_spend_choices(request, result, self.options, self.fighters())

    def check_spending_left(self, request: CheckRequest, result: CheckResult,
                            picks: Sequence[SpendPick]) -> SpendBudget:
        return self.checks.check_spending_left(request, result, picks, self.options, self.fighters())

    def spend_check(self, request: CheckRequest, result: CheckResult, picks: Sequence[SpendPick],
                    what: str = "") -> EncounterEvent:
        """The rolled check (not applied yet) with the GM's picks: one event in place of the check's; ValueError
        with the reason when they cannot be bought."""
        return self._check_event(request, result, what, picks)

    def _check_event(self, request: CheckRequest, result: CheckResult, what: str,
                     picks: Sequence[SpendPick]) -> EncounterEvent:
        actor = request.actor
        spent = self.checks.resolve_check_spending(request, result, picks, self.options, self.fighters())
        used = self.checks.check_effects(request, result, self.options)
        text = f"{actor.name}: {what or request.skill} check, {result.describe()}"
        with self._drafting() as d:
            d.apply([*used, *spent.effects], text)
            d.note("check", text, actor.combatant.id if actor.combatant else None,
                   logs.explained_terms(result.total),
                   [logs.describe_check(what or request.skill, result), *spent.notes])
            event = d.event(f"{actor.name}: {what or request.skill} check", result=result)
        return event

    # -- GM overrides -----------------------------------------------------------------------------
    def _override(self, effect: Effect, text: str, character_id: str, combatant_id: str | None) -> Command:
        """The GM's value and what the rules make of it (crisis: Health 0 is Dying), logged as one undo step with
        the consequences and any change of state spelled out."""
        rules, options = self.ruleset, self.options
        before = self.campaign.character(character_id).model_copy(deep=True)
        state_before = rules.state(before, options)
        with self._drafting() as d:
            d.apply([effect], text)
            after = self.actor(combatant_id) if combatant_id is not None else Actor(
                self.campaign.character(character_id))
            follow = rules.override_consequences(before, after, options)
            d.apply(follow.effects, f"{text}: as the rules have it")
            d.note("override", f"GM: {text}", combatant_id, details=follow.notes)
            state_after = rules.state(self.campaign.character(character_id), options)
            if state_after.key != state_before.key:
                d.note("state", state_after.text, combatant_id)
            event = d.event(text)
        return event

    def _combatant_of_character(self, character_id: str) -> str | None:
        return next((c.id for c in self.encounter.combatants if c.character_id == character_id), None)

    def set_status(self, character_id: str, key: str, value: StatValue) -> Command:
        character = self.campaign.character(character_id)
        old = character.status.get(key)
        return self._override(SetStatus(character_id, key, value), f"{character.name}: {key} {old} → {value}",
                              character_id, self._combatant_of_character(character_id))

    def set_resource(self, combatant_id: str, key: str, value: StatValue) -> Command:
        old = self.combatant(combatant_id).resources.get(key)
        return self._override(SetResource(combatant_id, key, value),
                              f"{self.name(combatant_id)}: {key} {old} → {value}",
                              self.combatant(combatant_id).character_id, combatant_id)

    def set_item_stat(self, character_id: str, item_id: str, key: str, value: StatValue) -> Command:
        character = self.campaign.character(character_id)
        item = character.item(item_id)
        return self._override(SetItemStat(character_id, item_id, key, value),
                              f"{character.name}'s {item.name}: {key} {item.stats.get(key)} → {value}",
                              character_id, self._combatant_of_character(character_id))

    def add_condition(self, character_id: str, key: str, rounds: int | None = None) -> Command:
        labels = {c.key: c.label for c in self.ruleset.conditions()}
        if key not in labels:
            raise ValueError(f"The {self.ruleset.name} rules have no condition {key!r}")
        character = self.campaign.character(character_id)
        lasting = f" for {rounds} rounds" if rounds else ""
        return self._override(AddCondition(character_id, key, rounds), f"{character.name} is {labels[key]}{lasting}",
                              character_id, self._combatant_of_character(character_id))

    def remove_condition(self, character_id: str, key: str) -> Command:
        labels = {c.key: c.label for c in self.ruleset.conditions()}
        character = self.campaign.character(character_id)
        if not character.has_condition(key):
            raise ValueError(f"{character.name} is not {labels.get(key, key)}")
        return self._override(RemoveCondition(character_id, key),
                              f"{character.name} is no longer {labels.get(key, key)}",
                              character_id, self._combatant_of_character(character_id))

    def set_initiative(self, combatant_id: str, value: int) -> Command:
        return self._set(combatant_id, "initiative", int(value), f"{self.name(combatant_id)}: initiative {value}")

    def note(self, text: str) -> Command:
        """A line of the GM's own in the log."""
        with self._drafting() as d:
            d.note("note", text.strip())
            event = d.event("Log note")
        return event

    # -- rewinding and ending ---------------------------------------------------------------------
    def can_rewind(self) -> bool:
        event = self._round_start()
        return event is not None and not self._gone_since(event)

    def _gone_since(self, event: EncounterEvent) -> list[str]:
        """Names of those who fought at the start of the round and whose characters were deleted since: a rewind
        cannot bring back a character (undo the deletion first)."""
        assert event.snapshot is not None
        return [name for cid, name in event.snapshot.names.items() if not self.campaign.has_character(cid)]

    def _round_start(self) -> EncounterEvent | None:
        encounter = self.encounter
        for event in reversed(self._round_events):
            if event.applied and event.snapshot is not None and event.snapshot.round == encounter.round:
                return event
        return None

    def rewind_round(self) -> Command:
        """Go back to the start of this round (itself one undo step)."""
        encounter = self._running("rewind")
        event = self._round_start()
        if event is None or event.snapshot is None:
            raise ValueError(f"The start of round {encounter.round} was not recorded in this session")
        gone = self._gone_since(event)
        if gone:
            raise ValueError(f"{', '.join(gone)} left the campaign after round {encounter.round} began: undo that "
                             "deletion first, then rewind")
        text = f"Rewind to the start of round {encounter.round}"
        log = logs.entry(encounter, "rewind", f"GM: {text.lower()}")
        return EncounterEvent(text, [RestoreSnapshot(self.campaign, event.snapshot, text),
                                     AppendLog(self.encounter_id, log)], self.encounter_id)

    def end_encounter(self) -> Command:
        """End effects for everyone (crisis-classic: the combat's Endurance cost) and the summary."""
        encounter = self._running("end it")
        with self._drafting() as d:
            notes: list[str] = []
            for combatant in encounter.combatants:
                if not self.campaign.has_character(combatant.character_id):
                    continue  # a file naming a character that is gone: nothing of it to end
                ended = self.ruleset.end_encounter(self.actor(combatant.id), self.options)
                d.apply(ended.effects, f"End for {self.name(combatant.id)}")
                notes += [f"{self.name(combatant.id)}: {n}" for n in ended.notes]
            d.set("ended", True)
            rounds = encounter.round
            d.note("end", f"{encounter.name} ends after {rounds} round{'s' if rounds != 1 else ''}",
                  details=notes + self.summary())
            event = d.event(f"End {encounter.name}")
        return event

    def summary(self) -> list[str]:
        return logs.summary_lines(self.campaign, self.encounter, self.ruleset, self.options)

    def log_markdown(self) -> str:
        return logs.to_markdown(self.campaign, self.encounter)
