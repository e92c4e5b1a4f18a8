"""Every test of the conformance suite that takes `ruleset_id` runs once per system of systems.system_ids(): the
app's registry and the test-only systems. A requirement some systems lack by design is marked
`@pytest.mark.when(lambda rules: ...)` (a named function: `pytest.mark.when.with_args(function)`) and runs for the
systems the predicate holds for (say, those with Attacks).
A test-only system is put into the registry for each test (monkeypatched, undone after it), so the controller,
storage and the views find it by id as they find a bundled one."""

from __future__ import annotations

import pytest

from tests.conformance.systems import having, register_test_only, system_ids


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "ruleset_id" not in metafunc.fixturenames:
        return
    marker = metafunc.definition.get_closest_marker("when")
    metafunc.parametrize("ruleset_id", having(marker.args[0]) if marker is not None else system_ids())


@pytest.fixture(autouse=True)
def _test_only_systems_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    register_test_only(monkeypatch)
