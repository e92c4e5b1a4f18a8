"""Genesys combat checks: the weapon as the rules read it, the attack's inputs, its pool (difficulty by range band,
defence as setback dice, the modifiers of the text) and what its advantage and triumph are spent on."""

from __future__ import annotations

from dataclasses import dataclass, field

from crisis_desktop.domain import Character, EquipmentItem, ItemKind
from crisis_desktop.rules.base import Actor, AttackRequest, AttackTarget, FieldKind, FieldSpec, Options
from crisis_desktop.rules.genesys import checks, own_talents, reactions, sheet, stats, story, tables, talents
from crisis_desktop.rules.genesys.actions import resource
from crisis_desktop.rules.genesys.narrative import Pool
from crisis_desktop.rules.genesys.options import option

MELEE_SKILLS = tuple(key for key, s in tables.skills().items() if s.combat == "melee")
BREACH_SOAK = 10
BARRAGE_SKILLS, BARRAGE_BANDS = ("ranged_heavy", "gunnery"), ("long", "extreme")
SITUATION, TARGET = "Situation", "Target"
NO_OFF_HAND = "none"
# Active qualities an attack may trigger on its target, in the order they are tried.
TARGET_QUALITIES = ("knockdown", "disorient", "stun", "concussive", "ensnare", "burn")


@dataclass(frozen=True)
class Weapon:
    """A weapon as the rules read it."""

    item: EquipmentItem
    skill: str
    damage: int
    brawn_damage: bool
    crit: int
    band: str
    qualities: dict[str, int]
    improvised: bool

    @property
    def melee(self) -> bool:
        return self.skill in MELEE_SKILLS

    @property
    def name(self) -> str:
        return self.item.name

    def quality(self, key: str) -> int:
        return self.qualities.get(key, 0)

    def piercing(self) -> tuple[int, str]:
        """The soak its hits ignore: Pierce X, and Breach X (10 soak per rank); with the qualities' names."""
        pierce, breach = self.quality("pierce"), self.quality("breach")
        names = [f"Pierce {pierce}"] * bool(pierce) + [f"Breach {breach}"] * bool(breach)
        return pierce + BREACH_SOAK * breach, ", ".join(names)

    @property
    def shown_advantage(self) -> int:
        """What the weapon adds to the advantage its checks show: Superior +1; Inferior and improvised -1 each (a
        threat)."""
        return int(bool(self.quality("superior"))) - int(bool(self.quality("inferior"))) - int(self.improvised)

    def base_damage(self, wielder: Character, band: str = "engaged") -> tuple[tuple[str, int], ...]:
        """The damage terms before net successes: Brawn + X for a '+X' weapon, else the weapon's damage; the
        wielder's Barrage at long or extreme range with Ranged (Heavy) or Gunnery."""
        if self.brawn_damage:
            return (("Brawn", stats.characteristic(wielder, "brawn")), (f"{self.name} +{self.damage}", self.damage))
        barrage = talents.rank(wielder, "barrage") if self.skill in BARRAGE_SKILLS and band in BARRAGE_BANDS else 0
        extra = ((f"Barrage {barrage}", barrage * talents.catalogue()["barrage"].per_rank),) if barrage else ()
        return ((f"{self.name} damage", self.damage), *extra)


def weapon(item: EquipmentItem) -> Weapon:
    s = item.stats
    skill = s.get("skill") if s.get("skill") in sheet.COMBAT_SKILLS else "melee"
    band = s.get("range_band") if s.get("range_band") in tables.combat()["bands"] else "engaged"
    return Weapon(item, str(skill), stats.item_int(item, "damage"), bool(s.get("brawn_damage")),
                  max(1, stats.item_int(item, "crit", 3)), str(band), stats.qualities(item), bool(s.get("improvised")))


def band_index(band: str) -> int:
    return tables.combat()["bands"].index(band)


