"""The moments ruleset (Pentola's combat): d100 tests under 3 x stat + the best bonus, moments declared worst to
best and resolved best to worst, actions and reactions, major wounds."""

from crisis_desktop.rules.moments.ruleset import MomentsRuleset

__all__ = ["MomentsRuleset"]
