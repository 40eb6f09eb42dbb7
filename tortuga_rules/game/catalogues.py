"""Keeping the message catalogues: ``python -m tortuga_rules.game.catalogues``.

The one command that checks and updates the Fluent files of the five languages:

1. extracts every message of the package with Babel's extractor (the functions of
   :data:`~tortuga_rules.game.language.KEYWORDS` mark them) and the words the bundled
   rulesets' data brings (action texts, option labels);
2. writes them, in English, to the source file ``locale/en/tortuga_rules.ftl`` (a message
   said with a count becomes a selector over CLDR's plural categories);
3. brings each language's ``locale/<lang>/tortuga_rules.ftl`` up to date: messages gone
   from the code are dropped, new ones are listed at the end of the file as comments for
   a translator to fill in, and the entries of an old-style gettext file
   (``locale/<lang>/LC_MESSAGES/tortuga_rules.po``, as a branch written before Fluent
   adds them) that the Fluent file lacks are folded in, converted - ``{field}`` becomes
   ``{ $field }``, plural forms become ``[one]``/``*[other]`` variants, and a Korean
   particle written both ways (``{seat}이(가)``) becomes ``PARTICLE``. The gettext files
   are then removed (``--keep-po`` keeps them).

``--check`` writes nothing and exits 1 if any file would change. Entries are kept in the
order of their English words, so files change only when messages do.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Iterable

from .grammar import BOTH_WAYS as KO_PARTICLES
from .language import KEYWORDS, LANGUAGES, catalogue_file, message_id

__all__ = ["rules_messages", "messages", "update_catalogues", "to_fluent", "fold_po"]

#: The messages found: English message (a count's: its singular) -> ``(plural or None,
#: translators' comments)``.
Messages = dict[str, tuple[str | None, tuple[str, ...]]]

#: CLDR plural categories of gettext's plural forms, by how many forms a language has.
PLURAL_CATEGORIES: dict[int, tuple[str, ...]] = {
    1: ("other",), 2: ("one", "other"), 3: ("one", "few", "other")}
_KO = re.compile(r"\{(\w+)\}(" + "|".join(re.escape(k) for k in KO_PARTICLES) + ")")


def rules_messages() -> dict[str, str]:
    """The messages the bundled rulesets' data brings: action texts, and
    what a lobby shows of each ruleset and variant - its name, description and options'
    labels and descriptions.

    ``message -> file`` (the first bundled ruleset that uses it). A house rule's own
    words are not in the catalogues; they are shown as written.
    """
    from ..data.loader import load_ruleset
    from ..data.sources import bundled_files

    out: dict[str, str] = {}
    for name, path in sorted(bundled_files("variants", ".yaml").items()):
        rules = load_ruleset(name)
        where = f"variants/{path}"
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
                out.setdefault(act.text, where)
    return out


def messages(source_dir: str | Path) -> Messages:
    """Every message of the package at ``source_dir`` and its rules: English message (a
    count's: its singular) -> ``(plural or None, translators' comments)``."""
    from babel.messages.extract import extract_from_dir

    out: Messages = {}
    for _, _, message, comments, _ in extract_from_dir(
            source_dir, method_map=[("**.py", "python")], keywords=KEYWORDS,
            comment_tags=("TRANSLATORS:",)):
        singular, plural = message if isinstance(message, tuple) else (message, None)
        if singular not in out or plural:
            out[singular] = (plural, tuple(comments))
    for message in rules_messages():
        out.setdefault(message, (None, ()))
    return out


# -- writing Fluent ------------------------------------------------------------------------

def _text(text: str, lang: str) -> str:
    """A gettext template as a Fluent pattern: fields as variables, edge spaces and braces
    quoted, Korean particles chosen by ``PARTICLE``."""
    if lang == "ko":
        text = _KO.sub(lambda m: f"<<{m.group(1)}|{KO_PARTICLES[m.group(2)]}>>", text)
    out = []
    for piece in re.split(r"(\{\w+\}|[{}]|<<\w+\|[^>]+>>)", text):
        if not piece:
            continue
        if piece.startswith("<<"):
            name, forms = piece[2:-2].split("|")
            out.append(f'{{ PARTICLE(${name}, "{forms}") }}')
        elif re.fullmatch(r"\{\w+\}", piece):
            out.append(f"{{ ${piece[1:-1]} }}")
        elif piece in "{}":
            out.append(f'{{ "{piece}" }}')
        else:
            out.append(piece)
    pattern = "".join(out)
    lead = len(pattern) - len(pattern.lstrip(" "))
    trail = len(pattern) - len(pattern.rstrip(" "))
    core = pattern.strip(" ")
    return '{ " " }' * lead + core + '{ " " }' * trail


def to_fluent(mid: str, forms: tuple[str, ...], lang: str, comments: Iterable[str] = ()) -> str:
    """The Fluent entry ``mid`` of a message with gettext ``forms`` (one, or one per plural
    form of ``lang``; a plural's selector reads ``$n``)."""
    head = "".join(f"# {c}\n" for c in comments)
    if len(forms) == 1:
        return f"{head}{mid} = {_text(forms[0], lang)}\n"
    categories = PLURAL_CATEGORIES[len(forms)]
    lines = [f"{head}{mid} =", "    { $n ->"]
    for cat, form in zip(categories, forms):
        star = "*" if cat == "other" else " "
        lines.append(f"       {star}[{cat}] {_text(form, lang)}")
    lines.append("    }")
    return "\n".join(lines) + "\n"


def _entries(path: Path) -> dict[str, str]:
    """The messages of the Fluent file at ``path``: id -> its source text (with comment)."""
    from fluent.syntax import ast, parse, serialize

    if not path.is_file():
        return {}
    resource = parse(path.read_text(encoding="utf-8"))
    return {entry.id.name: serialize(ast.Resource([entry]))
            for entry in resource.body if isinstance(entry, ast.Message)}


def _attributes(source: str) -> str:
    """The attribute lines (``    .def = ...``) of an entry's source."""
    return "".join(line + "\n" for line in source.splitlines() if line.startswith("    ."))


def fold_po(path: Path, lang: str) -> dict[str, str]:
    """The translated entries of the gettext file at ``path`` as Fluent: id -> source."""
    from babel.messages.pofile import read_po

    if not path.is_file():
        return {}
    with open(path, "rb") as fh:
        catalog = read_po(fh, locale=lang)
    out: dict[str, str] = {}
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        # a plural message's id and string are sequences (Babel types them as lists)
        singular = m.id if isinstance(m.id, str) else m.id[0]
        forms = (m.string,) if isinstance(m.string, str) else tuple(m.string or ())
        if all(forms):
            out[message_id(singular)] = to_fluent(message_id(singular), forms, lang)
    return out


def _header(lang: str) -> str:
    what = ("the source: every message in English, made from the code by" if lang == "en"
            else f"the {lang} translation, checked against locale/en/tortuga_rules.ftl by")
    return (f"# tortuga-rules messages: {what}\n"
            "# `python -m tortuga_rules.game.catalogues` (see docs/frontend.md, Languages).\n\n")


def _source_file(found: Messages, existing: dict[str, str]) -> str:
    parts = []
    for singular, (plural, comments) in found.items():
        mid = message_id(singular)
        forms = (singular, plural) if plural else (singular,)
        entry = to_fluent(mid, forms, "en", comments)
        parts.append(entry + _attributes(existing.get(mid, "")))
    return _header("en") + "\n".join(parts)


def _language_file(lang: str, found: Messages, existing: dict[str, str],
                   folded: dict[str, str]) -> str:
    parts, missing = [], []
    for singular, (plural, _) in found.items():
        mid = message_id(singular)
        entry = existing.get(mid) or folded.get(mid)
        if entry:
            parts.append(entry)
        else:
            missing.append(f"# {mid} = {singular}\n")
    text = _header(lang) + "\n".join(parts)
    if missing:
        text += "\n## Untranslated: translate each line below and remove its '# '.\n\n"
        text += "".join(missing)
    return text


def update_catalogues(source_dir: str | Path, write: bool = True,
                      keep_po: bool = False) -> list[Path]:
    """Bring the Fluent files up to date (see the module's words): the files changed (or,
    with ``write=False``, that would change)."""
    source_dir = Path(source_dir)
    locale = source_dir.parent / "locale"
    found = dict(sorted(messages(source_dir).items(), key=lambda kv: kv[0].lower()))
    changed = []
    for lang in LANGUAGES:
        path = catalogue_file(lang, locale)
        existing = _entries(path)
        if lang == "en":
            text = _source_file(found, existing)
        else:
            po = locale / lang / "LC_MESSAGES" / "tortuga_rules.po"
            text = _language_file(lang, found, existing, fold_po(po, lang))
            if write and po.is_file() and not keep_po:
                po.unlink()
                if not any(po.parent.iterdir()):
                    po.parent.rmdir()
                changed.append(po)
        old = path.read_text(encoding="utf-8") if path.is_file() else None
        if old != text:
            changed.append(path)
            if write:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    pot = locale / "tortuga_rules.pot"
    if write and pot.is_file() and not keep_po:
        pot.unlink()
        changed.append(pot)
    return changed


def main(argv: list[str] | None = None) -> int:
    """The command: update (or with ``--check`` only check) the catalogues."""
    argv = sys.argv[1:] if argv is None else argv
    check = "--check" in argv
    changed = update_catalogues(Path(__file__).resolve().parent.parent, write=not check,
                                keep_po="--keep-po" in argv)
    for path in changed:
        print(("out of date: " if check else "written: ") + str(path))
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
