"""The native engine's reader of the rules description, format v1 (``native/src/engine/desc.rs``):
the one way rules reach it, from memory or from a file ``tortuga-rules compile`` wrote."""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tortuga_rules import load_ruleset
from tortuga_rules.data.sources import bundled_rulesets
from tortuga_rules.game import native, nativeformat

pytestmark = pytest.mark.native

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def ext():
    """The extension, or a skip where it is not built."""
    if not native.built():
        pytest.skip("the native engine is not built")
    return native.extension()


def _text(name: str) -> str:
    return nativeformat.dumps(nativeformat.describe(load_ruleset(name)))


#: How deep serde_json reads JSON (its recursion limit), and the margin kept below it.
SERDE_DEPTH = 128
MARGIN = 32


def _depth(node) -> int:
    """How deeply ``node``'s arrays and objects nest."""
    deepest, stack = 0, [(node, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (dict, list)):
            deepest = max(deepest, depth + 1)
            stack.extend((x, depth + 1) for x in (item.values() if isinstance(item, dict)
                                                  else item))
    return deepest


@pytest.mark.parametrize("name", bundled_rulesets())
def test_every_bundled_ruleset_and_variant_loads_natively_from_its_document(ext, name):
    """Each bundled ruleset and variant of both games is read by the native engine from
    its document alone, every program there; its JSON nests well below the reader's
    depth limit (serde_json's 128)."""
    desc = nativeformat.describe(load_ruleset(name))
    rules = ext.NativeRules.from_json(nativeformat.dumps(desc))
    assert rules.programs == len(desc["programs"])
    assert _depth(desc) < SERDE_DEPTH - MARGIN


def test_the_extension_reads_the_format_version_the_package_writes(ext):
    """The build and the writer agree on the format version; a build of another one is
    named a stale build, and the rules play on the reference."""
    assert ext.FORMAT_VERSION == nativeformat.FORMAT_VERSION
    rules = load_ruleset("tortuga-dice")
    made, why = native._make(rules)
    assert made is not None and why is None
    was = ext.FORMAT_VERSION
    try:
        ext.FORMAT_VERSION = was + 1
        made, why = native._make(rules)
    finally:
        ext.FORMAT_VERSION = was
    assert made is None and "stale build" in why


def test_a_document_of_another_version_is_refused_by_name(ext):
    """A file of another format version is refused with its version and the remedy,
    before anything else of it is read."""
    desc = json.loads(_text("tortuga-dice"))
    desc["version"] = 2
    desc["programs"] = "not even a list"
    with pytest.raises(ValueError, match="format version 2; this engine reads 1: compile it"):
        ext.NativeRules.from_json(json.dumps(desc))


def test_a_structure_error_names_its_place_in_the_document(ext):
    """A value of the wrong shape is refused with its path in the document."""
    desc = json.loads(_text("standard"))
    desc["tables"]["setup"]["hand_size"] = "three"
    with pytest.raises(ValueError, match=r"at tables\.setup\.hand_size"):
        ext.NativeRules.from_json(json.dumps(desc))


def _play(rules, players: int, seed: int, steps: int = 300) -> list:
    """The fields of every position of a random game of the native ``rules``."""
    rnd = random.Random(seed)
    game = rules.new_game(players, seed, True)
    seen = [game.fields()]
    while not game.is_terminal and len(seen) < steps:
        game = game.stepped(rnd.randrange(game.option_count()), True)
        seen.append(game.fields())
    return seen


@pytest.mark.parametrize("name,players", [("standard", 4), ("tortuga-dice", 3)])
def test_a_compiled_file_plays_the_same_game_as_the_rules_in_memory(ext, tmp_path, name,
                                                                    players):
    """A file ``tortuga-rules compile`` wrote, read with ``NativeRules.load`` (no Python
    object of the rules), plays the same random game - every position's fields and log -
    as the rules loaded in this process."""
    out = tmp_path / "rules.json"
    subprocess.run([sys.executable, "-m", "tortuga_rules", "compile", name, "-o", str(out)],
                   check=True, cwd=ROOT)
    from_file = ext.NativeRules.load(str(out))
    in_memory = native.native_rules(load_ruleset(name))
    for seed in (1, 2):
        want, got = _play(in_memory, players, seed), _play(from_file, players, seed)
        assert len(want) > 10 and got == want


def test_a_missing_file_is_an_os_error(ext, tmp_path):
    """Loading a file that is not there raises OSError (not ValueError: nothing was read)."""
    with pytest.raises(OSError):
        ext.NativeRules.load(str(tmp_path / "nowhere.json"))


# -- bad documents: always a ValueError, never a crash --------------------------------------------

_DOCS = {}


def _doc(name: str) -> dict:
    if name not in _DOCS:
        _DOCS[name] = json.loads(_text(name))
    return _DOCS[name]


def _paths(node, at=()) -> list:
    """The path of every node below ``node`` (keys and indices)."""
    out = []
    items = node.items() if isinstance(node, dict) else enumerate(node) \
        if isinstance(node, list) else ()
    for key, child in items:
        out.append(at + (key,))
        out.extend(_paths(child, at + (key,)))
    return out


def _at(doc, path):
    for key in path:
        doc = doc[key]
    return doc


def _instructions(doc) -> list:
    return [(p, pc) for p, prog in enumerate(doc["programs"]) for pc in range(len(prog["code"]))]


def _mutated(doc: dict, kind: str, pick: int) -> dict:
    """``doc`` spoilt: a key dropped, a value of no type the format has put in, a jump past
    its program's end, or a word no engine knows called."""
    doc = copy.deepcopy(doc)
    if kind in ("drop", "retype"):
        paths = [p for p in _paths(doc) if kind == "retype" or isinstance(_at(doc, p), dict)]
        path = paths[pick % len(paths)]
        node = _at(doc, path)
        if kind == "drop":
            if not node:
                return _mutated(doc, "retype", pick)
            node.pop(sorted(node)[pick % len(node)])
        else:
            _at(doc, path[:-1])[path[-1]] = 1.5 if pick % 2 else {"?": 0}
        return doc
    sites = _instructions(doc)
    wanted = {"jump": ("jump", "jump_if_not"), "word": ("call",)}[kind]
    found = [(p, pc) for p, pc in sites if next(iter(doc["programs"][p]["code"][pc])) in wanted]
    p, pc = found[pick % len(found)]
    code = doc["programs"][p]["code"]
    (tag, operands), = code[pc].items()
    if tag == "jump":
        code[pc] = {"jump": len(code) + 1 + pick % 5}
    elif tag == "jump_if_not":
        code[pc] = {"jump_if_not": [len(code) + 1 + pick % 5, operands[1]]}
    else:
        code[pc] = {"call": ["juggle_the_dice", operands[1], operands[2]]}
    return doc


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(["standard", "tortuga-dice"]),
       kind=st.sampled_from(["drop", "retype", "jump", "word"]),
       pick=st.integers(min_value=0, max_value=10 ** 6))
