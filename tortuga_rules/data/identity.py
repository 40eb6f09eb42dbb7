"""Which rules a document was made under: saves, replays and records against a ruleset.

A document (a saved game, a replay, a game record) records the id and the content
hash of the rules it was made under; the id names every option off its default
(``standard:attack_take=must``), so loading the id restores the rules. It is read only under the same
rules: the same hash (which covers the resolved rules, the card files and every option
value), the id spelt the same or naming the same composition. Anything else is refused
saying how the rules differ, in words.
"""

from __future__ import annotations

from typing import Any

from ..errors import SaveGameError, TortugaError
from .loader import load_ruleset
from .ruleset import Ruleset
from .schema import validator
from .variants import spell_value

__all__ = ["ruleset_difference", "check_document"]


def ruleset_difference(data: dict[str, Any], rules: Ruleset) -> str | None:
    """How the rules a document (save, replay, record) was made under differ from ``rules``.

    None when its hash is ``rules``'s: the hash covers the resolved rules, the card files
    and every option value, so the same hash is the same game whatever the id's
    spelling. Otherwise the difference in words: the option values that differ (read
    from the recorded id, a bundled composition), else the rulesets by id and hash.
    """
    said = f"saved under {str(data.get('ruleset'))[:200]!r}, these rules are {rules.id!r}"
    if data.get("ruleset_hash") == rules.hash:
        if data.get("ruleset") == rules.id or _same_rules(data.get("ruleset"), rules):
            return None
        return said
    saved = _bundled(data.get("ruleset"))
    if saved is not None and saved.hash == data.get("ruleset_hash"):
        names = sorted(set(saved.options) | set(rules.options))
        diffs = [f"{n}: {_shown(saved.options, n)} there, {_shown(rules.options, n)} here"
                 for n in names
                 if saved.options.get(n, _ABSENT) != rules.options.get(n, _ABSENT)]
        if diffs:
            return f"{'; '.join(diffs)} ({said})"
    return (f"{said}, and their rules differ (hash {str(data.get('ruleset_hash'))[:80]!r}, "
            f"here {rules.hash}); load it with the rules it was saved under")


_ABSENT = object()


def _same_rules(name: Any, rules: Ruleset) -> bool:
    """True if the bundled composition ``name`` is ``rules`` spelt another way
    (``standard+more-starred:4``, the default given, is ``standard+more-starred``)."""
    other = _bundled(name)
    return other is not None and other.id == rules.id and other.hash == rules.hash


def _bundled(name: Any) -> Ruleset | None:
    """The bundled composition named ``name`` (an id records its option values), or None."""
    if not isinstance(name, str):
        return None
    try:
        return load_ruleset(name, bundled_only=True)
    except TortugaError:
        return None


def _shown(options: dict[str, Any], name: str) -> str:
    """An option's value as a composition's text writes it, or that there is no such option."""
    return spell_value(options[name]) if name in options else "no such option"


def check_document(data: Any, name: str, fmt: str, rules: Ruleset) -> None:
    """Refuse, with :class:`SaveGameError`, data that is not a ``name`` document of ``rules``.

    ``fmt`` is the document's ``"format"`` tag; its ruleset id and hash must be
    ``rules``'s, and it must match ``schema/<name>.schema.json`` (the first errors are
    listed, each at its path).
    """
    what = name.replace("-", " ")
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise SaveGameError(f"not a {what}: expected \"format\": \"{fmt}\"")
    difference = ruleset_difference(data, rules)
    if difference:
        raise SaveGameError(f"this {what} was recorded under other rules: {difference}")
    errors = sorted(validator(name).iter_errors(data),
                    key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        lines = [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message:.200}"
                 for e in errors[:20]]
        raise SaveGameError(f"not a valid {what}:\n" + "\n".join(lines))
