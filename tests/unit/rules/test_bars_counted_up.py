"""A bar counted up against a threshold (wounds taken, `lower_is_worse` False) reads as the rules write it and is
empty when the threshold is passed; the default standing and the marks read from it."""

from __future__ import annotations

from collections.abc import Sequence

from crisis_desktop.domain import Character, CharacterKind
from crisis_desktop.rules.base import Actor, BarRole, Options, ResourceSpec, StateRole, in_words
from crisis_desktop.rules.base.sheet_part import Sheet
from crisis_desktop.rules.registry import get_ruleset


class WoundsSheet(Sheet):
    """Wounds taken against a threshold of 10, the HEALTH bar."""

    def resources(self, actor: Actor, options: Options) -> Sequence[ResourceSpec]:
        taken = actor.character.status.get("wounds", 0)
        assert isinstance(taken, int)
        return [ResourceSpec("wounds", "Wounds", taken, 10, lower_is_worse=False, role=BarRole.HEALTH)]


def test_a_bar_counted_up_is_left_below_its_maximum_and_none_past_it():
    assert ResourceSpec("wounds", "Wounds", 4, 15, lower_is_worse=False).left == 11
    assert ResourceSpec("wounds", "Wounds", 16, 15, lower_is_worse=False).left == 0
    assert ResourceSpec("hp", "Health", 7, 15).left == 7
    assert ResourceSpec("wounds", "Wounds", 4, 15, lower_is_worse=False).shown == "Wounds 4/15"


def test_the_default_standing_reads_a_bar_counted_up():
    sheet = WoundsSheet(get_ruleset("crisis"))      # a part reads the rest of its rules through them: none here
    ada = Character(name="Ada", kind=CharacterKind.PC, status={"wounds": 9})
    assert sheet.state(ada, {}).role is StateRole.FIGHTING
    ada.status["wounds"] = 10
    assert sheet.state(ada, {}).role is StateRole.DOWN and sheet.state(ada, {}).text == "Ada is down: Wounds 10/10"
    assert list(sheet.marks(Actor(ada), {})) == []          # nothing more tracked by default


def test_a_key_the_rules_name_nothing_by_reads_in_words():
    assert in_words("knocked_out") == "Knocked out" and in_words("prone") == "Prone"
