"""The skirmish rule options: where the Paraverse texts are silent or disagree (FACTS-new-systems.md, section 2)."""

from __future__ import annotations

from crisis_desktop.rules.base import Options, RuleOption

RULE_OPTIONS = (
    RuleOption("paraverse_text", "Paraverse text", ("seed", "later"), "seed",
               "seed: damage = M x B - AV, Wield = PHY; later: the shield value is taken off damage too "
               "(D = M x B - AV - SV), Wield = (PHY + CON) / 2 rounded down, and a natural 20 on one side of a "
               "skirmish beats any roll of the other with a multiplier of at least 2 (20s on both sides cancel)."),
    RuleOption("skirmish_tie_multiplier", "Skirmish won on the natural roll", ("1", "0"), "1",
               "The damage multiplier of a skirmish won on the natural-roll tie-break (a roll difference of 0): "
               "1 deals the weapon's base damage (as paragrind does); 0 deals nothing past armour."),
    RuleOption("death_check_success", "Death check of exactly 15", ("gte", "gt"), "gte",
               "gte: d20 + stamina of 15 or more passes (a roll of exactly 15 passes); gt: it must beat 15."),
    RuleOption("death_check_survivor", "After three death checks", ("stable", "continue"), "stable",
               "stable: a dying character who did not fail all three death checks is stable (bleeding stops); "
               "continue: checks go on each watch until three have failed or someone stabilizes it."),
    RuleOption("wield_over_penalty", "Penalty per point over Wield", ("1", "2"), "1",
               "What each point of weapon and shield over Wield costs attack rolls (equipment.md: 1; characters.md: "
               "2); at most 3 points over."),
    RuleOption("limited_default", "Limited without a number", ("1", "2", "3"), "1",
               "How many missiles per target and engagement a Limited weapon without a number throws."),
)


def option(options: Options, key: str) -> str:
    """The campaign's choice for `key`, or the default."""
    found = next(o for o in RULE_OPTIONS if o.key == key)
    value = options.get(key, found.default)
    return str(value) if value is not None and str(value) in found.choices else found.default


def number(options: Options, key: str) -> int:
    """A numeric option as a whole number."""
    return int(option(options, key))
