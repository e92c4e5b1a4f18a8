"""The Ruleset: what every game system is (its options, catalogue, NPCs, how its rounds go) and the parts it is made
of, each with working defaults: its sheet (sheet_part.py), economy (economy_part.py) and printing (printing.py), and
the parts only some systems have (checks.py, attacks.py with capabilities.py, healing.py, hiding.py)."""

from __future__ import annotations

from abc import ABC
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, StatValue
from crisis_desktop.rules.base.added_fields import ADDED_FIELDS
from crisis_desktop.rules.base.combat import (
    InitiativeEntry,
)
from crisis_desktop.rules.base.economy import TurnEffects
from crisis_desktop.rules.base.economy_part import Economy
from crisis_desktop.rules.base.printing import Printing
from crisis_desktop.rules.base.sheet import (
    FieldSpec,
    RuleOption,
)
from crisis_desktop.rules.base.sheet_part import Sheet
from crisis_desktop.rules.base.state import Actor
from crisis_desktop.rules.base.values import Explained, Options, Term
from crisis_desktop.rules.kernel.dice import DiceSource, DieKind, RollPool

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from crisis_desktop.rules.base.attacks import Attacks
    from crisis_desktop.rules.base.checks import Checks
    from crisis_desktop.rules.base.healing import Healing
    from crisis_desktop.rules.base.hiding import Hiding
    from crisis_desktop.rules.base.importing import Importer
    from crisis_desktop.rules.base.pools import Pools
    from crisis_desktop.rules.base.quick import PreparedFight, QuickFight
    from crisis_desktop.rules.kernel.cover import CoverReading
    from crisis_desktop.rules.kernel.flows import RoundFlow
    from crisis_desktop.rules.kernel.geometry import Coord, Terrain
    from crisis_desktop.rules.kernel.glyphs import Glyph
    from crisis_desktop.rules.kernel.movement import Movement


