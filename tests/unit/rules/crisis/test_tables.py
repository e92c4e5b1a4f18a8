"""The bundled crisis combat and healing tables have the shape their TypedDicts promise to the type checker."""

from __future__ import annotations

from typing import get_type_hints

import pytest

from crisis_desktop.rules.crisis import tables


def plain_fields_match(row: dict, typed: type) -> None:
    """Exactly the declared keys; every field declared int or str holds one (bool is not an int here)."""
    assert set(row) == set(typed.__required_keys__)
    for key, hint in get_type_hints(typed).items():
        if hint in (int, str):
            assert type(row[key]) is hint, f"{typed.__name__}.{key} is {row[key]!r}"


@pytest.mark.parametrize("load, typed", [(tables.combat, tables.CombatTable),
                                         (tables.healing, tables.HealingTable)])
def test_table_has_the_typed_keys(load, typed):
    plain_fields_match(load(), typed)


def test_nested_rows_have_the_typed_keys():
    combat = tables.combat()
    for scatter in combat["scatter"].values():
        plain_fields_match(scatter, tables.ScatterTable)
    for row in tables.healing()["natural"]:
        plain_fields_match(row, tables.NaturalHealingRow)
    assert all(v is None or type(v) is int for v in combat["cover"].values())
    assert all(len(band) == 2 for bands in combat["range_bands"].values() for band in bands.values())
