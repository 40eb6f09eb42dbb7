"""The bad-input corpus: every case in tests/bad_inputs/ gets its error class and message.

Each YAML file there lists cases a careless or hostile user could give: files (rulesets,
variants, cards, scenarios, saves, replays), house-rule effects that fail to load or
to run, Python calls with bad arguments, and command lines. Each names the
``TortugaError`` subclass it must raise and a piece of the message, which for a file
includes where: ``house.yaml:LINE:COL``. See tests/bad_inputs/README.md.
"""

import copy
import io
import json
import random
import textwrap
from pathlib import Path

import pytest
import yaml

import tortuga_rules
from tortuga_rules import (Action, GameState, apply_action, legal_actions, load_ruleset,
                           new_game)
from tortuga_rules import errors as errors_module
from tortuga_rules.cli import main
from tortuga_rules.lawyer.lint import lint
from tortuga_rules.lawyer.replay import replay_data, run_replay
from tortuga_rules.lawyer.runner import run_scenario
from tortuga_rules.lawyer.scenario import load_scenarios

from helpers import play_random, revealing

HERE = Path(__file__).resolve().parent / "bad_inputs"


def _cases():
    out = []
    for file in sorted(HERE.glob("*.yaml")):
        for case in yaml.safe_load(file.read_text(encoding="utf-8")):
            out.append(pytest.param(case, id=f"{file.stem}:{case['id']}"))
    return out


CASES = _cases()


def test_the_corpus_has_at_least_200_cases_with_distinct_ids():
    """At least 200 cases, each id once, each naming an error class of the hierarchy."""
    ids = [c.id for c in CASES]
    assert len(ids) >= 200 and len(set(ids)) == len(ids)
    for c in CASES:
        cls = getattr(errors_module, c.values[0]["error"])
        assert issubclass(cls, errors_module.TortugaError)


@pytest.mark.parametrize("case", CASES)
def test_bad_input_gets_its_error_and_message(case, tmp_path, capsys, monkeypatch):
    """The case raises its TortugaError (nothing else) with its message."""
    run = RUNNERS[case["kind"]]
    want = getattr(errors_module, case["error"])
    try:
        run(case, tmp_path, capsys, monkeypatch)
    except errors_module.TortugaError as exc:
        text = _text(exc)
        assert isinstance(exc, want), f"{type(exc).__name__}: {text}"
        _assert_message(case, text, tmp_path)
        return
    except _Reported as exc:  # a command line or a lint reported it
        _assert_message(case, exc.text, tmp_path)
        return
    pytest.fail(f"no error; expected {case['error']}: {case['message']}")


class _Reported(Exception):
    def __init__(self, text):
        super().__init__(text)
        self.text = text


def _text(exc) -> str:
    return str(exc).replace("\n", " | ")


def _assert_message(case, text: str, tmp_path):
    message = case["message"].replace("{tmp}", str(tmp_path))
    text = text.replace(str(tmp_path) + "/", "").replace("\n", " | ")
    assert message in text, text


# -- building the inputs -------------------------------------------------------------------

def _expand(text) -> str:
    """A case's text: a string, or a list of [piece, times] pieces (large inputs)."""
    if isinstance(text, str):
        return text
    return "".join(piece * times for piece, times in text)


def _write(tmp_path, case, key="text", name=None) -> Path:
    path = tmp_path / (name or case.get("name", "house.yaml"))
    path.parent.mkdir(parents=True, exist_ok=True)
    if "hex" in case:
        path.write_bytes(bytes.fromhex(case["hex"]))
    else:
        path.write_text(_expand(case[key]), encoding="utf-8")
    for other, text in case.get("also", {}).items():
        (tmp_path / other).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / other).write_text(text, encoding="utf-8")
    return path


def _edit(data, ops):
    """Apply edit operations ``{op, path, value}`` to JSON data (set, append, extend,
    delete, insert; ``path`` is slash-separated keys and indices)."""
    for op in ops:
        *parents, last = [int(p) if p.lstrip("-").isdigit() else p
                          for p in str(op["path"]).split("/")]
        target = data
        for p in parents:
            target = target[p]
        value = copy.deepcopy(op.get("value"))
        if op["op"] == "set":
            target[last] = value
        elif op["op"] == "append":
            target[last].append(value)
        elif op["op"] == "extend":
            target[last].extend(value * op.get("times", 1))
        elif op["op"] == "delete":
            del target[last]
        elif op["op"] == "insert":
            target.insert(last, value)
        elif op["op"] == "pop":
            target[last].pop(op.get("index", -1))
    return data


_BASES: dict = {}


def _base_state(kind: str, players: int = 4, ruleset: str = "standard"):
    """A real state of ``ruleset`` waiting for a decision of ``kind`` (or finished: over)."""
    key = (kind, players, ruleset)
    if key not in _BASES:
        rules = load_ruleset(ruleset)
        for seed in range(200):
            rnd = random.Random(seed)
            s = new_game(rules, players, seed)
            if kind == "setup":
                break
            while not s.is_terminal and (s.decision.kind != kind
                                         or getattr(s, "turn_number", s.step) < 2):
                s = apply_action(s, rnd.choice(legal_actions(s)))
            if kind == "over" or not s.is_terminal:
                break
        _BASES[key] = s
    return _BASES[key]


