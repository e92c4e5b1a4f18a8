"""The crisis rule options: points where the source is silent or ambiguous, with their defaults."""

from __future__ import annotations

from crisis_desktop.rules.base import Options, RuleOption

RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("contest_tie", "Contest ties", ("reroll", "active"), "reroll",
               "reroll: both sides roll again until one wins; active: the acting party wins a tie."),
    RuleOption("npc_actions", "NPC actions", ("two_actions", "ap"), "two_actions",
               "two_actions: an NPC takes any 2 actions per round instead of spending AP; ap: NPCs use AP like PCs."),
    RuleOption("parry_formula", "Parry", ("melee_sides", "half_melee_plus_2"), "melee_sides",
               "melee_sides: Parry is the Melee die's number of sides; half_melee_plus_2: 2 + half of it."),
    RuleOption("range_bands", "Range bands", ("increments", "wide"), "increments",
               "increments: short = 1st range increment, medium = 2nd-3rd, long = beyond; "
               "wide: short = 1st-2nd, medium = 3rd-5th, long = beyond."),
    RuleOption("untrained_skill", "Untrained skills", ("d4", "attribute", "attribute_halved"), "d4",
               "What an untrained skill rolls: a d4; the governing attribute's die; or that die halved (d8 -> d4)."),
    RuleOption("multiplied_damage", "Multiplied damage (2 x Body)", ("multiply", "dice"), "multiply",
               "multiply: one Body roll doubled; dice: two Body dice added."),
    RuleOption("small_hit_wear", "Armour wear from small hits", ("flat_2", "blocked_min_2"), "flat_2",
               "A hit smaller than the DR costs the armour exactly 2 Durability (flat_2), or the blocked damage "
               "but at least 2 (blocked_min_2)."),
    RuleOption("critical_success", "Critical success", ("none", "exploded"), "none",
               "none: the rules have no critical success; exploded: a success on an exploded die is critical."),
    RuleOption("damage_dice_explode", "Damage dice explode", ("no", "yes"), "no",
               "Whether damage dice explode like check dice (the source says nothing)."),
    RuleOption("spare_life_threshold", "Non-lethal killing blow", ("dying", "dead"), "dying",
               "When the attacker may knock out instead of kill: any blow that would leave the target Dying (dying) "
               "or only one that would kill outright (dead)."),
    RuleOption("crawl_reach", "Crawl reach", ("pace", "half_pace"), "pace",
               "How far one Crawl (1 AP) takes a prone character: Pace tiles, like Move (pace), or half of it "
               "(half_pace). The source gives Crawl a cost but no distance."),
    RuleOption("called_shot", "Called shot", ("off", "unarmoured_spot"), "off",
               "The source has no called shot (off). unarmoured_spot: an attack may aim at a spot the armour leaves "
               "bare, such as the head: the cover penalty of heavy cover (where only head and shoulders show), and "
               "the damage ignores the armour's DR (the source lets actions circumvent DR)."),
)

_DEFAULTS = {o.key: o.default for o in RULE_OPTIONS}


def option(options: Options, key: str) -> str:
    """The campaign's choice for `key`, or the default; an unknown value falls back to the default."""
    spec = next(o for o in RULE_OPTIONS if o.key == key)
    value = options.get(key, spec.default)
    return str(value) if value in spec.choices else spec.default


def frozen_options(options: Options) -> tuple[tuple[str, str], ...]:
    """The options as a hashable tuple, for cache keys."""
    return tuple((o.key, option(options, o.key)) for o in RULE_OPTIONS)


__all__ = ["RULE_OPTIONS", "frozen_options", "option"]
