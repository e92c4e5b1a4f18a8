"""The genesys ruleset (Genesys and Edge of the Empire personal combat): narrative dice, side slots, maneuvers and
strain, critical injuries."""
