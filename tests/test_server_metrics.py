"""What a server tells its operator: ``/metrics`` in Prometheus's text format and
``/health`` as JSON - tables, sockets, moves, requests, errors and latency, every figure
bounded in memory."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("httpx")
from serving import served  # noqa: E402

from tortuga_rules import legal_actions  # noqa: E402
from tortuga_rules.server.metrics import SECONDS, WINDOW, Metrics  # noqa: E402

SAMPLE = re.compile(r'^(tortuga_[a-z_]+)(\{quantile="0\.\d+"\})? (-?[0-9.]+)$')


@pytest.fixture
def client(tmp_path):
    """A server on a fresh database; bots move at once."""
    yield from served(tmp_path)


def _samples(text: str) -> dict:
    """Every sample of a Prometheus text answer, by name (and quantile label)."""
    samples = {}
    for line in text.splitlines():
        if line.startswith("#"):
            assert line.split()[1] in ("HELP", "TYPE")
            continue
        match = SAMPLE.match(line)
        assert match, line
        samples[match.group(1) + (match.group(2) or "")] = float(match.group(3))
    return samples


def test_metrics_count_tables_moves_and_requests_in_prometheus_text(client):
    """After a table of three people is made and four moves are played, ``/metrics``
    counts the table, the four moves stored, the requests answered and their quantiles."""
    made = client.post("/api/tables", json={"players": 3,
                                             "seats": ["human", "open", "open"]}).json()
    tid = made["table"]["id"]
    tokens = {0: made["token"]}
    for seat in (1, 2):
        tokens[seat] = client.post(f"/api/tables/{tid}/join", json={"seat": seat}).json()["token"]
    table = client.lobby.get(tid)
    for _ in range(4):
        state = table.state
        answer = client.post(f"/api/tables/{tid}/actions",
                             json={"action": str(legal_actions(state)[0]), "step": state.step},
                             headers={"Authorization": f"Bearer {tokens[state.current_player]}"})
        assert answer.status_code == 200
    answer = client.get("/metrics")
    assert answer.headers["content-type"].startswith("text/plain; version=0.0.4")
    samples = _samples(answer.text)
    assert samples["tortuga_tables"] == 1 and samples["tortuga_sockets"] == 0
    assert samples["tortuga_moves_total"] == len(table.moves) == 4
    assert samples["tortuga_requests_total"] == samples["tortuga_request_seconds_count"] == 7
    assert 0 < samples['tortuga_request_seconds{quantile="0.5"}'] \
        <= samples['tortuga_request_seconds{quantile="0.99"}']
    assert samples["tortuga_errors_total"] == 0


def test_health_sums_the_figures_up_as_json(client):
    """``/health`` is up, with its tables, sockets, moves a second, errors and p99."""
    client.post("/api/tables", json={"players": 3, "seats": ["human", "random", "random"]})
    health = client.get("/health").json()
    assert health["status"] == "ok" and health["tables"] == 1 and health["sockets"] == 0
    assert set(health) == {"status", "uptime_seconds", "tables", "sockets",
                           "moves_per_second", "errors", "p99_ms"}


def test_the_figures_stay_bounded_and_count_errors_and_busy_answers():
    """However many requests and moves, the metrics keep the last ``WINDOW`` durations and
    ``SECONDS`` seconds of moves; 5xx answers are errors, 503s also busy."""
    now = [1000.0]
    metrics = Metrics(clock=lambda: now[0])
    for i in range(WINDOW * 3):
        metrics.request(0.001 if i % 100 else 0.5, 200)
        metrics.moved()
        now[0] += 0.01
    assert len(metrics._latest) == WINDOW and len(metrics._per_second) <= SECONDS
    assert metrics.quantile(0.5) == 0.001 and metrics.quantile(0.999) == 0.5
    assert metrics.moves_per_second() == pytest.approx(100, rel=0.05)
    metrics.request(0.1, 500)
    metrics.request(0.1, 503)
    metrics.error()
    assert (metrics.errors, metrics.busy, metrics.requests) == (3, 1, WINDOW * 3 + 2)
