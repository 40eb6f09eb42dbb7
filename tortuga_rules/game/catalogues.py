"""Keeping the message catalogues: ``python -m tortuga_rules.game.catalogues``.

Extracts every message of the package with Babel (the functions of
:data:`~tortuga_rules.game.language.KEYWORDS` mark them) and the words the bundled
rulesets' data brings (action texts, option labels) into the template
``locale/tortuga_rules.pot``, then merges the template into each language's ``.po``
file: new messages appear untranslated, gone ones are dropped. Translators then fill in
the ``.po`` files with any gettext tool. Files are written without source locations and
sorted, so they change only when messages do.
"""

from __future__ import annotations

import datetime
from pathlib import Path

from .language import DOMAIN, KEYWORDS, LANGUAGES, catalogue_file

__all__ = ["rules_messages", "template", "update_catalogues"]

#: The template's date: fixed, so that the files change only when messages do.
DATE = datetime.datetime(2026, 11, 24, tzinfo=datetime.timezone.utc)


def _catalog(**kwargs):
    """An empty catalogue with the project's header (``locale=`` for a language's)."""
    from babel.messages.catalog import Catalog

    return Catalog(domain=DOMAIN, project="tortuga-rules", version="0.1", fuzzy=False,
                   copyright_holder="the tortuga-rules authors", creation_date=DATE,
                   revision_date=DATE, **kwargs)


def rules_messages() -> dict:
    """The messages the bundled rulesets' data brings: action texts, and
    what a lobby shows of each ruleset and variant - its name, description and options'
    labels and descriptions.

    ``message -> file`` (the first bundled ruleset that uses it). A house rule's own
    words are not in the catalogues; they are shown as written.
    """
    from ..data.loader import load_ruleset
    from ..data.sources import bundled_rulesets

    out: dict = {}
    for name in bundled_rulesets():
        rules = load_ruleset(name)
        where = f"variants/{name}.yaml"
        for text in (*rules.name.split(" + "), rules.about):
            out.setdefault(text, where)
        for decl in rules.option_decls.values():
            out.setdefault(decl["label"], where)
            out.setdefault(decl["description"], where)
            for choice in decl.get("choices", ()):
                out.setdefault(choice, where)
        if "kit" in rules.tables:  # a kit game words its own choices, per language, in its data
            continue
        for act in rules.actions:
            if act.text:
                out.setdefault(act.text, f"variants/{name}.yaml")
    return out


def template(source_dir):
    """The catalogue template: every message of the package at ``source_dir`` and its rules."""
    from babel.messages.extract import extract_from_dir

    catalog = _catalog()
    for filename, lineno, message, comments, _ in extract_from_dir(
            source_dir, method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",)):
        catalog.add(message, locations=[(f"tortuga_rules/{filename}", lineno)],
                    auto_comments=comments)
    for message, where in rules_messages().items():
        if message not in catalog:
            catalog.add(message, locations=[(where, 0)])
    return catalog


def _write(catalog, path) -> None:
    from babel.messages.pofile import write_po

    with open(path, "wb") as fh:
        write_po(fh, catalog, no_location=True, sort_output=True, ignore_obsolete=True,
                 width=96)


def update_catalogues(source_dir) -> list:
    """Write the template and merge it into each language's ``.po`` file; the files written."""
    from babel.messages.pofile import read_po

    locale = Path(source_dir).parent / "locale"
    pot = template(source_dir)
    written = [catalogue_file("en", locale)]
    locale.mkdir(exist_ok=True)
    _write(pot, written[0])
    for lang in LANGUAGES[1:]:
        path = catalogue_file(lang, locale)
        if path.exists():
            with open(path, "rb") as fh:
                catalog = read_po(fh, locale=lang, domain=DOMAIN)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalog = _catalog(locale=lang)
        catalog.update(pot, no_fuzzy_matching=True)
        _write(catalog, path)
        written.append(path)
    return written


if __name__ == "__main__":
    for written in update_catalogues(Path(__file__).resolve().parent.parent):
        print(written)
