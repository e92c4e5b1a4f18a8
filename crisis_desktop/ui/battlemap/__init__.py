"""The battle map place: a graphics scene projecting a BattleMap, its view, tools and overlays."""
