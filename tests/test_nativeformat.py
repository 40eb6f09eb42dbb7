"""The rules description, format v1 (game/nativeformat.py, ``tortuga-rules compile``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import attrs
import pytest

from tortuga_rules import DataError, TortugaError, load_ruleset
from tortuga_rules.cli import main
from tortuga_rules.data.schema import validator
from tortuga_rules.data.sources import bundled_files, bundled_rulesets
from tortuga_rules.game import nativeformat
from tortuga_rules.game.nativeformat import FORMAT_VERSION, NotNativeError

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted(p for p in (ROOT / "docs" / "examples").glob("*/*.yaml"))


def _example(path: Path):
    try:
        return load_ruleset(str(path))
    except DataError:  # a scenario file beside the rules, not a ruleset
        return None


@pytest.mark.parametrize("name", bundled_rulesets())
def test_every_bundled_ruleset_is_described_round_trips_and_fits_the_schema(name):
    """Each bundled ruleset and variant of both games: its document is JSON-plain (read
    back equal), and fits the engine's schema and its game's tables schema."""
    desc = nativeformat.describe(load_ruleset(name))
    assert json.loads(nativeformat.dumps(desc)) == desc
    nativeformat.check(desc)
    assert nativeformat.loads(nativeformat.dumps(desc, indent=2)) == desc
    assert desc["version"] == FORMAT_VERSION and desc["ruleset"] == load_ruleset(name).id


def test_every_option_value_of_every_bundled_ruleset_is_described_and_checked():
    """Each choice and each bound of every option (where the rules accept it alone) is
    written as the schema says: options are plain values, whatever they set. (An option
    every ruleset of a game shares is tried in the first that has it.)"""
    described = 0
    seen: set = set()
    for name in bundled_rulesets():
        for option, decl in load_ruleset(name).option_decls.items():
            values = decl.get("choices") or [decl.get("min"), decl.get("max")]
            if decl.get("type") == "boolean":
                values = [not decl.get("default")]
            for value in (v for v in values if v is not None):
                if (option, repr(value)) in seen:
                    continue
                seen.add((option, repr(value)))
                try:
                    rules = load_ruleset(name, options={option: value})
                except TortugaError:  # tied to another option (the dice game's coin tokens)
                    continue
                nativeformat.check(nativeformat.describe(rules), f"{name} {option}={value}")
                described += 1
    assert described > 10


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_every_example_rules_file_that_runs_natively_is_described(path):
    """docs/examples' rules files (a new game, its house rules) are described and checked."""
    rules = _example(path)
    if rules is None:
        pytest.skip("a scenario file, not a ruleset")
    try:
        desc = nativeformat.describe(rules)
    except NotNativeError:
        pytest.skip("written with words the native engine does not know")
    nativeformat.check(desc, str(path))


def test_the_document_is_deterministic_the_same_rules_give_the_same_bytes():
    """Two loads of the same rules (a composition, with an option) write the same text."""
    texts = {nativeformat.dumps(nativeformat.describe(
        load_ruleset("standard+madness", options={"tiebreak_rounds": "2"})))
        for _ in range(2)}
    assert len(texts) == 1


def test_the_document_is_the_same_in_processes_of_different_hash_seeds(tmp_path):
    """Nothing in the document follows a set's or a hash's order: two processes with
    different hash seeds write the same bytes."""
    texts = set()
    for seed in ("1", "2"):
        out = tmp_path / f"rules-{seed}.json"
        env = dict(os.environ, PYTHONHASHSEED=seed)
        subprocess.run([sys.executable, "-m", "tortuga_rules", "compile", "standard+madness",
                        "-o", str(out)], check=True, env=env, cwd=tmp_path)
        texts.add(out.read_bytes())
    assert len(texts) == 1


def test_the_document_holds_no_python_objects_named_values_are_class_and_number():
    """Named values are written as ``{"named": [class, number]}``, the classes listed with
    their members in ``named``; the turn actions, roles and facets are at the top."""
    desc = nativeformat.describe(load_ruleset("standard"))
    text = nativeformat.dumps(desc)
    assert '{"named":["Place",' in text
    classes = {n["class"] for n in desc["named"]}
    assert {"Place", "ChestSpot"} <= classes
    assert desc["actions"] and "anyone" in desc["roles"] and "lines" in desc["facets"]
    assert desc["tables"] is not None and "actions" not in desc["tables"]
    assert desc["kit"] is None


def test_a_kit_game_is_described_by_its_kit_with_no_game_tables():
    """The dice game's document names the kit and has no game tables."""
    desc = nativeformat.describe(load_ruleset("tortuga-dice"))
    assert desc["game"] == "kit" and desc["tables"] is None
    assert desc["kit"] is not None and desc["kit"]["zones"][0]["name"] == "bag"


def test_a_document_of_another_version_is_refused_naming_its_version():
    """A file of format version 2 is refused, naming both versions and the remedy."""
    desc = dict(nativeformat.describe(load_ruleset("tortuga-dice")), version=2)
    with pytest.raises(DataError) as err:
        nativeformat.check(desc, "old.json")
    assert "old.json: a rules description of format version 2; this engine reads 1" \
        in str(err.value)
    with pytest.raises(DataError, match="not a rules description"):
        nativeformat.check({"format": "something-else", "version": 1})


