"""Shared fixtures: the standard ruleset and the position builder."""

import pytest

from tortuga_rules import load_ruleset


@pytest.fixture(scope="session")
def rules():
    """The standard ruleset, loaded once."""
    return load_ruleset("standard")
