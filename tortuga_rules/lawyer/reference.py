"""The author's reference: every word of a game's vocabulary, generated from the words.

Each word is documented in one place, its Python definition: its signature and types
come from the function's annotations, its description, the events it logs, the clause it
cites and an example from its docstring (:func:`~tortuga_rules.dsl.words.documented`).
This module writes them out - ``tortuga-rules words [--game G] [--format md]`` prints
one game's; ``python -m tortuga_rules.lawyer.reference`` writes ``docs/words-*.md``, which
a test keeps current - and compiles every example against its game's vocabulary
(:func:`example_problems`), so an example that no longer compiles fails the tests.

What a reference says depends on the vocabulary alone (and the ruleset its examples are
written for, whose game's log it lists), never on which games a process has registered.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..data.loader import load_ruleset
from ..dsl.compiler import Scope, compile_program
from ..dsl.syntax import parse_program
from ..dsl.words import Vocabulary, Word
from ..errors import DataError
from ..model.games import game_ids, game_kind

__all__ = ["vocabularies", "vocabulary_of", "reference", "doc_name", "uses", "example_problems",
           "example_scope", "write_docs", "REGENERATE"]

#: The command that writes the reference files under docs/.
REGENERATE = "python -m tortuga_rules.lawyer.reference"

#: Functions every game has: ``dsl/functions.py``'s, by the module that defines them.
_GENERIC = "tortuga_rules.dsl.functions"


def vocabularies() -> tuple:
    """Every vocabulary the registered games are written with, each once, by title."""
    found = {game_kind(g).vocabulary.name: game_kind(g).vocabulary for g in game_ids()}
    return tuple(sorted(found.values(), key=lambda v: v.title or v.name))


def vocabulary_of(game: str) -> Vocabulary:
    """The vocabulary ``game`` is written with (an unknown game: the registry's error,
    with its did-you-mean)."""
    return game_kind(game).vocabulary


def doc_name(vocabulary: Vocabulary) -> str:
    """The file under docs/ that holds ``vocabulary``'s reference."""
    return f"words-{vocabulary.name}.md"


def uses(word: Word, text: str) -> bool:
    """Whether ``text`` calls ``word``."""
    return re.search(rf"\b{word.name}\(", text) is not None


# -- the reference -------------------------------------------------------------------------

def reference(vocabulary: Vocabulary, fmt: str = "md") -> str:
    """``vocabulary``'s reference as markdown (``fmt="md"``) or plain text (``"text"``)."""
    return _markdown(vocabulary) if fmt == "md" else _text(vocabulary)


def _sections(vocabulary: Vocabulary) -> list:
    """``(heading, words)`` in the order the reference shows them."""
    own = [w for w in vocabulary.functions.values() if w.fn.__module__ != _GENERIC]
    generic = [w for w in vocabulary.functions.values() if w.fn.__module__ == _GENERIC]
    return [("Verbs", sorted(vocabulary.verbs.values(), key=lambda w: w.name)),
            ("Functions", sorted(own, key=lambda w: w.name)),
            ("Functions every game has", sorted(generic, key=lambda w: w.name))]


def _md(text: str) -> str:
    """A docstring's reStructuredText as markdown: ````x```` and ``:role:`x``` as ```x```."""
    text = re.sub(r":\w+:`~?(?:[\w.]+\.)?([^`]+)`", r"`\1`", text)
    return text.replace("``", "`")


def _anchor(name: str) -> str:
    return f"word-{name.replace('_', '-')}"


def _listed(items: list) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return " and ".join([", ".join(items[:-1]), items[-1]]) if len(items) > 1 else \
        "".join(items)


def _game(vocabulary: Vocabulary):
    """The game of the ruleset its examples are written for (None: none named)."""
    return load_ruleset(vocabulary.example_rules).game if vocabulary.example_rules else None


def _markdown(v: Vocabulary) -> str:
    game = _game(v)
    names = [f"`{n}` ({t.article})" for n, t in v.examples.items()]
    out = [f"# The words of {v.title or v.name}", "",
           f"Generated from the words' definitions"
           + (f" by `tortuga-rules words --game {game.id} --format md`" if game else "")
           + f"; do not edit (regenerate with `{REGENERATE}`). Types and statements: "
             f"[the DSL](dsl.md).", "",
           "Each example compiles against these words (a test checks it), written as in a "
           f"program where {_listed(names) or 'no name'} {'are' if len(names) > 1 else 'is'}"
           " bound"
           + (f" and `choose` asks `{v.example_chooser}` unless `by` says otherwise."
              if v.example_chooser else ".")
           + (f" The examples name the things of the `{v.example_rules}` rules."
              if v.example_rules else ""), "",
           "| word | is | gives | what it does |", "|---|---|---|---|"]
    sections = _sections(v)
    for heading, words in sections:
        for w in words:
            kind, gives = ("verb", "") if heading == "Verbs" else ("function", w.returns.short)
            out.append(f"| [`{w.name}`](#{_anchor(w.name)}) | {kind} | {gives} | "
                       f"{_md(w.summary)} |")
    for heading, words in sections:
        if words:
            out += ["", f"## {heading}"]
            out += [line for w in words for line in _entry(w, heading == "Verbs")]
    if v.constants:
        out += ["", "## Names", "", "Names with a fixed value in every program:", "",
                "| name | type |", "|---|---|"]
        out += [f"| `{n}` | {t.short} |" for n, (_, t) in sorted(v.constants.items())]
    return "\n".join(out + _events(v, game)) + "\n"


