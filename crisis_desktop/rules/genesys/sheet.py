"""Genesys sheets: field metadata for editors (characteristics, skill ranks, thresholds, adversary type, gear),
default stat blocks, and derived values with their breakdown (never stored)."""

from __future__ import annotations

from crisis_desktop.domain import Character, CharacterKind, ItemKind, StatValue
from crisis_desktop.rules.base import Explained, FieldKind, FieldSpec, Options, StateLabel, StateRole, Term
from crisis_desktop.rules.genesys import career, stats, tables, talents
from crisis_desktop.rules.genesys.custom_skills import custom_skills
from crisis_desktop.rules.genesys.options import option
from crisis_desktop.rules.genesys.tables import Skill

PC_ONLY = frozenset({CharacterKind.PC})
NPC_ONLY = frozenset({CharacterKind.NPC})
HUMAN_BASE = 10
# The skills a weapon may name: every combat skill of every list (a weapon can be carried from one setting to another).
COMBAT_SKILLS = tuple(key for key, s in tables.skills().items() if s.combat)


def _int(key: str, label: str, group: str, default: StatValue, low: int | None, high: int | None, help_text: str,
         kinds: frozenset[CharacterKind] = frozenset({CharacterKind.PC, CharacterKind.NPC}),
         required: bool = True) -> FieldSpec:
    return FieldSpec(key, label, FieldKind.INT, group, default, low, high, (), help_text, kinds, required)


def skills_for(options: Options) -> dict[str, Skill]:
    """The skills of the campaign's skill list (the `skill_list` option), then the GM's own, by key in the sheet's
    order."""
    return {**tables.listed_skills(option(options, "skill_list")), **custom_skills(options)}


def character_fields(skills: dict[str, Skill] | None = None) -> tuple[FieldSpec, ...]:
    """The sheet's fields, with the ranks of `skills` (a campaign's list; the classic list by default)."""
    fields: list[FieldSpec] = [
        _int(c.key, c.name, "Characteristics", stats.DEFAULT_CHARACTERISTIC, 1, 6,
             f"{c.name} ({c.short}), 1 to 6 (human average 2).") for c in tables.characteristics()]
    names = {c.key: c.name for c in tables.characteristics()}
    for skill in (skills if skills is not None else tables.listed_skills(tables.CLASSIC)).values():
        fields.append(_int(skill.key, skill.name, skill.group, 0, 0, 5,
                           f"Rank 0 to 5; rolls with {names[skill.characteristic]}. A minion group rolls its members "
                           "left but one in every skill ranked here above 0.", required=False))
    fields += [
        _int("wound_base", "Wound threshold base", "Thresholds", HUMAN_BASE, 1, 40,
             "The species' base (human 10); the wound threshold is this + Brawn.", PC_ONLY),
        _int("strain_base", "Strain threshold base", "Thresholds", HUMAN_BASE, 1, 40,
             "The species' base (human 10); the strain threshold is this + Willpower.", PC_ONLY),
        FieldSpec("adversary", "Adversary", FieldKind.CHOICE, "Adversary", stats.RIVAL, choices=stats.ADVERSARIES,
                  help="rival: wound threshold only, strain becomes wounds, defeated past it; nemesis: wound and "
                       "strain thresholds like a player character; minion: a group of identical minions sharing one "
                       "wound pool and one slot.", kinds=NPC_ONLY),
        _int("wound_threshold", "Wound threshold", "Adversary", 10, 1, 100,
             "As the adversary's profile gives it; for a minion group, one member's.", NPC_ONLY),
        _int("strain_threshold", "Strain threshold", "Adversary", 10, 1, 100,
             "A nemesis's strain threshold (rivals and minions have none).", NPC_ONLY, required=False),
        _int("group_size", "Minions in the group", "Adversary", 1, 1, 20,
             "How many minions the group starts with; its wound threshold is one member's times this.", NPC_ONLY),
        _int("silhouette", "Silhouette", "Body", 1, 0, 10, "Size: 1 for a human. Every 2 points bigger than the "
             "attacker take 1 difficulty die off its attacks, every 2 smaller add one."),
        _int("extra_soak", "Soak from talents", "Soak and defence", 0, 0, 10,
             "Soak besides Brawn and armour: talents, natural armour, an adversary profile's."),
        _int("extra_melee_defence", "Melee defence from talents", "Soak and defence", 0, 0, 4,
             "Melee defence besides armour and a Defensive weapon."),
        _int("extra_ranged_defence", "Ranged defence from talents", "Soak and defence", 0, 0, 4,
             "Ranged defence besides armour."),
        FieldSpec("talents", "Talents", FieldKind.TEXT, "Talents", "", help="Talents with their ranks, separated "
                  "by commas: 'Adversary 2, Toughened 1, Grit'. Catalogue talents act (Toughened and Grit in the "
                  "thresholds, Adversary and Durable in attacks against the character); other names are kept "
                  "without effect.",
                  required=False, separator=","),
    ]
    return (*career.character_fields(), *fields)


