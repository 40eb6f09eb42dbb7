"""The JSON Schemas of the data files, and their errors as located problems.

Every data file (ruleset, variant, card, vote deck, scenario, saved game) has a
schema in the package's ``schema/`` folder. :func:`schema_problem` turns a
``jsonschema`` error into a :class:`~tortuga_rules.errors.Problem` at the
``file:line:col`` of the offending value, with a "did you mean" for unknown keys.
"""

from __future__ import annotations

import difflib
import json
from functools import lru_cache

import jsonschema

from ..errors import Problem, SaveGameError
from .sources import package_dir

__all__ = ["schema", "validator", "schema_problem", "check_document"]


@lru_cache(maxsize=None)
def schema(name: str) -> dict:
    """The schema ``schema/<name>.schema.json`` as data."""
    text = package_dir("schema").joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


@lru_cache(maxsize=None)
def validator(name: str) -> jsonschema.Draft202012Validator:
    """A validator for the schema ``name`` (made once)."""
    return jsonschema.Draft202012Validator(schema(name))


def schema_problem(err, smap) -> Problem:
    """A schema error as a problem located at the offending value."""
    path = tuple(err.absolute_path)
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        allowed = set(err.schema.get("properties", {}))
        extra = [k for k in err.instance if k not in allowed]
        if extra and allowed:
            key = extra[0]
            close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            hint = f" (did you mean '{close[0]}'?)" if close else \
                f" (allowed: {', '.join(sorted(allowed))})"
            return smap.problem(path + (key,), f"unknown key '{key}'{hint}")
    if err.validator == "required":
        return smap.problem(path, err.message.replace("is a required property",
                                                      "is missing (required)"))
    if err.validator == "enum":
        choices = ", ".join(map(str, err.validator_value))
        return smap.problem(path, f"{err.instance!r} is not one of: {choices}")
    where = "/".join(map(str, path))
    return smap.problem(path, f"{err.message}" + (f" (at {where})" if where else ""))


def check_document(data, name: str, fmt: str, rules) -> None:
    """Refuse, with :class:`SaveGameError`, data that is not a ``name`` document of ``rules``.

    ``fmt`` is the document's ``"format"`` tag; its ruleset id and hash must be
    ``rules``'s, and it must match ``schema/<name>.schema.json`` (the first errors are
    listed, each at its path).
    """
    what = name.replace("-", " ")
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise SaveGameError(f"not a {what}: expected \"format\": \"{fmt}\"")
    if data.get("ruleset") != rules.id or data.get("ruleset_hash") != rules.hash:
        raise SaveGameError(
            f"this {what} was recorded under ruleset {data.get('ruleset')!r:.200} (hash "
            f"{data.get('ruleset_hash')!r:.80}), not {rules.id!r} (hash {rules.hash})")
    errors = sorted(validator(name).iter_errors(data),
                    key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        lines = [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message:.200}"
                 for e in errors[:20]]
        raise SaveGameError(f"not a valid {what}:\n" + "\n".join(lines))
