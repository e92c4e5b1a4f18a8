"""The simulator's figures as plain text, for the command line and the dialog's numbers."""

from __future__ import annotations

from crisis_desktop.controller.simulate.engine import DRAW, STALEMATE, TIMEOUT, UNDECIDED
from crisis_desktop.controller.simulate.stats import Estimate, Summary


def percent(e: Estimate) -> str:
    """'62.4% (61.5–63.4%)'."""
    return f"{e.value * 100:.1f}% ({e.low * 100:.1f}–{e.high * 100:.1f}%)"


def _one_place(x: float) -> str:
    text = f"{x:.1f}"
    return "0.0" if text == "-0.0" else text


def number(e: Estimate) -> str:
    """'12.3 (11.9 to 12.7)'."""
    return f"{_one_place(e.value)} ({_one_place(e.low)} to {_one_place(e.high)})"


def side_label(side: str) -> str:
    return {"party": "Party", "enemies": "Enemies", "neutral": "Neutral", DRAW: "Both sides fell",
            STALEMATE: "Stalemate", TIMEOUT: "Round cap reached"}.get(side, side.capitalize())


_WHY = {DRAW: " (at once)", STALEMATE: " (nobody could hurt anybody any more)",
        TIMEOUT: " (still fighting when the round cap came)"}


def text_report(summary: Summary) -> list[str]:
    """The figures, a line each, with their 95% confidence intervals."""
    head = f"{summary.encounter} ({summary.ruleset}): {summary.runs:,} fights, seed {summary.seed}"
    lines = [head + (" (cancelled: the fights played so far)" if summary.cancelled else "")]
    lines.append(f"  Played {summary.played_from}" + (f", by {summary.played_by}" if summary.played_by else ""))
    lines += [f"  {side_label(side)} tactics: {text}" for side, text in summary.tactics.items()]
    lines.append("Chance to win (95% interval):")
    lines += [f"  {side_label(side)}: {percent(e)}" for side, e in summary.wins.items() if side not in UNDECIDED]
    lines.append("Nobody won (95% interval):")
    lines += [f"  {side_label(side)}{_WHY[side]}: {percent(e)}"
              for side, e in summary.wins.items() if side in UNDECIDED]
    if summary.fled.value:
        lines.append(f"  ...of which the loser fled: {percent(summary.fled)}")
    lines.append(f"Rounds: mean {number(summary.mean_rounds)}")
    total = max(1, summary.runs)
    lines += [f"  {r:>3}: {n / total * 100:5.1f}%" for r, n in sorted(summary.rounds.items())]
    lines.append("Each combatant: chance to be downed, to be killed; mean left at the end")
    for c in summary.combatants:
        left = ", ".join(f"{label} {number(e)}" for label, e in c.bars.values())
        lines.append(f"  {c.name} ({'PC' if c.pc else side_label(c.side)}): downed {percent(c.downed)}, "
                     f"killed {percent(c.killed)}" + (f"; {left}" if left else ""))
    return lines
