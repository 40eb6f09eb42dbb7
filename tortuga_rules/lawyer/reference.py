"""The author's reference: every word of a game's vocabulary, generated from the words.

Each word is documented in one place, its Python definition: its signature and types
come from the function's annotations, its description, the events it logs, the clause it
cites and an example from its docstring (:func:`~tortuga_rules.dsl.words.documented`).
This module writes them out - ``tortuga-rules words [--game G] [--format md]`` prints
one game's; ``python -m tortuga_rules.lawyer.reference`` writes ``docs/words-*.md``, which
a test keeps current - and compiles every example against its game's vocabulary
(:func:`example_problems`), so an example that no longer compiles fails the tests.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs

from ..dsl.compiler import Scope, compile_program
from ..dsl.syntax import parse_program
from ..dsl.words import Vocabulary, Word
from ..errors import DataError
from ..model.games import game_ids, game_kind

__all__ = ["Book", "books", "book_for", "reference", "example_problems", "write_docs"]

#: Where the docs keep each vocabulary's reference, by vocabulary name.
DOCS = {"tortuga-1667": "words-tortuga-1667.md", "kit": "words-kit.md"}

#: The command that writes the files of :data:`DOCS`.
REGENERATE = "python -m tortuga_rules.lawyer.reference"

#: Functions every game has: ``dsl/functions.py``'s, by the module that defines them.
_GENERIC = "tortuga_rules.dsl.functions"


@attrs.frozen
class Book:
    """One vocabulary's reference: its words and the games written with them."""

    vocabulary: Vocabulary = attrs.field(repr=False)
    games: tuple

    @property
    def title(self) -> str:
        names = ", ".join(game_kind(g).name for g in self.games)
        return "the component kit" if self.vocabulary.name == "kit" else names

    @property
    def doc(self) -> str:
        """The file under docs/ that holds this reference."""
        return DOCS.get(self.vocabulary.name, f"words-{self.vocabulary.name}.md")


def books() -> tuple:
    """One :class:`Book` per vocabulary of the registered games, in the order of the
    first game using each."""
    found: dict = {}
    for gid in game_ids():
        vocabulary = game_kind(gid).vocabulary
        book = found.get(vocabulary.name)
        found[vocabulary.name] = Book(vocabulary, (book.games if book else ()) + (gid,))
    return tuple(sorted(found.values(), key=lambda b: (b.vocabulary.name == "kit", b.games)))


def book_for(game: str) -> Book:
    """The reference of the vocabulary ``game`` is written with (an unknown game: the
    registry's error, with its did-you-mean)."""
    name = game_kind(game).vocabulary.name
    return next(b for b in books() if b.vocabulary.name == name)


# -- the reference -------------------------------------------------------------------------

def reference(book: Book, fmt: str = "md") -> str:
    """``book`` as markdown (``fmt="md"``) or plain text (``"text"``)."""
    return _markdown(book) if fmt == "md" else _text(book)


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


def _anchor(word: Word) -> str:
    return _anchor_of(word.name)


def _markdown(book: Book) -> str:
    v = book.vocabulary
    names = [f"`{n}` ({t.article})" for n, t in v.examples.items()]
    bound = (" and ".join([", ".join(names[:-1]), names[-1]] if len(names) > 1 else names)
             + (" are" if len(names) > 1 else " is")) if names else "no name is"
    out = [f"# The words of {book.title}", "",
           f"Generated from the words' definitions by `tortuga-rules words --game "
           f"{book.games[0]} --format md`; do not edit (regenerate with `{REGENERATE}`). "
           f"The games written with these words: "
           f"{', '.join(f'`{g}`' for g in book.games)}. Types and statements: "
           f"[the DSL](dsl.md).", "",
           f"Each example compiles against these words (a test checks it), written as in a "
           f"program where {bound} bound"
           + (f" and `choose` asks `{v.example_chooser}` unless `by` says otherwise."
              if v.example_chooser else ".")
           + (f" The examples name the things of the `{v.example_rules}` rules."
              if v.example_rules else ""), ""]
    sections = _sections(v)
    out += ["| word | is | gives | what it does |", "|---|---|---|---|"]
    for heading, words in sections:
        for w in words:
            kind, gives = ("verb", "") if heading == "Verbs" else ("function", w.returns.short)
            out.append(f"| [`{w.name}`](#{_anchor(w)}) | {kind} | {gives} | {_md(w.summary)} |")
    for heading, words in sections:
        if not words:
            continue
        out += ["", f"## {heading}"]
        for w in words:
            out += _entry(w, heading == "Verbs")
    if v.constants:
        out += ["", "## Names", "", "Names with a fixed value in every program:", "",
                "| name | type |", "|---|---|"]
        out += [f"| `{n}` | {t.short} |" for n, (_, t) in sorted(v.constants.items())]
    return "\n".join(out + _events(book)) + "\n"


