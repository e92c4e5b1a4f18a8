"""Character sheet of crisis-classic: field metadata, reading stats, derived values, bars and state."""

from __future__ import annotations

from crisis_desktop.domain import Character, CharacterKind, EquipmentItem, ItemKind, StatValue
from crisis_desktop.rules.base import (
    Actor,
    BarRole,
    Explained,
    FieldKind,
    FieldSpec,
    Mark,
    Options,
    ResourceSpec,
    StateLabel,
    StateRole,
    Term,
)
from crisis_desktop.rules.crisis_classic import tables
from crisis_desktop.rules.crisis_classic.options import option
from crisis_desktop.rules.kernel.dice import DiceSource

PC_ONLY = frozenset({CharacterKind.PC})
NPC_ONLY = frozenset({CharacterKind.NPC})
ABILITY_START = 10
MAX_AP = 6

_FLAGS = (
    ("trait_enduring", "Enduring", "Traits", "+10 Endurance, -5 Health."),
    ("trait_vigilant", "Vigilant", "Traits", "+1 to turn order."),
    ("perk_fighter", "Fighter", "Perks", "The extra-enemy penalty to melee defence applies only with more than 2 "
                                         "enemies in reach."),
    ("perk_lightning_reflexes", "Lightning Reflexes", "Perks", "Adds the Speed modifier (Speed - 10) to defence "
                                                               "against ranged attacks."),
    ("perk_martial_arts_master", "Martial Arts Master", "Perks", "Melee attacks may use Speed instead of Might "
                                                                 "(the better of the two is used)."),
    ("perk_healthy", "Healthy", "Perks", "+10 Health."),
)


def character_fields() -> list[FieldSpec]:
    fields = [
        FieldSpec(a.key, a.label, FieldKind.INT, group="Abilities", default=ABILITY_START, minimum=0, maximum=20,
                  help=f"{a.label} ({a.short}) rank; starts at 10. 0 or below kills.")
        for a in tables.abilities()
    ]
    for s in tables.skills():
        ability = tables.ability_by_key()[s.ability].label
        untrained = tables.untrained_penalty()[s.learning]
        note = f" ({s.note})" if s.note else ""
        fields.append(FieldSpec(
            s.key, s.label, FieldKind.INT, group=f"Skills ({ability})", default=None, minimum=-2, maximum=8,
            required=False,
            help=f"Rank relative to {ability}, learning difficulty {s.learning}{note}. Empty: untrained, "
                 f"{ability} {untrained}."))
    fields.append(FieldSpec("level", "Level", FieldKind.INT, group="Character", default=0, minimum=0, maximum=100,
                            help="Experience level; Perception = 10 + Level."))
    fields.append(FieldSpec("difficulty", "Difficulty Level", FieldKind.INT, group="NPC", default=4, minimum=1,
                            maximum=10, kinds=NPC_ONLY,
                            help="The NPC's Difficulty Level 1..10: its fixed defence, Health 20 + 5 x DL and "
                                 "Endurance 50 + 10 x DL."))
    for key, label, group, help_text in _FLAGS:
        fields.append(FieldSpec(key, label, FieldKind.BOOL, group=group, default=False, required=False,
                                help=help_text))
    return fields


