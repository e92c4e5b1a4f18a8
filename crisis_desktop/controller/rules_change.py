"""Changing the campaign's rules or their options as one undo step, with what the fights' round flows, read under the
new rules, must drop (no Qt)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from crisis_desktop.controller.commands import Command, Macro, SetCampaignField, Steps
from crisis_desktop.controller.encounter import gone_repair
from crisis_desktop.controller.fight import DraftFight, FightView
from crisis_desktop.domain import Campaign
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.registry import get_ruleset

RULE_FIELDS = frozenset({"ruleset", "rule_options"})


class _SetRuleField(SetCampaignField):
    """The campaign's rules or their options set, only as part of change_rules."""

    _EDITABLE = RULE_FIELDS


def change_rules(campaign: Campaign, field: str, value: Any, text: str | None = None,
                 ruleset_for: Callable[[str], Ruleset] = get_ruleset) -> Command:
    """Set the campaign's `ruleset` or `rule_options` to `value`. The fights are then read by another round flow
    (the new rules', or one their options shape): whatever it names that its encounter no longer has leaves it in
    this same step, as a controller built afterwards would drop it (a removal under other rules leaves their flow
    alone). So undo gives back exactly the state before, and the journal leads where the window is."""
    if field not in RULE_FIELDS:
        raise ValueError(f"{field!r} is not one of the campaign's rule fields")
    switch = _SetRuleField(campaign, field, value, text or ("Change rules" if field == "ruleset"
                                                                   else "Change rule options"))
    # The repairs are made once the rules are switched, from the fights as the new rules read them.
    return Steps(switch.text, [lambda: switch,
                               lambda: Macro(f"{switch.text}: fights repaired", _repairs(campaign, ruleset_for))])


def _repairs(campaign: Campaign, ruleset_for: Callable[[str], Ruleset]) -> list[Command]:
    """The repair of every started fight under the campaign's rules as they are now (none for rules that cannot be
    loaded: nothing reads a flow then)."""
    try:
        ruleset = ruleset_for(campaign.ruleset)
    except (KeyError, ImportError):
        return []
    repairs: list[Command] = []
    for encounter in campaign.encounters:
        if not encounter.started:
            continue
        view = FightView(campaign, encounter.id, ruleset)
        _gone, repair = gone_repair(view, DraftFight(campaign, encounter.id, ruleset))
        if repair is not None:
            repairs.append(repair)
    return repairs


__all__ = ["RULE_FIELDS", "change_rules"]