def _entry(w: Word, verb: bool) -> list:
    """One word's part of the markdown reference."""
    sig = f"`{w.typed_signature}`" + ("" if verb else f" → {w.returns.short}")
    out = ["", f'<a id="{_anchor(w.name)}"></a>', f"### {sig}", "", _md(w.doc)]
    facts = []
    if verb:
        logs = re.sub(r"``([a-z][a-z-]*)``", r"[`\1`](#event-\1)", w.logs)
        facts.append(f"**Logs:** {_md(logs) or 'nothing.'}")
    if w.cites:
        facts.append(f"**Cites:** {_md(w.cites)}")
    if w.reads:
        facts.append(f"**Reads:** {', '.join(sorted(w.reads))} (the facets legal actions "
                     f"are remembered by).")
    if w.setup_only:
        facts.append("**Setup programs only.**")
    if facts:
        out += [""] + [f"- {f}" for f in facts]
    if w.example:
        out += ["", "```", w.example, "```"]
    return out


def _events(v: Vocabulary, game) -> list:
    """The events section: every kind the game's log holds, its fields, the verbs logging
    it (none without a game, or a game without a catalogue)."""
    kinds = game.events.kinds if game is not None and game.events is not None else {}
    if not kinds:
        return []
    out = ["", "## Events", "",
           "Every kind of event the log holds, with its fields in order (a view gives each "
           "its sentence as `text`), and the verbs that log it (the others the engine logs "
           "itself):", "", "| kind | fields | logged by |", "|---|---|---|"]
    for kind, fields in sorted(kinds.items()):
        named = ", ".join(f"{f} ({t})" for f, t in fields)
        verbs = ", ".join(f"[`{w.name}`](#{_anchor(w.name)})"
                          for w in sorted(v.verbs.values(), key=lambda w: w.name)
                          if kind in w.events)
        out.append(f'| <a id="event-{kind}"></a>`{kind}` | {named} | {verbs} |')
    return out


def _text(v: Vocabulary) -> str:
    out = [f"The words of {v.title or v.name}"]
    for heading, words in _sections(v):
        out += ["", heading + ":"]
        for w in words:
            out.append(f"  {w.typed_signature}"
                       + ("" if heading == "Verbs" else f" -> {w.returns.short}"))
            out.append(f"      {_md(w.summary)}")
            if w.logs:
                out.append(f"      logs: {_md(w.logs)}")
            out += [f"      | {line}" for line in w.example.splitlines()]
    return "\n".join(out) + "\n"


# -- checking the examples -------------------------------------------------------------------

def example_problems(vocabulary: Vocabulary) -> list:
    """What is wrong with the examples of ``vocabulary``'s words: a word without one, one
    that does not use its word, or does not compile (as ``name: message``)."""
    problems = []
    for table in (vocabulary.verbs, vocabulary.functions):
        for name, word in table.items():
            problems += [f"{name}: {p}" for p in _example_problems(vocabulary, word)]
    return problems


def example_scope(vocabulary: Vocabulary, example: str) -> Scope:
    """The scope ``vocabulary``'s examples compile in (a setup program's, if ``example``
    calls a word of setup programs only)."""
    setup = any(w.setup_only and uses(w, example) for w in vocabulary.verbs.values())
    return Scope(vocabulary.examples, chooser=vocabulary.example_chooser, setup=setup,
                 vocabulary=vocabulary)


def _example_problems(vocabulary: Vocabulary, word: Word) -> list:
    if not word.example:
        return ["no example"]
    if not uses(word, word.example):
        return [f"its example does not use it: {word.example!r}"]
    try:
        compile_program(f"example:{word.name}", parse_program(word.example, "example"),
                        example_scope(vocabulary, word.example))
    except DataError as exc:
        return [f"its example does not compile: {exc}"]
    return []


def write_docs(docs: Path) -> list:
    """Write every vocabulary's reference under ``docs``; the files written."""
    written = []
    for vocabulary in vocabularies():
        path = docs / doc_name(vocabulary)
        path.write_text(reference(vocabulary), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover - regenerating the docs
    for p in write_docs(Path(__file__).resolve().parents[2] / "docs"):
        print(f"wrote {p}")
