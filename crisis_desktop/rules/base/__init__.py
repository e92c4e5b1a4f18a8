"""The Ruleset interface and the value types every ruleset returns.

A ruleset is pure: it reads domain objects and options, takes dice from a DiceSource, and returns
results that explain themselves (`Explained` terms that add up) plus the `Effect`s the controller
should apply. It never mutates what it is given, never does I/O and never imports Qt.
"""

from crisis_desktop.rules.base.attacks import Attacks
from crisis_desktop.rules.base.capabilities import (
    Executes,
    OutOfTurnAttacks,
    ScatteredAttack,
    Scatters,
)
from crisis_desktop.rules.base.checks import Checks, ContestChances
from crisis_desktop.rules.base.combat import (
    AttackOdds,
    AttackRequest,
    AttackResult,
    AttackTarget,
    CheckOdds,
    CheckRequest,
    CheckResult,
    ContestResult,
    DamageResult,
    InitiativeEntry,
    Outcome,
    SpendBudget,
    SpendChoice,
    SpendPick,
)
from crisis_desktop.rules.base.economy import ActionAvailability, ActionRole, ActionSpec, Cost, Currency, TurnEffects
from crisis_desktop.rules.base.effects import (
    AddCondition,
    Effect,
    RemoveCondition,
    SetItemStat,
    SetPool,
    SetResource,
    SetStatus,
    UseUpItem,
)
from crisis_desktop.rules.base.healing import Healing
from crisis_desktop.rules.base.hiding import Hiding, Watcher
from crisis_desktop.rules.base.importing import ImportBatch, ImportedEntry, Importer
from crisis_desktop.rules.base.map_reading import MapReading, MapSpan, opponents
from crisis_desktop.rules.base.pools import Pools, PoolSpec, PoolSpend, SessionStart
from crisis_desktop.rules.base.ruleset import Ruleset
from crisis_desktop.rules.base.sheet import (
    ConditionSpec,
    FieldKind,
    FieldSpec,
    OverrideField,
    OverrideKind,
    RuleOption,
    SheetAttack,
    SheetDefence,
    SheetTrack,
    StatRoll,
    at_most_field,
)
from crisis_desktop.rules.base.state import Actor, BarRole, Mark, ResourceSpec, StateLabel, StateRole, in_words
from crisis_desktop.rules.base.treatments import Treatment
from crisis_desktop.rules.base.values import CoverLevel, Explained, Options, Term

__all__ = [
    "ImportBatch", "ImportedEntry", "Importer", "ActionAvailability", "ActionRole", "ActionSpec", "Actor",
    "AddCondition", "AttackOdds", "AttackRequest", "AttackResult", "AttackTarget", "Attacks", "BarRole", "CheckOdds",
    "CheckRequest", "CheckResult", "Checks", "ConditionSpec", "ContestChances", "ContestResult", "Cost", "CoverLevel",
    "Currency", "DamageResult", "Effect", "Executes", "Explained", "FieldKind", "FieldSpec", "Healing", "Hiding",
    "InitiativeEntry", "MapReading", "MapSpan", "Mark", "Options", "OutOfTurnAttacks", "Outcome", "OverrideField",
    "OverrideKind", "PoolSpec", "PoolSpend", "Pools", "RemoveCondition", "ResourceSpec", "RuleOption", "Ruleset",
    "ScatteredAttack", "Scatters", "SessionStart", "SetItemStat", "SetPool", "SetResource", "SetStatus",
    "SheetAttack", "SheetDefence", "SheetTrack", "SpendBudget", "SpendChoice", "SpendPick", "StateLabel", "StateRole",
    "StatRoll", "Term", "Treatment", "TurnEffects", "UseUpItem", "Watcher", "at_most_field", "in_words", "opponents"
]