def status_fields() -> tuple[FieldSpec, ...]:
    """The tracked state in character.status."""
    return (
        _int("wounds", "Wounds taken", "Status", 0, 0, None, "Wounds suffered, counted up against the wound threshold "
             "(a minion group's shared pool)."),
        _int("strain", "Strain taken", "Status", 0, 0, None, "Strain suffered, counted up against the strain "
             "threshold (player characters and nemeses)."),
        FieldSpec("criticals", "Critical injuries", FieldKind.TEXT, "Status", "",
                  help="Carried critical injuries by key, separated by commas (agony, horrific:brawn); a trailing ~ "
                       "marks one whose effect is over but which is not healed yet.", required=False,
                  separator=","),
        _int("stimpacks", "Stimpacks today", "Status", 0, 0, None, "Stimpacks (painkillers) used within the day."),
    )


def item_fields(kind: ItemKind) -> tuple[FieldSpec, ...]:
    if kind is ItemKind.WEAPON:
        combat = tables.combat()
        return (
            FieldSpec("skill", "Skill", FieldKind.CHOICE, "Attack", "melee", choices=COMBAT_SKILLS,
                      choice_labels=tuple(tables.skills()[k].name for k in COMBAT_SKILLS),
                      help="The combat skill the attack rolls."),
            _int("damage", "Damage", "Attack", 2, 0, 50, "Base damage; with 'Adds Brawn' the damage is Brawn + "
                 "this (a melee weapon's '+2')."),
            FieldSpec("brawn_damage", "Adds Brawn", FieldKind.BOOL, "Attack", False,
                      help="Melee and brawl weapons written '+X': Brawn is added to the damage."),
            _int("crit", "Crit", "Attack", 3, 1, 7, "Crit rating: the advantage to spend for a critical injury."),
            FieldSpec("range_band", "Range", FieldKind.CHOICE, "Attack", "engaged", choices=tuple(combat["bands"]),
                      help="The farthest range band the weapon reaches."),
            FieldSpec("qualities", "Qualities", FieldKind.TEXT, "Attack", "", required=False,
                      help="Separated by commas, ranked ones with their rank: 'Accurate 2, Pierce 1, Knockdown'.",
                      separator=","),
            FieldSpec("improvised", "Improvised", FieldKind.BOOL, "Attack", False,
                      help="Adds 1 threat to its checks; a despair or 2 threat break it."),
            _int("ammo", "Shots left", "Ammunition", None, 0, 100, "For a Limited Ammo weapon: shots left before a "
                 "reload; empty when it does not count shots.", required=False),
            career.encumbrance_field("Attack"),
        )
    if kind is ItemKind.ARMOUR:
        return (
            _int("soak", "Soak", "Protection", 1, 0, 10, "Added to Brawn for the wearer's soak."),
            _int("defence", "Defence", "Protection", 0, 0, 4, "Melee and ranged defence: each point is a setback "
                 "die on attacks against the wearer."),
            FieldSpec("qualities", "Qualities", FieldKind.TEXT, "Protection", "", required=False,
                      help="Separated by commas: 'Reinforced' (Pierce and Breach do not take its soak off).",
                      separator=","),
            career.encumbrance_field("Protection"),
        )
    return (_int("uses", "Uses", "Gear", None, 0, 99, "Uses left; empty when it does not run out.",
                 required=False), career.encumbrance_field("Gear"))


def new_stats(kind: CharacterKind) -> dict[str, StatValue]:
    block: dict[str, StatValue] = {key: stats.DEFAULT_CHARACTERISTIC for key in stats.characteristic_keys()}
    block["silhouette"] = 1
    if kind is CharacterKind.PC:
        block |= {"wound_base": HUMAN_BASE, "strain_base": HUMAN_BASE}
    else:
        block |= {"adversary": stats.RIVAL, "wound_threshold": 10, "group_size": 1}
    return block


def _talent_terms(character: Character, key: str) -> list[Term]:
    """A threshold talent's term ('Toughened 2', +4), none without it."""
    ranks, talent = talents.rank(character, key), talents.catalogue()[key]
    return [Term(f"{talent.name} {ranks}", talent.per_rank * ranks)] if ranks else []


def wound_threshold(character: Character) -> Explained:
    kind = stats.adversary(character)
    if kind is None:
        base = stats.raw_stat(character, "wound_base", HUMAN_BASE)
        return Explained.of(("species base", base), ("Brawn", stats.characteristic(character, "brawn")),
                            *_talent_terms(character, "toughened"))
    each = stats.member_threshold(character)
    if kind == stats.MINION:
        size = stats.group_size(character)
        return Explained.of((f"{size} minion{'s' if size != 1 else ''} x {each} wounds", size * each))
    return Explained.of(("adversary profile", each))


def strain_threshold(character: Character) -> Explained | None:
    """None for rivals and minions, who take strain as wounds."""
    kind = stats.adversary(character)
    if kind is None:
        base = stats.raw_stat(character, "strain_base", HUMAN_BASE)
        return Explained.of(("species base", base), ("Willpower", stats.characteristic(character, "willpower")),
                            *_talent_terms(character, "grit"))
    if kind == stats.NEMESIS:
        return Explained.of(("adversary profile", stats.raw_stat(character, "strain_threshold", 10)))
    return None