# -- inputs -------------------------------------------------------------------------------------------------
def attack_inputs(attacker: Actor, item: EquipmentItem) -> list[FieldSpec]:
    w = weapon(item)
    others = tuple(i.name for i in stats.equipped(attacker.character, ItemKind.WEAPON) if i.id != item.id)
    specs = [
        FieldSpec("aim", "Aim (boost dice)", FieldKind.INT, SITUATION, resource(attacker.combatant, "aim"), 0, 2,
                  help="Boost dice from aiming (one per Aim maneuver, at most 2)"),
        FieldSpec("called_shot", "Aim at a specific item or location", FieldKind.BOOL, SITUATION, False,
                  help="Aim's other use: the shot goes at one item or part of the target (the GM says what it "
                       "does) and suffers 2 setback dice, 1 after aiming twice, instead of the aim's boost"),
        FieldSpec("boost", "Boost dice", FieldKind.INT, SITUATION, 0, 0, 6, help="Helpful circumstances"),
        FieldSpec("setback", "Setback dice", FieldKind.INT, SITUATION, 0, 0, 6, help="Hindering circumstances"),
        FieldSpec("upgrade_ability", "Upgrade ability", FieldKind.INT, SITUATION, 0, 0, 5),
        FieldSpec("upgrade_difficulty", "Upgrade difficulty", FieldKind.INT, SITUATION, 0, 0, 5),
        FieldSpec("attacker_engaged", "Attacker is engaged", FieldKind.BOOL, SITUATION, False,
                  help="Ranged attacks while engaged: Ranged (Light) +1 difficulty, Ranged (Heavy) +2, no Gunnery"),
    ]
    needed = prepare_needed(attacker.character, w)
    if needed:
        specs.append(FieldSpec("prepared", "Maneuvers spent preparing", FieldKind.INT, SITUATION, 0, 0, needed,
                               help=f"Prepare {w.quality('prepare')}: the {w.name} needs {needed} maneuver"
                                    f"{'s' if needed != 1 else ''} of preparation before each attack"))
    specs += own_talents.inputs(attacker, w.melee, "thrown" in item.tags)
    if w.quality("auto_fire"):
        specs.append(FieldSpec("auto_fire", "Use Auto-fire", FieldKind.BOOL, SITUATION, False,
                               help="+1 difficulty; every 2 advantage give one more hit"))
    if w.skill == "brawl" or w.quality("stun_damage"):
        specs.append(FieldSpec("to_strain", "Deal strain instead of wounds", FieldKind.BOOL, SITUATION,
                               bool(w.quality("stun_damage"))))
    if others:
        specs.append(FieldSpec("off_hand", "Second weapon", FieldKind.CHOICE, SITUATION, NO_OFF_HAND,
                               choices=(NO_OFF_HAND, *others),
                               help="Two weapons: the lower characteristic and skill, a harder check; 2 advantage "
                                    "or a triumph hit with the second one too"))
    return specs


def prepare_needed(wielder: Character, w: Weapon) -> int:
    """The maneuvers a Prepare weapon needs before each attack: its rating, one fewer with Quick Draw (at least 1)."""
    rating = w.quality("prepare")
    if rating and talents.rank(wielder, "quick_draw"):
        return max(1, rating - 1)
    return rating


def prepare_refusal(request: AttackRequest) -> str | None:
    """Why a Prepare weapon cannot attack yet (its maneuvers not all spent), None when it can."""
    w = weapon(request.weapon)
    needed = prepare_needed(request.attacker.character, w)
    done = _int(request.inputs.get("prepared"))
    if done >= needed:
        return None
    return f"The {w.name} must be prepared first: {needed} maneuver{'s' if needed != 1 else ''} (Prepare " \
           f"{w.quality('prepare')}), {done} spent"


def default_band(item: EquipmentItem) -> str:
    w = weapon(item)
    return "engaged" if w.melee else "short"


def target_inputs(item: EquipmentItem, target: Actor | None = None) -> list[FieldSpec]:
    """The range band, engagement and cover of the target; the talents it may use against the attack (Dodge, Parry,
    Reflect, Defensive Stance, Side Step) when it has them."""
    bands = tuple(tables.combat()["bands"])
    specs = [FieldSpec("range_band", "Range band", FieldKind.CHOICE, TARGET, default_band(item), choices=bands,
                       help="The target's range band from the attacker (from the battle map when the fight has one)")]
    if not weapon(item).melee:
        specs.append(FieldSpec("target_engaged", "Target is engaged with others", FieldKind.BOOL, TARGET, False,
                               help="Ranged attacks at an engaged target upgrade the difficulty once; a despair "
                                    "hits one of the others"))
        most = max(int(n) for n in tables.combat()["modifiers"]["cover_setback"].values())
        specs.append(FieldSpec("cover", "Cover (setback dice)", FieldKind.INT, TARGET, 0, 0, most,
                               help="A ranged attack at a target in cover adds setback dice: 1 for light cover, 2 for "
                                    "heavy (from the battle map's painted cover when the fight has one)"))
    if target is not None:
        specs += reactions.inputs(target, weapon(item).melee)
    return specs


