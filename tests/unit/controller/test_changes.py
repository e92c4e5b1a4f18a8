"""Change sets joined: every id set, the order flag and the notes of all of them, in one pass or two by two."""

from __future__ import annotations

from crisis_desktop.controller.changes import ChangeSet


def test_a_union_holds_everything_each_change_named():
    parts = [ChangeSet(characters=frozenset({"a"}), notes=("one",)),
             ChangeSet(combatants=frozenset({"c1", "c2"}), encounters=frozenset({"e"}), order=True),
             ChangeSet(characters=frozenset({"a", "b"}), cells=frozenset({("m", 1, 2)}), notes=("two",))]
    joined = ChangeSet.union(parts)
    assert joined == ChangeSet(characters=frozenset({"a", "b"}), combatants=frozenset({"c1", "c2"}),
                               encounters=frozenset({"e"}), cells=frozenset({("m", 1, 2)}), order=True,
                               notes=("one", "two"))
    assert parts[0] | parts[1] | parts[2] == joined
    assert ChangeSet.union([]).empty and not joined.empty
