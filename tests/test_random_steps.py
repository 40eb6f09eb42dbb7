"""No Python exception from rules data: random steps over every bundled and documented rules file.

Uniform random legal actions, many seeds, every player count, every bundled ruleset at its
defaults and with all its options at their lowest and at their highest, and every rules file
under docs/examples, played through the public API (on the default engine: the native one
where it is built) and through rollouts on the default engine and on the reference one. A
step either goes through or is refused with a :class:`~tortuga_rules.errors.TortugaError`;
no other exception may escape, and the bundled rules at their defaults refuse none.

The default run takes a few thousand steps; ``pytest -m slow`` takes 10^5.
"""

import random
from pathlib import Path

import attrs
import pytest
import yaml

from tortuga_rules import Rollout, apply_action, bundled_rulesets, legal_actions, load_ruleset
from tortuga_rules import new_game
from tortuga_rules.errors import TortugaError

DOCS = Path(__file__).resolve().parent.parent / "docs" / "examples"


@attrs.frozen
class Config:
    """One ruleset to play: its name or path, and the option values it is played with."""

    spec: str
    options: tuple = ()  # ((option, value), ...)

    def __str__(self) -> str:
        given = ",".join(f"{k}={v}" for k, v in self.options)
        return f"{self.spec}:{given}" if given else self.spec

    def load(self):
        return load_ruleset(self.spec, options=dict(self.options) or None)


def _extreme(decl: dict, high: bool):
    """An option's value at one end of what it takes."""
    kind = decl.get("type")
    if kind == "integer":
        return decl["max"] if high else decl["min"]
    if kind == "choice":
        return decl["choices"][-1 if high else 0]
    if kind == "boolean":
        return high
    return decl.get("default")


def documented() -> list:
    """The rules files under docs/examples (a variant or a game, not a scenario)."""
    out = []
    for path in sorted(DOCS.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and ("extends" in data or "components" in data) \
                and "cards" not in path.parts:
            out.append(str(path))
    return out


def configs() -> list:
    """Every bundled ruleset at its defaults and at both ends of its options, and every
    documented rules file."""
    out = []
    for spec in bundled_rulesets():
        out.append(Config(spec))
        decls = load_ruleset(spec).option_decls
        for high in (False, True):
            values = tuple(sorted((k, _extreme(d, high)) for k, d in decls.items()))
            if values:
                out.append(Config(spec, values))
    return out + [Config(path) for path in documented()]


def _step_api(state, rnd):
    return apply_action(state, rnd.choice(legal_actions(state)))


def play(config: Config, steps: int, seed: int = 0) -> list:
    """Take ``steps`` random steps under ``config`` (new games as games end, every player
    count in turn, the public API and rollouts on either engine in turn); the TortugaErrors
    met, as text. Any other exception escapes, and fails the test naming where."""
    try:
        rules = config.load()
    except TortugaError as exc:  # options that do not go together (a zone's size)
        return [f"{config}: {exc}"]
    counts = range(rules.min_players, rules.max_players + 1)
    rnd = random.Random(seed)
    refused: list = []
    taken, game = 0, 0
    while taken < steps:
        players = counts[game % len(counts)]
        where = f"{config}, {players} players, game {game}"
        try:
            taken += _one_game(rules, players, seed * 10_000 + game, rnd, steps - taken,
                               PATHS[game % len(PATHS)])
        except TortugaError as exc:
            refused.append(f"{where}: {exc}")
            taken += 1
        except Exception as exc:  # the point of this test: say where, then fail
            raise AssertionError(f"{where}: a Python exception escaped: {exc!r}") from exc
        game += 1
    return refused


#: How a game is played: the public API (on the default engine: the native one where it is
#: built), a rollout on the default engine, a rollout on the reference engine.
PATHS = ("api", "rollout", "python")


def _one_game(rules, players: int, seed: int, rnd, budget: int, path: str) -> int:
    """Play one game (at most ``budget`` steps) along ``path``; the steps taken."""
    state = new_game(rules, players, seed)
    if path != "api":
        roll = Rollout(state, engine="python" if path == "python" else None)
        taken = 0
        while not roll.is_terminal and taken < budget:
            roll.apply(rnd.choice(roll.legal_actions()))
            taken += 1
        return max(taken, 1)
    taken = 0
    while not state.is_terminal and taken < budget:
        state = _step_api(state, rnd)
        taken += 1
    return max(taken, 1)


CONFIGS = configs()


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_random_steps_raise_no_python_exception(config):
    """A few hundred random steps under each configuration: only TortugaErrors, and
    none under a bundled ruleset at its defaults."""
    refused = play(config, 120)
    if not config.options and not Path(config.spec).is_absolute():
        assert refused == []


@pytest.mark.slow
def test_a_hundred_thousand_random_steps_raise_no_python_exception():
    """10^5 random steps over every configuration (opt in: pytest -m slow)."""
    per = -(-100_000 // len(CONFIGS))
    refused = []
    for i, config in enumerate(CONFIGS):
        refused += [r for r in play(config, per, seed=1 + i)
                    if not config.options and not Path(config.spec).is_absolute()]
    assert refused == []
