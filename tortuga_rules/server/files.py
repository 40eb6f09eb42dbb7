"""The web client's files, served light: compressed once, revalidated by their digest.

Each file is read when first asked for (and again whenever it changes on disk), kept with
its gzip form (when that is smaller) and a digest of its bytes, its ``ETag``. Every answer
says ``Cache-Control: no-cache`` - a browser keeps the file and asks each time whether it
is still current - so a new client reaches everyone at once, and an unchanged file costs a
``304 Not Modified`` with no body. The gzip form has its own ETag (``…-gz``): an ETag names
one representation. :func:`answer` is also how ``/api/info`` is served (per language).
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import os

import attrs
from starlette.requests import Request
from starlette.responses import Response

__all__ = ["Body", "Shelf", "answer", "NO_CACHE"]

#: How a revalidated answer is cached: kept, but checked with the server before each use.
NO_CACHE = "no-cache"
#: Bodies smaller than this are not worth compressing.
SMALLEST = 512


@attrs.frozen
class Body:
    """One answer's bytes: as is, gzipped (None: not worth it), its type and digest."""

    plain: bytes
    packed: bytes | None
    media_type: str
    digest: str

    @classmethod
    def of(cls, data: bytes, media_type: str) -> "Body":
        packed = gzip.compress(data, 9, mtime=0) if len(data) >= SMALLEST else None
        if packed is not None and len(packed) >= len(data):
            packed = None
        return cls(data, packed, media_type, hashlib.sha256(data).hexdigest()[:20])


def answer(request: Request, body: Body) -> Response:
    """``body`` for ``request``: gzipped if the client accepts it, ``304`` if the client
    holds it already (its ``If-None-Match``), never stale (``no-cache``)."""
    zipped = body.packed is not None and \
        "gzip" in request.headers.get("accept-encoding", "").lower()
    etag = f'"{body.digest}-gz"' if zipped else f'"{body.digest}"'
    headers = {"etag": etag, "cache-control": NO_CACHE, "vary": "Accept-Encoding"}
    held = {t.strip().removeprefix("W/") for t in
            request.headers.get("if-none-match", "").split(",")}
    if etag in held:
        return Response(status_code=304, headers=headers)
    if zipped:
        headers["content-encoding"] = "gzip"
        return Response(body.packed, media_type=body.media_type, headers=headers)
    return Response(body.plain, media_type=body.media_type, headers=headers)


@attrs.frozen
class _Kept:
    """A file as read: when it was last changed, its size, its answer."""

    mtime_ns: int
    size: int
    body: Body


class Shelf:
    """The files of one folder, each kept as a :class:`Body` until it changes on disk."""

    def __init__(self, folder):
        self.folder = os.fspath(folder)
        self._kept: dict[str, _Kept] = {}

    def body(self, name: str) -> Body | None:
        """The file ``name`` of the folder (None: no such file, or outside the folder)."""
        parts = name.split("/")
        if "\\" in name or any(not p or p.startswith(".") for p in parts):
            return None  # nothing hidden, nothing above the folder
        path = os.path.join(self.folder, *parts)
        try:
            stat = os.stat(path)
        except (OSError, ValueError):
            return None
        if not os.path.isfile(path):
            return None
        kept = self._kept.get(name)
        if kept is not None and (kept.mtime_ns, kept.size) == (stat.st_mtime_ns, stat.st_size):
            return kept.body
        with open(path, "rb") as f:
            data = f.read()
        media_type = mimetypes.guess_type(name)[0] or "application/octet-stream"
        if media_type.startswith("text/") or media_type.endswith("javascript"):
            media_type += "; charset=utf-8"
        body = Body.of(data, media_type)
        self._kept[name] = _Kept(stat.st_mtime_ns, stat.st_size, body)
        return body
