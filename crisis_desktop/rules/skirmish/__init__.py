"""The skirmish ruleset (Paraverse's combat): planned rounds resolved in phases, ranged attacks and group melee
skirmishes, hit locations, pain and critical wounds."""

from crisis_desktop.rules.skirmish.ruleset import SkirmishRuleset

__all__ = ["SkirmishRuleset"]
