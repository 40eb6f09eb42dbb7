"""Fuzzing the loader and the engine with generated house rules.

Programs are generated from the DSL's own grammar (``hypothesis.extra.lark``) with names,
numbers and clause tags drawn from the ones the language knows, so many of them compile;
rulesets and variants are generated from their JSON Schemas (``hypothesis-jsonschema``).
Each is loaded and, where it loads, played for a few random games. The only exceptions
allowed are ``TortugaError``s, and every load stays within the bounds docs/api.md states:
:data:`LOAD_SECONDS` of CPU time, and the process's peak memory grows by less than
:data:`LOAD_MEMORY` bytes.
"""

import copy
import random
import time
import resource
from importlib.resources import files

import pytest
import yaml
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from hypothesis.extra.lark import from_lark
from hypothesis_jsonschema import from_schema
from lark import Lark

from tortuga_rules import TortugaError, apply_action, load_ruleset, new_game
from tortuga_rules.data.schema import schema
from tortuga_rules.games.tortuga1667.functions import ALL as FUNCTIONS, CONSTANTS
from tortuga_rules.games.tortuga1667.verbs import VERBS

from helpers import revealing

LOAD_SECONDS = 10.0
LOAD_MEMORY = 256 * 2**20

# Derandomised and without an example database, so every run tries the same inputs; no
# shrinking, so a failure is reported at once (raw) instead of minutes later (minimal).
_SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck), derandomize=True,
                 database=None, phases=[Phase.explicit, Phase.generate])
_STANDARD = load_ruleset("standard")
_NAMES = sorted(set(VERBS) | set(FUNCTIONS) | set(CONSTANTS)
                | {"revealer", "actor", "target", "ship", "x", "y", "players"})
_GRAMMAR = Lark(files("tortuga_rules.dsl").joinpath("grammar.lark").read_text("utf-8"),
                start=["start", "expression"])
_WORDS = {  # what the language knows, so that many generated programs compile
    "NAME": st.sampled_from(_NAMES),
    "NUMBER": st.integers(0, 12).map(str) | st.sampled_from(["1000000", "0" * 20]),
    "CLAUSE": st.sampled_from(sorted(_STANDARD.clauses)[:40]).map("@".__add__),
    "STRING": st.sampled_from(['"british"', '"x"', '""']),
    "_NL": st.just("\n"),
    "COMMENT": st.just(" "),  # a comment would swallow the rest of its line
}


def _tokens() -> dict:
    """A strategy per terminal of the grammar, each token set off by spaces.

    ``from_lark`` puts no whitespace between tokens (``repeat`` and ``not`` would run
    together into one name), so every token gets a space on each side.
    """
    out = {}
    for t in _GRAMMAR.terminals:
        base = _WORDS.get(t.name)
        if base is None and t.pattern.type == "str":
            base = st.just(t.pattern.value)
        elif base is None:
            base = st.from_regex(t.pattern.to_regexp(), fullmatch=True)
        out[t.name] = base if t.name == "_NL" else base.map(" {} ".format)
    return out


programs = from_lark(_GRAMMAR, start="start", explicit=_tokens())
expressions = from_lark(_GRAMMAR, start="expression", explicit=_tokens())


def _bounded_load(path):
    """``load_ruleset(path)``: its result, or the TortugaError it raised; within bounds."""
    rss = _peak_rss()
    start = time.process_time()
    try:
        return load_ruleset(str(path))
    except TortugaError as exc:
        return exc
    finally:
        took, grew = time.process_time() - start, _peak_rss() - rss
        assert took < LOAD_SECONDS and grew < LOAD_MEMORY, f"{took:.1f} s, {grew:,} bytes"


def _peak_rss() -> int:
    """The process's peak resident memory so far, in bytes (Linux counts KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


def _play(rules, games=2, steps=150):
    """A few random games: each step is taken or refused with a TortugaError."""
    for seed in range(games):
        rnd = random.Random(seed)
        try:
            s = new_game(rules, rnd.randint(rules.min_players, rules.max_players), seed)
            for _ in range(steps):
                if s.is_terminal:
                    break
                s = apply_action(s, revealing(s, "pistol", rnd))
        except TortugaError:
            pass


def _variant(tmp_path, changes: dict):
    path = tmp_path / "house.yaml"
    doc = {"id": "house", "extends": "standard", "name": "House", "description": "Fuzzed.",
           "changes": changes}
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return path


@settings(max_examples=80, **_SETTINGS)
@given(programs)
def test_a_generated_card_program_loads_and_plays_or_gives_a_tortuga_error(tmp_path_factory,
                                                                         program):
    """A program from the grammar as the Pistol's effect: a Ruleset that plays, or an error."""
    path = _variant(tmp_path_factory.mktemp("p"), {"cards": {"pistol": {"effect": program}}})
    rules = _bounded_load(path)
    if not isinstance(rules, TortugaError):
        _play(rules)


@pytest.mark.slow
@settings(max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck))
@given(programs)
def test_many_random_card_programs_load_and_play_or_give_tortuga_errors(tmp_path_factory,
                                                                        program):
    """The same with fresh random programs each run (opt in with -m slow)."""
    test_a_generated_card_program_loads_and_plays_or_gives_a_tortuga_error.hypothesis \
        .inner_test(tmp_path_factory, program)


@settings(max_examples=30, **_SETTINGS)
@given(expressions)
def test_a_generated_precondition_loads_and_plays_or_gives_a_tortuga_error(tmp_path_factory,
                                                                         expression):
    """An expression from the grammar as the row action's domain: loads and plays, or not."""
    path = _variant(tmp_path_factory.mktemp("e"),
                    {"actions": {"row": {"params": {"to": {"values": expression}}}}})
    rules = _bounded_load(path)
    if not isinstance(rules, TortugaError):
        _play(rules)


def _from_schema(name: str):
    # a copy: hypothesis-jsonschema rewrites the schema it is given in place (false as
    # {"not": {}}), and the loader's cached one must keep its own words for lint
    return from_schema(copy.deepcopy(schema(name)))


@settings(max_examples=40, **_SETTINGS)
@given(_from_schema("variant"))
def test_a_variant_generated_from_its_schema_loads_or_gives_a_tortuga_error(tmp_path_factory,
                                                                          doc):
    """Any document the variant schema allows, extending standard: loads and plays, or not."""
    doc = dict(doc, id="house", extends="standard")
    path = tmp_path_factory.mktemp("v") / "house.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    rules = _bounded_load(path)
    if not isinstance(rules, TortugaError):
        _play(rules, games=1)


@settings(max_examples=10, **_SETTINGS)
@given(_from_schema("ruleset"))
def test_a_ruleset_generated_from_its_schema_loads_or_gives_a_tortuga_error(tmp_path_factory,
                                                                          doc):
    """Any document the ruleset schema allows: a Ruleset that plays, or a TortugaError."""
    path = tmp_path_factory.mktemp("r") / "house.yaml"
    path.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    rules = _bounded_load(path)
    if not isinstance(rules, TortugaError):
        _play(rules, games=1)
