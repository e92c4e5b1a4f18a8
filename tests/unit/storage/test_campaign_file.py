"""Reading campaign files: the fast path for this build's own layout agrees with the full one."""

from __future__ import annotations


def test_fast_and_full_reading_agree_and_errors_stay_precise(tmp_path):
    from crisis_desktop.resources_access import resource
    from crisis_desktop.storage.campaign_file import (
        _CURRENT_PREFIX,
        CampaignFileError,
        campaign_bytes,
        parse_campaign_bytes,
        parse_campaign_data,
        parse_json_object,
    )

    demo = parse_campaign_bytes(resource("demo", "campaign.json").read_bytes(), tmp_path / "demo.json")
    raw = campaign_bytes(demo)
    assert raw.startswith(_CURRENT_PREFIX)  # what this build writes takes the fast path
    path = tmp_path / "c.json"
    assert parse_campaign_bytes(raw, path) == parse_campaign_data(parse_json_object(raw, path), path)

    bad = raw.replace(b'"name": "Vera Kask"', b'"name": ""', 1)
    assert bad != raw
    try:
        parse_campaign_bytes(bad, path)
    except CampaignFileError as exc:
        assert exc.field_path is not None and exc.field_path.startswith("characters[")
        assert exc.field_path.endswith("].name")
    else:
        raise AssertionError("an empty name was accepted")
