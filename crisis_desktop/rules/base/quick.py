"""The quick-fight capability: a prepared fight compiled into the few numbers its rules read, for the simulator to
play thousands of times without the full rules path (each attack sampled from the rules' exact outcome odds)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Generic, TypeVar

from crisis_desktop.domain import Campaign, StatValue
from crisis_desktop.rules.base.state import Actor, StateRole
from crisis_desktop.rules.base.values import CoverLevel

if TYPE_CHECKING:
    from crisis_desktop.rules.kernel.geometry import Coord, Terrain


class NotQuick(ValueError):
    """The prepared fight uses something the ruleset's quick fights do not play (the reason says what): the
    simulator plays it through the full rules path instead."""


class Attempt(Enum):
    """What came of asking for an attack in a quick fight."""

    PAID = "paid"            # made, and it cost something (the attacker may make another while it can pay)
    FREE = "free"            # made, at no cost (once a turn)
    UNPAID = "unpaid"        # the attacker cannot pay for it now (no AP or actions left)
    EMPTY = "empty"          # the weapon has no ammunition left (a reload would ready it): nothing changed
    REFUSED = "refused"      # the rules refuse it here (out of range, total cover): nothing changed


@dataclass(frozen=True)
class PreparedFight:
    """A prepared encounter as the simulator hands it to a ruleset: the working copy (its characters, the
    encounter from its saved start, its battle map), the campaign's options with their defaults, and the map's
    terrain (None without a map)."""

    campaign: Campaign
    encounter_id: str
    options: Mapping[str, StatValue]
    terrain: Terrain | None


@dataclass(frozen=True)
class QuickWeapon:
    """A combatant's weapon as the shared tactics see it."""

    id: str
    ranged: bool             # reaches beyond melee (a fighter with one may look for cover)


@dataclass(frozen=True)
class PlanChoice:
    """One of the things a combatant may plan (where the round is planned or declared), as the tactics see it."""

    weapon: int | None = None          # an attack with this weapon (its number in `QuickFight.weapons`)
    move: bool = False                 # a move


# Which of the choices (its place in the sequence) a combatant plans.
Planner = Callable[[int, Sequence[PlanChoice]], int]

State = TypeVar("State")


