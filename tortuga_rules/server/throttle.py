"""How much each address may ask: token buckets per address and kind of request.

A public server meets clients that ask too much, by mistake or on purpose. Every request
is counted against its address's bucket of its kind - ``file`` (GETs of the web client's
own files: a page load asks for a score of them, each answered from memory), ``read``
(other HTTP GETs), ``post``
(HTTP posts), ``hello`` (websockets opened), ``auth`` (tokens that opened nothing) and
``socket`` (websocket messages, over all of an address's sockets, so reconnecting resets
nothing) - and refused while the bucket is empty. The map of addresses is bounded: the
longest-quiet addresses are forgotten first (a forgotten address starts with a full
bucket, which is what it would have refilled to).
"""

from __future__ import annotations

import collections
import time
from typing import Callable

import attrs

__all__ = ["RateLimit", "Throttle", "read_kind"]


def read_kind(path: str) -> str:
    """The bucket a GET (or HEAD) of ``path`` counts against: ``file`` for the page, its
    icon and the client's files under ``/web/``; ``read`` for everything else."""
    return "file" if path in ("/", "/favicon.ico") or path.startswith("/web/") else "read"


@attrs.define
class RateLimit:
    """A token bucket: ``burst`` requests at once, ``rate`` per second after that, timed
    by ``clock`` (seconds)."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    tokens: float = attrs.field(default=attrs.Factory(lambda self: self.burst, takes_self=True))
    stamp: float = attrs.field(default=attrs.Factory(lambda self: self.clock(), takes_self=True))

    def allow(self) -> bool:
        """Take one token if there is one."""
        self._refill()
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True

    def empty(self) -> bool:
        """True while no token is left (nothing is taken)."""
        self._refill()
        return self.tokens < 1

    def _refill(self):
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now


class Throttle:
    """The buckets of every address seen lately (at most ``addresses`` of them); each
    kind's rate and burst are ``limits.<kind>_rate`` and ``limits.<kind>_burst``, timed by
    ``clock`` (tests stop it to make refills exact)."""

    def __init__(self, limits, addresses: int = 20_000,
                 clock: Callable[[], float] = time.monotonic):
        self.limits = limits
        self.clock = clock
        self.addresses = addresses
        self._buckets: collections.OrderedDict = collections.OrderedDict()

    def bucket(self, kind: str, address: str) -> RateLimit:
        """``address``'s bucket of ``kind`` (the address becomes the most recent)."""
        key = (kind, address)
        limit = self._buckets.pop(key, None)
        if limit is None:
            limit = RateLimit(getattr(self.limits, f"{kind}_rate"),
                              getattr(self.limits, f"{kind}_burst"), self.clock)
        self._buckets[key] = limit
        while len(self._buckets) > self.addresses:
            self._buckets.popitem(last=False)
        return limit

    def allow(self, kind: str, address: str) -> bool:
        """Take one of ``address``'s ``kind`` tokens; False if it has none left."""
        return self.bucket(kind, address).allow()

    def spent(self, kind: str, address: str) -> bool:
        """True while ``address`` has no ``kind`` token left (none is taken)."""
        key = (kind, address)
        return key in self._buckets and self._buckets[key].empty()

    def __len__(self) -> int:
        return len(self._buckets)
