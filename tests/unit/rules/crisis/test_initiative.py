"""Crisis turn order: Mind roll plus circumstance, PC-before-NPC ties, PC tie rerolls, group rolls, surprise."""

from __future__ import annotations

from conftest import npc, pc

from crisis_desktop.domain import Combatant
from crisis_desktop.rules.base import Actor
from crisis_desktop.rules.kernel.dice import RandomDice, TypedDice


def member(character, group=None, surprised=False, **resources) -> Actor:
    return Actor(character, Combatant(character_id=character.id, group=group, setup={"surprised": surprised},
                                      resources=resources))


def order(entries) -> list[str]:
    return [e.combatant_id for e in sorted(entries, key=lambda e: e.rank)]


def test_highest_roll_first_with_circumstance(rules):
    a, b = member(pc("A", mind=6)), member(pc("B", mind=6), initiative_circumstance=2)
    entries = rules.roll_initiative([a, b], TypedDice([5, 4]), {})
    assert order(entries) == [b.combatant.id, a.combatant.id]
    assert entries[0].roll.value == 6 and sum(t.value for t in entries[0].roll.terms) == 6


def test_pc_beats_npc_on_a_tie(rules):
    wolf, vera = member(npc("Wolf", mind=6)), member(pc("Vera", mind=6))
    entries = rules.roll_initiative([wolf, vera], TypedDice([3, 3]), {})
    assert order(entries) == [vera.combatant.id, wolf.combatant.id]
    assert "PC acts before NPC" in next(e for e in entries if e.combatant_id == vera.combatant.id).tie_note


def test_tied_pcs_reroll_but_keep_their_result(rules):
    a, b = member(pc("A", mind=6)), member(pc("B", mind=6))
    entries = rules.roll_initiative([a, b], TypedDice([4, 4, 2, 5]), {})
    assert order(entries) == [b.combatant.id, a.combatant.id]
    assert all(e.roll.value == 4 for e in entries)
    assert "reroll" in entries[0].tie_note


def test_npc_group_shares_one_roll(rules):
    wolf, dog = member(npc("Wolf"), group="pack"), member(npc("Dog"), group="pack")
    vera = member(pc("Vera"))
    dice = TypedDice([2, 3])   # the pack rolls once (Wolf), then Vera
    entries = rules.roll_initiative([wolf, vera, dog], dice, {})
    assert dice.remaining == 0
    assert order(entries) == [vera.combatant.id, wolf.combatant.id, dog.combatant.id]
    assert {e.roll.value for e in entries if e.combatant_id != vera.combatant.id} == {2}


def test_surprise_round(rules):
    ines, vera = member(pc("Ines")), member(pc("Vera"), surprised=True)
    raider = member(npc("Raider"))
    assert rules.surprise_round([ines, vera, raider]) == [ines.combatant.id, raider.combatant.id]
    assert rules.surprise_round([ines, raider]) == []


def test_same_seed_same_order(rules, demo):
    encounter = demo.encounter("enc-ambush")
    actors = [Actor(demo.character(c.character_id), c) for c in encounter.combatants]
    first = rules.roll_initiative(actors, RandomDice(11), {})
    assert first == rules.roll_initiative(actors, RandomDice(11), {})
    assert sorted(e.rank for e in first) == list(range(len(actors)))
    raiders = [e for e in first if e.combatant_id.startswith("cmb-ambush-raider")]
    assert len({e.roll.value for e in raiders}) == 1
    ranks = sorted(e.rank for e in raiders)
    assert ranks == list(range(ranks[0], ranks[0] + 3))   # the group acts together
