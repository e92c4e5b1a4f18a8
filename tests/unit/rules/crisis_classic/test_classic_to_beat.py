"""What a crisis-classic attack must roll under before the roll, with the defence that follows, as the attack dialog
names it (the shared `to_beat` and `to_beat_words`)."""

from __future__ import annotations

from attack_requests import request_of
from classic_helpers import make_actor, weapon

from crisis_desktop.domain import CharacterKind
from crisis_desktop.rules.qstar.context import AttackContext


def test_the_roll_under_target_and_the_defence_roll_it_must_beat(rules):
    vera = make_actor("Vera", speed=12, light_weapons=2)
    otto = make_actor("Otto", speed=11)
    request = request_of(AttackContext(vera, weapon("Pistol"), otto, distance=3))
    target = rules.attacks.to_beat(request, {})
    # Speed 12 + Light Weapons 2 = 14, the pistol's HIT 0: 3d6 at or under 14.
    assert target.value == 14 and target.breakdown().startswith("Speed = 12, Light Weapons rank = +2")
    assert rules.attacks.to_beat_words(request, {}) == (
        "Roll 3d6 at or under (then Otto defends with 3d6 ≤ 11; a better result parries)", "3d6 ≤")


def test_an_npc_with_a_fixed_defence_puts_its_difficulty_into_the_target(rules):
    vera = make_actor("Vera", speed=12, light_weapons=2)
    gunman = make_actor("Gunman", CharacterKind.NPC, difficulty=6)
    surprised = make_actor("Otto", speed=11)
    request = request_of(AttackContext(vera, weapon("Pistol"), gunman, distance=3))
    target = rules.attacks.to_beat(request, {"npc_defence": "fixed"})
    dl = [t for t in target.terms if t.label.startswith("Difficulty Level 6")]
    assert len(dl) == 1 and target.value == 14 + dl[0].value
    heading, words = rules.attacks.to_beat_words(request, {"npc_defence": "fixed"})
    assert heading == "Roll 3d6 at or under (Gunman does not roll to defend)" and words == "3d6 ≤"
    surprise = request_of(AttackContext(vera, weapon("Pistol"), surprised, distance=3, target_surprised=True))
    assert rules.attacks.to_beat_words(surprise, {})[0] == "Roll 3d6 at or under (Otto is surprised: no defence)"
