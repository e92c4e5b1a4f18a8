"""Quick NPC of a chosen adversary type: the power level's characteristics, skills and gear (resources/rules/genesys/
npc.json), made a minion group, a rival or a nemesis with the fields each type has. The thresholds are a house
reading of the core book's profiles: a minion 3 + Brawn wounds, a rival 10 + Brawn + power, a nemesis
12 + Brawn + 2 x power wounds and 10 + Willpower + power strain, Adversary 1 to 3, one rank more in its skills."""

from __future__ import annotations

from crisis_desktop.domain import Character, StatValue
from crisis_desktop.rules.base import FieldKind, FieldSpec, Ruleset
from crisis_desktop.rules.genesys import stats, tables
from crisis_desktop.rules.kernel.dice import DiceSource
from crisis_desktop.rules.kernel.npc_builds import table_npc

KIND_FIELD = FieldSpec(
    "adversary", "Adversary type", FieldKind.CHOICE, "NPC", stats.RIVAL, choices=(stats.MINION, stats.RIVAL,
                                                                                    stats.NEMESIS),
    choice_labels=("Minion group", "Rival", "Nemesis"),
    help="Minion group: three or more weak foes sharing one wound pool and one slot, rolling their group's skills; "
         "rival: a wound threshold only, defeated past it; nemesis: wound and strain thresholds and the talent "
         "Adversary.")
GROUP_SIZE = 3


def _skills(block: dict[str, StatValue], step: int) -> None:
    """Every skill with a rank set to 1 (step 0: a minion group's skills) or raised by `step` (at most 5)."""
    for key in tables.skills():
        rank = block.get(key)
        if isinstance(rank, int) and rank > 0:
            block[key] = 1 if step == 0 else min(5, rank + step)


def of_kind(ruleset: Ruleset, name: str, level: int, kind: str, dice: DiceSource | None = None) -> Character:
    npc = table_npc(ruleset, "genesys", name, level, dice)
    block = dict(npc.stats)
    brawn = stats.int_value(block.get("brawn"), stats.DEFAULT_CHARACTERISTIC)
    willpower = stats.int_value(block.get("willpower"), stats.DEFAULT_CHARACTERISTIC)
    block.pop("strain_threshold", None)
    block.pop("talents", None)
    block["adversary"], block["group_size"] = kind, 1
    if kind == stats.MINION:
        block["wound_threshold"], block["group_size"] = 3 + brawn, GROUP_SIZE
        _skills(block, 0)
        what = f"a minion group of {GROUP_SIZE}, {3 + brawn} wounds each"
    elif kind == stats.NEMESIS:
        adversary = 1 + level // 2
        block |= {"wound_threshold": 12 + brawn + 2 * level, "strain_threshold": 10 + willpower + level,
                  "talents": f"Adversary {adversary}"}
        _skills(block, 1)
        what = (f"a nemesis, wound threshold {block['wound_threshold']}, strain threshold "
                f"{block['strain_threshold']}, Adversary {adversary}")
    else:
        block["wound_threshold"] = 10 + brawn + level
        what = f"a rival, wound threshold {block['wound_threshold']}"
    gear = ", ".join(item.name for item in npc.equipment) or "nothing"
    tags = [t for t in npc.tags if t not in stats.ADVERSARIES] + [kind]
    return npc.model_copy(update={"stats": block, "tags": tags,
                                  "gm_notes": f"Quick NPC, power {level} as {what}: carries {gear}."})
