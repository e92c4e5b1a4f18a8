"""The round flows rulesets build on: sequential turns, side slots, planned phases, declare and resolve."""
