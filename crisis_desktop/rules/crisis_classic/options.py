"""The crisis-classic rule options: points where the source is silent or disagrees, each with a default."""

from __future__ import annotations

from crisis_desktop.rules.base import Options, RuleOption

RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption(
        "initiative_formula", "Initiative formula", ("speed_intelligence", "speed_might"), "speed_intelligence",
        "Initiative = (Speed + Intelligence) / 4 (this draft) or (Speed + Might) / 4 (also shown by the source); "
        "rounded down."),
    RuleOption(
        "stunt_face", "Stunt face", ("6", "1"), "6",
        "The die face that counts as a stunt: 6 in this draft, 1 in the later one. The opposite face (7 minus "
        "it) is the fumble face: three stunt faces are a legendary (automatic) success, three fumble faces an "
        "automatic failure."),
    RuleOption(
        "npc_defence", "NPC defence", ("fixed", "roll"), "fixed",
        "fixed: an NPC does not roll defence; the attack roll takes the target change of the NPC's Difficulty "
        "Level instead of Easy's 0. roll: NPCs roll defence like player characters."),
    RuleOption(
        "cover_applies_to", "Cover modifies", ("attack", "defence"), "attack",
        "attack: cover's -2 / -4 lowers the attacker's target. defence: it raises a rolled defence target by "
        "2 / 4 instead (it still falls on the attack when the defender does not roll)."),
    RuleOption(
        "fighter_penalty", "Fighter perk", ("beyond_two", "full"), "beyond_two",
        "With the Fighter perk the extra-enemy penalty applies only with more than 2 enemies in reach. "
        "beyond_two: -2 per enemy beyond the second. full: the usual -2 per additional enemy, from 3 enemies on."),
    RuleOption(
        "melee_damage_ability", "Ability in melee damage", ("none", "might_modifier"), "none",
        "The damage formula adds an ability modifier the source does not define. none: weapon END only. "
        "might_modifier: melee END damage + (Might - 10)."),
    RuleOption(
        "healing_translation", "Medicine check to healing", ("highest_dl_beaten", "margin"), "highest_dl_beaten",
        "How a Science (Medicine) result becomes extra Health healed that day. highest_dl_beaten: the highest "
        "Difficulty Level whose target change the roll would still have passed (0 if none; a legendary result "
        "counts as 10, a fumble as 0). margin: the margin of success (0 on failure)."),
    RuleOption(
        "multi_turn_continue", "Multi-turn actions continue", ("manual", "auto"), "manual",
        "manual: each turn the character continues a multi-turn action (e.g. reloading a musket) by taking it "
        "again. auto: the AP gained at the start of a turn go into the unfinished action at once."),
)


def option(options: Options, key: str) -> str:
    """The campaign's choice for `key`, or its default; unknown values fall back to the default."""
    spec = next(o for o in RULE_OPTIONS if o.key == key)
    value = options.get(key, spec.default)
    text = str(value)
    return text if text in spec.choices else spec.default


def stunt_face(options: Options) -> int:
    return int(option(options, "stunt_face"))
