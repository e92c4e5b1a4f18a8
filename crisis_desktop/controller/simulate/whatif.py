"""What if: the same encounter with one change (more or fewer of one kind of enemy, one NPC at another level), on a
copy of the campaign for the simulator to compare with the encounter as prepared."""

from __future__ import annotations

from dataclasses import dataclass

from crisis_desktop.domain import Campaign, CharacterKind
from crisis_desktop.domain.battle_map import Token
from crisis_desktop.domain.encounter import Combatant, Side
from crisis_desktop.rules.base import Ruleset
from crisis_desktop.rules.kernel.dice import RandomDice
from crisis_desktop.rules.kernel.geometry import Coord, Grid

MOST_OF_A_KIND = 20


@dataclass(frozen=True)
class Kind:
    """One kind of enemy in the encounter: its name and the combatants of it (those whose characters bear it)."""

    name: str
    combatant_ids: tuple[str, ...]


@dataclass(frozen=True)
class Change:
    """A change to try: `count` enemies of the kind named `kind`, or the NPC of combatant `combatant_id` at `level`.
    Exactly one of the two is set."""

    kind: str | None = None
    count: int | None = None
    combatant_id: str | None = None
    level: int | None = None

    def describe(self, campaign: Campaign, encounter_id: str) -> str:
        if self.kind is not None:
            return f"{self.count} × {self.kind}"
        assert self.combatant_id is not None
        encounter = campaign.encounter(encounter_id)
        name = campaign.character(encounter.combatant(self.combatant_id).character_id).name
        return f"{name} at level {self.level}"


def enemy_kinds(campaign: Campaign, encounter_id: str) -> list[Kind]:
    """The kinds of enemy in the encounter, in the order they first appear."""
    encounter = campaign.encounter(encounter_id)
    kinds: dict[str, list[str]] = {}
    for combatant in encounter.combatants:
        if combatant.side is Side.ENEMIES:
            kinds.setdefault(campaign.character(combatant.character_id).name, []).append(combatant.id)
    return [Kind(name, tuple(ids)) for name, ids in kinds.items()]


def leveled_npcs(campaign: Campaign, encounter_id: str, ruleset: Ruleset) -> list[tuple[str, str, int]]:
    """The NPCs whose level may be changed, as (combatant id, name, level now); none where the rules do not build NPCs
    from a level."""
    spec = ruleset.npc_level_field()
    if spec is None:
        return []
    out = []
    for combatant in campaign.encounter(encounter_id).combatants:
        character = campaign.character(combatant.character_id)
        if character.kind is CharacterKind.NPC:
            level = character.stats.get(spec.key, spec.default)
            out.append((combatant.id, character.name, level if isinstance(level, int) else int(spec.default or 1)))
    return out


def apply_change(campaign: Campaign, encounter_id: str, ruleset: Ruleset, change: Change) -> Campaign:
    """A copy of the campaign with the change made to the encounter (the campaign itself is left as it is).
    ValueError with the reason when the change cannot be made."""
    copy = campaign.model_copy(deep=True)
    if change.kind is not None:
        _set_count(copy, encounter_id, change.kind, change.count if change.count is not None else 0)
    elif change.combatant_id is not None and change.level is not None:
        _set_level(copy, encounter_id, ruleset, change.combatant_id, change.level)
    else:
        raise ValueError("Pick a change to try")
    return copy


def _set_count(campaign: Campaign, encounter_id: str, kind_name: str, count: int) -> None:
    if not 0 <= count <= MOST_OF_A_KIND:
        raise ValueError(f"Between 0 and {MOST_OF_A_KIND} of a kind, not {count}")
    kind = next((k for k in enemy_kinds(campaign, encounter_id) if k.name == kind_name), None)
    if kind is None:
        raise ValueError(f"There is no {kind_name} among the enemies")
    encounter = campaign.encounter(encounter_id)
    battle_map = next((m for m in campaign.battle_maps if m.id == encounter.battle_map_id), None)
    have = list(kind.combatant_ids)
    if count < len(have):
        gone = set(have[count:])
        encounter.combatants = [c for c in encounter.combatants if c.id not in gone]
        if battle_map is not None:
            battle_map.tokens = [t for t in battle_map.tokens if t.combatant_id not in gone]
        return
    model = encounter.combatant(have[-1])
    original = campaign.character(model.character_id)
    for n in range(len(have) + 1, count + 1):
        # Each copy is a character of its own: its wounds are its own.
        character = original.model_copy(deep=True, update={"id": f"{original.id}-whatif-{n}",
                                                           "name": f"{original.name} {n}"})
        campaign.characters.append(character)
        combatant = Combatant(id=f"{model.id}-whatif-{n}", character_id=character.id, side=model.side,
                              group=model.group, setup=dict(model.setup), hidden=model.hidden)
        encounter.combatants.append(combatant)
        if battle_map is not None:
            token = next((t for t in battle_map.tokens if t.combatant_id == model.id), None)
            if token is not None:
                cell = _free_cell_near(Grid.of(battle_map), (token.x, token.y),
                                       {(t.x, t.y) for t in battle_map.tokens})
                if cell is not None:
                    battle_map.tokens.append(Token(combatant_id=combatant.id, x=cell[0], y=cell[1]))


def _free_cell_near(grid: Grid, start: Coord, taken: set[Coord]) -> Coord | None:
    """The nearest cell to `start` that no token holds (breadth first over the grid's neighbours)."""
    seen = {start}
    frontier = [start]
    while frontier:
        following = []
        for cell in frontier:
            for n in grid.neighbours(cell):
                if n not in seen:
                    if n not in taken:
                        return n
                    seen.add(n)
                    following.append(n)
        frontier = following
    return None


def _set_level(campaign: Campaign, encounter_id: str, ruleset: Ruleset, combatant_id: str, level: int) -> None:
    spec = ruleset.npc_level_field()
    if spec is None:
        raise ValueError(f"The {ruleset.name} rules do not build NPCs from a level")
    problem = spec.validate(level)
    if problem:
        raise ValueError(problem)
    combatant = campaign.encounter(encounter_id).combatant(combatant_id)
    character = campaign.character(combatant.character_id)
    if character.kind is not CharacterKind.NPC:
        raise ValueError(f"{character.name} is not an NPC")
    built = ruleset.quick_npc(character.name, level, RandomDice(0))
    character.stats = dict(built.stats)
    character.equipment = [item.model_copy(deep=True) for item in built.equipment]
    character.status = {}
    character.conditions = []
