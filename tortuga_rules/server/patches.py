"""View patches: a view sent as its changes to the view sent before (RFC 6902 JSON Patch).

A socket opened with ``?patches=1`` is sent a whole view first, then ``view_patch``
messages whose ``patch`` turns the last view it was sent into the new one. :func:`diff`
makes the patch by walking both views: an object's key that is new is ``add``-ed, one that
is gone is ``remove``-d, one whose value changed is walked into (objects) or ``replace``-d
(anything else: an array is replaced whole - a view's arrays are short, and an array's
edit script would cost more to make and to read than it saves). Paths are JSON Pointers
(RFC 6901: ``~`` written ``~0``, ``/`` written ``~1``). Values are compared as JSON
compares them: ``1`` and ``true`` differ, ``1`` and ``1.0`` do not.
"""

from __future__ import annotations

__all__ = ["diff", "pointer"]


def diff(old, new, path: str = "") -> list:
    """The RFC 6902 operations (``add``, ``replace``, ``remove``) that turn the JSON value
    ``old`` into ``new``; none if they are the same."""
    if isinstance(old, dict) and isinstance(new, dict):
        ops: list = []
        for key, value in old.items():
            if key not in new:
                ops.append({"op": "remove", "path": pointer(path, key)})
            else:
                ops.extend(diff(value, new[key], pointer(path, key)))
        ops.extend({"op": "add", "path": pointer(path, key), "value": value}
                   for key, value in new.items() if key not in old)
        return ops
    if same(old, new):
        return []
    return [{"op": "replace", "path": path, "value": new}]


def same(a, b) -> bool:
    """Whether two JSON values are equal as JSON (a boolean is no number)."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    if type(a) is not type(b):
        if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
            return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same(v, b[k]) for k, v in a.items())
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    return a == b


def pointer(path: str, key) -> str:
    """``path`` (a JSON Pointer) one key further down."""
    return f"{path}/{str(key).replace('~', '~0').replace('/', '~1')}"
