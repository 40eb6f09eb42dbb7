"""The five languages of the words a seat is shown: gettext catalogues read with Babel.

English is the source language: every sentence, prompt and label is written in English
in the code and marked for the catalogue by the function that says it - ``say`` and
``say_n`` (narration), ``tr`` and ``tr_n`` (labels and prompts) or ``N_`` (a table of
messages translated later). ``python -m tortuga_rules.game.catalogues`` extracts them with
Babel into ``tortuga_rules/locale/tortuga_rules.pot`` (together with the action texts of
the bundled rulesets, which are data) and brings each language's ``.po`` file up to date,
the standard gettext workflow translators know (Poedit, Weblate, ``pybabel``). The
test suite checks that the template is current and that every catalogue translates every
message with the same ``{fields}``.

The ``.po`` files are read at run time with Babel and turned into standard
:class:`gettext.GNUTranslations`, so no compiled ``.mo`` file is built or shipped.

Card names and texts do not come from here: they are quotations of the rulebooks and live
in the card files (:meth:`tortuga_rules.games.tortuga1667.labels.Labels.card`).
"""

from __future__ import annotations

import functools
import gettext
import io

from ..data.sources import package_dir
from ..errors import ArgumentError, did_you_mean

__all__ = ["LANGUAGES", "DOMAIN", "KEYWORDS", "N_", "check_language", "translations",
           "catalogue_file", "clause_glossary"]

#: The languages a seat may be shown, English first (the source language).
LANGUAGES = ("en", "es", "de", "ko", "it")
#: The gettext domain: ``locale/<lang>/LC_MESSAGES/tortuga_rules.po``.
DOMAIN = "tortuga_rules"
#: The functions whose string arguments are messages, as Babel's extractor wants them.
KEYWORDS = {"say": None, "say_n": (1, 2), "tr": None, "tr_n": (1, 2), "N_": None}


def N_(message: str) -> str:
    """Mark ``message`` for the catalogue where it is defined; it is translated where used."""
    return message


def check_language(lang) -> str:
    """``lang`` if it is one of :data:`LANGUAGES`; otherwise an :class:`ArgumentError`."""
    if isinstance(lang, str) and lang in LANGUAGES:
        return lang
    hint = did_you_mean(str(lang), LANGUAGES) if isinstance(lang, str) else ""
    raise ArgumentError(f"unknown language {lang!r}: choose one of {', '.join(LANGUAGES)}"
                        f"{hint}")


def catalogue_file(lang: str, locale=None):
    """The ``.po`` file of ``lang``, or the template for ``en``, in folder ``locale``
    (default: the package's, an importlib resource)."""
    locale = package_dir("locale") if locale is None else locale
    if lang == "en":
        return locale / f"{DOMAIN}.pot"
    return locale / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def translations(lang: str) -> gettext.NullTranslations:
    """The catalogue of ``lang`` as standard gettext translations (English: the messages)."""
    check_language(lang)
    if lang == "en":
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with catalogue_file(lang).open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)



def clause_glossary(rules, lang: str) -> dict:
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
