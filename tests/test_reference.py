"""The author's reference (``tortuga-rules words``, docs/words-*.md): generated from the
words themselves, current in the docs, and every word's example compiles against its
game's words and, run in a game, logs only the events its words say they log."""

import random
from pathlib import Path

import pytest

from tortuga_rules import apply_action, legal_actions, load_ruleset, new_game
from tortuga_rules.cli.main import main
from tortuga_rules.dsl.compiler import compile_program
from tortuga_rules.dsl.machine import Machine
from tortuga_rules.dsl.syntax import parse_program
from tortuga_rules.dsl.words import documented
from tortuga_rules.errors import RulesError
from tortuga_rules.lawyer.reference import (REGENERATE, doc_name, example_problems,
                                            example_scope, reference, uses, vocabularies,
                                            vocabulary_of)
from tortuga_rules.model.events import ENGINE_EVENTS

ROOT = Path(__file__).resolve().parent.parent
VOCABULARIES = {v.name: v for v in vocabularies()}

#: The values of the names an example is run with (any a vocabulary's examples use).
NAMES = {"revealer": 0, "seat": 0, "card": "pistol"}


@pytest.mark.parametrize("name", sorted(VOCABULARIES))
def test_the_generated_reference_in_docs_is_current(name):
    """docs/words-*.md is what the generator writes now (regenerate with
    ``python -m tortuga_rules.lawyer.reference``)."""
    v = VOCABULARIES[name]
    assert (ROOT / "docs" / doc_name(v)).read_text(encoding="utf-8") == reference(v), \
        f"regenerate with {REGENERATE}"


@pytest.mark.parametrize("name", sorted(VOCABULARIES))
def test_every_word_has_an_example_that_uses_it_and_compiles(name):
    """Each verb and function of every game has an example, naming it, that compiles
    against its game's words (a setup word's as a setup program)."""
    assert example_problems(VOCABULARIES[name]) == []


@pytest.mark.parametrize("name", sorted(VOCABULARIES))
def test_every_verb_says_what_it_logs_in_its_game_s_event_kinds(name):
    """A verb's ``Logs:`` names only event kinds the game of its examples' rules logs;
    every verb says what it logs (``nothing`` included)."""
    v = VOCABULARIES[name]
    kinds = set(load_ruleset(v.example_rules).game.events.kinds)
    for verb in v.verbs.values():
        assert verb.logs, verb.name
        assert set(verb.events) <= kinds, (verb.name, set(verb.events) - kinds)


def _position(rules, players: int, steps: int):
    rnd = random.Random(1)
    s = new_game(rules, players, 1)
    while s.step < steps and s.outcome is None:
        s = apply_action(s, rnd.choice(legal_actions(s)))
    return s


@pytest.mark.parametrize("name", sorted(VOCABULARIES))
def test_each_verb_s_example_logs_only_what_its_words_say(name):
    """Each verb's example, run as a program at two positions of a 3-player game of the
    ruleset its examples are written for, either stops in the rules' words or logs only the
    engine's kinds and those its verbs declare (a verb that runs other programs - a card, a
    vote, an effect - says so and is left out); most of them log something."""
    vocabulary = VOCABULARIES[name]
    rules = load_ruleset(vocabulary.example_rules)
    env = {n: NAMES[n] for n in vocabulary.examples}
    ran = 0
    for steps in (10, 40):
        state = _position(rules, 3, steps)
        for verb in vocabulary.verbs.values():
            used = [w for w in vocabulary.verbs.values() if uses(w, verb.example)]
            if any("log" in w.logs for w in used):
                continue  # what it logs is what the programs it runs log
            program = compile_program("card:pistol", parse_program(verb.example, "example"),
                                      example_scope(vocabulary, verb.example))
            m = Machine(rules, state._plain())
            m.push(program, dict(env))
            try:
                m.run(settle=False)
            except RulesError:
                continue
            logged = {e[1] for e in m.events} - set(ENGINE_EVENTS)
            declared = {k for w in used for k in w.events}
            assert logged <= declared, (verb.name, logged - declared)
            ran += bool(logged)
    assert ran >= len(vocabulary.verbs) // 2  # most examples did run and log


def test_a_word_s_docstring_fields_are_read_apart_from_its_description():
    """``Logs:``, ``Cites:`` and ``Example:`` close a docstring; an example keeps its lines,
    the other fields are joined into one."""
    doc, fields = documented("Do it.\n\nMore.\n\nLogs: ``a``, then\n``b``.\n"
                             "Cites: ``x.y``.\nExample: choose c from [1, 2]\n    go(c)")
    assert doc == "Do it.\n\nMore."
    assert fields == {"logs": "``a``, then ``b``.", "cites": "``x.y``.",
                      "example": "choose c from [1, 2]\ngo(c)"}


def test_the_words_command_prints_one_game_s_reference(capsys):
    """``tortuga-rules words --game tortuga-dice --format md`` prints the kit's reference,
    as docs/words-kit.md holds it; the plain text lists each word with its example."""
    assert main(["words", "--game", "tortuga-dice", "--format", "md"]) == 0
    assert capsys.readouterr().out == reference(vocabulary_of("tortuga-dice"))
    assert main(["words", "--game", "tortuga-1667"]) == 0
    text = capsys.readouterr().out
    assert "  left_of(seat: seat) -> seat" in text
    assert "      | give_vote(revealer, left_of(revealer), c)" in text

