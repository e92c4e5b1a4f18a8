"""The rules kernel: what the game systems share and build on besides the interface of rules/base. Dice and exact
odds (dice, dice_expr, odds, tally, tally_odds, glyphs), the battle map (geometry/, cover, map_reading, movement,
range_increments), the round flows (flows/), rule tables and NPC builds (tables, npc_builds) and the parts of a quick
fight (quick_parts). Pure like every rules module: no Qt, no I/O besides the bundled tables."""
