"""The crisis ruleset (current Q* rules, the default system): exploding skill dice against a Difficulty."""

from crisis_desktop.rules.crisis.ruleset import CrisisRuleset

__all__ = ["CrisisRuleset"]
