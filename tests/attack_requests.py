"""Crisis attack contexts as the requests the shared interface takes: the rules' tests keep their contexts."""

from __future__ import annotations

from crisis_desktop.rules.base import AttackRequest, AttackTarget
from crisis_desktop.rules.crisis.combat import is_area
from crisis_desktop.rules.qstar.context import ATTACKS, INPUT_KEYS, AttackContext


def request_of(context: AttackContext) -> AttackRequest:
    """The request of one target whose values are the context's (its extra attacks all at that target)."""
    values = {key: getattr(context, key) for key in INPUT_KEYS}
    if context.distance is None:
        values.pop("distance")
    if context.extra_attacks and not is_area(context.weapon):
        values[ATTACKS] = 1 + context.extra_attacks
    return AttackRequest(context.attacker, context.weapon, (AttackTarget(context.target, values),), {})
