"""Crisis Desktop: a game master's tool for running tabletop RPG fights."""

__version__ = "0.1.0"