def soak(character: Character) -> Explained:
    terms = [Term("Brawn", stats.characteristic(character, "brawn"))]
    terms += [Term(f"{item.name} soak", stats.item_int(item, "soak"))
              for item in stats.equipped(character, ItemKind.ARMOUR) if stats.item_int(item, "soak")]
    extra = stats.raw_stat(character, "extra_soak")
    if extra:
        terms.append(Term("talents", extra))
    return Explained.of(*terms)


def _armour_defence(character: Character) -> list[Term]:
    """Armour's defence does not stack: the best piece worn counts."""
    worn = [(stats.item_int(i, "defence"), i.name) for i in stats.equipped(character, ItemKind.ARMOUR)]
    best = max(worn, default=(0, ""))
    return [Term(f"{best[1]} defence", best[0])] if best[0] else []


def defence(character: Character, options: Options, melee: bool, *, guarded: bool = False) -> Explained:
    """Melee or ranged defence: armour, talents, a Defensive weapon (melee), guarded stance (melee); capped by the
    `defense_cap` option."""
    terms = _armour_defence(character)
    extra = stats.raw_stat(character, "extra_melee_defence" if melee else "extra_ranged_defence")
    if extra:
        terms.append(Term("talents", extra))
    held = "defensive" if melee else "deflection"
    best = max((stats.qualities(w).get(held, 0) for w in stats.equipped(character, ItemKind.WEAPON)), default=0)
    if best:
        terms.append(Term("Defensive weapon" if melee else f"Deflection {best}", best))
    if melee and guarded:
        terms.append(Term("guarded stance", int(tables.combat()["modifiers"]["guarded_stance_melee_defence"])))
    value = Explained.of(*terms) if terms else Explained.of(("no defence", 0))
    if option(options, "defense_cap") == "4":
        value = value.clamped(high=4, label="defence cap")
    return value


def criticals_carried(character: Character) -> Explained:
    carried = stats.criticals(character)
    if not carried:
        return Explained.of(("none", 0))
    return Explained.of(*((c.text, 1) for c in carried))


def derived(character: Character, options: Options) -> dict[str, Explained]:
    """Thresholds with what was taken against them (wounds and strain count up, as Genesys players track them), soak,
    defences, critical injuries; a PC's encumbrance and experience; a minion group's members left."""
    wounds = wound_threshold(character)
    values = {"wound_threshold": wounds, "wounds_taken": Explained.of(
        (f"taken against the threshold {wounds.value:g}", stats.wounds(character)))}
    strain = strain_threshold(character)
    if strain is not None:
        values["strain_threshold"] = strain
        values["strain_taken"] = Explained.of((f"taken against the threshold {strain.value:g}",
                                               stats.strain(character)))
    values |= {"soak": soak(character), "melee_defence": defence(character, options, True),
               "ranged_defence": defence(character, options, False), "criticals": criticals_carried(character)}
    if stats.adversary(character) is None:
        values["encumbrance"] = career.encumbrance(character)
        values["encumbrance_threshold"] = career.encumbrance_threshold(character)
        xp = career.xp_available(character)
        if xp is not None:
            values["xp_available"] = xp
    if stats.is_minion(character):
        size, alive = stats.group_size(character), stats.minions_alive(character)
        values["minions_left"] = Explained.of(("group", size), ("defeated", alive - size)) if alive < size \
            else Explained.of(("group", size))
    return values


def state(character: Character) -> StateLabel:
    """How the character stands: dead, a minion group all down or a rival over its wound threshold out of the fight;
    a PC or nemesis over a threshold down (knocked out, incapacitated); staggered; able to act."""
    name = character.name
    if character.has_condition("dead"):
        return StateLabel("dead", f"{name} is dead", StateRole.OUT)
    kind = stats.adversary(character)
    wounds, threshold = stats.wounds(character), wound_threshold(character).value
    if kind == stats.MINION:
        alive = stats.minions_alive(character)
        if alive <= 0:
            return StateLabel("defeated", f"{name}: every minion of the group is down", StateRole.OUT)
        return StateLabel("ok", f"{name}: {alive} of {stats.group_size(character)} minions standing", label="OK")
    if wounds > threshold:
        if kind == stats.RIVAL:
            return StateLabel("defeated", f"{name} is defeated: {wounds} wounds over its threshold "
                                          f"{threshold:g}", StateRole.OUT)
        return StateLabel("knocked_out", f"{name} is knocked out: {wounds} wounds over its threshold "
                                         f"{threshold:g}", StateRole.DOWN)
    strain = strain_threshold(character)
    if strain is not None and stats.strain(character) > strain.value:
        return StateLabel("incapacitated", f"{name} is incapacitated: {stats.strain(character)} strain over "
                                           f"its threshold {strain.value:g}", StateRole.DOWN)
    if character.has_condition("staggered"):
        return StateLabel("staggered", f"{name} is staggered: maneuvers only")
    return StateLabel("ok", f"{name} can act ({wounds} of {threshold:g} wounds)", label="OK")