@dataclass(frozen=True)
class Situation:
    """The attack's own inputs, read."""

    aim: int = 0
    called_shot: bool = False
    boost: int = 0
    setback: int = 0
    upgrade_ability: int = 0
    upgrade_difficulty: int = 0
    attacker_engaged: bool = False
    auto_fire: bool = False
    to_strain: bool = False
    off_hand: str = NO_OFF_HAND


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def situation(request: AttackRequest) -> Situation:
    i = request.inputs
    w = weapon(request.weapon)
    off = i.get("off_hand", NO_OFF_HAND)
    return Situation(_int(i.get("aim", resource(request.attacker.combatant, "aim"))), bool(i.get("called_shot")),
                     _int(i.get("boost")),
                     _int(i.get("setback")), _int(i.get("upgrade_ability")), _int(i.get("upgrade_difficulty")),
                     bool(i.get("attacker_engaged")), bool(i.get("auto_fire")) and bool(w.quality("auto_fire")),
                     bool(i.get("to_strain", bool(w.quality("stun_damage")))),
                     str(off) if isinstance(off, str) else NO_OFF_HAND)


def band_of(target: AttackTarget, item: EquipmentItem) -> str:
    band = target.inputs.get("range_band", default_band(item))
    if band not in tables.combat()["bands"]:
        raise ValueError(f"{band!r} is not a range band: {', '.join(tables.combat()['bands'])}")
    return str(band)


def off_hand(request: AttackRequest, s: Situation) -> Weapon | None:
    if s.off_hand == NO_OFF_HAND:
        return None
    found = next((i for i in stats.equipped(request.attacker.character, ItemKind.WEAPON)
                  if i.name == s.off_hand and i.id != request.weapon.id), None)
    if found is None:
        raise ValueError(f"{request.attacker.name} has no other weapon {s.off_hand!r} in hand")
    return weapon(found)


# -- the pool -----------------------------------------------------------------------------------------------
def _difficulty(w: Weapon, band: str, target_name: str, further: int = 0) -> int:
    combat = tables.combat()
    if w.melee:
        if band != "engaged":
            raise ValueError(f"{target_name} is at {band} range: a {w.skill.capitalize()} attack with the {w.name} "
                             "needs the target engaged")
        return int(combat["melee_difficulty"])
    if band_index(band) > band_index(w.band) + further:
        more = f" and {further} band{'s' if further != 1 else ''} further" if further else ""
        raise ValueError(f"The {w.name} reaches {w.band} range{more}; {target_name} is at {band} range")
    return int(combat["ranged_difficulty"][band])


