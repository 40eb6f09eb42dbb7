"""The JSON Schemas of the data files, and their errors as located problems.

Every data file (ruleset, variant, card, vote deck, scenario, saved game) has a
schema in the package's ``schema/`` folder: the engine's own (actions, decisions, events,
records, replays, scenarios, variants, the server's protocol) at its top, a game's own in
its subfolder (``schema/tortuga-1667/``, ``schema/kit/``). A schema is named by its file
name alone, wherever it lives (:func:`~tortuga_rules.data.sources.bundled_files`). :func:`schema_problem` turns a
``jsonschema`` error into a :class:`~tortuga_rules.errors.Problem` at the
``file:line:col`` of the offending value, with a "did you mean" for unknown keys.
"""

from __future__ import annotations

import difflib
import json
from functools import lru_cache
from typing import Any

import jsonschema

from ..errors import Problem
from .sources import bundled_file, bundled_files
from .yamlsource import Locator

__all__ = ["schema", "validator", "schema_problem"]


@lru_cache(maxsize=None)
def schema(name: str) -> dict[str, Any]:
    """The schema ``<name>.schema.json`` of the ``schema/`` folder (or of a game's subfolder)
    as data."""
    path = bundled_files("schema", ".schema.json")[name]
    text = bundled_file("schema", path).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@lru_cache(maxsize=None)
def validator(name: str) -> jsonschema.Draft202012Validator:
    """A validator for the schema ``name`` (made once)."""
    return jsonschema.Draft202012Validator(schema(name))


def schema_problem(err: jsonschema.ValidationError, smap: Locator) -> Problem:
    """A schema error as a problem located at the offending value (in the file ``smap``
    locates values of)."""
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
