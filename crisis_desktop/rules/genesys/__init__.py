"""The genesys ruleset (Genesys and Edge of the Empire personal combat): narrative dice, side slots, maneuvers and
strain, critical injuries."""

from crisis_desktop.rules.genesys.ruleset import GenesysRuleset

__all__ = ["GenesysRuleset"]