def attack_pool(request: AttackRequest, options: Options) -> Pool:
    """The pool of the attack's one roll, at the target aimed at (the hardest, where there are several); ValueError
    with the reason when the attack cannot be made as declared."""
    attacker, target = request.attacker.character, request.target
    aimed = request.targets[0]
    w = weapon(request.weapon)
    s = situation(request)
    mods = tables.combat()["modifiers"]
    band = band_of(aimed, request.weapon)
    further = own_talents.sniper_bands(request, w.melee)
    difficulty = _difficulty(w, band, target.name, further)
    second = off_hand(request, s)
    if second is None:
        pool = checks.base_pool(attacker, w.skill)
        pool = pool.add("difficulty", difficulty, f"{'melee' if w.melee else band + ' range'} "
                                                  f"({tables.difficulty_name(difficulty)})")
    else:
        pool = _dual_pool(attacker, w, second, band, target.name, difficulty, options)
    if not w.melee and aimed.inputs.get("target_engaged"):
        pool = pool.upgrade_difficulty(int(mods["ranged_at_engaged_upgrades"]), "ranged attack at an engaged target")
    if s.attacker_engaged and not w.melee:
        if w.skill == "gunnery":
            raise ValueError("Gunnery cannot be used while engaged")
        pool = pool.add("difficulty", int(mods["ranged_while_engaged_difficulty"].get(w.skill, 0)),
                        "ranged attack while engaged")
    cover = _int(aimed.inputs.get("cover"))
    if cover and not w.melee:
        pool = pool.add("setback", cover, "target in cover")
    if target.character.has_condition("prone"):
        pool = pool.add("boost", int(mods["prone_target_melee_boost"]), "target prone") if w.melee else \
            pool.add("setback", int(mods["prone_target_ranged_setback"]), "target prone")
    if w.melee and attacker.has_condition("prone"):
        pool = pool.add("setback", int(mods["prone_attacker_melee_setback"]), "attacking while prone")
    guarded = bool(resource(target.combatant, "guarded"))
    shield = sheet.defence(target.character, options, w.melee, guarded=guarded)
    pool = pool.add("setback", int(shield.value), f"{'melee' if w.melee else 'ranged'} defence {shield.value:g}")
    if resource(request.attacker.combatant, "guarded"):
        pool = pool.add("setback", int(mods["guarded_stance_setback"]), "own guarded stance")
    if s.called_shot:
        # Aim's other use, a specific item or location: setback instead of the aim's boost, fewer after aiming twice.
        by_aims = mods["called_shot_setback"]
        if s.aim < 1:
            raise ValueError(f"{request.attacker.name} must Aim first to aim at a specific item or location")
        setback = int(by_aims[min(s.aim, len(by_aims)) - 1])
        pool = pool.add("setback", setback, f"aimed at a specific item or location ({s.aim} Aim)")
    else:
        pool = pool.add("boost", s.aim, "aim")
    pool = pool.add("boost", w.quality("accurate"), f"Accurate {w.quality('accurate')}")
    pool = pool.add("setback", w.quality("inaccurate"), f"Inaccurate {w.quality('inaccurate')}")
    if s.auto_fire:
        pool = pool.add("difficulty", 1, "Auto-fire")
    for key, characteristic in (("cumbersome", "brawn"), ("unwieldy", "agility")):
        short = w.quality(key) - stats.characteristic(attacker, characteristic)
        if w.quality(key) and short > 0:
            pool = pool.add("difficulty", short, f"{key.capitalize()} {w.quality(key)}: {stats.label(characteristic)} "
                                                 f"{short} short")
    bigger = stats.raw_stat(target.character, "silhouette", 1) - stats.raw_stat(attacker, "silhouette", 1)
    size = int(bigger / int(mods["size_points_per_die"]))          # every full 2 points, either way
    if size:
        pool = pool.add("difficulty", -size, "target larger" if size > 0 else "target smaller")
    pool = target_talents(pool, aimed, target, w.melee)
    pool = pool.upgrade_ability(s.upgrade_ability, "GM").upgrade_difficulty(s.upgrade_difficulty, "GM")
    pool = story.upgraded(pool, request.inputs)
    pool = pool.add("boost", s.boost, "GM").add("setback", s.setback, "GM")
    pool = own_talents.applied(pool, request, beyond=max(0, band_index(band) - band_index(w.band)) if not w.melee
                               else 0, defence=int(shield.value), aimed=s.aim, circumstances=s.setback)
    pool = checks.with_next_check(pool, request.attacker)
    return checks.no_boost(checks.own_modifiers(pool, attacker, w.skill), attacker)


def target_talents(pool: Pool, aimed: AttackTarget, target: Actor, melee: bool) -> Pool:
    """The target's talents on the check against it: Adversary upgrades its difficulty once per rank; Dodge, Defensive
    Stance and Side Step as the target uses them."""
    adversary = talents.rank(target.character, "adversary")
    if adversary:
        pool = pool.upgrade_difficulty(adversary * talents.catalogue()["adversary"].per_rank,
                                       f"{target.name}: Adversary {adversary}")
    return reactions.upgrades(pool, aimed, target, melee)


def _dual_pool(attacker: Character, w: Weapon, second: Weapon, band: str, target_name: str, difficulty: int,
               options: Options) -> Pool:
    """Two weapons: the lower characteristic and the lower skill; the harder difficulty, +1 difficulty die when the
    two are alike (their difficulties, or their skills under `dual_weapon_penalty` skill), +2 otherwise."""
    other = _difficulty(second, band, target_name)
    chars = [checks.characteristic_of(x.skill) for x in (w, second)]
    low_char = min(stats.characteristic(attacker, c) for c in chars)
    low_rank = min(stats.rank(attacker, x.skill) for x in (w, second))
    why = f"two weapons: lower characteristic {low_char}, lower skill {low_rank}"
    from crisis_desktop.rules.genesys.narrative import skill_pool

    pool = skill_pool(low_char, low_rank, why)
    pool = pool.add("difficulty", max(difficulty, other), "the harder of the two checks")
    alike = (w.skill == second.skill) if option(options, "dual_weapon_penalty") == "skill" else difficulty == other
    mods = tables.combat()["modifiers"]
    extra = int(mods["dual_same_difficulty"] if alike else mods["dual_different_difficulty"])
    return pool.add("difficulty", extra, "two weapons")