def item_fields(kind: ItemKind) -> list[FieldSpec]:
    weight = FieldSpec("weight", "Weight", FieldKind.INT, group="Trade", minimum=0, required=False,
                       help="Weight in kg (not given by the rules).")
    cost = FieldSpec("cost", "Cost", FieldKind.INT, group="Trade", minimum=0, required=False, help="Price.")
    if kind is ItemKind.WEAPON:
        skill_rows = [s for s in tables.skills() if s.key in ("melee", "light_weapons", "heavy_weapons",
                                                               "athletics", "force")]
        return [
            FieldSpec("skill", "Skill", FieldKind.CHOICE, group="Attack", default="melee",
                      choices=tuple(s.key for s in skill_rows), choice_labels=tuple(s.label for s in skill_rows),
                      help="The skill the attack roll uses."),
            FieldSpec("hit", "HIT", FieldKind.INT, group="Attack", default=0, minimum=-10, maximum=10,
                      help="Modifier to the attack target."),
            FieldSpec("end_damage", "END", FieldKind.INT, group="Damage", default=0, minimum=0, maximum=200,
                      help="Damage to Endurance on a hit."),
            FieldSpec("damage", "DMG", FieldKind.INT, group="Damage", default=0, minimum=0, maximum=200,
                      help="Damage to Health on a critical hit."),
            FieldSpec("range", "RNG", FieldKind.INT, group="Attack", default=0, minimum=0, maximum=10000,
                      help="Range increment in metres (0: melee); -2 per increment after the first."),
            FieldSpec("rof", "RoF", FieldKind.INT, group="Attack", default=1, minimum=1, maximum=100,
                      help="Rate of fire: at most this many critical hits from stunts per attack."),
            FieldSpec("cap", "CAP", FieldKind.INT, group="Ammunition", minimum=1, maximum=1000, required=False,
                      help="Rounds a full magazine holds (empty: no ammunition)."),
            FieldSpec("mag", "MAG", FieldKind.INT, group="Ammunition", minimum=0, maximum=1000, required=False,
                      help="Spare magazines carried (empty: not counted)."),
            FieldSpec("ammo", "Loaded", FieldKind.INT, group="Ammunition", minimum=0, maximum=1000,
                      required=False, help="Rounds loaded now; an attack uses one."),
            FieldSpec("reload_ap", "REL", FieldKind.INT, group="Ammunition", minimum=1, maximum=100,
                      required=False, help="AP to reload; above 6 the reload runs over several turns."),
            weight, cost,
        ]
    if kind is ItemKind.ARMOUR:
        return [
            FieldSpec("durability_max", "Durability (full)", FieldKind.INT, group="Armour", default=2, minimum=0,
                      maximum=1000, help="Durability when new."),
            FieldSpec("durability", "Durability", FieldKind.INT, group="Armour", default=2, minimum=0,
                      maximum=1000, help="Prevents Health damage while above 0; each prevention costs 1."),
            FieldSpec("defence", "Defence", FieldKind.INT, group="Armour", default=0, minimum=-10, maximum=10,
                      help="Modifier to the wearer's defence target."),
            weight, cost,
        ]
    return [
        FieldSpec("restores_endurance", "Restores Endurance", FieldKind.INT, group="Use", default=0, minimum=0,
                  maximum=1000, required=False, help="Endurance restored when used (Adrenalin Shot: 15)."),
        FieldSpec("use_ap", "AP to use", FieldKind.INT, group="Use", default=2, minimum=0, maximum=100,
                  required=False, help="AP a use costs (Use Item: 2 unless the item says otherwise)."),
        weight, cost,
    ]


def new_stats(kind: CharacterKind, dice: DiceSource | None = None) -> dict[str, StatValue]:
    return {f.key: f.default for f in character_fields() if kind in f.kinds}


# --------------------------------------------------------------------------- reading a sheet


def _int(stats: dict[str, StatValue], key: str, default: int) -> int:
    value = stats.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int | float):
        return default
    return int(value)


def ability(c: Character, key: str) -> int:
    return _int(c.stats, key, ABILITY_START)


def flag(c: Character, key: str) -> bool:
    return c.stats.get(key) is True


def status(c: Character, key: str) -> int:
    return max(0, _int(c.status, key, 0))


def npc_dl(c: Character) -> int:
    return min(tables.HIGHEST_DL, max(tables.LOWEST_DL, _int(c.stats, "difficulty", 4)))


def is_npc(c: Character) -> bool:
    return c.kind is CharacterKind.NPC


def skill_terms(c: Character, key: str, ability_key: str | None = None) -> list[Term]:
    """Ability rank and skill rank (or the untrained penalty) of a check; `key` may be an ability."""
    if key in tables.ability_by_key():
        a = tables.ability_by_key()[key]
        return [Term(a.label, ability(c, key))]
    if key not in tables.skill_by_key():
        raise ValueError(f"Unknown skill or ability {key!r} in crisis-classic")
    s = tables.skill_by_key()[key]
    a = tables.ability_by_key()[ability_key or s.ability]
    terms = [Term(a.label, ability(c, a.key))]
    rank = c.stats.get(key)
    if isinstance(rank, int) and not isinstance(rank, bool):
        terms.append(Term(f"{s.label} rank", rank))
    else:
        terms.append(Term(f"{s.label} untrained ({s.learning})", tables.untrained_penalty()[s.learning]))
    return terms


def condition_terms(c: Character) -> list[Term]:
    """Check modifiers of the character's conditions (Drunk -2)."""
    rows = tables.condition_by_key()
    return [Term(rows[cs.key].label, rows[cs.key].check_modifier)
            for cs in c.conditions if cs.key in rows and rows[cs.key].check_modifier]


def equipped_armour(c: Character) -> EquipmentItem | None:
    return next((i for i in c.equipment if i.kind is ItemKind.ARMOUR and i.equipped), None)


def item_int(item: EquipmentItem, key: str, default: int = 0) -> int:
    return _int(item.stats, key, default)


# --------------------------------------------------------------------------- derived values