def test_a_document_that_breaks_the_schema_is_refused_with_the_place():
    """A document with a misspelt instruction is refused, saying where."""
    desc = json.loads(nativeformat.dumps(nativeformat.describe(load_ruleset("tortuga-dice"))))
    desc["programs"][0]["code"][0] = {"lett": ["x", None, {"lit": 1}]}
    with pytest.raises(DataError, match="at programs/0/code/0"):
        nativeformat.check(desc)
    with pytest.raises(DataError, match="not JSON"):
        nativeformat.loads("{")


def test_a_document_whose_keys_jumps_or_named_values_do_not_hold_is_refused():
    """Beyond the schema: a program key named but absent, a jump past its program's end and
    a named value of no listed class are each refused, saying which."""
    desc = json.loads(nativeformat.dumps(nativeformat.describe(load_ruleset("standard"))))
    desc["actions"][0]["program"] = "action:nowhere"
    jumps = next(p for p in desc["programs"] if any("jump" in i for i in p["code"]))
    at = next(i for i, ins in enumerate(jumps["code"]) if "jump" in ins)
    jumps["code"][at] = {"jump": 10_000}
    desc["options"].append(["extra", {"named": ["Galleon", 0]}])
    with pytest.raises(DataError) as err:
        nativeformat.check(desc)
    text = str(err.value)
    assert "no program 'action:nowhere'" in text
    assert f"instruction {at} jumps to 10000, past its end" in text
    assert "the named value Galleon 0" in text


def test_the_schemas_are_bundled_under_names_that_clash_with_none():
    """The engine's part is in schema/native/, the game's part in its game's folder."""
    where = bundled_files("schema", ".schema.json")
    assert where[nativeformat.SCHEMA] == "native/native-rules.schema.json"
    assert where["native-tables"] == "tortuga-1667/native-tables.schema.json"
    validator(nativeformat.SCHEMA).check_schema(validator(nativeformat.SCHEMA).schema)


def test_rules_without_expression_trees_are_refused_at_the_statement(monkeypatch):
    """A program compiled without its expressions' trees cannot be described: the refusal
    names the program and is located in its file."""
    rules = load_ruleset("tortuga-dice")  # shared: the program is put back after
    key, program = next(iter(rules.programs.items()))
    monkeypatch.setitem(rules.programs, key,
                        attrs.evolve(program, ir=(None,) * len(program.code)))
    with pytest.raises(NotNativeError) as err:
        nativeformat.describe(rules)
    assert f"(program {key})" in str(err.value)
    assert err.value.problem.file.endswith("tortuga-dice.yaml") and err.value.problem.line > 0
    assert "cannot run on the native engine" in str(err.value)


def test_compile_writes_a_file_the_schema_accepts(tmp_path, capsys):
    """``tortuga-rules compile`` writes the checked document, compact or indented."""
    out = tmp_path / "rules.json"
    assert main(["compile", "standard", "--option", "tiebreak_rounds=2", "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.count("\n") == 1
    assert ["tiebreak_rounds", 2] in nativeformat.loads(text)["options"]
    assert main(["compile", "standard+madness", "-o", str(out), "--indent", "1"]) == 0
    assert nativeformat.loads(out.read_text(encoding="utf-8"))["ruleset"]
    assert out.read_text(encoding="utf-8").count("\n") > 100


def test_compile_to_standard_output_with_a_dash(capsys):
    """``-o -`` writes the document to standard output; a negative indent is refused."""
    assert main(["compile", "tortuga-dice", "-o", "-"]) == 0
    assert nativeformat.loads(capsys.readouterr().out)["game"] == "kit"
    assert main(["compile", "tortuga-dice", "-o", "-", "--indent", "-1"]) == 2
    assert "--indent takes a number of spaces" in capsys.readouterr().err


def test_compile_refuses_rules_the_native_engine_cannot_run(tmp_path, monkeypatch, capsys):
    """Rules calling a word a host replaced exit 1 with the reason, located at the rules
    file, and nothing is written."""
    table = load_ruleset("standard").vocabulary.functions
    monkeypatch.setitem(table, "reversed", attrs.evolve(table["reversed"],
                                                        fn=lambda m, seq: seq))
    house = tmp_path / "house.yaml"
    house.write_text("id: house\nextends: standard\nname: House\ndescription: A test.\n"
                     "changes:\n  cards:\n    pistol:\n      effect: |\n"
                     "        x = reversed(players())\n", encoding="utf-8")
    out = tmp_path / "house.json"
    assert main(["compile", str(house), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "house.yaml" in err and "does not know the word reversed" in err
    assert not out.exists()


def test_compile_refuses_an_unknown_ruleset_with_status_2(tmp_path, capsys):
    """A ruleset that is not there is the usual one-line mistake, and nothing is written."""
    out = tmp_path / "x.json"
    assert main(["compile", "standerd", "-o", str(out)]) == 2
    assert "did you mean 'standard'" in capsys.readouterr().err
    assert not out.exists()
