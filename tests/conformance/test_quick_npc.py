"""Quick NPC, for every system that builds NPCs from a level (Ruleset.npc_level_field): at several levels the NPC is
legal, each weapon it carries has its skill trained where skills are fields of the sheet, and, where the system has
Attacks, it carries a weapon and attacks at once through the EncounterController with its odds computed and
resolved with each one. Higher levels give better NPCs. (That each bundled system's Quick NPC carries a melee and a
ranged weapon is its data: tests/unit/rules/test_bundled_data.py.)"""

from __future__ import annotations

import pytest

from crisis_desktop.controller.encounter import EncounterController
from crisis_desktop.controller.history import History
from crisis_desktop.controller.npc_builder import build_npc, difficulty_spec
from crisis_desktop.domain import Campaign, Character, CharacterKind, Encounter, ItemKind
from crisis_desktop.rules.base import AttackResult
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.flows import StepRole
from crisis_desktop.rules.registry import get_ruleset

quick_npc = pytest.mark.when(lambda rules: rules.npc_level_field() is not None)


def levels(ruleset_id: str) -> list[int]:
    """The lowest, a middle and the highest level of the system's Quick NPC."""
    spec = difficulty_spec(get_ruleset(ruleset_id))
    assert spec is not None, f"{ruleset_id} has no Quick NPC"
    low, high = spec.minimum or 1, spec.maximum or 10
    return [low, (low + high) // 2, high]


def _to_the_npc(ctl: EncounterController, history: History, npc_id: str, dice: RandomDice,
                weapon: str = "") -> None:
    """Move the fight on until the NPC may act (picking it where the flow offers a choice of who acts; where it plans,
    the choice naming `weapon` if there is one: a plan may commit it to one weapon)."""
    for _ in range(30):
        if ctl.view.may_act(npc_id):
            return
        offers = [o for o in ctl.offers() if o.allowed]
        mine = next((o for o in offers if npc_id in o.actors), None)
        if mine is not None:
            named = [c.key for c in mine.choices if weapon and weapon in c.label]
            choice = named[0] if named else mine.choices[0].key if mine.choices else None
            history.push(ctl.step(mine.key, npc_id, choice, dice))
            continue
        # Someone else plans first (a declaration, worst ranked first): the first thing offered to it.
        other = next((o for o in offers if o.role is StepRole.PLAN and o.actors), None)
        if other is not None:
            history.push(ctl.step(other.key, other.actors[0], other.choices[0].key if other.choices else None, dice))
            continue
        advance = next(o for o in offers if o.role is StepRole.ADVANCE)
        history.push(ctl.step(advance.key, advance.actors[0] if advance.actors else None, None, dice))
    raise AssertionError("the NPC never got to act")


@quick_npc
@pytest.mark.parametrize("which", [0, 1, 2], ids=["lowest", "middle", "highest"])
def test_a_quick_npc_attacks_at_once(ruleset_id: str, which: int) -> None:
    rules = get_ruleset(ruleset_id)
    level = levels(ruleset_id)[which]
    npc = build_npc(rules, "Guard", level)
    assert rules.sheet.validate_character(npc) == []
    weapons = [i for i in npc.equipment if i.kind is ItemKind.WEAPON]
    skill_fields = {f.key for f in rules.sheet.character_fields()}
    for weapon in weapons:  # the skill each weapon rolls is trained, where skills are fields of the sheet
        skill = str(weapon.stats.get("skill"))
        assert skill not in skill_fields or npc.stats.get(skill) is not None, weapon.name
    if rules.attacks is None:
        return      # nothing to attack with: the requirement ends at a legal NPC
    assert weapons, f"a Quick NPC of level {level} has no weapon"
    # Each weapon in a fight of its own: where a round is planned, the plan commits the NPC to one weapon.
    for weapon in weapons:
        target = Character(name="Pat", stats=dict(rules.sheet.new_stats(CharacterKind.PC)))
        campaign = Campaign(name="T", ruleset=ruleset_id, characters=[npc, target],
                            encounters=[Encounter(id="enc", name="Ambush")])
        ctl = EncounterController(campaign, "enc", rules)
        history = History(campaign)
        dice = RandomDice(level)
        history.push(ctl.add_combatant(npc.id))
        history.push(ctl.add_combatant(target.id))
        npc_c, target_c = (c.id for c in ctl.view.encounter.combatants)
        history.push(ctl.start(dice))
        _to_the_npc(ctl, history, npc_c, dice, weapon.name)
        preview = ctl.preview.attack_preview(ctl.preview.attack_request(npc_c, weapon.id, target_c))
        assert preview.cannot is None, preview.cannot
        assert preview.odds is not None and 0 < preview.odds.hit <= 1, weapon.name
        event = ctl.attack(ctl.preview.attack_request(npc_c, weapon.id, target_c), dice)
        history.push(event)
        assert isinstance(event.result, AttackResult) and event.result.summary


@quick_npc
def test_higher_levels_give_better_npcs(ruleset_id: str) -> None:
    rules = get_ruleset(ruleset_id)
    low, *_, high = levels(ruleset_id)
    weak, strong = build_npc(rules, "A", low), build_npc(rules, "B", high)
    better = [k for k, v in strong.stats.items()
              if isinstance(v, int) and not isinstance(v, bool) and v > (weak.stats.get(k) or 0)]
    assert better, ruleset_id
    assert "Quick NPC" in strong.gm_notes
