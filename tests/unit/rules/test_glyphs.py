"""Dice and symbols as vector data and SVG: every genesys die and face has its drawing; systems without symbols
draw nothing."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from crisis_desktop.rules.crisis.ruleset import CrisisRuleset
from crisis_desktop.rules.genesys import narrative
from crisis_desktop.rules.genesys.ruleset import GenesysRuleset
from crisis_desktop.rules.kernel.dice import DieKind, Face
from crisis_desktop.rules.kernel.glyphs import (
    SHAPES,
    DieShape,
    die_layers,
    die_svg,
    drawn,
    face_boxes,
    symbols_svg,
    tally_symbols,
)
from crisis_desktop.rules.kernel.tally import Tally

SVG = "{http://www.w3.org/2000/svg}"
GENESYS = GenesysRuleset()
GLYPHS = GENESYS.symbol_glyphs()


def paths(svg: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root.findall(f"{SVG}path")


def test_every_symbol_a_genesys_face_counts_or_shows_has_a_glyph_inside_the_unit_box():
    symbols = {s for kind in GENESYS.dice_kinds() for face in kind.faces for s in (*face.symbols, *face.printed())}
    assert symbols == {"success", "advantage", "triumph", "failure", "threat", "despair"}
    assert list(GLYPHS) == ["success", "advantage", "triumph", "failure", "threat", "despair"]
    for name, glyph in GLYPHS.items():
        assert glyph.name == name and glyph.outlines
        for outline in glyph.outlines:
            assert len(outline) >= 3
            assert all(-1e-9 <= v <= 1 + 1e-9 for point in outline for v in point), name


@pytest.mark.parametrize("kind", GenesysRuleset().dice_kinds(), ids=lambda k: k.key)
def test_every_genesys_die_and_face_is_drawn_and_its_svg_parses(kind: DieKind):
    assert drawn(kind)
    expected = {"boost": "square", "setback": "square", "ability": "diamond", "difficulty": "diamond",
                "proficiency": "hexagon", "challenge": "hexagon"}
    assert kind.shape == expected[kind.key]
    blank = paths(die_svg(kind, None, GLYPHS, 32))
    assert len(blank) == 1 and blank[0].get("fill") == kind.fill          # the body alone, in the die's colour
    for face in kind.faces:
        layers = die_layers(kind, face, GLYPHS)
        assert len(layers) == 1 + len(face.printed())
        assert all(layer.fill == kind.ink for layer in layers[1:])
        found = paths(die_svg(kind, face, GLYPHS, 32))
        assert len(found) == len(layers)
        title = ET.fromstring(die_svg(kind, face, GLYPHS, 32)).find(f"{SVG}title")
        assert title is not None and title.text is not None and title.text.startswith(kind.name)


def test_a_triumph_face_shows_one_triumph_and_counts_a_success_besides():
    tr = narrative.kinds()["proficiency"].faces[-1]
    assert tr.text == "tr" and tr.printed() == ("triumph",)
    assert tr.symbols == Tally.of("triumph", "success")
    sa = narrative.kinds()["ability"].faces[6]
    assert sa.text == "sa" and sa.printed() == ("success", "advantage")      # as typed, success first
    assert Face("x", Tally.of("a", "a", "b")).printed() == ("a", "a", "b")    # nothing said: what it counts


def test_symbols_on_a_face_do_not_overlap_and_stay_on_the_die():
    for shape in DieShape:
        for count in range(1, 7):
            boxes = face_boxes(shape, count)
            assert len(boxes) == count
            for i, (x, y, size) in enumerate(boxes):
                assert min(x, y) >= 0 and max(x, y) + size <= 1
                for x2, y2, size2 in boxes[i + 1:]:
                    apart = x + size <= x2 + 1e-9 or x2 + size2 <= x + 1e-9 or y + size <= y2 + 1e-9 \
                        or y2 + size2 <= y + 1e-9
                    assert apart, (shape, count, i)
        assert len(SHAPES[shape]) >= 4


def test_a_net_result_lists_its_symbols_in_the_rules_order_and_draws_each():
    net = Tally({"threat": 2, "success": 1, "triumph": 1, "unknown": 3})
    assert tally_symbols(net, GLYPHS) == ["success", "triumph", "threat", "threat"]
    svg = symbols_svg(tally_symbols(net, GLYPHS), GLYPHS, 16, ink="#123456")
    root = ET.fromstring(svg)
    assert root.get("width") == "64" and root.get("height") == "16"
    assert [p.get("fill") for p in paths(svg)] == ["#123456"] * 4
    assert root.find(f"{SVG}title").text == "1 success, 2 threat, 1 triumph"
    with pytest.raises(ValueError, match="No glyph for unknown"):
        symbols_svg(["success", "unknown"], GLYPHS)


def test_systems_of_numbers_and_dice_without_looks_draw_nothing():
    assert CrisisRuleset().symbol_glyphs() == {}
    plain = DieKind("edge", "Edge die", (Face("s", Tally.of("success")),), "green")
    assert not drawn(plain) and die_layers(plain, plain.faces[0], GLYPHS) == []
    with pytest.raises(ValueError, match="do not say how the Edge die looks"):
        die_svg(plain, None, GLYPHS)


def test_a_title_with_markup_characters_stays_text():
    kind = DieKind("odd", "Die <&>", (Face("s", Tally.of("success")),), "", "square", "#ffffff", "#000000")
    assert ET.fromstring(die_svg(kind, kind.faces[0], GLYPHS)).find(f"{SVG}title").text == "Die <&>: 1 success"
