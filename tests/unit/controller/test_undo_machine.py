"""Undo as a state machine: character, catalogue, map, fog, campaign, rules and fight commands on the demo campaign
(encounter edits mid-fight and in an ended fight included), interleaved with undo and redo at random (Hypothesis
RuleBasedStateMachine). After every step the campaign equals the snapshot taken when the history was last at that
depth: an undo gives back exactly the state before the step, a redo exactly the state after it, a refusal changes
nothing.

Exact across rebuilds too: the fight's controller is the session's, built anew after every switch of rules (five
systems) and on request; a controller built anew changes nothing (it would repair outside the undo stack and the
journal). Every change is journaled as the window journals it, and reopening compares exactly: the campaign saved
and read back, and the journal replayed onto the file first saved, give the campaign as it is.

It finds a removal whose undo forgets the turn: run with a fighter removed while it acts (or just before it in
the order), then undone. It finds a fighter removed from an ended fight left in its turn order, which the next
rebuild dropped outside the undo stack. Longer runs: HYPOTHESIS_PROFILE=thorough (README, Development)."""

from __future__ import annotations

import itertools
import shutil
import tempfile
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule
from test_encounter import demo_campaign

from crisis_desktop.controller.catalogue_commands import (
    AddCatalogueItem,
    RemoveCatalogueItem,
    SetCatalogueValue,
    blank_item,
)
from crisis_desktop.controller.changes import ChangeSet
from crisis_desktop.controller.character_commands import (
    AddCharacterCondition,
    AddItem,
    RemoveCharacterCondition,
    RemoveItem,
    SetCharacterField,
    SetItemValue,
    SetStat,
    delete_characters,
    duplicate_character,
    item_from_catalogue,
)
from crisis_desktop.controller.commands import Command, SetCampaignField
from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.fight import FightView
from crisis_desktop.controller.fog_commands import RevealCells, SetFog
from crisis_desktop.controller.history import History
from crisis_desktop.controller.map_commands import PaintCells, SetMapField, SetToken, find_map
from crisis_desktop.controller.rules_change import change_rules
from crisis_desktop.controller.session import CampaignSession
from crisis_desktop.domain import ItemKind
from crisis_desktop.domain.battle_map import Cell, Cover
from crisis_desktop.domain.encounter import Side
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.rules.registry import get_ruleset
from crisis_desktop.storage.campaign_file import campaign_bytes, parse_campaign_bytes
from crisis_desktop.storage.journal import Journal, read_journal, replay
from tests.hypothesis_budget import examples, time_limit

MAP, ENCOUNTER = "map-ridge-road", "enc-ambush"
SYSTEMS = ["crisis", "crisis-classic", "genesys", "skirmish", "moments"]
pick = st.integers(0, 99)   # an index into whatever list is there to pick from when the rule runs
cells = st.tuples(st.integers(0, 23), st.integers(0, 15))


def nth(items: list[Any], index: int) -> Any:
    return items[index % len(items)]


