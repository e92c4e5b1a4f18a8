"""The encounter controller: each intent of building or running a fight returns one undoable command (no Qt)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from functools import partial
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
    SetCombatantField,
)
from crisis_desktop.controller.fight import NOBODY_LEFT, DraftFight, FightView
from crisis_desktop.controller.fight_checks import CheckIntents
from crisis_desktop.controller.fight_context import FightContext
from crisis_desktop.controller.fight_healing import HealIntents
from crisis_desktop.controller.fight_intents import FightIntents
from crisis_desktop.controller.fight_overrides import OverrideIntents
from crisis_desktop.controller.pools import spend_effects, spend_refusal
from crisis_desktop.domain import Campaign, CharacterKind, StatValue
from crisis_desktop.domain.encounter import Combatant, Side
from crisis_desktop.rules.base import (
    ActionAvailability,
    ActionRole,
    AttackRequest,
    AttackResult,
    AttackTarget,
    CheckResult,
    Cost,
    Executes,
    FieldSpec,
    Ruleset,
    ScatteredAttack,
    Scatters,
    SpendBudget,
    SpendChoice,
    SpendPick,
    TurnEffects,
)
from crisis_desktop.rules.kernel.dice import DiceSource, RollPool
from crisis_desktop.rules.kernel.flows import Intent, StepOffer, StepRole, offer


class EncounterController:
    """Intents on one encounter of a campaign. Nothing changes until the returned command is applied
    (pushed on a History or the GUI's undo stack); one command is one undo step, log entry included.

    How the fight proceeds (turns, slots, phases, declarations) is the ruleset's round flow: the controller
    offers its steps and takes the one the GM picks.

    Composed, not inherited: `view` reads the fight (the rules' FightState), `preview` reads its attacks and map
    before any roll (AttackView), and the intents apart from building and running the fight are objects of their
    own on the same context: `checking` (checks), `healing` (treatments) and `overrides` (the GM's values)."""

    def __init__(self, campaign: Campaign, encounter_id: str, ruleset: Ruleset, *, view: FightView | None = None,
                 preview: AttackView | None = None, draft: Callable[[], DraftFight] | None = None) -> None:
        campaign.encounter(encounter_id)  # KeyError now rather than at the first intent
        self.campaign, self.encounter_id, self.ruleset = campaign, encounter_id, ruleset
        self.view = view if view is not None else FightView(campaign, encounter_id, ruleset)
        self.preview = preview if preview is not None else AttackView(self.view)
        self._ctx = FightContext(campaign, encounter_id, ruleset, self.view, self.preview,
                                 draft if draft is not None else partial(DraftFight, campaign, encounter_id, ruleset))
        self.checking = CheckIntents(self._ctx)
        self.healing = HealIntents(self._ctx, self.take_action)
        self.overrides = OverrideIntents(self._ctx)
        self.intents = FightIntents(self.view, self.preview)
        self._round_events: list[EncounterEvent] = []
        # A file edited by hand may leave the flow naming combatants the encounter no longer has: they leave the
        # flow as a removed combatant would (not an undo step: the file was wrong; every command keeps it whole).
        with self._ctx.drafting() as d:
            self.repaired, repair = gone_repair(self.view, d)
        if repair is not None:
            repair.apply(self._ctx.campaign)

    # -- reading ---------------------------------------------------------------------------------
    def actions(self, combatant_id: str) -> list[ActionAvailability]:
        """The ruleset's actions for this combatant, with costs and the reason each is unavailable (none open to a
        fighter who went down in a running fight, whatever its own rules would still offer)."""
        actor = self.view.actor(combatant_id)
        offered = self.ruleset.economy.available_actions(actor, self.view.options)
        down = self.view.down_reason(combatant_id) if self.view.encounter.running else None
        if down is not None:
            return [replace(a, allowed=False, reason=down) for a in offered]
        hiding = self.ruleset.hiding
        if hiding is None or not self.view.encounter.running:
            return offered
        # Hiding and searching depend on who sees whom: the rules say why not before the button is pressed.
        sighted = [a for a in offered if a.allowed and hiding.sight_action(a.action.key)]
        opponents = self._ctx.preview.opponents(combatant_id) if sighted else []
        refusals = {a.action.key: hiding.sight_refusal(actor, a.action.key, opponents) for a in sighted}
        return [replace(a, allowed=False, reason=why) if (why := refusals.get(a.action.key)) else a for a in offered]

    def offers(self) -> list[StepOffer]:
        """The flow's steps open now (none before the start, after the end, or when nobody is left who can act:
        then only ending the encounter makes sense)."""
        return self.view.flow.offers(self.view) if self.view.encounter.running and self.view.anyone_left() else []

    # -- building the encounter -------------------------------------------------------------------
    def add_combatant(self, character_id: str, side: Side | None = None, group: str | None = None,
                      setup: Mapping[str, StatValue] | None = None, hidden: bool = False) -> Command:
        """Add a character; PCs join the party and NPCs the enemies unless a side is given; `setup`: the rules'
        setup flags marked on it (Ruleset.setup_flags). Joining a running fight puts the newcomer last in the turn
        order."""
        self._ctx.not_running("add anyone")
        character = self._ctx.campaign.character(character_id)
        if side is None:
            side = Side.PARTY if character.kind is CharacterKind.PC else Side.ENEMIES
        flags = dict(setup or {})
        for key, value in flags.items():
            self._setup_flag(key, value)
        combatant = Combatant(character_id=character_id, side=side, group=group or None, setup=flags, hidden=hidden)
        with self._ctx.drafting() as d:
            d.do(InsertCombatant(self._ctx.encounter_id, combatant))
            if self.view.encounter.started:
                d.apply(self.ruleset.start_encounter(d.actor(combatant.id), self.view.options).effects,
                        f"{character.name} joins")
                self.view.flow.joined(d, combatant.id)
            event = d.event(f"Add {character.name} to {self.view.encounter.name}", result=combatant.id)
        return event

    def remove_combatant(self, combatant_id: str) -> Command:
        name = self.view.name(combatant_id)
        running = self.view.encounter.running
        round_before = self.view.encounter.round
        with self._ctx.drafting() as d:
            d.do(RemoveCombatant(self._ctx.encounter_id, combatant_id))
            if running:
                d.note("leave", f"{name} leaves the fight")
            if d.encounter.started:
                # An ended fight's flow forgets it too: nothing is left for a rebuild to drop outside the undo stack.
                d.leave(combatant_id)
            # The last fighter of a round leaving while it acts begins the next round: rewind goes back to here.
            new_round = d.encounter.round != round_before
            event = d.event(f"Remove {name} from {self.view.encounter.name}", round_start=new_round)
        if new_round:
            self._round_events.append(event)
        return event

    def _set(self, combatant_id: str, field: str, value: Any, text: str) -> Command:
        """One field of a combatant set by the GM, built from the values (the log line of a running fight too):
        nothing of the fight needs drafting to know what it becomes."""
        encounter = self.view.encounter
        commands: list[Command] = [SetCombatantField(self.encounter_id, combatant_id, field, value)]
        if encounter.started:
            commands.append(AppendLog(self.encounter_id, logs.entry(encounter, "override", f"GM: {text}",
                                                                    combatant_id)))
        return EncounterEvent(text, commands, self.encounter_id)

    def set_side(self, combatant_id: str, side: Side) -> Command:
        return self._set(combatant_id, "side", Side(side),
                         f"{self.view.name(combatant_id)} is on the {side.value} side")

    def set_group(self, combatant_id: str, group: str | None) -> Command:
        group = (group or "").strip() or None
        text = f"{self.view.name(combatant_id)} " + (f"joins group {group}" if group else "leaves its group")
        return self._set(combatant_id, "group", group, text)

    def _setup_flag(self, key: str, value: StatValue) -> FieldSpec:
        spec = next((f for f in self.ruleset.sheet.setup_flags() if f.key == key), None)
        if spec is None:
            raise ValueError(f"The {self.ruleset.name} rules mark no {key!r} on a combatant")
        if not isinstance(value, bool):
            raise ValueError(f"{spec.label} is yes or no, not {value!r}")
        return spec

    def set_setup(self, combatant_id: str, key: str, value: bool) -> Command:
        """Mark or clear one of the rules' setup flags on a combatant ("Vera is surprised")."""
        spec = self._setup_flag(key, value)
        flags = {k: v for k, v in self.view.combatant(combatant_id).setup.items() if k != key}
        if value:
            flags[key] = True
        word = spec.label.lower()
        return self._set(combatant_id, "setup", flags,
                         f"{self.view.name(combatant_id)} is {word if value else 'not ' + word}")

    def set_hidden(self, combatant_id: str, hidden: bool) -> Command:
        return self._set(combatant_id, "hidden", hidden,
                         f"{self.view.name(combatant_id)} is {'hidden from' if hidden else 'shown to'} the players")

    def set_initiative(self, combatant_id: str, value: int) -> Command:
        return self._set(combatant_id, "initiative", int(value), f"{self.view.name(combatant_id)}: initiative {value}")

    # -- the round flow --------------------------------------------------------------------------
    def start(self, dice: DiceSource) -> Command:
        """Fresh combat resources for everyone, then the flow's opening (initiative: NeedMoreDice if typed dice
        run out) and its first step."""
        encounter = self.view.encounter
        if encounter.started:
            raise ValueError(f"{encounter.name} has already started")
        if not encounter.combatants:
            raise ValueError("Add combatants before starting the fight")
        with self._ctx.drafting() as d:
            for combatant in encounter.combatants:
                d.apply(self.ruleset.start_encounter(d.actor(combatant.id), self.view.options).effects, "Start")
            d.set("ended", False)
            d.set("started", True)
            stepped = self.view.flow.start(d, dice)
            event = d.event(f"Start {encounter.name}", result=stepped.result, round_start=True)
        self._round_events.append(event)
        return event

    def initiative_dice(self) -> list[RollPool]:
        """Whose roll and which dice starting the fight rolls, in the order rolled (Ruleset.initiative_dice), for
        typed dice to be asked by name."""
        return self.ruleset.initiative_dice([self.view.actor(c.id) for c in self.view.encounter.combatants],
                                            self.view.options)

    def step(self, key: str, actor_id: str | None = None, choice: str | None = None,
             dice: DiceSource | None = None, intent: Intent | None = None) -> EncounterEvent:
        """Take one of the flow's offered steps (ValueError with the reason when it is not open now); `intent`: what
        the combatant means with what it plans or declares (its target, the reaction it holds ready), kept by the
        flow in the same undo step."""
        self._ctx.running("move on")
        if not self.view.anyone_left():
            raise ValueError(NOBODY_LEFT)
        offered = offer(self.offers(), key)
        if offered.actors and actor_id not in offered.actors:
            names = ", ".join(self.view.name(a) for a in offered.actors)
            raise ValueError(f"{offered.label}: pick one of {names}" if actor_id is None
                             else f"{offered.label} is not open to {self.view.name(actor_id)}")
        before = ", ".join(self.view.name(a) for a in self.view.acting())
        with self._ctx.drafting() as d:
            stepped = self.view.flow.take(d, key, actor_id, choice, dice)
            if intent is not None and actor_id is not None:
                self.intents.check(actor_id, intent)
                self.view.flow.intend(d, actor_id, intent)
            after = ", ".join(self.view.name(a) for a in self.view.flow.acting(d))
            # The undo step reads "Delay (Rask) → Halvorsen": who took the step, who acts after it.
            who = self.view.name(actor_id) if actor_id else before
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
        hiding = self.ruleset.hiding
        return hiding is not None and hiding.sight_action(action_key) and hiding.sight_rolls(action_key)

    def take_action(self, combatant_id: str, action_key: str, dice: DiceSource | None = None, *,
                    target_id: str | None = None) -> Command:
        """Spend an action of the rules (ValueError with the reason when it is not allowed now). An action of role
        HELP is taken on `target_id`, within its reach on the map; one of role HEAL is given with `heal`. An action
        that hides or finds (crisis Hide, Sneak, Search) is handed the combatant's opponents with what the map says
        of their sight, and `dice` for its roll (NeedMoreDice for typed dice that run out); the event's `result` is
        that roll."""
        self._ctx.running("act")
        self._ctx.may_act(combatant_id)
        actor = self.view.actor(combatant_id)
        avail = self.ruleset.economy.action_availability(actor, action_key, self.view.options)
        if avail is not None and not avail.allowed:
            raise ValueError(avail.reason)
        label = avail.action.label if avail else action_key
        role = avail.action.role if avail else ActionRole.PLAIN
        name = actor.name
        check: CheckResult | None = None
        sighted = TurnEffects()
        if role is ActionRole.HEAL:
            raise ValueError(f"{label} is given to a patient: pick whom {name} treats")
        if role is ActionRole.HELP:
            if target_id is None:
                raise ValueError(f"{label}: pick whom {name} helps")
            assert avail is not None
            too_far = self.healing.action_out_of_reach(avail.action, combatant_id, target_id)
            if too_far:
                raise ValueError(too_far)
            spent = self.ruleset.economy.spend_action_on(actor, action_key, self.view.actor(target_id),
                                                         self.view.options)
            label = f"{label} ({self.view.name(target_id)})"
        else:
            hiding = self.ruleset.hiding
            if hiding is not None and hiding.sight_action(action_key):
                check, sighted = hiding.take_sight_action(actor, action_key,
                                                          self._ctx.preview.opponents(combatant_id), dice,
                                                          self.view.options)
            spent = self.ruleset.economy.spend_action(actor, action_key, self.view.options)
        with self._ctx.drafting() as d:
            d.apply([*spent.effects, *sighted.effects], f"{name}: {label}")
            # A flow that tracks planned actions takes this one as carried out (others have nothing to record).
            self.view.flow.acted(d, combatant_id, action_key)
            cost = f" ({self.ruleset.economy.cost_text(avail.price)})" if avail and any(avail.price.values()) else ""
            rolled = f", {check.describe()}" if check is not None else ""
            d.note("action", f"{name}: {label}{cost}{rolled}", combatant_id,
                   logs.explained_terms(check.total) if check is not None else (), (*spent.notes, *sighted.notes))
            event = d.event(f"{name}: {label}", result=check)
        return event

    def _landed(self, request: AttackRequest, result: AttackResult, dice: DiceSource) -> AttackResult | None:
        """Whom a missed blast catches where it lands on the map; None without a map, tokens, or anyone there."""
        landing = self._ctx.preview.landing(request, result)
        attacker = request.attacker.combatant
        if landing is None or attacker is None:
            return None
        attacks = self.ruleset.attacks
        caught = self._ctx.preview.under_blast(attacker.id, request.weapon.id, landing, thrower_too=True)
        if not caught or not isinstance(attacks, Scatters):
            return None
        blast = AttackRequest(request.attacker, request.weapon,
                              tuple(AttackTarget(self.view.actor(cid), attacks.blast_inputs(d))
                                    for cid, d in caught.items()),
                              request.inputs)
        return attacks.resolve_landed(blast, dice, self.view.options)

    def attack(self, request: AttackRequest, dice: DiceSource, *, finishing: bool = False) -> EncounterEvent:
        """Roll the attack against every target (NeedMoreDice for typed dice that run out); the event's `result` is
        the AttackResult. `finishing`: the rules' finishing blow on a helpless target instead of an ordinary attack
        (rules with the Executes capability; ValueError for others)."""
        self._ctx.running("make an attack")
        if request.attacker.combatant is not None:
            self._ctx.may_act(request.attacker.combatant.id)
        self._ctx.preview.map_check(request)
        attacks = self._ctx.preview.attacks
        # The price the rules declare for the attack is checked here, on every way in (the panel, the map, the
        # simulator), with the rules' reason: not only shown before the roll.
        price, cannot = attacks.attack_price(request, self.view.options)
        if cannot:
            raise ValueError(cannot)
        refusal = spend_refusal(self.campaign, self.ruleset, attacks.attack_pool_spends(request, self.view.options),
                                self.view.options)
        if refusal:
            raise ValueError(refusal)
        if finishing and not isinstance(attacks, Executes):
            raise ValueError(f"The {self.ruleset.name} rules have no finishing blow on a helpless target")
        resolve = attacks.resolve_execute if isinstance(attacks, Executes) and finishing else attacks.resolve_attack
        result: AttackResult = resolve(request, dice, self.view.options)
        return self._attack_event(request, result, dice, price)

    def spend_choices(self, result: AttackResult) -> list[SpendChoice]:
        """What the rolled attack's symbols can buy, the rules' own plan pre-selected (none where the rules spend
        nothing)."""
        return self._ctx.preview.attacks.spend_choices(result, self.view.options, self._ctx.fighters())

    def spending_left(self, result: AttackResult, picks: Sequence[SpendPick]) -> SpendBudget:
        """What the picks leave to spend, and why they cannot all be bought."""
        return self._ctx.preview.attacks.spending_left(result, picks, self.view.options, self._ctx.fighters())

    def spend(self, result: AttackResult, picks: Sequence[SpendPick], dice: DiceSource) -> EncounterEvent:
        """The rolled attack (not applied yet) spent as the GM picked: the same dice, the picks' effects, one event
        in place of the attack's (`dice` for a die the spending rolls anew: a critical's d100). ValueError with
        the reason when the picks cannot be bought."""
        self._ctx.running("spend an attack's roll")
        request = result.request
        if request.attacker.combatant is not None:
            self._ctx.may_act(request.attacker.combatant.id)
        attacks = self._ctx.preview.attacks
        spent = attacks.resolve_spending(result, picks, dice, self.view.options, self._ctx.fighters())
        # The spent roll pays what the attack was priced at, the attacker as it stood when it was declared.
        price, _cannot = attacks.attack_price(request, self.view.options)
        return self._attack_event(request, spent, dice, price)

    def _attack_event(self, request: AttackRequest, result: AttackResult, dice: DiceSource,
                      price: Cost) -> EncounterEvent:
        attacker = request.attacker.combatant
        targets = request.distinct_targets()
        landed = self._landed(request, result, dice) if isinstance(result, ScatteredAttack) else None
        if landed is not None:
            # The blast goes off where it scattered: whoever stands there is caught, in the same event.
            result = replace(result, effects=(*result.effects, *landed.effects),
                             followups=(*result.followups, landed, *landed.followups),
                             summary=f"{result.summary}; {landed.summary}")
            targets += [t for t in landed.request.distinct_targets() if t not in targets]
        before = [self.ruleset.sheet.state(t.character, self.view.options).key for t in targets]
        names = ", ".join(t.name for t in targets)
        # The price the rules declared for the attack is charged here, once, as the rules pay it.
        paid = self.ruleset.economy.pay(request.attacker, price, "attack")
        departure = self.intents.departure(request)
        pooled, pool_notes = spend_effects(self.campaign, self.ruleset,
                                           self._ctx.preview.attacks.attack_pool_spends(request, self.view.options),
                                           self.view.options)
        with self._ctx.drafting() as d:
            for combatant_id, what in (r for one in (result, *result.followups) for r in one.reactions):
                self.view.flow.reacted(d, combatant_id, what)
            for combatant_id in dict.fromkeys([*([attacker.id] if attacker else []), *result.acted]):
                self.view.flow.acted(d, combatant_id)
            d.apply([*paid.effects, *pooled], result.summary)
            d.apply(result.effects, result.summary)
            # Attacking shows a hidden attacker to everyone.
            hiding = self.ruleset.hiding
            shown = hiding.reveal(request.attacker) if hiding is not None else TurnEffects()
            d.apply(shown.effects, result.summary)
            d.note("attack", result.summary, attacker.id if attacker else None,
                  logs.explained_terms(result.attack.total),
                  [*paid.notes, *pool_notes, *logs.attack_details(result), *shown.notes,
                   *(f"GM override: {what}" for what in request.overrides), *([departure] if departure else [])])
            for target, state_before in zip(targets, before, strict=True):
                state_after = self.ruleset.sheet.state(d.campaign.character(target.character.id), self.view.options)
                if state_after.key != state_before:
                    d.note("state", state_after.text, target.combatant.id if target.combatant else None)
            event = d.event(f"{request.attacker.name} attacks {names}", result=result)
        return event

    def note(self, text: str) -> Command:
        """A line of the GM's own in the log, built from the value."""
        entry = logs.entry(self.view.encounter, "note", text.strip())
        return EncounterEvent("Log note", [AppendLog(self.encounter_id, entry)], self.encounter_id)

    # -- rewinding and ending ---------------------------------------------------------------------
    def can_rewind(self) -> bool:
        event = self._round_start()
        return event is not None and not self._gone_since(event)

    def _gone_since(self, event: EncounterEvent) -> list[str]:
        """Names of those who fought at the start of the round and whose characters were deleted since: a rewind
        cannot bring back a character (undo the deletion first)."""
        assert event.snapshot is not None
        return [name for cid, name in event.snapshot.names.items() if not self._ctx.campaign.has_character(cid)]

    def _round_start(self) -> EncounterEvent | None:
        encounter = self.view.encounter
        for event in reversed(self._round_events):
            if event.applied and event.snapshot is not None and event.snapshot.round == encounter.round:
                return event
        return None

    def rewind_round(self) -> Command:
        """Go back to the start of this round (itself one undo step)."""
        encounter = self._ctx.running("rewind")
        event = self._round_start()
        if event is None or event.snapshot is None:
            raise ValueError(f"The start of round {encounter.round} was not recorded in this session")
        gone = self._gone_since(event)
        if gone:
            raise ValueError(f"{', '.join(gone)} left the campaign after round {encounter.round} began: undo that "
                             "deletion first, then rewind")
        text = f"Rewind to the start of round {encounter.round}"
        log = logs.entry(encounter, "rewind", f"GM: {text.lower()}")
        return EncounterEvent(text, [RestoreSnapshot(self._ctx.campaign, event.snapshot, text),
                                     AppendLog(self._ctx.encounter_id, log)], self._ctx.encounter_id)

    def end_encounter(self) -> Command:
        """End effects for everyone (crisis-classic: the combat's Endurance cost) and the summary."""
        encounter = self._ctx.running("end it")
        with self._ctx.drafting() as d:
            notes: list[str] = []
            for combatant in encounter.combatants:
                if not self._ctx.campaign.has_character(combatant.character_id):
                    continue  # a file naming a character that is gone: nothing of it to end
                ended = self.ruleset.end_encounter(d.actor(combatant.id), self.view.options)
                d.apply(ended.effects, f"End for {self.view.name(combatant.id)}")
                notes += [f"{self.view.name(combatant.id)}: {n}" for n in ended.notes]
            d.set("ended", True)
            rounds = encounter.round
            d.note("end", f"{encounter.name} ends after {rounds} round{'s' if rounds != 1 else ''}",
                  details=notes + logs.summary_lines(d.campaign, d.encounter, self.ruleset, self.view.options))
            event = d.event(f"End {encounter.name}")
        return event

    def summary(self) -> list[str]:
        return logs.summary_lines(self._ctx.campaign, self.view.encounter, self.ruleset, self.view.options)

    def log_markdown(self) -> str:
        return logs.to_markdown(self._ctx.campaign, self.view.encounter)


def gone_repair(view: FightView, d: DraftFight) -> tuple[list[str], EncounterEvent | None]:
    """The combatants a started fight's flow names but the encounter no longer has (sorted ids), and the event in
    which they leave the flow as a removed combatant would, drafted on `d` (None when there are none): what a
    controller built now would repair. A command that changes what reads the flow (the rules, their options)
    makes this part of its own undo step (rules_change.py)."""
    if not view.encounter.started:
        return [], None
    gone = sorted(view.flow.referenced(view) - {c.id for c in view.encounter.combatants})
    if not gone:
        return [], None
    for combatant_id in gone:
        d.leave(combatant_id)     # the others still named count as out of the fight meanwhile (FightView.state_of)
    return gone, d.event("Drop combatants the fight names but no longer has")
