"""Reading a running fight in tests: the order and the sequential flow's own state (crisis rulesets)."""

from __future__ import annotations

from crisis_desktop.controller.fight import FightView


def order(fight: FightView) -> list[str]:
    """Combatant ids in the order the flow shows them (empty before the start)."""
    return [row.combatant_id for row in fight.order_rows() if row.combatant_id is not None]


def turn_index(fight: FightView) -> int:
    """Position of the current turn in the sequential flow's order."""
    return int(fight.state().get("index", 0))


def delayed(fight: FightView, combatant_id: str) -> bool:
    return combatant_id in fight.state().get("delayed", [])


def surprise_ids(fight: FightView) -> list[str]:
    return list(fight.state().get("surprise", []))


def on_overwatch(fight: FightView, combatant_id: str) -> bool:
    return bool(fight.combatant(combatant_id).resources.get("overwatch"))