# -- runners -------------------------------------------------------------------------------

def run_file(case, tmp_path, capsys, monkeypatch):
    """A file loaded as what ``load`` says: ruleset, lint, scenario, save or replay."""
    path = _write(tmp_path, case)
    how = case.get("load", "ruleset")
    if how == "ruleset":
        load_ruleset(str(path), bundled_only=case.get("bundled_only", False))
    elif how == "lint":
        found = lint(path)
        if found:
            raise _Reported("\n".join(str(p) for p in found))
    elif how == "scenario":
        for sc in load_scenarios(path):
            result = run_scenario(sc)
            if result.failures:
                raise _Reported("\n".join(result.failures))
    elif how == "save":
        GameState.from_json(path.read_text(encoding="utf-8"), "standard")


def run_effect(case, tmp_path, capsys, monkeypatch):
    """A house rule giving a card (default: the Pistol) an effect; ``play`` reveals it."""
    card = case.get("card", "pistol")
    body = textwrap.indent(textwrap.dedent(_expand(case["effect"])).strip("\n"), " " * 8)
    extra = textwrap.indent(case.get("extra", ""), " " * 6)
    text = (f"id: house\nextends: standard\nname: House\ndescription: A test.\n"
            f"changes:\n  cards:\n    {card}:\n      effect: |\n{body}\n{extra}")
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    rules = load_ruleset(str(path))
    if case.get("play"):
        _reveal(rules, card)


def _reveal(rules, card):
    """Play random games until ``card`` is revealed (or every game ends)."""
    for seed in range(30):
        rnd = random.Random(seed)
        s = new_game(rules, 4, seed)
        while not s.is_terminal:
            s = apply_action(s, revealing(s, card, rnd))


def run_rules(case, tmp_path, capsys, monkeypatch):
    """A house rule written as a whole variant (``changes`` and more) of ``standard`` or of
    the game ``game`` names (its ruleset of that name); ``play`` plays it."""
    game = case.get("game")
    header = f"game: {game}\nextends: {game}" if game else "extends: standard"
    text = (f"id: house\n{header}\nname: House\ndescription: A test.\n"
            + textwrap.dedent(case["variant"]))
    path = tmp_path / "house.yaml"
    path.write_text(text, encoding="utf-8")
    rules = load_ruleset(str(path))
    if case.get("play"):
        for seed in range(5):
            play_random(rules, case.get("players", 4), seed)


def run_save(case, tmp_path, capsys, monkeypatch):
    """A saved game: raw ``text``, or a real save (``base``) with ``edit`` operations."""
    if "text" in case:
        text = _expand(case["text"])
    else:
        s = _base_state(case.get("base", "action"), case.get("players", 4),
                        case.get("ruleset", "standard"))
        text = json.dumps(_edit(json.loads(s.to_json()), case.get("edit", [])))
    how = case.get("load", "from_json")
    if how == "load_game":
        tortuga_rules.load_game(text)
    else:
        GameState.from_json(text, case.get("ruleset", "standard"))


def run_replay_case(case, tmp_path, capsys, monkeypatch):
    """A replay of a real game with ``edit`` operations."""
    rules = load_ruleset("standard")
    rnd = random.Random(1)
    states, actions = [new_game(rules, 4, 1)], []
    while not states[-1].is_terminal:
        actions.append(rnd.choice(legal_actions(states[-1])))
        states.append(apply_action(states[-1], actions[-1]))
    data = json.loads(json.dumps(replay_data(rules, 4, 1, actions, states)))
    run_replay(_edit(data, case.get("edit", [])), rules)


def run_call(case, tmp_path, capsys, monkeypatch):
    """A Python call, evaluated with the public API and a few real values in scope."""
    names = {name: getattr(tortuga_rules, name) for name in tortuga_rules.__all__}
    names.update(rules=load_ruleset("standard"), state=_base_state("action"),
                 choosing=_base_state("choose"), over=_base_state("over"), Action=Action,
                 tmp=str(tmp_path))
    eval(case["call"], names)  # noqa: S307 - the test suite's own expressions


def run_cli(case, tmp_path, capsys, monkeypatch):
    """A command line: exit status 2 and the message on standard error, no traceback."""
    if "text" in case or "hex" in case:
        _write(tmp_path, case)
    monkeypatch.setattr("sys.stdin", io.StringIO(case.get("stdin", "")))
    argv = [a.replace("{tmp}", str(tmp_path)) for a in case["argv"]]
    try:
        code = main(argv)
    except SystemExit as exc:  # argparse's own usage errors
        code = exc.code
    out, err = capsys.readouterr()
    assert code == case.get("status", 2) and "Traceback" not in err, (code, err)
    raise _Reported(err + out)


RUNNERS = {"file": run_file, "effect": run_effect, "rules": run_rules, "save": run_save,
           "replay": run_replay_case, "call": run_call, "cli": run_cli}