class UndoMachine(RuleBasedStateMachine):
    """The demo campaign with its ambush fought on the Ridge Road map, a History, and `snapshots[i]`: the campaign
    as it was with i steps done."""

    def __init__(self) -> None:
        super().__init__()
        # Ids made while the machine runs are numbered, so that a failing run replays the same way when
        # Hypothesis shrinks it (ids of combatants, items and copies; the order of sets of them).
        numbers = itertools.count(1)
        self._uuid4 = uuid.uuid4
        uuid.uuid4 = lambda: uuid.UUID(int=next(numbers))  # type: ignore[assignment]
        self.campaign = demo_campaign()
        self.history = History(self.campaign)
        # The session rebuilds the fight's controller after a switch of rules, as the window's does.
        self.session = CampaignSession(self.campaign)
        self.folder = Path(tempfile.mkdtemp(prefix="undo-machine-"))
        self.file = self.folder / "demo.json"
        self.file.write_bytes(campaign_bytes(self.campaign))
        self.journal = Journal(self.folder / "recovery", self.file)
        self.session.journal_to(self.journal, self.file)
        self.dice = RandomDice(0)
        self.snapshots = [self.campaign.model_dump()]

    @property
    def ruleset(self) -> Ruleset:
        assert self.session.ruleset is not None
        return self.session.ruleset

    @property
    def view(self) -> FightView:
        """The fight read as it is (for preconditions, which must change nothing: no controller is built there)."""
        return FightView(self.campaign, ENCOUNTER, self.ruleset)

    @property
    def fight(self) -> EncounterController:
        """The session's controller of the fight, built anew after a switch of rules: built, it repaired nothing
        (else the campaign changed outside the undo stack)."""
        fight = self.session.controller(ENCOUNTER)
        assert fight is not None
        assert fight.repaired == [], f"the rebuild dropped {fight.repaired} outside the undo stack"
        return fight

    def _changed(self, changes: ChangeSet) -> None:
        """What the window does after every push, undo and redo: the session keeps up, the journal records."""
        self.session.after_change(changes)
        self.session.record(changes)

    def push(self, label: str, make: Callable[[], Command]) -> None:
        """Build the command (the rules may refuse it: nothing changes then) and push it; keep the snapshot."""
        try:
            command = make()
        except ValueError:
            event(f"{label}: refused")
            return
        depth = self.history.depth
        self._changed(self.history.push(command))
        del self.snapshots[depth + 1:]                 # what could be redone is gone
        after = self.campaign.model_dump()
        if self.history.depth == depth:                 # merged into the last step (typing)
            self.snapshots[depth] = after
            event(label)
            return
        self.snapshots.append(after)
        # Every new step is undone and redone at once, besides the undo and redo rules that reach further back.
        self._changed(self.history.undo())
        assert self.campaign.model_dump() == self.snapshots[depth], f"undoing {label} changed the campaign"
        self._changed(self.history.redo())
        assert self.campaign.model_dump() == after, f"redoing {label} gave another campaign"
        event(label)

    def teardown(self) -> None:
        uuid.uuid4 = self._uuid4  # type: ignore[assignment]
        shutil.rmtree(self.folder, ignore_errors=True)

    @invariant()
    def the_campaign_is_the_snapshot_of_its_depth(self) -> None:
        assert self.campaign.model_dump() == self.snapshots[self.history.depth]

    @initialize(seed=st.integers(0, 1000))
    def start_the_fight(self, seed: int) -> None:
        """The fight starts as the first step (undo may take the start back, and the start rule redo it)."""
        self.dice = RandomDice(seed)
        self.push("start", lambda: self.fight.start(self.dice))

    # -- undo and redo -----------------------------------------------------------------------------
    @precondition(lambda self: self.history.can_undo)
    @rule()
    def undo(self) -> None:
        self._changed(self.history.undo())
        event("undo")

    @precondition(lambda self: self.history.can_redo)
    @rule()
    def redo(self) -> None:
        self._changed(self.history.redo())
        event("redo")

    # -- the fight ---------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.fight.view.encounter.running

    @precondition(lambda self: not self.view.encounter.started)
    @rule()
    def start(self) -> None:
        self.push("start", lambda: self.fight.start(self.dice))

    @precondition(lambda self: self.view.encounter.running)
    @rule(data=st.data())
    def take_a_step(self, data: st.DataObject) -> None:
        offers = [o for o in self.fight.offers() if o.allowed]
        if not offers:
            return
        offer = data.draw(st.sampled_from(offers), label="step")
        actor = data.draw(st.sampled_from(offer.actors), label="actor") if offer.actors else None
        choice = offer.choices[0].key if offer.choices else None
        self.push(offer.key, lambda: self.fight.step(offer.key, actor, choice, self.dice))

    @precondition(lambda self: self.view.encounter.running)
    @rule()
    def next_turn(self) -> None:
        """The step that moves the fight on, the GM's most frequent one."""
        advance = [o for o in self.fight.offers() if o.allowed and o.role is StepRole.ADVANCE]
        if advance:
            self.push(advance[0].key, lambda: self.fight.step(advance[0].key, None, None, self.dice))

    @precondition(lambda self: self.view.current_id() is not None)
    @rule(victim=pick, weapon=pick)
    def attack(self, victim: int, weapon: int) -> None:
        current = self.fight.view.current_id()
        assert current is not None
        others = [c.id for c in self.fight.view.encounter.combatants if c.id != current]
        weapons = self.fight.preview.weapons(current)
        if others and weapons:
            self.push("attack", lambda: self.fight.attack(self.fight.preview.attack_request(
                current, nth(weapons, weapon).id, nth(others, victim), distance=3), self.dice))

    @precondition(lambda self: self.view.current_id() is not None)
    @rule(action=pick)
    def take_an_action(self, action: int) -> None:
        current = self.fight.view.current_id()
        assert current is not None
        allowed = [a.action.key for a in self.fight.actions(current)
                   if a.allowed and a.action.key not in ("attack", "execute", "first_aid")]
        if allowed:
            self.push("action", lambda: self.fight.take_action(current, nth(allowed, action)))

    @precondition(lambda self: self.view.current_id() is not None)
    @rule()
    def remove_the_fighter_whose_turn_it_is(self) -> None:
        current = self.fight.view.current_id()
        assert current is not None
        self.push("remove the current fighter", lambda: self.fight.remove_combatant(current))

    @precondition(lambda self: self.view.current_id() is not None)
    @rule()
    def remove_the_fighter_before_it(self) -> None:
        order = [row.combatant_id for row in self.fight.view.order_rows() if row.combatant_id is not None]
        current = self.fight.view.current_id()
        before = order[order.index(current) - 1] if current in order else None
        if before is not None and before != current:
            self.push("remove the fighter before", lambda: self.fight.remove_combatant(before))

    @precondition(lambda self: bool(self.view.encounter.combatants))
    @rule(which=pick)
    def remove_a_combatant(self, which: int) -> None:
        combatant = nth(self.fight.view.encounter.combatants, which)
        self.push("remove a combatant", lambda: self.fight.remove_combatant(combatant.id))

    @precondition(lambda self: not self.view.encounter.ended)
    @rule(which=pick)
    def add_a_combatant(self, which: int) -> None:
        character = nth(self.campaign.characters, which)
        self.push("add a combatant", lambda: self.fight.add_combatant(character.id))

    @precondition(lambda self: self.view.encounter.running and bool(self.view.encounter.combatants))
    @rule(which=pick, wounds=st.sampled_from([0, 3, 40]))
    def wound(self, which: int, wounds: int) -> None:
        character_id = nth(self.fight.view.encounter.combatants, which).character_id
        self.push("wound", lambda: self.fight.overrides.set_status(character_id, "wounds", wounds))

    @precondition(lambda self: self.view.encounter.running)
    @rule()
    def rewind(self) -> None:
        if self.fight.can_rewind():
            self.push("rewind", self.fight.rewind_round)

    @precondition(lambda self: self.view.encounter.running)
    @rule()
    def end(self) -> None:
        self.push("end", self.fight.end_encounter)

    # -- the encounter edited mid-fight or after its end ---------------------------------------------
    @precondition(lambda self: bool(self.view.encounter.combatants))
    @rule(which=pick, what=st.sampled_from(["side", "group", "hidden", "initiative", "setup"]), value=pick)
    def edit_a_combatant(self, which: int, what: str, value: int) -> None:
        fight = self.fight
        combatant = nth(fight.view.encounter.combatants, which).id
        stage = "ended" if fight.view.encounter.ended else "running" if fight.view.encounter.started else "prepared"
        if what == "side":
            self.push(f"side ({stage})", lambda: fight.set_side(combatant, nth(list(Side), value)))
        elif what == "group":
            self.push(f"group ({stage})", lambda: fight.set_group(combatant, nth(["", "Wolves", "Guards"], value)))
        elif what == "hidden":
            self.push(f"hidden ({stage})", lambda: fight.set_hidden(combatant, bool(value % 2)))
        elif what == "initiative":
            self.push(f"initiative ({stage})", lambda: fight.set_initiative(combatant, value - 50))
        else:
            flags = list(fight.ruleset.sheet.setup_flags())
            if flags:
                self.push(f"setup ({stage})", lambda: fight.set_setup(combatant, nth(flags, value).key,
                                                                      bool(value % 2)))

    @rule(text=st.sampled_from(["Rain", "Sirens"]))
    def note_in_the_log(self, text: str) -> None:
        self.push("log note", lambda: self.fight.note(text))

    # -- the rules, rebuilds and reopening ------------------------------------------------------------
    @rule(system=st.sampled_from(SYSTEMS))
    def switch_the_rules(self, system: str) -> None:
        """Another system for the same campaign: the session builds the fight's controller anew under it."""
        if system != self.campaign.ruleset:
            self.push(f"rules: {system}", lambda: change_rules(self.campaign, "ruleset", system))

    @rule()
    def rebuild_the_fight(self) -> None:
        """The controller built anew (the window does on opening or after a switch) finds nothing to repair."""
        again = EncounterController(self.campaign, ENCOUNTER, self.ruleset)
        assert again.repaired == [], f"a rebuild dropped {again.repaired} outside the undo stack"

    @rule()
    def reopen_and_compare(self) -> None:
        """Saved and read back, and the journal replayed onto the file first saved: the campaign exactly; the
        controller built on the campaign read back repairs nothing."""
        dump = self.campaign.model_dump()
        reopened = parse_campaign_bytes(campaign_bytes(self.campaign), self.file)
        assert reopened.model_dump() == dump, "the campaign read back differs from the one saved"
        again = EncounterController(reopened, ENCOUNTER, get_ruleset(reopened.ruleset))
        assert again.repaired == [] and reopened.model_dump() == dump, "reopening repaired the fight"
        if self.journal.started:
            replayed = replay(read_journal(self.journal.path))
            assert replayed.model_dump() == dump, "the journal leads elsewhere"
        event("reopen")

    # -- characters --------------------------------------------------------------------------------
    @precondition(lambda self: bool(self.campaign.characters))
    @rule(which=pick, die=st.sampled_from([4, 6, 8, 12, 5]))
    def set_body(self, which: int, die: int) -> None:
        character = nth(self.campaign.characters, which)
        self.push("set stat", lambda: SetStat(self.campaign, self.ruleset, character.id, "body", die))

    @precondition(lambda self: bool(self.campaign.characters))
    @rule(which=pick, field=st.sampled_from(["name", "notes", "player"]), text=st.sampled_from(["", "Ash", "Vex"]))
    def type_into(self, which: int, field: str, text: str) -> None:
        character = nth(self.campaign.characters, which)
        value = getattr(character, field) + text if field != "name" else text
        self.push("type", lambda: SetCharacterField(self.campaign, character.id, field, value))

    @precondition(lambda self: bool(self.campaign.characters))
    @rule(which=pick, entry=pick)
    def add_an_item(self, which: int, entry: int) -> None:
        character = nth(self.campaign.characters, which)
        item = item_from_catalogue(nth(self.campaign.equipment, entry))
        self.push("add item", lambda: AddItem(self.campaign, character.id, item))

    @precondition(lambda self: any(c.equipment for c in self.campaign.characters))
    @rule(which=pick, item=pick, remove=st.booleans())
    def change_an_item(self, which: int, item: int, remove: bool) -> None:
        character = nth([c for c in self.campaign.characters if c.equipment], which)
        carried = nth(character.equipment, item)
        if remove:
            self.push("remove item", lambda: RemoveItem(self.campaign, character.id, carried.id))
        elif carried.kind is ItemKind.WEAPON:
            self.push("set damage", lambda: SetItemValue(self.campaign, self.ruleset, character.id, carried.id,
                                                         "stats.damage", "2d6"))
        else:
            self.push("unequip", lambda: SetItemValue(self.campaign, self.ruleset, character.id, carried.id,
                                                      "equipped", not carried.equipped))

    @precondition(lambda self: bool(self.campaign.characters))
    @rule(which=pick, condition=st.sampled_from(["prone", "stunned", "slowed"]))
    def toggle_a_condition(self, which: int, condition: str) -> None:
        character = nth(self.campaign.characters, which)
        if character.has_condition(condition):
            self.push("remove condition", lambda: RemoveCharacterCondition(self.campaign, character.id, condition))
        else:
            self.push("add condition", lambda: AddCharacterCondition(self.campaign, self.ruleset, character.id,
                                                                     condition, 2))

    @precondition(lambda self: bool(self.campaign.characters))
    @rule(which=pick)
    def delete_a_character(self, which: int) -> None:
        character = nth(self.campaign.characters, which)
        self.push("delete character", lambda: delete_characters(self.campaign, [character.id], self.ruleset))

    @precondition(lambda self: bool(self.campaign.characters))
    @rule(which=pick)
    def duplicate_a_character(self, which: int) -> None:
        character = nth(self.campaign.characters, which)
        self.push("duplicate", lambda: duplicate_character(self.campaign, character.id, 2))

    # -- the map and its fog -----------------------------------------------------------------------
    @precondition(lambda self: bool(self.view.encounter.combatants))
    @rule(which=pick, cell=st.none() | cells)
    def place_a_token(self, which: int, cell: tuple[int, int] | None) -> None:
        combatant = nth(self.fight.view.encounter.combatants, which)
        self.push("token", lambda: SetToken(MAP, combatant.id, cell))

    @rule(stroke=st.lists(cells, min_size=1, max_size=4), cover=st.sampled_from(list(Cover)))
    def paint(self, stroke: list[tuple[int, int]], cover: Cover) -> None:
        battle_map = find_map(self.campaign, MAP)
        self.push("paint", lambda: PaintCells(battle_map, {xy: Cell(x=xy[0], y=xy[1], cover=cover) for xy in stroke}))

    @rule(name=st.sampled_from(["Ridge", "Pass", ""]))
    def rename_the_map(self, name: str) -> None:
        self.push("map name", lambda: SetMapField(self.campaign, MAP, "name", name))

    @rule(on=st.booleans())
    def switch_the_fog(self, on: bool) -> None:
        self.push("fog", lambda: SetFog(self.campaign, MAP, on))

    @rule(stroke=st.lists(cells, min_size=1, max_size=6), reveal=st.booleans())
    def reveal_or_hide(self, stroke: list[tuple[int, int]], reveal: bool) -> None:
        self.push("reveal" if reveal else "hide", lambda: RevealCells(self.campaign, MAP, stroke, reveal))

    # -- the campaign ------------------------------------------------------------------------------
    @rule(field=st.sampled_from(["name", "notes", "rule_options"]), text=st.sampled_from(["", "Ash"]))
    def edit_the_campaign(self, field: str, text: str) -> None:
        value: Any = {"name": text, "notes": self.campaign.notes + text,
                      "rule_options": {"damage_dice_explode": "yes" if text else "no"}}[field]
        if field == "rule_options":
            self.push("rule options", lambda: change_rules(self.campaign, field, value))
        else:
            self.push("campaign", lambda: SetCampaignField(self.campaign, field, value))

    # -- the equipment catalogue (mid-fight too) -----------------------------------------------------------
    @rule(kind=st.sampled_from([ItemKind.WEAPON, ItemKind.ARMOUR, ItemKind.GEAR]), at=pick)
    def add_to_the_catalogue(self, kind: ItemKind, at: int) -> None:
        item = blank_item(self.ruleset, kind)
        index = at % (len(self.campaign.equipment) + 1)
        self.push("catalogue add", lambda: AddCatalogueItem(self.campaign, self.ruleset, item, index))

    @precondition(lambda self: bool(self.campaign.equipment))
    @rule(which=pick, field=st.sampled_from(["name", "notes", "remove"]), text=st.sampled_from(["Rope", "Axe"]))
    def edit_the_catalogue(self, which: int, field: str, text: str) -> None:
        entry = nth(self.campaign.equipment, which)
        if field == "remove":
            self.push("catalogue remove", lambda: RemoveCatalogueItem(self.campaign, entry.id))
        else:
            self.push("catalogue edit", lambda: SetCatalogueValue(self.campaign, self.ruleset, entry.id, field,
                                                                  getattr(entry, field) + text))


UndoMachine.TestCase.settings = settings(max_examples=examples(25), stateful_step_count=50, deadline=None,
                                         suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.filter_too_much])
# The long run (HYPOTHESIS_PROFILE=thorough) takes its time: the limit grows with the examples.
test_undo_and_redo_give_back_every_state = pytest.mark.timeout(time_limit(180))(UndoMachine.TestCase)