class QuickFight(ABC, Generic[State]):
    """One prepared fight in compact form. Combatants are numbered in the encounter's order; `State` is the ruleset's
    own mutable record of one fight (`new`), changed only through these methods. Whatever a method reads of the
    rules is the rules' own functions' answer (exact odds, damage, state), kept once worked out: a quick fight is
    the full rules' fight, sampled, not a second set of rules.

    The round's shape is the ruleset's: `acting` says whose turn it is, `advance` ends it and begins the next (with
    whatever the rules do at either end)."""

    sides: Sequence[str]                       # each combatant's side value
    weapons: Sequence[Sequence[QuickWeapon]]   # each combatant's weapons at the start, as the board lists them
    has_movement: bool = True                  # the rules price moves on the map (else tokens are not moved)

    @abstractmethod
    def new(self, rng: random.Random) -> State:
        """A fight from its saved start, opened as the rules open it (initiative and the first turn's start)."""

    @abstractmethod
    def round(self, s: State) -> int: ...

    def stage(self, s: State) -> Hashable:
        """The part of the round under way (a phase, a slot), where the round has parts in which the same
        combatant may act again; the same all round by default."""
        return None

    @abstractmethod
    def acting(self, s: State) -> Sequence[int]:
        """Whose turn it is now (in the round's order); none while the round waits for a step."""

    def may_act(self, s: State, i: int) -> bool:
        """Whether the combatant may act now (its turn; where the round is planned, its plan not yet carried out):
        it attacks again only while it may. By default: while it is among `acting`."""
        return i in self.acting(s)

    @abstractmethod
    def advance(self, s: State, plan: Planner) -> bool:
        """Take the round's next step as the simulator takes the flow's steps: a plan where one is due (the flow's
        plans first, `plan` picking one of the choices for the combatant), else a combatant picked where one must
        be (the first offered), else the step that moves the round on (the next turn, phase or round, with what
        the rules do at a turn's end and start). False, with nothing changed, when no step is open."""

    @abstractmethod
    def role(self, s: State, i: int) -> StateRole: ...

    @abstractmethod
    def roles(self, s: State) -> Sequence[StateRole]:
        """Everyone's role now, by number (the fight's own record: read it, never change it)."""

    @abstractmethod
    def health_left(self, s: State, i: int) -> float:
        """The share of the health bar left, 1.0 for untouched (for "attack the weakest")."""

    @abstractmethod
    def has_weapon(self, s: State, i: int, w: int) -> bool:
        """Whether the combatant still has weapon `w` (a thrown one is gone once used)."""

    @abstractmethod
    def may_attack(self, s: State, i: int) -> bool:
        """Whether the combatant could pay for some attack now (an action or AP left, a weapon with rounds): False
        when `attack` would say UNPAID or EMPTY whatever the weapon and target."""

    def may_ready(self, s: State, i: int) -> bool:
        """Whether `ready` could take something now (a weapon wants loading, with the action or AP to pay for it):
        False when it would take nothing. None to take by default."""
        return False

    def ready(self, s: State, i: int) -> bool:
        """Take what makes an emptied weapon usable again (the rules' action that readies one, `ActionSpec.readies`:
        a reload, or a turn of a reload that runs over several), as the tactics do when the combatant made no
        attack and some weapon came back EMPTY; True when something was taken, False with nothing changed when the
        rules allow none now.
        Nothing by default (rules whose weapons never run dry)."""
        return False

    @abstractmethod
    def attack(self, s: State, i: int, w: int, j: int, rng: random.Random) -> Attempt:
        """Combatant i attacks j with weapon w, as the simulator declares an attack (one attack, no options), the
        map's distance and cover included; everything it changes lands at once."""

    # -- the map ----------------------------------------------------------------------------------------------
    @abstractmethod
    def cell(self, s: State, i: int) -> Coord | None:
        """The combatant's token on the map; None without a map or a token."""

    @abstractmethod
    def cells(self, s: State) -> Sequence[Coord | None]:
        """Everyone's token, by number (the fight's own record: read it, never change it)."""

    @abstractmethod
    def map_refused(self, s: State, i: int, w: int, j: int) -> bool:
        """Whether the map forbids the attack (no line of sight, a melee target out of reach)."""

    @abstractmethod
    def cover(self, s: State, attacker: int, target: int, cell: Coord) -> tuple[CoverLevel, bool]:
        """Cover of the target standing at `cell` against the attacker where it stands, as the rules read it, and
        whether there is line of sight (a fighter looking for cover asks it of the cells around it)."""

    @abstractmethod
    def may_move(self, s: State, i: int) -> bool:
        """Whether the rules could allow some move now (no path needs to be searched to know it cannot)."""

    @abstractmethod
    def reach(self, s: State, i: int) -> int | None:
        """The farthest one move takes the combatant now, in path tiles; None where nothing limits it."""

    @abstractmethod
    def move(self, s: State, i: int, goal: Coord) -> bool:
        """Move the token to `goal` as the rules allow (the action spent); False when they refuse it."""

    # -- what is reported ------------------------------------------------------------------------------------
    def finish(self, s: State) -> None:
        """End the encounter as the rules end it (what the board's End encounter does to everyone), before its
        figures are read; nothing by default, where the end of an encounter changes nothing that is reported."""
        return None

    @abstractmethod
    def quiet_key(self, s: State) -> Hashable:
        """Everyone's state, status and bars but the actions': equal over rounds, nothing is happening."""

    @abstractmethod
    def actor_key(self, s: State, i: int) -> Hashable:
        """What of the combatant this fight has changed, as a key (equal keys: the same `actor`, so that what is read
        of it is kept); None where nothing is to be kept."""

    @abstractmethod
    def actor(self, s: State, i: int) -> Actor:
        """The combatant as it stands now, as domain objects, to read (its bars at the end)."""


__all__ = ["Attempt", "NotQuick", "PlanChoice", "Planner", "PreparedFight", "QuickFight",
           "QuickWeapon"]

