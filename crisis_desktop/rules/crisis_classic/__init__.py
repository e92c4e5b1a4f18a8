"""The crisis-classic ruleset (earlier Q* rules): 3d6 roll-under, Difficulty Levels, AP, Endurance and Health."""

from crisis_desktop.rules.crisis_classic.ruleset import CrisisClassicRuleset

__all__ = ["CrisisClassicRuleset"]
