"""Test doubles for the round flows: a tiny ruleset per round shape and an in-memory fight."""
