"""The five languages of the words a seat is shown: Project Fluent catalogues.

English is the source language: every sentence, prompt and label is written in English
in the code and marked for the catalogue by the function that says it - ``say`` and
``say_n`` (narration), ``tr`` and ``tr_n`` (labels and prompts) or ``N_`` (a table of
messages translated later). ``python -m tortuga_rules.game.catalogues`` extracts them
(with Babel's extractor, together with the words of the bundled rulesets, which are data)
into ``locale/en/tortuga_rules.ftl`` and checks each language's Fluent file against it
(:mod:`tortuga_rules.game.catalogues`). A message's id is made from its English words
(:func:`message_id`), so a call site still writes its message once, in English.

Each language's ``.ftl`` file is read at run time with ``fluent.runtime``, once per
process; plurals are Fluent selectors over CLDR's categories, and the grammar where names
meet sentences (Korean particles, articles, contractions) is done by the functions of
:mod:`tortuga_rules.game.grammar`. A message may carry attributes: a noun of a game's
data (a place, a deck) gives there its article and case forms (:meth:`Catalogue.noun`).

Card names and texts do not come from here: they are quotations of the rulebooks and live
in the card files (:meth:`tortuga_rules.games.tortuga1667.labels.Labels.card`).
"""

from __future__ import annotations

import functools
import hashlib
import re
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, overload

from ..data.sources import package_dir
from ..errors import ArgumentError, did_you_mean
from .grammar import Noun, functions

if TYPE_CHECKING:
    from fluent.runtime import FluentBundle

    from ..data.ruleset import Ruleset

__all__ = ["LANGUAGES", "DOMAIN", "KEYWORDS", "N_", "check_language", "translations",
           "catalogue_file", "clause_glossary", "message_id", "fields_of", "Catalogue"]

#: The languages a seat may be shown, English first (the source language).
LANGUAGES = ("en", "es", "de", "ko", "it")
#: The catalogues' name: ``locale/<lang>/tortuga_rules.ftl``.
DOMAIN = "tortuga_rules"
#: The functions whose string arguments are messages, as Babel's extractor wants them.
KEYWORDS: dict[str, tuple[int, int] | None] = {
    "say": None, "say_n": (1, 2), "tr": None, "tr_n": (1, 2), "N_": None}

_FIELD = re.compile(r"\{(\w+)\}")


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue where it is defined; it is translated where used."""
    return message


def check_language(lang: Any) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`; otherwise an :class:`ArgumentError`."""
    if isinstance(lang, str) and lang in LANGUAGES:
        return lang
    hint = did_you_mean(str(lang), LANGUAGES) if isinstance(lang, str) else ""
    raise ArgumentError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}"
                        f"{hint}")


@overload
def catalogue_file(lang: str, locale: None = None) -> Traversable: ...


@overload
def catalogue_file(lang: str, locale: Path) -> Path: ...


def catalogue_file(lang: str, locale: Traversable | None = None) -> Traversable:
    """The Fluent file of ``lang`` (``en``: the source) in folder ``locale`` (default: the
    package's, an importlib resource)."""
    locale = package_dir("locale") if locale is None else locale
    return locale / lang / f"{DOMAIN}.ftl"


@functools.lru_cache(maxsize=None)
def message_id(message: str) -> str:
    """The Fluent id of the English ``message``: its first words and a digest of all of it
    (``seat-plays-cards-3f2a1c``), the same wherever it is computed."""
    words = re.findall(r"[a-z0-9]+", message.lower())[:6]
    digest = hashlib.sha1(message.encode()).hexdigest()[:6]
    stem = "-".join(words)
    return f"{stem}-{digest}" if stem[:1].isalpha() else f"m-{stem}-{digest}".replace("--", "-")


def fields_of(message: str) -> tuple[str, ...]:
    """The ``{fields}`` an English message is given, in order of appearance."""
    return tuple(dict.fromkeys(_FIELD.findall(message)))


def _argument(value: Any) -> Any:
    """A field's value as Fluent takes it: whole numbers without grouping, names as text."""
    from fluent.runtime.types import fluent_number

    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int):
        return fluent_number(value, useGrouping=False)
    return value if isinstance(value, str) else str(value)