# -- spending advantage and triumph -------------------------------------------------------------------------
@dataclass
class Plan:
    """What an attack's advantage and triumph are spent on, decided the same way for the roll and for its odds."""

    advantage: int
    triumph: int
    crit: bool = False
    extra_crits: int = 0
    qualities: list[str] = field(default_factory=list)
    extra_hits: int = 0
    linked_hits: int = 0
    second_weapon: bool = False
    blast_miss: bool = False
    spent: list[str] = field(default_factory=list)
    threat_spent: int = 0            # of the roll's threat and despair, what the GM spent (the picks)
    despair_spent: int = 0

    def pay(self, cost: int, what: str) -> bool:
        if cost <= self.advantage:
            self.advantage -= cost
            self.spent.append(f"{cost} advantage: {what}")
            return True
        if self.triumph:
            self.triumph -= 1
            self.spent.append(f"1 triumph: {what}")
            return True
        return False


def plan_spending(w: Weapon, *, hit: bool, wounding: bool, advantage: int, triumph: int, further: int,
                  auto_fire: bool, second: Weapon | None, options: Options, minion_target: bool = False) -> Plan:
    """Spend by the `advantage_spending` option: a critical injury (when the hit wounds), the weapon's active
    qualities, Auto-fire hits, the second weapon; extra critical activations (+10 each) with what is left, except on
    a minion group (whose critical takes one member out, with no roll to add to)."""
    p = Plan(max(0, advantage), triumph)
    policy = option(options, "advantage_spending")
    if policy == "manual":
        return p
    costs = {q.key: q.cost for q in tables.qualities().values()}
    if not hit:
        blast = w.quality("blast")
        if blast and p.advantage >= int(tables.combat()["blast_miss_advantage"]):
            p.blast_miss = p.pay(int(tables.combat()["blast_miss_advantage"]), f"Blast {blast} on a miss")
        return p

    def crit() -> None:
        if wounding:
            p.crit = p.pay(w.crit, f"critical injury (crit {w.crit})")

    if policy == "qualities_first":
        _spend_on_qualities(p, w, further, auto_fire, second, costs)
        crit()
    else:
        crit()
        _spend_on_qualities(p, w, further, auto_fire, second, costs)
    if p.crit and not minion_target and option(options, "crit_extra_activation_plus10") == "true":
        while p.advantage >= w.crit:
            p.pay(w.crit, "another critical activation (+10)")
            p.extra_crits += 1
    return p


def _spend_on_qualities(p: Plan, w: Weapon, further: int, auto_fire: bool, second: Weapon | None,
                        costs: dict[str, int]) -> None:
    """Spend on the weapon's active qualities (Blast where there are further targets, those on the target),
    Auto-fire hits while they can be paid for, then the second weapon's hit."""
    if w.quality("blast") and further and p.pay(costs["blast"], f"Blast {w.quality('blast')}"):
        p.qualities.append("blast")
    for key in TARGET_QUALITIES:
        if w.quality(key):
            name = tables.qualities()[key].name
            if p.pay(costs[key], f"{name}" + (f" {w.quality(key)}" if tables.qualities()[key].ranked else "")):
                p.qualities.append(key)
    if auto_fire:
        while p.advantage >= costs["auto_fire"] and p.pay(costs["auto_fire"], "Auto-fire: one more hit"):
            p.extra_hits += 1
    linked = w.quality("linked")
    while p.linked_hits < linked and p.advantage >= costs["linked"] and \
            p.pay(costs["linked"], f"Linked {linked}: one more hit"):
        p.linked_hits += 1
    if second is not None:
        p.second_weapon = p.pay(int(tables.combat()["modifiers"]["dual_second_hit_advantage"]),
                                f"the {second.name} hits too")


def choices_left(symbol: str, count: int) -> str:
    """What `count` unspent symbols may still buy, from the spending table."""
    if count <= 0:
        return ""
    options = [f"{s.text} (costs {s.cost})" for s in tables.spending()[symbol] if s.cost <= count]
    return f"{count} {symbol} to spend: " + "; ".join(options) if options else ""
