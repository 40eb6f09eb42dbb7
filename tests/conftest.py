"""Shared fixtures: the standard ruleset and the position builder; the browser tests'
chromium."""

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
