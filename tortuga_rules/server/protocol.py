"""The server's protocol: message checks against ``schema/server.schema.json`` and errors.

Every body and websocket message a client sends is hostile until checked: its size
first, then that it is JSON, then its shape against the schema's definition. A
refusal is a :class:`ProtocolError` carrying one of the schema's error codes; the
engine's own refusals (an illegal move, a wrong token) map to codes by
:func:`error_data`. Messages never echo what they refuse beyond a short excerpt.
"""

from __future__ import annotations

import functools
import json

import jsonschema
import referencing

from ..data.schema import schema
from ..errors import DataError, IllegalActionError, TortugaError, UndoError
from .store import StorageError
from .tables import (AuthError, NoSuchTable, NotOver, QuotaError, ServerFull, StaleError,
                     TableGone)

__all__ = ["ProtocolError", "parse", "check", "error_data", "definition_validator",
           "MAX_MESSAGE", "MAX_BODY"]

#: The longest websocket message (characters) and HTTP body (bytes) a client may send.
MAX_MESSAGE = 4096
MAX_BODY = 16384


class ProtocolError(TortugaError):
    """A message refused before it reached a table; ``code`` is the schema's error code."""

    def __init__(self, code: str, message: str, status: int = 400):
        super().__init__(message)
        self.code = code
        self.status = status


@functools.cache
def definition_validator(name: str) -> jsonschema.Draft202012Validator:
    """A validator for ``server.schema.json#/$defs/<name>`` (its references resolved)."""
    registry = referencing.Registry().with_resources(
        (f"{n}.schema.json", referencing.Resource.from_contents(schema(n)))
        for n in ("server", "view", "kit-view"))
    return jsonschema.Draft202012Validator(
        {"$ref": f"server.schema.json#/$defs/{name}"}, registry=registry)


def parse(text, definition: str, limit: int = MAX_MESSAGE) -> dict:
    """The JSON object ``text`` holds, checked against ``definition``; else ProtocolError."""
    if not isinstance(text, (str, bytes)):
        raise ProtocolError("malformed", "send JSON text")
    if len(text) > limit:
        raise ProtocolError("too-large", f"a message is at most {limit} characters", 413)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", "this is not JSON") from None
    _require_unicode(data)
    return check(data, definition)


def _require_unicode(data):
    """Refuse text that is no Unicode (JSON may escape a lone surrogate, ``"\\ud800"``,
    which no database or digest can take)."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                raise ProtocolError("malformed", "text must be Unicode (a lone surrogate is "
                                                 "not)") from None
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def check(data, definition: str) -> dict:
    """``data`` if it matches ``definition``; else ProtocolError saying where it does not."""
    error = jsonschema.exceptions.best_match(definition_validator(definition).iter_errors(data))
    if error is not None:
        where = "/".join(map(str, error.absolute_path)) or "message"
        raise ProtocolError("malformed", f"{where}: {_short(error.message)}")
    return data


def error_data(exc: BaseException) -> tuple:
    """``(status, {"code", "message"})`` for a refusal (a TortugaError); rules with
    mistakes (a host's house rules) also give every ``problems`` line, located."""
    if isinstance(exc, DataError):
        problems = [_short(str(p), 300) for p in exc.problems[:50]]
        count = len(exc.problems)
        first = problems[0] if problems else ""
        return 400, {"code": "bad-rules", "problems": problems,
                     "message": f"the rules have {count} problem{'s' if count != 1 else ''}: "
                                f"{first}"}
    if isinstance(exc, ProtocolError):
        return exc.status, {"code": exc.code, "message": str(exc)}
    if isinstance(exc, StorageError):
        return 503, {"code": "busy", "message": str(exc)}
    if isinstance(exc, QuotaError):
        return 429, {"code": "quota", "message": str(exc)}
    if isinstance(exc, ServerFull):
        return 503, {"code": "server-full", "message": str(exc)}
    if isinstance(exc, TableGone):
        return 410, {"code": "gone", "message": str(exc)}
    if isinstance(exc, (AuthError, NotOver)):
        return 403, {"code": "forbidden", "message": str(exc)}
    if isinstance(exc, UndoError):
        return 409, {"code": "undo-refused", "message": str(exc)}
    if isinstance(exc, IllegalActionError):
        code = "stale" if isinstance(exc, StaleError) else "illegal"
        return 409, {"code": code, "message": str(exc)}
    if isinstance(exc, NoSuchTable):
        return 404, {"code": "not-found", "message": str(exc)}
    return 400, {"code": "bad-request", "message": _short(str(exc), 300)}


def _short(text: str, n: int = 160) -> str:
    return text if len(text) <= n else text[:n] + "…"
