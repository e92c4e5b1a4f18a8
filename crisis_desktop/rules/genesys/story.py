"""Story points (Genesys) and Destiny (Edge of the Empire): the players' and the GM's pools at the start of a session,
a point spent on a check upgrading it (its ability, or the difficulty it faces) and flipping to the other side."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from crisis_desktop.domain import Character, CharacterKind, StatValue
from crisis_desktop.rules.base import Actor, FieldKind, FieldSpec, Options, Pools, PoolSpec, PoolSpend
from crisis_desktop.rules.base.pools import SessionStart
from crisis_desktop.rules.genesys.narrative import Pool
from crisis_desktop.rules.genesys.options import eote
from crisis_desktop.rules.kernel.dice import DiceSource, DieKind, Face
from crisis_desktop.rules.kernel.tally import Tally

PLAYERS, GM = "story_players", "story_gm"
# The check inputs: a point of the acting side upgrades its ability, one of the other side the difficulty it faces.
ABILITY, DIFFICULTY = "story_ability", "story_difficulty"
INPUTS = (ABILITY, DIFFICULTY)
GM_START = 1     # Genesys: the GM's pool starts each session with one story point

LIGHT, DARK = "light", "dark"


def _face(light: int, dark: int) -> Face:
    text = "l" * light + "d" * dark
    return Face(text, Tally({LIGHT: light} if light else {DARK: dark}))


# The Force die of Edge of the Empire (twelve faces): six with one dark side pip, one with two; two with one light
# side pip, three with two.
FORCE = DieKind("force", "Force die", (*(_face(0, 1) for _ in range(6)), _face(0, 2), _face(1, 0), _face(1, 0),
                                        _face(2, 0), _face(2, 0), _face(2, 0)), "white")


def pool_specs(options: Options) -> list[PoolSpec]:
    if eote(options):
        return [PoolSpec(PLAYERS, "Destiny, light side", "Light", "Destiny points the players may spend"),
                PoolSpec(GM, "Destiny, dark side", "Dark", "Destiny points the GM may spend")]
    return [PoolSpec(PLAYERS, "Players' story points", "Players", "Story points the players may spend"),
            PoolSpec(GM, "GM's story points", "GM", "Story points the GM may spend")]


def player_characters(characters: Sequence[Character]) -> list[Character]:
    return [c for c in characters if c.kind is CharacterKind.PC]


def session_start(characters: Sequence[Character], dice: DiceSource, options: Options) -> SessionStart:
    """Genesys: one story point per player character for the players, one for the GM. Edge of the Empire: each
    player rolls a Force die; its light side pips are the players' destiny points, its dark side pips the GM's."""
    pcs = player_characters(characters)
    if not eote(options):
        return SessionStart({PLAYERS: len(pcs), GM: GM_START},
                            (f"Story points: {len(pcs)} for the players (one per player character), {GM_START} for "
                             "the GM",))
    light = dark = 0
    rolls = []
    for pc in pcs:
        face = FORCE.faces[dice.roll(FORCE.sides, f"{pc.name}: destiny", FORCE) - 1]
        light += face.symbols.get(LIGHT)
        dark += face.symbols.get(DARK)
        pips = face.symbols.get(LIGHT) or face.symbols.get(DARK)
        rolls.append(f"{pc.name} {pips} {'light' if face.symbols.get(LIGHT) else 'dark'}")
    notes = (f"Destiny roll: {', '.join(rolls) or 'no player characters'}; light side {light}, dark side {dark}",)
    return SessionStart({PLAYERS: light, GM: dark}, notes)


def players_act(actor: Actor) -> bool:
    """The players spend their points on a player character's checks; the GM on everyone else's."""
    return actor.character.kind is CharacterKind.PC


def point_word(options: Options) -> str:
    return "Destiny point" if eote(options) else "Story point"


def check_inputs(actor: Actor, options: Options, group: str = "Check") -> list[FieldSpec]:
    """A point of the acting side to upgrade the check's ability, one of the other side to upgrade its difficulty."""
    own, other = ("players", "GM") if players_act(actor) else ("GM", "players")
    word = point_word(options)
    return [
        FieldSpec(ABILITY, f"{word} ({own}): upgrade ability", FieldKind.BOOL, group, False,
                  help=f"The {own} spend one: an ability die becomes a proficiency die; the point goes to the {other}"),
        FieldSpec(DIFFICULTY, f"{word} ({other}): upgrade difficulty", FieldKind.BOOL, group, False,
                  help=f"The {other} spend one: a difficulty die becomes a challenge die; the point goes to the "
                       f"{own}"),
    ]


def _on(inputs: Mapping[str, StatValue], key: str) -> bool:
    return inputs.get(key) is True


def spends(actor: Actor, inputs: Mapping[str, StatValue], options: Options) -> list[PoolSpend]:
    """The points a check or an attack of `actor` spends: each from the side that spends it to the other side."""
    own, other = (PLAYERS, GM) if players_act(actor) else (GM, PLAYERS)
    word = point_word(options).lower()
    out = []
    if _on(inputs, ABILITY):
        out.append(PoolSpend(own, other, 1, f"{word}: upgrade ability"))
    if _on(inputs, DIFFICULTY):
        out.append(PoolSpend(other, own, 1, f"{word}: upgrade difficulty"))
    return out


def upgraded(pool: Pool, inputs: Mapping[str, StatValue]) -> Pool:
    """The pool of a check or an attack with the story points spent on it (one upgrade each), from its inputs."""
    if _on(inputs, ABILITY):
        pool = pool.upgrade_ability(1, "story point")
    if _on(inputs, DIFFICULTY):
        pool = pool.upgrade_difficulty(1, "story point")
    return pool


class GenesysPools(Pools):
    """The players' and the GM's pools (story points; Destiny's light and dark side in Edge of the Empire)."""

    def pools(self, options: Options) -> Sequence[PoolSpec]:
        return pool_specs(self.rules.options_with_defaults(options))

    def title(self, options: Options) -> str:
        return "Destiny" if eote(self.rules.options_with_defaults(options)) else "Story points"

    def session_start(self, characters: Sequence[Character], dice: DiceSource, options: Options) -> SessionStart:
        return session_start(characters, dice, self.rules.options_with_defaults(options))
