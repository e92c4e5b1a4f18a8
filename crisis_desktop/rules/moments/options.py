"""The moments rule options: where the Pentola text is silent or its versions disagree (FACTS-new-systems.md)."""

from __future__ import annotations

from crisis_desktop.rules.base import Options, RuleOption

RULE_OPTIONS = (
    RuleOption("difficulty_steps", "Difficulty steps", ("clamped", "multiplicative"), "clamped",
               "clamped: steps harder and easier cancel and stop at easy (goal x 2) and hard (goal / 2); "
               "multiplicative: each net step doubles or halves the goal again."),
    RuleOption("reaction_both_fail", "Attack and reaction both fail", ("attack_misses", "higher_roll_hits"),
               "attack_misses",
               "attack_misses: a failed attack never hits, whatever the reaction rolled; higher_roll_hits: the "
               "opposed test's winner decides even when both fail (the higher non-fumble roll)."),
    RuleOption("slicing_eye_fix", "Slicing wound 9", ("on", "off"), "on",
               "on: the later text's Eye ruined (no death test); off: the seed's duplicated Ear cut off."),
    RuleOption("range_band_cells", "Range bands in map cells", ("1/7/33", "1/5/25", "1/10/50"), "1/7/33",
               "The last cell of close, near and distant on the battle map; beyond is far. 1/7/33 reads 1.5 m "
               "cells as close (adjacent), near (about 10 m), distant (about 50 m)."),
)


def option(options: Options, key: str) -> str:
    """The campaign's choice for `key`, or the default."""
    default = next(o.default for o in RULE_OPTIONS if o.key == key)
    value = options.get(key, default)
    return str(value) if value is not None else default
