"""A campaign whose flow is nested past the bound is refused when opened in the window, with the field named and
the file left as it was; the window goes on, and another campaign opens and saves."""

from __future__ import annotations

import json

from crisis_desktop.domain.limits import JSON_DEPTH_MAX
from crisis_desktop.storage.demo import seed_demo


def test_a_flow_nested_300_deep_is_refused_naming_the_field(make_window, paths, answers):
    demo = seed_demo(paths) or paths.campaigns / "demo.json"
    data = json.loads(demo.read_text(encoding="utf-8"))
    data["encounters"][0]["flow"] = {"order": "DEEP"}
    deep = paths.campaigns / "deep.json"
    deep.write_text(json.dumps(data).replace('"DEEP"', "[" * 300 + "]" * 300), encoding="utf-8")
    before = deep.read_bytes()
    window = make_window("deep")
    [error] = answers.texts("error")
    assert error.startswith("Cannot open campaign: deep.json: encounters[0].flow: order[0][0]")
    assert error.endswith(f": nested more than {JSON_DEPTH_MAX} levels deep\n\nThe file was left unchanged.")
    assert "Traceback" not in error
    assert deep.read_bytes() == before
    assert window.open_campaign(demo)
    answers.queued["text"].append("Still saving")
    window.menus.act_rename.trigger()
    window.menus.act_save.trigger()
    window.document.wait_for_save()
    assert not window.isWindowModified()
    assert json.loads(demo.read_text(encoding="utf-8"))["name"] == "Still saving"
    assert deep.read_bytes() == before
