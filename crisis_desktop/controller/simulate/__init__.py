"""The encounter simulator: plays a prepared fight many times under the real rules and sums up how it goes (no Qt)."""

from crisis_desktop.controller.simulate.engine import UNDECIDED, FightPlayer, FightRecord, Setup, run_seed
from crisis_desktop.controller.simulate.runner import DEFAULT_RUNS, simulate
from crisis_desktop.controller.simulate.stats import Estimate, Summary, Tally
from crisis_desktop.controller.simulate.tactics import Tactics, Target

__all__ = ["DEFAULT_RUNS", "UNDECIDED", "Estimate", "FightPlayer", "FightRecord", "Setup", "Summary", "Tactics",
           "Tally", "Target", "run_seed", "simulate"]
