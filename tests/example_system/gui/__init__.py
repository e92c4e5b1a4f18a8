"""Popcorn on the real main window: the board, the battle map and the players' screen."""