def test_every_spoilt_document_is_refused_with_a_value_error_never_a_crash(name, kind, pick):
    """A real document with a key dropped, a value of the wrong type, a jump past its
    program's end or an unknown word is refused with a readable ValueError (the reader
    never panics)."""
    if not native.built():
        pytest.skip("the native engine is not built")
    bad = _mutated(_doc(name), kind, pick)
    with pytest.raises(ValueError) as refused:
        native.extension().NativeRules.from_json(json.dumps(bad))
    assert str(refused.value) and "panic" not in str(refused.value).lower()


@settings(max_examples=60, deadline=None)
@given(text=st.one_of(st.text(max_size=40), st.binary(max_size=40).map(repr),
                      st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                                   lambda c: st.lists(c, max_size=4)
                                   | st.dictionaries(st.text(max_size=5), c, max_size=4),
                                   max_leaves=20).map(json.dumps)))
def test_any_text_that_is_not_a_rules_description_is_a_value_error(text):
    """Text of any kind - not JSON, or JSON of any shape - is a ValueError."""
    if not native.built():
        pytest.skip("the native engine is not built")
    with pytest.raises(ValueError):
        native.extension().NativeRules.from_json(text)


def test_deeply_nested_json_is_refused_not_a_stack_overflow(ext):
    """JSON nested past the reader's depth is refused (serde_json's recursion limit)."""
    deep = '{"format":"tortuga-rules-native","version":1,"named":' + "[" * 5000 + "]" * 5000 + "}"
    with pytest.raises(ValueError):
        ext.NativeRules.from_json(deep)
