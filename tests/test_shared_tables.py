"""What a process shares between its games stays bounded, whatever rules it loads."""

from tortuga_rules.game import ranges
from tortuga_rules.procedures import workspace


def test_shared_decisions_are_bounded_however_many_names_rules_bring(monkeypatch):
    """Decisions without options are shared by seat, kind, name and clause - texts of the
    rules - so a process loading house rules for weeks empties them past their count and
    refills them, and a shared decision is still the decision asked for."""
    monkeypatch.setattr(workspace, "SHARED_DECISIONS", 16)
    monkeypatch.setattr(workspace, "_DECISIONS", {})
    w = workspace.Workspace(None, {})
    for i in range(100):
        w.decide(i % 5, "choose", f"name{i}", (), f"clause.{i}")
        d = w.f["decision"]
        assert (d.seat, d.kind, d.name, d.clause) == (i % 5, "choose", f"name{i}", f"clause.{i}")
        assert len(workspace._DECISIONS) <= 16


def test_validators_of_event_schemas_are_bounded(monkeypatch):
    """Each event schema's validator is made once, but games read from rules files bring
    schemas of their own: past their count the validators are emptied and refill."""
    monkeypatch.setattr(ranges, "VALIDATORS", 8)
    monkeypatch.setattr(ranges, "_VALIDATORS", {})
    for i in range(40):
        schema = {"type": "integer", "maximum": i}
        assert ranges._validator(schema).is_valid(i)
        assert not ranges._validator(schema).is_valid(i + 1)
        assert len(ranges._VALIDATORS) <= 8
