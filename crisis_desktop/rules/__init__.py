"""Pure rules engine: rulesets, dice and exact odds. No Qt, no I/O."""