def health_max(c: Character) -> Explained:
    if is_npc(c):
        dl = npc_dl(c)
        return Explained.of(("NPC base", 20), (f"5 x Difficulty Level {dl}", 5 * dl))
    e = Explained.of(("Might", ability(c, "might")))
    if flag(c, "perk_healthy"):
        e = e.plus("Healthy", 10)
    if flag(c, "trait_enduring"):
        e = e.plus("Enduring", -5)
    return e.clamped(low=1, label="Health minimum")


def endurance_max(c: Character) -> Explained:
    if is_npc(c):
        dl = npc_dl(c)
        return Explained.of(("NPC base", 50), (f"10 x Difficulty Level {dl}", 10 * dl))
    e = Explained.of(("4 x Might", 4 * ability(c, "might")))
    if flag(c, "trait_enduring"):
        e = e.plus("Enduring", 10)
    return e


def current(maximum: Explained, damage: int, label: str) -> Explained:
    return maximum.plus(label, -damage).clamped(low=0, label="none left")


def health(c: Character) -> Explained:
    return current(health_max(c), status(c, "health_damage"), "Health damage")


def endurance(c: Character) -> Explained:
    return current(endurance_max(c), status(c, "endurance_damage"), "Endurance damage")


def is_exhausted(c: Character) -> bool:
    return endurance(c).value <= 0 or c.has_condition("exhausted")


def initiative(c: Character, options: Options) -> Explained:
    second = "intelligence" if option(options, "initiative_formula") == "speed_intelligence" else "might"
    sp, other = ability(c, "speed"), ability(c, second)
    label = f"(Speed {sp} + {tables.ability_by_key()[second].label} {other}) / 4, rounded down"
    e = Explained.of((label, (sp + other) // 4))
    if flag(c, "trait_vigilant"):
        e = e.plus("Vigilant", 1)
    return e


def move_distance(c: Character, half: bool) -> Explained:
    """Move: Speed modifier + 2 metres (Sneak: half the modifier + 2), at least 1."""
    modifier = ability(c, "speed") - ABILITY_START
    if half:
        e = Explained.of(("half the Speed modifier", modifier // 2), ("base", 2))
    else:
        e = Explained.of(("Speed modifier", modifier), ("base", 2))
    return e.clamped(low=1, label="at least")


def derived(character: Character, options: Options) -> dict[str, Explained]:
    out = {
        "health_max": health_max(character),
        "health": health(character),
        "endurance_max": endurance_max(character),
        "endurance": endurance(character),
        "initiative": initiative(character, options),
        "perception": Explained.of(("base", 10), ("Level", _int(character.stats, "level", 0))),
        "move_m": move_distance(character, half=False),
        "sneak_m": move_distance(character, half=True),
    }
    if is_npc(character):
        row = tables.difficulty(npc_dl(character))
        out["fixed_defence"] = Explained.of((f"attack target change of DL {row.level} {row.name}",
                                             row.target_change))
    return out


def resources(actor: Actor, options: Options) -> list[ResourceSpec]:
    c = actor.character
    bars = [
        ResourceSpec("health", "Health", int(health(c).value), int(health_max(c).value), role=BarRole.HEALTH),
        ResourceSpec("endurance", "Endurance", int(endurance(c).value), int(endurance_max(c).value)),
    ]
    if actor.combatant is not None:
        res = actor.combatant.resources
        # A task under way over several turns is named with its progress beside the name (the rules' badges).
        bars.append(ResourceSpec("ap", "AP", _int(res, "ap", 0), MAX_AP, role=BarRole.ACTIONS))
    armour = equipped_armour(c)
    if armour is not None:
        bars.append(ResourceSpec("durability", f"{armour.name} durability", item_int(armour, "durability"),
                                 item_int(armour, "durability_max"), short="Armour"))
    return bars


def state(character: Character, options: Options) -> StateLabel:
    dead_abilities = [a.label for a in tables.abilities() if ability(character, a.key) <= 0]
    if dead_abilities:
        return StateLabel("dead", f"{character.name} is dead: {', '.join(dead_abilities)} at 0.", StateRole.OUT)
    if health(character).value <= 0:
        return StateLabel("dead", f"{character.name} is dead: Health 0.", StateRole.OUT)
    if is_exhausted(character):
        return StateLabel("exhausted", f"{character.name} is exhausted: regains 2 AP a turn and every hit is critical.",
                          label="Exhausted")
    return StateLabel("ok", f"{character.name} can fight.", label="OK")


def marks(actor: Actor, options: Options) -> list[Mark]:
    """Exhausted the moment Endurance is at 0, whichever way it got there, until the condition itself is on the
    sheet (the rules add it with the hit or the cost that empties Endurance)."""
    c = actor.character
    if endurance(c).value <= 0 and not c.has_condition("exhausted"):
        row = tables.condition_by_key()["exhausted"]
        return [Mark(row.label, row.description)]
    return []