class Catalogue:
    """One language's messages: a Fluent bundle, English behind it for what it lacks."""

    def __init__(self, lang: str, bundle: FluentBundle,
                 fallback: Catalogue | None = None) -> None:
        self.lang = lang
        # read as Any: fluent.runtime types a formatted message as text or FluentNone, and
        # a message's pattern as another class than the one it formats
        self.bundle: Any = bundle
        self.fallback = fallback
        # message -> its str.format template, or False
        self._plain: dict[str, str | Literal[False]] = {}
        self._nouns: dict[str, Noun] = {}  # message -> its Noun (made once: a game's few names)

    def has(self, message: str) -> bool:
        """Whether this language's own file says ``message``."""
        said: bool = self.bundle.has_message(message_id(message))
        return said

    def _pattern(self, message: str, attribute: str | None = None) -> Any:
        """The Fluent pattern of ``message`` (or of its ``attribute``), None if this
        language's file lacks it."""
        mid = message_id(message)
        if self.bundle.has_message(mid):
            found = self.bundle.get_message(mid)
            return found.attributes.get(attribute) if attribute else found.value
        return None

    def format(self, message: str, fields: dict[str, Any] | None = None) -> str:
        """``message`` in this language with its fields filled in (none given: the
        ``{fields}`` left in, as :meth:`gettext`)."""
        if not fields and fields_of(message):
            return self.gettext(message)
        plain = self._plain.get(message)
        if plain is None:
            plain = self._plain[message] = self._template(message)
        if plain is not False:
            return plain.format_map(fields) if fields else plain
        pattern = self._pattern(message)
        if pattern is None:
            if self.fallback is not None:
                return self.fallback.format(message, fields)
            return message.format(**fields) if fields else message
        args = {k: _argument(v) for k, v in fields.items()} if fields else None
        text: str = self.bundle.format_pattern(pattern, args)[0]
        return text

    def _template(self, message: str) -> str | Literal[False]:
        """The message as a ``str.format`` template where it is only words and fields
        (most are: formatting those needs no Fluent), else False."""
        from fluent.runtime.resolver import (Placeable, StringLiteral, TextElement,
                                             VariableReference)

        pattern = self._pattern(message)
        if pattern is None:
            return False if self.fallback is not None or fields_of(message) else message
        out: list[str] = []
        for element in getattr(pattern, "elements", (pattern,)):
            if isinstance(element, Placeable) and isinstance(element.expression, StringLiteral):
                element = element.expression.parse()["value"]
            if isinstance(element, TextElement):
                out.append(element.value.replace("{", "{{").replace("}", "}}"))
            elif isinstance(element, Placeable) and isinstance(element.expression,
                                                               VariableReference):
                out.append("{" + element.expression.id.name + "}")
            elif isinstance(element, str):
                out.append(element.replace("{", "{{").replace("}", "}}"))
            else:
                return False
        return "".join(out)

    def format_n(self, singular: str, plural: str, n: int,
                 fields: dict[str, Any] | None = None) -> str:
        """The form of ``singular``/``plural`` for the count ``n`` (the field ``n``)."""
        if self._pattern(singular) is None and self.fallback is None:
            return (singular if n == 1 else plural).format(n=n, **(fields or {}))
        return self.format(singular, {**(fields or {}), "n": n})

    def noun(self, message: str) -> Noun:
        """``message`` (a name of a game's data) as a :class:`~.grammar.Noun`: its words,
        with the forms its attributes give (``.def``: with its article; case forms)."""
        noun = self._nouns.get(message)
        if noun is None:
            noun = self._nouns[message] = self._noun(message)
        return noun

    def _noun(self, message: str) -> Noun:
        mid = message_id(message)
        if not self.bundle.has_message(mid):
            return self.fallback.noun(message) if self.fallback else Noun(message)
        found = self.bundle.get_message(mid)
        forms = {name: self.bundle.format_pattern(value)[0]
                 for name, value in found.attributes.items()}
        return Noun(self.bundle.format_pattern(found.value)[0], forms)

    # -- the gettext-style calls of code written before Fluent ---------------------------

    def gettext(self, message: str) -> str:
        """``message`` translated with its ``{fields}`` left in, for ``str.format``."""
        fields = fields_of(message)
        return self.format(message, {f: "{" + f + "}" for f in fields}) if fields else \
            self.format(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """As :meth:`gettext`, the form for the count ``n`` (``{n}`` filled in)."""
        fields = {f: "{" + f + "}" for f in fields_of(singular + plural) if f != "n"}
        return self.format_n(singular, plural, n, fields)


def read_bundle(lang: str, path: Traversable) -> FluentBundle:
    """The Fluent bundle of ``lang`` read from the file ``path`` (empty if it is missing)."""
    from fluent.runtime import FluentBundle, FluentResource

    bundle = FluentBundle([lang], functions=functions(lang), use_isolating=False)
    if path.is_file():
        bundle.add_resource(FluentResource(path.read_text(encoding="utf-8")))
    return bundle


@functools.cache
def translations(lang: str) -> Catalogue:
    """The catalogue of ``lang``, read once per process (English behind each other one)."""
    check_language(lang)
    bundle = read_bundle(lang, catalogue_file(lang))
    if lang == "en":
        return Catalogue(lang, bundle)
    return Catalogue(lang, bundle, translations("en"))


def clause_glossary(rules: Ruleset, lang: str) -> dict[str, Any]:
    """The clauses of ``rules`` as a reader of ``lang`` is shown them: ``clauses`` (id ->
    its words: the rulebook of that language quoted, or our statement translated where no
    rulebook says it, English where neither is written), ``clause_kinds`` (id -> ``quote``,
    ``own`` or ``en``), ``first_edition`` (id -> what that language's 1st-edition rulebook
    says instead, where it does) and ``clauses_lang``."""
    words = {cid: c.words(lang) for cid, c in rules.clauses.items()}
    return {"clauses": {cid: w[0] for cid, w in words.items()},
            "clause_kinds": {cid: w[1] for cid, w in words.items()},
            "first_edition": {cid: w[2] for cid, w in words.items() if w[2]},
            "clauses_lang": lang}