class Ruleset(ABC):
    """What every game system has: its description and rule options, sheets, how characters stand, its action
    economy and how a round proceeds. What a system may have besides is a part of its own (`checks`, `attacks`,
    `healing`, `hiding`; movement on the map through `movement()`, quick fights through `quick_fight`), which it
    makes when it has it and the shared layers ask for (`rules.attacks is not None`). Every method is pure;
    `options` are the campaign's rule options."""

    id: str
    name: str

    def dice_kinds(self) -> Sequence[DieKind]:
        """The dice of symbols the system rolls (for typing them in by their faces); none for numbered dice."""
        return ()

    def initiative_dice(self, actors: Sequence[Actor], options: Options) -> list[RollPool]:
        """Whose roll and which dice the ranking that opens a fight rolls (initiative; a new moment's ranking), one
        pool a roll, in the order the rules roll them, before any tie is rolled again or a die explodes: for typed
        dice to be asked by name. Empty where the fight opens without dice (the default)."""
        return []

    def symbol_glyphs(self) -> Mapping[str, Glyph]:
        """How the symbols of those dice are drawn (rules/kernel/glyphs.py), by symbol, in the order a result lists
        them; none by default: the dice's faces and results are shown in words and numbers."""
        return {}

    # The system's movement rules on the battle map (a subclass of rules/kernel/movement.py's Movement, made with the
    # ruleset); None lets the map move tokens freely, spending nothing.
    MOVEMENT: ClassVar[type[Movement] | None] = None

    def movement(self) -> Movement | None:
        """The system's movement rules on the battle map (`MOVEMENT`); None lets the map move tokens freely."""
        return self.MOVEMENT(self) if self.MOVEMENT is not None else None

    def cover_between(self, terrain: Terrain, attacker_cell: Coord, target_cell: Coord,
                      attacker: Actor | None = None, target: Actor | None = None,
                      options: Options | None = None) -> CoverReading:
        """Cover of the target's cell against the attacker's on the battle map, as this system reads it (the
        actors when the map knows them); by default the painted cover as it stands."""
        from crisis_desktop.rules.kernel.cover import geometry_reading  # geometry imports this module: import on use

        return geometry_reading(terrain, attacker_cell, target_cell)

    def posture(self, character: Character) -> str | None:
        """How the character stands in the system's words ("prone", "kneeling"), for the map's token; None for
        upright or where the system has no postures."""
        return None

    def rule_options(self) -> Sequence[RuleOption]:
        """The campaign's choices among the rules (variants, optional rules), each with its default; none by
        default."""
        return ()

    def options_with_defaults(self, options: Options) -> dict[str, StatValue]:
        merged: dict[str, StatValue] = {o.key: o.default for o in self.rule_options()}
        merged.update({k: v for k, v in options.items() if k in merged})
        added = options.get(ADDED_FIELDS)
        if isinstance(added, str) and added:
            merged[ADDED_FIELDS] = added       # the sheet fields the GM added (rules/base/added_fields.py)
        return merged

    # What Quick NPC asks for: a field of its own (kernel/npc_builds.threat_field), or the key of the sheet field
    # the NPC's level is kept in (crisis: "difficulty"); None where NPCs are not built from a level.
    NPC_LEVEL: ClassVar[FieldSpec | str | None] = None

    def npc_level_field(self) -> FieldSpec | None:
        """The field Quick NPC asks for, from which the rules build an NPC (crisis: its Difficulty Level): by default
        `NPC_LEVEL`, a sheet field's key read as that field; None where NPCs are not built from a level."""
        if isinstance(self.NPC_LEVEL, str):
            key = self.NPC_LEVEL
            return next(f for f in self.sheet.character_fields() if f.key == key)
        return self.NPC_LEVEL

    def npc_kind_field(self) -> FieldSpec | None:
        """A kind of NPC Quick NPC asks for beside the level (Genesys: minion group, rival or nemesis), a CHOICE
        field; None where the rules build one kind only (the default)."""
        return None

    def quick_npc_of_kind(self, name: str, level: int, kind: str, dice: DiceSource | None = None) -> Character:
        """A Quick NPC of `kind` (one of `npc_kind_field`'s choices, already checked): by default `quick_npc`, for
        rules without kinds."""
        return self.quick_npc(name, level, dice)

    def quick_npc(self, name: str, level: int, dice: DiceSource | None = None) -> Character:
        """A playable NPC at this level (`npc_level_field`'s value, already checked against it): by default, where
        the system has a table of tiers (resources/rules/<id>/npc.json), its new NPC sheet overlaid with the tier for
        the level and carrying the tier's weapons from the catalogue (the level kept when `NPC_LEVEL` names a sheet
        field); else the rules' default NPC stat block with the level stored. A system with other NPC rules
        overrides this to give the NPC skills and a weapon that suit its level, so it can fight at once."""
        from crisis_desktop.resources_access import resource
        from crisis_desktop.rules.kernel.npc_builds import table_npc  # the kernel reads this module's types

        if resource("rules", self.id, "npc.json").is_file():
            return table_npc(self, self.id, name, level, dice,
                             self.NPC_LEVEL if isinstance(self.NPC_LEVEL, str) else None)
        stats = dict(self.sheet.new_stats(CharacterKind.NPC, dice))
        spec = self.npc_level_field()
        if spec is not None:
            stats[spec.key] = level
        return Character(kind=CharacterKind.NPC, name=name, stats=stats, tags=["npc"])

    def bestiary_file(self) -> Traversable | None:
        """The system's bestiary, a JSON file of NPCs legal under its rules (Characters › From Bestiary…): by default
        the bundled resources/bestiary/<id>.json where there is one; None for a system without one. A system kept
        elsewhere names its own file."""
        from crisis_desktop.resources_access import resource

        found = resource("bestiary", f"{self.id}.json")
        return found if found.is_file() else None

    def equipment_catalogue(self) -> list[EquipmentItem]:
        """The system's own weapons, armour and gear (fresh copies), to seed a new campaign's catalogue: by default
        those of the bundled resources/rules/<id>/equipment.json where there is one, else none."""
        from crisis_desktop.resources_access import resource
        from crisis_desktop.rules.kernel.tables import load_catalogue  # the kernel reads this module's types

        return load_catalogue(self.id) if resource("rules", self.id, "equipment.json").is_file() else []

    def importers(self) -> Sequence[Importer]:
        """The other programs' file formats the system reads characters from (Characters › Import, `crisis-desktop
        import`), besides a character exported from this app: none by default."""
        return ()

    # ------------------------------------------------------------------ printed sheets
    PRINTING: ClassVar[type[Printing]] = Printing

    @cached_property
    def printing(self) -> Printing:
        """How this system's sheets print (`PRINTING`, made once for this ruleset)."""
        return self.PRINTING(self)

    # ------------------------------------------------------------------ the parts a system may have
    # A system that has one overrides its accessor with a cached_property making its own part (CrisisAttacks(self));
    # the shared layers ask `rules.attacks is not None`. Each part has working defaults for all but what only the
    # rules can say (how a check or an attack is rolled).
    @property
    def checks(self) -> Checks | None:
        """Checks and contests to roll and to price; None where the rules have none."""
        return None

    @property
    def attacks(self) -> Attacks | None:
        """Attacks, their price, odds, resolution and damage, and what they read from the map; None where the rules
        have none."""
        return None

    @property
    def healing(self) -> Healing | None:
        """The fight's healing action and other treatments; None where the rules have none."""
        return None

    @property
    def hiding(self) -> Hiding | None:
        """Who cannot see whom, set by the rules' sight actions; None where the rules have none."""
        return None

    @property
    def pools(self) -> Pools | None:
        """The pools of points the table shares across sessions (story points, destiny); None where the rules have
        none."""
        return None

    def round_flow(self, options: Options) -> RoundFlow:
        """How rounds proceed in this system (sequential turns, side slots, phases, declare/resolve): by default
        sequential turns, in the order `roll_initiative` gives, with Delay and Act now, and attacks out of turn by
        whoever `acts_out_of_turn`."""
        from crisis_desktop.rules.kernel.flows.sequential import SequentialFlow  # the flows read this module's types

        return SequentialFlow(self, out_of_turn=self.acts_out_of_turn)

    def acts_out_of_turn(self, actor: Actor) -> bool:
        """Whether the actor may attack outside its own turn now, in the default sequential flow (crisis: whoever is
        on overwatch); nobody by default."""
        return False

    def quick_fight(self, prepared: PreparedFight) -> QuickFight[Any] | None:
        """The fight compiled for the simulator's fast path (rules/base/quick.py: the fight's numbers worked out once,
        played many times); None where the rules have none, and every fight is played by the full rules. NotQuick
        with the reason where the rules' quick fights do not play this one."""
        return None

    # -- sequential turns, for the default flow ----------------------------------------------------------------
    def roll_initiative(self, actors: Sequence[Actor], dice: DiceSource, options: Options) -> list[InitiativeEntry]:
        """Who acts first: by default no roll, the order the encounter lists them in."""
        return [InitiativeEntry(actor.combatant.id if actor.combatant else actor.character.id,
                                Explained(len(actors) - rank, (Term("order of the encounter", len(actors) - rank),)),
                                rank) for rank, actor in enumerate(actors)]

    def surprise_round(self, actors: Sequence[Actor]) -> list[str]:
        """Who acts in a surprise round before the first (empty, the default: no surprise round)."""
        return []

    def start_turn(self, actor: Actor, options: Options) -> TurnEffects:
        """What a turn's start gives (`turn_allowance`: every currency refilled), by default."""
        return TurnEffects(self.economy.refill(actor))

    def end_turn(self, actor: Actor, options: Options) -> TurnEffects:
        """What a turn's end does; nothing by default."""
        return TurnEffects()

    # -- the price of an action, declared once -----------------------------------------------------------------

    def start_encounter(self, actor: Actor, options: Options) -> TurnEffects:
        """What a fighter has as the fight begins: by default its `turn_allowance`."""
        return TurnEffects(self.economy.refill(actor))

    def end_encounter(self, actor: Actor, options: Options) -> TurnEffects:
        """What the end of the fight changes (what lasts only for a fight ends); nothing by default."""
        return TurnEffects()

    @cached_property
    def sheet(self) -> Sheet:
        """The character sheet: fields, derived values, bars, standing, overrides."""
        return Sheet(self)

    @cached_property
    def economy(self) -> Economy:
        """The action economy: currencies, actions, prices, what a combatant may take and what it spends."""
        return Economy(self)
