"""What the simulator plays and what it records: a prepared encounter to play again and again (`Setup`), one
fight's outcome (`FightRecord`), the generator of each run, and what a fighter has left at the end. Read by the full
rules path (engine.py) and the quick fights' loop (quick.py) alike."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field

from crisis_desktop.controller.simulate.tactics import Tactics
from crisis_desktop.domain import Campaign, StatValue
from crisis_desktop.rules.base import Actor, BarRole, Ruleset

# How a fight nobody won ended: each is reported apart from the others and from the wins.
DRAW = "draw"                # both sides fell at once
STALEMATE = "stalemate"      # nobody could hurt anybody any more: nothing changed for rounds, or nobody could act
TIMEOUT = "timeout"          # the round cap was reached while the fight still went on
UNDECIDED = (DRAW, STALEMATE, TIMEOUT)
DEFAULT_MAX_ROUNDS = 30


@dataclass
class FightRecord:
    """What one simulated fight came to."""

    winner: str                                      # a side's value, or how nobody won (UNDECIDED)
    rounds: int
    fled: bool = False                               # the losing side fled (its morale broke)
    downed: set[str] = field(default_factory=set)    # combatants that were down or out at some point
    killed: set[str] = field(default_factory=set)    # combatants out of the fight for good at the end
    bars: dict[str, dict[str, int]] = field(default_factory=dict)   # combatant -> bar key -> value left
    attacks: int = 0
    moves: int = 0
    readies: int = 0                                 # reloads (or turns of one) taken


def run_seed(seed: int, index: int) -> random.Random:
    """The generator of run `index` under `seed`: the same whichever process plays it, in whatever order."""
    return random.Random(f"crisis-desktop-simulate:{seed}:{index}")


@dataclass(frozen=True)
class Setup:
    """A prepared encounter to play again and again: a working copy of just what the fight needs (its characters,
    the encounter as prepared, its battle map), never the campaign itself."""

    campaign: Campaign
    encounter_id: str
    ruleset: Ruleset
    tactics: Mapping[str, Tactics]                   # by side value; a side missing here fights with the default
    max_rounds: int = DEFAULT_MAX_ROUNDS
    max_attacks: int | None = None                   # stop after this many attacks (the one-attack duel)
    quick: bool = True                               # the ruleset's quick fights where it has them (else full path)
    as_it_stands: bool = False                       # a fight under way goes on from where it stands

    @classmethod
    def of(cls, campaign: Campaign, encounter_id: str, ruleset: Ruleset,
           tactics: Mapping[str, Tactics] | None = None, max_rounds: int = DEFAULT_MAX_ROUNDS,
           max_attacks: int | None = None, quick: bool = True, as_it_stands: bool = False) -> Setup:
        """The encounter to play: from its start (the characters as they are now, the fight's order, turns and
        resources before its first round), or with `as_it_stands` a fight under way from where it stands (its
        round, whose turn it is, what everyone has left and spent); a fight not under way plays from its start."""
        encounter = campaign.encounter(encounter_id)
        if not encounter.combatants:
            raise ValueError(f"{encounter.name} has nobody in it to simulate")
        if ruleset.attacks is None:
            raise ValueError(f"The {ruleset.name} rules have no attacks: there is no fight to simulate")
        ids = {c.character_id for c in encounter.combatants}
        prepared = encounter.model_copy(deep=True)
        prepared.log = []
        as_it_stands = as_it_stands and under_way(campaign, encounter_id)
        if not as_it_stands:
            # From its saved start: a fight already under way is played again from before its first round.
            prepared.started, prepared.ended, prepared.round, prepared.flow = False, False, 0, {}
            for combatant in prepared.combatants:
                combatant.initiative, combatant.initiative_note, combatant.resources = None, "", {}
        maps = [m.model_copy(deep=True) for m in campaign.battle_maps if m.id == encounter.battle_map_id]
        copy = Campaign(name=campaign.name, ruleset=campaign.ruleset, rule_options=dict(campaign.rule_options),
                        characters=[c.model_copy(deep=True) for c in campaign.characters if c.id in ids],
                        encounters=[prepared], battle_maps=maps)
        return cls(copy, encounter_id, ruleset, dict(tactics or {}), max_rounds, max_attacks, quick, as_it_stands)

    @property
    def played_from(self) -> str:
        """Where the fights start, in words: "from round 2, as it stands", or "from the start"."""
        if self.as_it_stands:
            return f"from round {self.campaign.encounter(self.encounter_id).round}, as it stands"
        return "from the start"

    def tactics_of(self, side: str) -> Tactics:
        return self.tactics.get(side, Tactics())


def under_way(campaign: Campaign, encounter_id: str) -> bool:
    """Whether the encounter's fight is under way: started and not over (what Simulate… may play as it stands)."""
    encounter = campaign.encounter(encounter_id)
    return encounter.started and not encounter.ended


def resources_left(ruleset: Ruleset, actor: Actor, options: Mapping[str, StatValue]) -> list[tuple[str, str, int]]:
    """What a combatant has left, as (key, label, value): every bar of the board but the actions' (health, strain,
    armour durability), then what the printed sheet tracks besides them (rounds in a magazine, spare magazines), as
    the boxes not yet ticked off."""
    bars = [bar for bar in ruleset.sheet.resources(actor, options) if bar.role is not BarRole.ACTIONS]
    # A bar counted up (wounds taken against a threshold) is reported by what is left of it.
    out = [(bar.key, bar.label if bar.lower_is_worse else f"{bar.label} left", int(bar.left)) for bar in bars]
    shown = {bar.label for bar in bars}
    out += [(f"track:{t.label}", t.label, t.boxes - t.marked) for t in ruleset.printing.tracks(actor.character, options)
            if t.label not in shown and t.supply]
    return out


def bar_labels(ruleset: Ruleset, campaign: Campaign, encounter_id: str,
               options: Mapping[str, StatValue]) -> dict[str, dict[str, str]]:
    """What is reported left at the end, by combatant, with its labels (`resources_left`)."""
    encounter = campaign.encounter(encounter_id)
    out: dict[str, dict[str, str]] = {}
    for combatant in encounter.combatants:
        actor = Actor(campaign.character(combatant.character_id), combatant)
        out[combatant.id] = {key: label for key, label, _ in resources_left(ruleset, actor, options)}
    return out
