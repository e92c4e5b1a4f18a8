"""The Ruleset base plays on its own: a system that declares only its sheet, its actions with their prices and what
a turn gives has a legal default stat block, a standing read from its health bar, actions priced from their
declaration and refused with the reason when they cannot be paid, paid when taken, and sequential turns."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property

import pytest

from crisis_desktop.domain import Character, CharacterKind, Combatant, Side
from crisis_desktop.rules.base import (
    ActionSpec,
    Actor,
    BarRole,
    Currency,
    FieldKind,
    FieldSpec,
    Options,
    ResourceSpec,
    Ruleset,
    SetResource,
    StateRole,
)
from crisis_desktop.rules.base.economy_part import Economy
from crisis_desktop.rules.base.sheet_part import Sheet
from crisis_desktop.rules.kernel.flows.sequential import SequentialFlow


class TinySheet(Sheet):
    """The character sheet of the tiny rules."""

    rules: Tiny

    def character_fields(self) -> Sequence[FieldSpec]:
        return (FieldSpec("hp", "Hit points", FieldKind.INT, "Body", 6, 0, 20),
                FieldSpec("level", "Level", FieldKind.INT, "Body", 1, 1, 5, kinds=frozenset({CharacterKind.PC})))

    def resources(self, actor: Actor, options: Options) -> Sequence[ResourceSpec]:
        hp = actor.character.stats.get("hp", 6)
        assert isinstance(hp, int)
        return [ResourceSpec("hp", "Hit points", hp, 6, role=BarRole.HEALTH)]


class TinyEconomy(Economy):
    """The action economy of the tiny rules."""

    rules: Tiny

    def currencies(self) -> Sequence[Currency]:
        return (Currency("actions", "action", "actions"),)

    def actions(self) -> Sequence[ActionSpec]:
        return (ActionSpec("dash", "Dash", {"actions": 1}), ActionSpec("brace", "Brace", {"actions": 2}))

    def turn_allowance(self) -> dict[str, int]:
        return {"actions": 1}


class Tiny(Ruleset):
    id = "tiny"
    name = "Tiny"

    @cached_property
    def sheet(self) -> TinySheet:
        return TinySheet(self)

    @cached_property
    def economy(self) -> TinyEconomy:
        return TinyEconomy(self)


def fighter(hp: int = 6, actions: int = 1) -> Actor:
    character = Character(kind=CharacterKind.PC, name="Ada", stats={"hp": hp, "level": 1})
    return Actor(character, Combatant(id="c1", character_id=character.id, side=Side.PARTY,
                                      resources={"actions": actions}))


def test_the_default_stat_block_is_each_field_default_for_the_kind():
    assert Tiny().sheet.new_stats(CharacterKind.PC) == {"hp": 6, "level": 1}
    assert Tiny().sheet.new_stats(CharacterKind.NPC) == {"hp": 6}


def test_standing_follows_the_health_bar():
    assert Tiny().sheet.state(fighter().character, {}).role is StateRole.FIGHTING
    down = Tiny().sheet.state(fighter(hp=0).character, {})
    assert (down.role, down.text) == (StateRole.DOWN, "Ada is down: Hit points 0/6")


def test_an_action_is_priced_from_its_declaration_and_refused_with_the_reason():
    rows = {a.action.key: a for a in Tiny().economy.available_actions(fighter(), {})}
    assert (rows["dash"].price, rows["dash"].allowed) == ({"actions": 1}, True)
    assert not rows["brace"].allowed
    assert rows["brace"].reason == "Not enough actions: Brace costs 2 actions, Ada has 1 action"
    with pytest.raises(ValueError, match="Brace costs 2 actions"):
        Tiny().economy.spend_action(fighter(), "brace", {})
    with pytest.raises(ValueError, match="no action 'fly'"):
        Tiny().economy.spend_action(fighter(), "fly", {})


def test_taking_an_action_pays_its_price_and_a_turn_gives_the_allowance_again():
    assert Tiny().economy.spend_action(fighter(), "dash", {}).effects == (SetResource("c1", "actions", 0),)
    assert Tiny().start_turn(fighter(actions=0), {}).effects == (SetResource("c1", "actions", 1),)
    assert Tiny().start_encounter(fighter(actions=0), {}).effects == (SetResource("c1", "actions", 1),)
    spent = fighter(actions=0)
    assert Tiny().economy.available_actions(spent,
                                            {})[0].reason == "Not enough actions: Dash costs 1 action, Ada has none"


def test_a_fighter_who_is_down_takes_no_action():
    rows = Tiny().economy.available_actions(fighter(hp=0), {})
    assert [r.allowed for r in rows] == [False, False]
    assert rows[0].reason == "Ada is down: Hit points 0/6"


def test_turns_are_sequential_in_the_encounters_order_by_default():
    actors = [fighter(), Actor(Character(kind=CharacterKind.NPC, name="Bo"),
                               Combatant(id="c2", character_id="x", side=Side.ENEMIES))]
    assert isinstance(Tiny().round_flow({}), SequentialFlow)
    entries = Tiny().roll_initiative(actors, None, {})  # type: ignore[arg-type]
    assert [(e.combatant_id, e.rank) for e in entries] == [("c1", 0), ("c2", 1)]


def test_a_state_is_shown_by_its_label_never_by_its_key():
    from crisis_desktop.rules.base import StateLabel

    assert StateLabel("knocked_out", "Ada is knocked out", StateRole.DOWN).shown == "Knocked out"
    assert StateLabel("ok", "Ada can act", label="OK").shown == "OK"
    assert Tiny().sheet.state(fighter().character, {}).shown == "OK"
