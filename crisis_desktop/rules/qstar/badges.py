"""The turn badges both Q* systems show beside a name, from the resources they keep alike."""

from __future__ import annotations

from collections.abc import Callable

from crisis_desktop.rules.base import Actor


def badges(actor: Actor, label_of: Callable[[str], str]) -> list[str]:
    """What the board shows beside the name: on overwatch, a multi-turn action under way, named by the rules'
    label of its key (`label_of`: "Reload Musket", never the key it is kept by) with its progress."""
    combatant = actor.combatant
    if combatant is None:
        return []
    resources = combatant.resources
    shown = ["overwatch"] if resources.get("overwatch") else []
    pending = resources.get("pending_action")
    if isinstance(pending, str) and pending:
        progress, cost = resources.get("pending_progress") or 0, resources.get("pending_cost") or "?"
        shown.append(f"{label_of(pending)}: {progress} of {cost} AP")
    return shown
