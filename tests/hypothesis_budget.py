"""Hypothesis profiles: `ci` (the default: derandomized, no deadline) and `thorough` (ten times the examples)."""

from __future__ import annotations

import os

from hypothesis import settings

PROFILE_ENV = "HYPOTHESIS_PROFILE"
_SCALE = {"ci": 1, "thorough": 10}

# Derandomized: the same examples every run, so a green run is green every time; bugs that only a
# random search would find are for the thorough run (README, Development).
settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("thorough", max_examples=1000, deadline=None, print_blob=True)


def profile_name() -> str:
    name = os.environ.get(PROFILE_ENV, "ci")
    if name not in _SCALE:
        raise ValueError(f"{PROFILE_ENV}={name!r}: use one of {', '.join(_SCALE)}")
    return name


def examples(n: int) -> int:
    """A test's example budget: n under the ci profile, scaled up under thorough."""
    return n * _SCALE[profile_name()]


def time_limit(seconds: float) -> float:
    """A test's time limit (pytest-timeout) for a budget of examples(): scaled as the examples are."""
    return seconds * _SCALE[profile_name()]


settings.load_profile(profile_name())
