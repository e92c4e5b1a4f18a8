"""Attacks: attack roll, then the defence contest (or an NPC's fixed defence), cover, range, criticals, damage."""

from __future__ import annotations

import math

from crisis_desktop.domain import EquipmentItem
from crisis_desktop.rules.base import (
    AttackRequest,
    AttackResult,
    CoverLevel,
    Effect,
    Explained,
    Options,
    SetItemStat,
    SetResource,
    Term,
)
from crisis_desktop.rules.crisis_classic import damage, sheet, tables
from crisis_desktop.rules.crisis_classic.actions import resolve_action
from crisis_desktop.rules.crisis_classic.checks import contest_winner, dl_term, legendary_or_fumble, roll_check
from crisis_desktop.rules.crisis_classic.options import option
from crisis_desktop.rules.crisis_classic.turns import cancel_pending, cannot_act, on_overwatch, res_int
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.qstar.context import AttackContext, read

_COVER_ORDER = (CoverLevel.NONE, CoverLevel.LIGHT, CoverLevel.HEAVY, CoverLevel.TOTAL)


def is_melee(weapon: EquipmentItem) -> bool:
    return sheet.item_int(weapon, "range") <= 0


def context_of(request: AttackRequest) -> AttackContext:
    """The request as these rules take it: one attack at one target."""
    if len(request.targets) > 1:
        raise ValueError("crisis-classic attacks one target at a time")
    return read(request, melee=is_melee(request.weapon))[0].context


def effective_cover(context: AttackContext) -> tuple[CoverLevel, str]:
    """Cover after the two rules of thumb: penetrable total cover is heavy; prone facing the enemy is heavy."""
    cover, why = context.cover, ""
    if cover is CoverLevel.TOTAL and context.cover_penetrable:
        cover, why = CoverLevel.HEAVY, " (penetrable: counts as heavy)"
    if context.target_prone_facing and _COVER_ORDER.index(cover) < _COVER_ORDER.index(CoverLevel.HEAVY):
        cover, why = CoverLevel.HEAVY, " (prone, facing the attacker)"
    return cover, why


def _cover_term(context: AttackContext, sign: int) -> list[Term]:
    cover, why = effective_cover(context)
    row = tables.cover_by_key()[cover.value]
    if not row.modifier:
        return []
    return [Term(f"{row.label}{why}", sign * row.modifier)]


def aim_of(context: AttackContext) -> int:
    """The context's aim, or else the Take Aim uses stored on the attacker's combatant."""
    if context.aim:
        return context.aim
    return res_int(context.attacker.combatant, "aim") if context.attacker.combatant else 0


def defence_mode(context: AttackContext, options: Options) -> tuple[str, str]:
    """How the target defends: "roll", "fixed" (an NPC's Difficulty Level) or "none", and why."""
    target = context.target
    if context.target_surprised:
        return "none", f"{target.name} is surprised: no defence"
    if cannot_act(target):
        return "none", f"{target.name} is stunned: no defence"
    if sheet.is_npc(target.character) and option(options, "npc_defence") == "fixed":
        return "fixed", f"{target.name} has a fixed defence (Difficulty Level {sheet.npc_dl(target.character)})"
    return "roll", ""


def request_modifiers(request: AttackRequest, options: Options) -> list[Term]:
    """Every term of the attack target of the request's (first) target, in order."""
    return attack_modifiers(context_of(request), options)


def attack_modifiers(context: AttackContext, options: Options) -> list[Term]:
    """Every term of the attack target, in order."""
    attacker, weapon = context.attacker.character, context.weapon
    skill = str(weapon.stats.get("skill") or "melee")
    ability_key = None
    if skill == "melee" and sheet.flag(attacker, "perk_martial_arts_master") and \
            sheet.ability(attacker, "speed") > sheet.ability(attacker, "might"):
        ability_key = "speed"
    terms = sheet.skill_terms(attacker, skill, ability_key)
    if ability_key:
        terms[0] = Term("Speed (Martial Arts Master)", terms[0].value)
    hit = sheet.item_int(weapon, "hit")
    if hit:
        terms.append(Term(f"{weapon.name} HIT", hit))
    increment = sheet.item_int(weapon, "range")
    if not is_melee(weapon) and context.distance is not None and context.distance > 0:
        increments = math.ceil(context.distance / increment)
        if increments > 1:
            terms.append(Term(f"range {context.distance:g} m: increment {increments} of {increment} m",
                              -2 * (increments - 1)))
    mode, _ = defence_mode(context, options)
    if option(options, "cover_applies_to") == "attack" or mode != "roll":
        terms += _cover_term(context, 1)
    if context.circumstance:
        terms.append(Term("circumstance", context.circumstance))
    terms += sheet.condition_terms(attacker)
    aim = aim_of(context)
    if mode == "fixed":
        dl = sheet.npc_dl(context.target.character)
        terms.append(dl_term(dl, easier=aim, what=f"{context.target.name}'s fixed defence"
                             + (f", aimed {aim}x" if aim else "")))
    elif aim:
        terms.append(dl_term(tables.NEUTRAL_DL, easier=aim, what=f"aimed {aim}x"))
    return terms


