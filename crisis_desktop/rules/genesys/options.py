"""The genesys rule options: points where the sources are silent or disagree, with their defaults."""

from __future__ import annotations

from crisis_desktop.rules.base import Options, RuleOption

RULE_OPTIONS: tuple[RuleOption, ...] = (
    RuleOption("genesys_variant", "Rules variant", ("eote", "genesys"), "eote",
               "eote: Edge of the Empire, which the seed text follows (Destiny, its critical injury rows and "
               "durations); genesys: the Genesys core book where the two differ."),
    RuleOption("crit_extra_activation_plus10", "Extra critical activations", ("true", "false"), "true",
               "true: each activation of a critical beyond the first adds +10 to the injury roll (one injury per "
               "hit all the same); false: further activations do nothing."),
    RuleOption("defense_cap", "Defence cap", ("4", "none"), "4",
               "4: melee and ranged defence count at most 4 (the Edge of the Empire value); none: no cap."),
    RuleOption("initiative_final_tie", "Initiative ties", ("pc_first", "npc_first"), "pc_first",
               "After successes and then advantage, a tie goes to the player characters (pc_first) or to the "
               "NPCs (npc_first)."),
    RuleOption("range_band_cells", "Map cells per range band", ("4", "5", "6", "8", "10"), "6",
               "On a battle map, engaged is adjacent; beyond that each range band is this many cells deep: with "
               "6, short is up to 6 cells away, medium up to 12, long up to 18, extreme beyond. A Move maneuver "
               "covers one band's depth."),
    RuleOption("momentary_crits", "Momentary critical injuries", ("carried", "cleared"), "carried",
               "carried: every critical injury (Nick to Knocked down too) stays until healed and adds +10 to later "
               "ones; cleared: those of rows 1-45, whose effect is over at once, go at the end of the encounter."),
    RuleOption("advantage_spending", "Spending advantage on attacks", ("crit_first", "qualities_first", "manual"),
               "crit_first",
               "What an attack spends its advantage and triumph on by itself: a critical injury first, then the "
               "weapon's active qualities (crit_first); the qualities first (qualities_first); or nothing, the "
               "result listing every choice for the GM (manual)."),
    RuleOption("dual_weapon_penalty", "Two weapons", ("difficulty", "skill"), "difficulty",
               "The seed text: the harder check's difficulty, +1 difficulty die when the two checks' difficulties are "
               "the same, +2 when they differ (difficulty); or +1 when both weapons use the same skill, +2 when "
               "they do not (skill, as the Genesys core book words it)."),
    RuleOption("skill_list", "Skill list",
               ("classic", "core", "fantasy", "science_fiction", "modern", "star_wars"), "classic",
               "The skills on the sheets and in the Check dialog: classic (the 25 skills of this app's first genesys "
               "campaigns), core (every skill of the Genesys core rulebook), or a setting's list. Ranks in skills "
               "of another list are kept and still roll; only the sheet shows fewer."),
    RuleOption("aim_lasts", "Aim lasts", ("until_check", "one_turn"), "until_check",
               "until_check: the aim's boost dice stay until the next combat check (moving loses them), so two "
               "turns of aiming give 2; one_turn: they are lost at the end of the next turn."),
)

_DEFAULTS = {o.key: o.default for o in RULE_OPTIONS}


def option(options: Options, key: str) -> str:
    """The campaign's choice for `key`, or the default; an unknown value falls back to the default."""
    spec = next(o for o in RULE_OPTIONS if o.key == key)
    value = options.get(key, spec.default)
    return str(value) if str(value) in spec.choices else spec.default


def eote(options: Options) -> bool:
    return option(options, "genesys_variant") == "eote"


__all__ = ["RULE_OPTIONS", "eote", "option"]
