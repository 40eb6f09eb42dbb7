"""Shared fixtures: the standard ruleset and the position builder; the browser tests'
chromium; a throwaway PostgreSQL cluster for the ``postgres`` tests; a bound on every
test websocket's wait."""

import importlib.util
import warnings

import pytest
from browsing import CHROMIUM

from tortuga_rules import load_ruleset


@pytest.fixture(scope="session")
def rules():
    """The standard ruleset, loaded once."""
    return load_ruleset("standard")


@pytest.fixture(scope="module")
def browser():
    """A headless chromium (the system's: browser downloads are not used), its fonts drawn
    without hinting so that screenshots compare across runs."""
    sync_api = pytest.importorskip("playwright.sync_api", reason="pip install playwright")
    with sync_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                              args=["--no-sandbox", "--disable-gpu", "--font-render-hinting=none"])
        yield b
        b.close()



@pytest.fixture(scope="session")
def postgres_cluster():
    """A PostgreSQL cluster of this test session (tests/pgcluster.py), removed at its end."""
    from pgcluster import cluster_or_skip
    cluster = cluster_or_skip()
    yield cluster
    cluster.remove()


@pytest.fixture
def postgres_url(postgres_cluster):
    """The address of an empty database on the session's cluster (its tables dropped)."""
    import psycopg
    with psycopg.connect(postgres_cluster.url, autocommit=True) as db:
        db.execute("DROP TABLE IF EXISTS moves, seats, tables CASCADE")
    return postgres_cluster.url


#: How long a test's websocket waits for the server's next message before the test fails.
RECEIVE_SECONDS = 30.0


@pytest.fixture(autouse=True)
def _bounded_websockets(monkeypatch):
    """Every wait of a test client's websocket is bounded: a server that never answers fails
    the test instead of hanging the suite (Starlette's own ``receive`` waits forever)."""
    if importlib.util.find_spec("starlette") is None:
        return
    import anyio
    with warnings.catch_warnings():  # its httpx deprecation: said once by the server tests
        warnings.simplefilter("ignore")
        from starlette.testclient import WebSocketTestSession

    def receive(self):
        async def within():
            with anyio.fail_after(RECEIVE_SECONDS):
                return await self._send_rx.receive()
        return self.portal.call(within)
    monkeypatch.setattr(WebSocketTestSession, "receive", receive)