def defence_modifiers(context: AttackContext, options: Options) -> list[Term]:
    """Every term of the target's defence roll (melee: Might or Speed + Melee; ranged: Speed)."""
    target = context.target.character
    if is_melee(context.weapon):
        better = "speed" if sheet.ability(target, "speed") > sheet.ability(target, "might") else "might"
        terms = sheet.skill_terms(target, "melee", better)
        extra = max(0, context.enemies_in_reach - 1)
        if sheet.flag(target, "perk_fighter"):
            if context.enemies_in_reach <= 2:
                extra = 0
            elif option(options, "fighter_penalty") == "beyond_two":
                extra = context.enemies_in_reach - 2
        if extra:
            terms.append(Term(f"{context.enemies_in_reach} enemies in reach", -2 * extra))
    else:
        terms = [Term("Speed", sheet.ability(target, "speed"))]
        if sheet.flag(target, "perk_lightning_reflexes"):
            terms.append(Term("Lightning Reflexes (Speed modifier)", sheet.ability(target, "speed") - 10))
    armour = sheet.equipped_armour(target)
    if armour is not None and sheet.item_int(armour, "defence"):
        terms.append(Term(armour.name, sheet.item_int(armour, "defence")))
    if option(options, "cover_applies_to") == "defence":
        terms += _cover_term(context, -1)
    terms += sheet.condition_terms(target)
    return terms


def end_damage_terms(context: AttackContext, options: Options) -> Explained:
    weapon = context.weapon
    e = Explained.of((f"{weapon.name} END", sheet.item_int(weapon, "end_damage")))
    if is_melee(weapon) and option(options, "melee_damage_ability") == "might_modifier":
        e = e.plus("Might modifier", sheet.ability(context.attacker.character, "might") - sheet.ABILITY_START)
    if context.damage_circumstance:
        e = e.plus("circumstance", context.damage_circumstance)
    return e.clamped(low=0, label="no negative damage")


def refusal(context: AttackContext) -> str:
    """Why this attack cannot be made, or ""."""
    attacker, weapon = context.attacker, context.weapon
    blocked = cannot_act(attacker)
    if blocked:
        return blocked
    if context.extra_attacks:
        return "crisis-classic has no extra attacks: RoF limits critical hits per attack"
    if is_melee(weapon):
        rows = tables.condition_by_key()
        for cs in attacker.character.conditions:
            if cs.key in rows and rows[cs.key].no_melee_attack:
                return f"{attacker.name} is {rows[cs.key].label.lower()} and cannot attack in melee"
    cover, _ = effective_cover(context)
    if not tables.cover_by_key()[cover.value].hittable:
        return f"{context.target.name} is in total cover: unhittable"
    ammo = weapon.stats.get("ammo")
    if isinstance(ammo, int) and not isinstance(ammo, bool) and ammo < 1:
        return f"{weapon.name} is empty: reload first"
    if attacker.combatant is not None:
        cost = resolve_action(attacker.character, "attack").cost
        ap = res_int(attacker.combatant, "ap")
        if ap < cost:
            return f"Not enough AP: Attack costs {cost}, {attacker.name} has {ap}"
    return ""


def _attacker_effects(context: AttackContext) -> tuple[list[Effect], list[str]]:
    attacker, weapon = context.attacker, context.weapon
    effects: list[Effect] = []
    notes: list[str] = []
    ammo = weapon.stats.get("ammo")
    if isinstance(ammo, int) and not isinstance(ammo, bool) and weapon in attacker.character.equipment:
        effects.append(SetItemStat(attacker.character.id, weapon.id, "ammo", ammo - 1))
    if attacker.combatant is not None:
        cid = attacker.combatant.id
        cancel, cancel_notes = cancel_pending(attacker)
        effects += cancel
        notes += cancel_notes
        # The attack's AP (Attacks.attack_price) is paid by the controller.
        if res_int(attacker.combatant, "aim"):
            effects.append(SetResource(cid, "aim", 0))
        if context.out_of_turn and on_overwatch(attacker):
            effects.append(SetResource(cid, "overwatch", False))  # the watch fired
    return effects, notes


def resolve_attack(request: AttackRequest, dice: DiceSource, options: Options) -> AttackResult:
    context = context_of(request)
    reason = refusal(context)
    if reason:
        raise ValueError(reason)
    attacker, target, weapon = context.attacker, context.target, context.weapon
    target_terms = Explained.of(*attack_modifiers(context, options))
    a_roll, a_result = roll_check(target_terms, dice, f"{attacker.name}: attack", options)
    effects, notes = _attacker_effects(context)
    defence = None
    hit = a_roll.outcome.succeeded
    line = f"{attacker.name} attacks {target.name} with {weapon.name}: {a_result.describe()}" \
           f"{legendary_or_fumble(a_roll.outcome)}"
    if not hit:
        line += "; a miss"
    else:
        mode, why = defence_mode(context, options)
        if mode == "roll":
            d_target = Explained.of(*defence_modifiers(context, options))
            d_roll, defence = roll_check(d_target, dice, f"{target.name}: defence", options)
            winner, how = contest_winner(a_roll, d_roll, defence=True)
            hit = winner == "active"
            line += f"; defence {defence.describe()}{legendary_or_fumble(d_roll.outcome)}: " \
                    f"{'hit' if hit else 'parried'} ({how})"
        else:
            line += f"; hit ({why})"
    result_damage = None
    if hit:
        crits = min(a_roll.stunts, max(1, sheet.item_int(weapon, "rof", 1)))
        result_damage = damage.damage_result(target.character, end_damage_terms(context, options),
                                             sheet.item_int(weapon, "damage"), crits)
        effects += result_damage.effects
        notes += result_damage.notes
        line += f"; {result_damage.taken.explain()}"
    if notes:
        line += "; " + "; ".join(notes)
    return AttackResult(request=request, target=target, attack=a_result, defence=defence, hit=hit, damage=result_damage,
                        effects=tuple(effects), summary=line)
