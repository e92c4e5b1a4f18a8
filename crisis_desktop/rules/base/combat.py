"""Checks, contests, initiative and attacks: requests, results that explain themselves, exact odds."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from crisis_desktop.domain import EquipmentItem, StatValue
from crisis_desktop.rules.base.effects import Effect
from crisis_desktop.rules.base.state import Actor
from crisis_desktop.rules.base.values import Explained, Term
from crisis_desktop.rules.kernel.dice import DieRoll
from crisis_desktop.rules.kernel.tally import Tally


class Outcome(StrEnum):
    CRITICAL_SUCCESS = "critical success"
    SUCCESS = "success"
    FAILURE = "failure"
    CRITICAL_FAILURE = "critical failure"

    @property
    def succeeded(self) -> bool:
        return self in (Outcome.SUCCESS, Outcome.CRITICAL_SUCCESS)


@dataclass(frozen=True)
class CheckRequest:
    """A check to make or to price.

    `skill` is a stat key of the ruleset (a skill or an attribute). `difficulty` is in the
    ruleset's own scale (crisis: the DL to reach, 0..20; crisis-classic: Difficulty Level 1..10).
    `assets` and `unfavourable` name the circumstances (same-named assets do not stack);
    `modifiers` are further terms (HIT, range, cover, the GM's circumstance); `inputs` the values of the rules'
    own further check inputs (Checks.check_inputs: boost and setback dice, upgrades), keyed as they name them.
    """

    actor: Actor
    skill: str
    difficulty: int
    modifiers: tuple[Term, ...] = ()
    assets: tuple[str, ...] = ()
    unfavourable: tuple[str, ...] = ()
    inputs: Mapping[str, StatValue] = field(default_factory=dict)


@dataclass(frozen=True)
class CheckResult:
    total: Explained                # the rolled total with its terms
    target: Explained               # what it had to reach (or stay under)
    outcome: Outcome
    degree: int                     # crisis: Extras; crisis-classic: margin (negative on failure)
    dice: tuple[DieRoll, ...]
    # What dice of symbols showed, after the rules' cancellation (net success, advantage, triumph); None for
    # systems that roll numbers. `total` then holds the net count the outcome rests on.
    tally: Tally | None = None
    symbol_names: Mapping[str, str] = field(default_factory=dict)   # the rules' words for the tally's symbols

    def describe(self) -> str:
        if self.tally is not None:
            return f"{self.tally.describe(self.symbol_names)}: {self.outcome.value}"
        return f"{self.total.value:g} against {self.target.value:g}: {self.outcome.value}"


@dataclass(frozen=True)
class CheckOdds:
    """Exact probabilities of a check's outcomes and degrees (they each sum to 1)."""

    outcomes: Mapping[Outcome, float]
    degrees: Mapping[int, float]    # P(Extras == n) / P(margin == n)
    # Systems of symbols: P(the dice show this tally, after cancellation), over every tally; empty for numbers.
    tallies: Mapping[Tally, float] = field(default_factory=dict)

    def chance(self, predicate: Callable[[Tally], bool]) -> float:
        """P(the tally shown satisfies `predicate`): at least one triumph, net advantage of 2..."""
        return sum(p for t, p in self.tallies.items() if predicate(t))

    @property
    def success(self) -> float:
        return self.outcomes.get(Outcome.SUCCESS, 0.0) + self.outcomes.get(Outcome.CRITICAL_SUCCESS, 0.0)


@dataclass(frozen=True)
class ContestResult:
    active: CheckResult
    passive: CheckResult
    winner: str | None              # "active", "passive" or None (a tie that stands)
    reason: str


@dataclass(frozen=True)
class InitiativeEntry:
    combatant_id: str
    roll: Explained
    rank: int                        # 0 acts first
    tie_note: str = ""               # "PC acts before NPC on a tie", "won the tie reroll 5 to 3"


@dataclass(frozen=True)
class AttackTarget:
    """One target of an attack and the inputs that are its own (distance and cover from the battle map, how far
    it stands from a blast's centre, how many of a volley's attacks go at it), keyed as the rules' target inputs."""

    actor: Actor
    inputs: Mapping[str, StatValue] = field(default_factory=dict)


@dataclass(frozen=True)
class AttackRequest:
    """An attack as the GM declares it: who attacks with what, every target in the order declared (the first is
    the one aimed at: a volley spread over several targets, everyone under an area template, a group melee), and
    the attack's own inputs (aim, circumstance), keyed as the rules' attack inputs. Each ruleset reads it into its
    own terms; the shared layers never look inside the inputs."""

    attacker: Actor
    weapon: EquipmentItem
    targets: tuple[AttackTarget, ...]
    inputs: Mapping[str, StatValue] = field(default_factory=dict)
    overrides: tuple[str, ...] = ()        # what the GM forced against the battle map, in words, for the log

    def __post_init__(self) -> None:
        if not self.targets:
            raise ValueError("An attack needs a target")

    @property
    def target(self) -> Actor:
        """The target aimed at."""
        return self.targets[0].actor

    def distinct_targets(self) -> list[Actor]:
        """Every target once, in the order first declared (a volley may name one target several times)."""
        seen: dict[str, Actor] = {}
        for t in self.targets:
            seen.setdefault(_actor_key(t.actor), t.actor)
        return list(seen.values())


def _actor_key(actor: Actor) -> str:
    return actor.combatant.id if actor.combatant is not None else actor.character.id


@dataclass(frozen=True)
class DamageResult:
    """Damage dealt to one target, how defences changed it, and what it does to the target."""

    damage: Explained                # before defences
    taken: Explained                 # what reached the target after DR/soak
    lethal: bool
    effects: tuple[Effect, ...]
    notes: tuple[str, ...] = ()      # "Vera is dying", "Armour durability 10 -> 7"


@dataclass(frozen=True)
class AttackResult:
    """What one attack roll did to one target. An action with several rolls or targets is one result for the first
    roll at the first target, whose `followups` are the others (each further attack of a volley, each further target
    under a template or in a group melee), each naming its own `target`; the first result's `effects` are the whole
    action's."""

    request: AttackRequest
    target: Actor
    attack: CheckResult
    defence: CheckResult | None
    hit: bool
    damage: DamageResult | None
    effects: tuple[Effect, ...]      # everything the controller applies, ammunition and AP included
    summary: str                     # one line for the combat log
    followups: tuple[AttackResult, ...] = ()   # further rolls and targets of the same action; their effects are
                                               # already part of this result's `effects`
    notes: tuple[str, ...] = ()      # where a missed area attack went, a dodge, ammunition left
    # Reactions the defenders took inside this attack, as (combatant id, what they did: "parries"): the round flow
    # spends them (and refuses the attack when one is not left).
    reactions: tuple[tuple[str, str], ...] = ()
    # Every die the resolution rolled, in order (the attack's and any later one: a critical injury's d100), so that
    # spending the roll differently (Attacks.resolve_spending) replays the same dice.
    rolls: tuple[DieRoll, ...] = ()
    # Combatants besides the attacker whose own planned action this resolution carried out (everyone in a group
    # melee that resolves as one): a flow that tracks planned actions marks them done with the attacker's.
    acted: tuple[str, ...] = ()


@dataclass(frozen=True)
class SpendChoice:
    """One thing a roll's symbols can buy (systems of symbols: advantage, triumph, threat, despair), as the GM picks
    it from a list after the roll. `cost` is in the result's own currencies, per time it is bought; `spender` says
    who spends them ("roller": the one who rolled; "opponent": the GM, spending the roll's threat against it);
    `most` is how many times it may be bought, `default` how many times the rules' own plan buys it (pre-selected).
    `whom` lists the combatants it may land on, as (combatant id, name), when the GM picks one; empty when it lands
    on someone fixed (the target, the roller) or on nobody."""

    key: str
    label: str
    cost: Mapping[str, int]
    spender: str = "roller"
    most: int = 1
    default: int = 0
    whom: tuple[tuple[str, str], ...] = ()
    help: str = ""

    def cost_text(self) -> str:
        return " + ".join(f"{n} {currency}" for currency, n in self.cost.items() if n) or "free"


@dataclass(frozen=True)
class SpendPick:
    """A choice the GM took: which, how many times, on whom (a combatant id, where the choice asks)."""

    key: str
    count: int = 1
    whom: str | None = None


@dataclass(frozen=True)
class SpendBudget:
    """What a roll has to spend, what the picks leave of it, and why they cannot all be bought (None when they
    can)."""

    available: Mapping[str, int]
    left: Mapping[str, int]
    problem: str | None = None

    def describe(self) -> str:
        """'Left: 1 advantage, 1 threat' (nothing left: 'Everything is spent')."""
        parts = [f"{n} {currency}" for currency, n in self.left.items() if n]
        return "Left: " + ", ".join(parts) if parts else "Everything is spent"


@dataclass(frozen=True)
class AttackOdds:
    """The exact odds of an attack for the target aimed at; `further` holds those of every further target, in
    the order they were first declared (`AttackRequest.distinct_targets`)."""

    hit: float
    expected_damage: float
    damage: Mapping[int, float]      # P(damage taken == n), misses count as 0
    drop_target: float               # P(the target is incapacitated, dying or dead by this attack)
    further: tuple[AttackOdds, ...] = ()
    # Further chances the rules name for this target, in the order to show them ("critical wound": 0.12).
    chances: Mapping[str, float] = field(default_factory=dict)
    # Further distributions the rules name for this target ("pain": {0: 0.6, 1: 0.3, 2: 0.1}), each summing to 1.
    spreads: Mapping[str, Mapping[int, float]] = field(default_factory=dict)
