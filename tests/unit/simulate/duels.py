"""Small fights built for any registered ruleset from its own defaults and catalogue: a duel of one armed PC against
one NPC that cannot strike back."""

from __future__ import annotations

from crisis_desktop.domain import Campaign, Character, CharacterKind, EquipmentItem, ItemKind
from crisis_desktop.domain.encounter import Combatant, Encounter, Side
from crisis_desktop.rules.base import Actor, AttackRequest, AttackTarget, Ruleset
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.odds import TooManyOutcomes


def melee_weapon(ruleset: Ruleset, pc: Character, npc: Character, *, ranged: bool = False) -> EquipmentItem:
    """The melee weapon of the rules' catalogue (no map is needed to reach the target) expected to do the most damage
    to the NPC; with `ranged`, the ranged one."""
    assert ruleset.attacks is not None
    weapons = [i for i in ruleset.equipment_catalogue() if i.kind is ItemKind.WEAPON]
    melee = [w for w in weapons if (ruleset.attacks.weapon_range(w) is None) != ranged] or weapons

    def expected(weapon: EquipmentItem) -> float:
        request = AttackRequest(Actor(pc), weapon, (AttackTarget(Actor(npc)),))
        try:
            return ruleset.attacks.attack_odds(request, ruleset.options_with_defaults({})).expected_damage
        except (ValueError, TooManyOutcomes):
            return 0.0

    return max(melee, key=expected).model_copy(update={"equipped": True})


def duel(ruleset: Ruleset, *, npc_level: int | None = None, ranged: bool = False) -> Campaign:
    """A PC with the rules' default stats and first melee weapon (with `ranged`, ranged one) against an unarmed NPC
    (Quick NPC at the lowest level where the rules build NPCs from one)."""
    pc = Character(kind=CharacterKind.PC, name="Duellist", stats=ruleset.sheet.new_stats(CharacterKind.PC,
                                                                                         RandomDice(1)))
    spec = ruleset.npc_level_field()
    if spec is not None:
        level = npc_level if npc_level is not None else int(spec.minimum if spec.minimum is not None else 1)
        npc = ruleset.quick_npc("Target", level, RandomDice(2))
    else:
        npc = Character(kind=CharacterKind.NPC, name="Target", stats=ruleset.sheet.new_stats(CharacterKind.NPC))
    npc = npc.model_copy(update={"equipment": [i for i in npc.equipment if i.kind is not ItemKind.WEAPON]})
    pc = pc.model_copy(update={"equipment": [melee_weapon(ruleset, pc, npc, ranged=ranged)]})
    encounter = Encounter(id="enc", name="Duel", combatants=[
        Combatant(id="c-pc", character_id=pc.id, side=Side.PARTY),
        Combatant(id="c-npc", character_id=npc.id, side=Side.ENEMIES)])
    return Campaign(name="Duel", ruleset=ruleset.id, characters=[pc, npc], encounters=[encounter])
