"""What a server counts for its operator: requests and how long they took, moves stored,
errors, refusals for a busy store; with the tables and sockets open, served at ``/metrics``
in Prometheus's text format (version 0.0.4) and summed up at ``/health``.

Every figure is bounded in memory whatever the server's uptime: counters are numbers, the
latency quantiles come from the last :data:`WINDOW` requests, the moves a second from the
last :data:`SECONDS` seconds. Nothing here is about a seat or a table: the figures are the
server's alone, so they tell no seat anything it may not know.
"""

from __future__ import annotations

import collections
import time
from typing import Callable, NamedTuple

import attrs

__all__ = ["Metrics", "Family", "WINDOW", "SECONDS"]

#: How many of the latest requests the latency quantiles are taken over.
WINDOW = 2048
#: Over how many seconds the moves a second are counted.
SECONDS = 60


class Family(NamedTuple):
    """One metric as Prometheus reads it: its name, kind, help and samples (each a label
    set - or a suffix of the name - and its value)."""

    name: str
    kind: str
    about: str
    samples: list[tuple[str, float]]


@attrs.define
class Metrics:
    """The server's counters (see the module); ``clock`` is the time (injectable)."""

    clock: Callable[[], float] = time.monotonic
    started: float = attrs.field(init=False)
    requests: int = 0
    seconds: float = 0.0  # the requests' durations, summed
    errors: int = 0
    busy: int = 0
    moves: int = 0
    _latest: collections.deque = attrs.field(factory=lambda: collections.deque(maxlen=WINDOW))
    _per_second: collections.deque = attrs.field(
        factory=lambda: collections.deque(maxlen=SECONDS))  # (second, moves in it)

    def __attrs_post_init__(self):
        self.started = self.clock()

    def request(self, seconds: float, status: int):
        """A request answered with ``status`` after ``seconds``."""
        self.requests += 1
        self.seconds += seconds
        self._latest.append(seconds)
        if status >= 500:
            self.errors += 1
        if status == 503:
            self.busy += 1

    def error(self):
        """A failure outside an HTTP answer (a socket's message, a bot's or clock's move)."""
        self.errors += 1

    def moved(self):
        """A move stored."""
        self.moves += 1
        second = int(self.clock())
        if self._per_second and self._per_second[-1][0] == second:
            self._per_second[-1] = (second, self._per_second[-1][1] + 1)
        else:
            self._per_second.append((second, 1))

    def moves_per_second(self) -> float:
        """The moves stored a second, over the last :data:`SECONDS` seconds (or since the
        start, when that is shorter)."""
        now = self.clock()
        span = min(SECONDS, max(now - self.started, 1.0))
        return sum(n for second, n in self._per_second if second > now - SECONDS) / span

    def quantile(self, q: float) -> float:
        """The ``q`` quantile of the latest requests' durations, in seconds (0 before any)."""
        if not self._latest:
            return 0.0
        ordered = sorted(self._latest)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    def health(self, tables: int, sockets: int) -> dict:
        """The figures an operator checks first, as ``/health`` answers them."""
        return {"status": "ok", "uptime_seconds": round(self.clock() - self.started, 1),
                "tables": tables, "sockets": sockets,
                "moves_per_second": round(self.moves_per_second(), 2),
                "errors": self.errors, "p99_ms": round(self.quantile(0.99) * 1000, 1)}

    def text(self, tables: int, sockets: int) -> str:
        """Every figure in Prometheus's text format."""
        rows = [
            Family("tortuga_tables", "gauge", "Tables in play or recently finished, in memory.",
             [("", tables)]),
            Family("tortuga_sockets", "gauge", "Open websocket connections.", [("", sockets)]),
            Family("tortuga_moves_total", "counter", "Moves stored since the server started.",
             [("", self.moves)]),
            Family("tortuga_moves_per_second", "gauge",
             f"Moves stored a second over the last {SECONDS} seconds.",
             [("", round(self.moves_per_second(), 3))]),
            Family("tortuga_requests_total", "counter", "HTTP requests answered.",
             [("", self.requests)]),
            Family("tortuga_errors_total", "counter",
             "Failures: 5xx answers, failed socket messages, failed bot or clock moves.",
             [("", self.errors)]),
            Family("tortuga_busy_total", "counter", "Requests answered busy (the store was held).",
             [("", self.busy)]),
            Family("tortuga_request_seconds", "summary",
             f"HTTP request durations, over the last {WINDOW} requests.",
             [*((f'{{quantile="{q}"}}', round(self.quantile(q), 6)) for q in (0.5, 0.9, 0.99)),
              ("_sum", round(self.seconds, 6)), ("_count", self.requests)]),
            Family("tortuga_uptime_seconds", "gauge", "Seconds since the server started.",
             [("", round(self.clock() - self.started, 1))]),
        ]
        lines: list[str] = []
        for row in rows:
            lines += [f"# HELP {row.name} {row.about}", f"# TYPE {row.name} {row.kind}"]
            lines += [f"{row.name}{labels} {value}" for labels, value in row.samples]
        return "\n".join(lines) + "\n"