def _events(book: Book) -> list:
    """The events section: every kind its games log, its fields and the verbs logging it."""
    kinds: dict = {}
    for gid in book.games:
        catalogue = game_kind(gid).events
        kinds.update(catalogue.kinds if catalogue is not None else {})
    if not kinds:
        return []
    by = {k: [w.name for w in book.vocabulary.verbs.values() if k in w.events] for k in kinds}
    out = ["", "## Events", "",
           "Every kind of event the log holds, with its fields in order (a view gives each "
           "its sentence as `text`), and the verbs that log it (the others the engine logs "
           "itself):", "", "| kind | fields | logged by |", "|---|---|---|"]
    for kind, fields in sorted(kinds.items()):
        named = ", ".join(f"{f} ({t})" for f, t in fields)
        verbs = ", ".join(f"[`{n}`](#{_anchor_of(n)})" for n in sorted(by[kind]))
        out.append(f'| <a id="{_event_anchor(kind)}"></a>`{kind}` | {named} | {verbs} |')
    return out


def _anchor_of(name: str) -> str:
    return f"word-{name.replace('_', '-')}"


def _event_anchor(kind: str) -> str:
    return f"event-{kind}"


def _entry(w: Word, verb: bool) -> list:
    """One word's part of the markdown reference."""
    sig = f"`{w.typed_signature}`" + ("" if verb else f" → {w.returns.short}")
    out = ["", f'<a id="{_anchor(w)}"></a>', f"### {sig}", "", _md(w.doc)]
    facts = []
    if verb:
        logs = re.sub(r"``([a-z][a-z-]*)``", lambda k: f"[`{k[1]}`](#{_event_anchor(k[1])})",
                      w.logs)
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


def _text(book: Book) -> str:
    out = [f"The words of {book.title} ({', '.join(book.games)})"]
    for heading, words in _sections(book.vocabulary):
        out += ["", heading + ":"]
        for w in words:
            out.append(f"  {w.typed_signature}"
                       + ("" if heading == "Verbs" else f" -> {w.returns.short}"))
            out.append(f"      {_md(w.summary)}")
            if w.logs:
                out.append(f"      logs: {_md(w.logs)}")
            for line in w.example.splitlines():
                out.append(f"      | {line}")
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


def _example_problems(vocabulary: Vocabulary, word: Word) -> list:
    if not word.example:
        return ["no example"]
    if not re.search(rf"\b{word.name}\(", word.example):
        return [f"its example does not use it: {word.example!r}"]
    setup = any(w.setup_only and re.search(rf"\b{w.name}\(", word.example)
                for w in vocabulary.verbs.values())  # a setup word's example is a setup's
    scope = Scope(vocabulary.examples, chooser=vocabulary.example_chooser, setup=setup,
                  vocabulary=vocabulary)
    try:
        compile_program(f"example:{word.name}", parse_program(word.example, "example"), scope)
    except DataError as exc:
        return [f"its example does not compile: {exc}"]
    return []


def write_docs(docs: Path) -> list:
    """Write every vocabulary's reference under ``docs``; the files written."""
    written = []
    for book in books():
        path = docs / book.doc
        path.write_text(reference(book), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":  # pragma: no cover - regenerating the docs
    for p in write_docs(Path(__file__).resolve().parents[2] / "docs"):
        print(f"wrote {p}")
