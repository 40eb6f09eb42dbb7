"""A progress bar with an ETA on a terminal (tqdm), silent when the output is piped."""

from __future__ import annotations

import contextlib
import sys

__all__ = ["progress"]


@contextlib.contextmanager
def progress(total: int, what: str = "games", quiet: bool = False):
    """A callable ``advance(n)``; draws a bar on stderr only if stderr is a terminal."""
    if quiet or not sys.stderr.isatty():
        yield lambda n=1: None
        return
    from tqdm import tqdm  # type: ignore[import-untyped]

    with tqdm(total=total, unit=f" {what}", file=sys.stderr, dynamic_ncols=True) as bar:
        yield bar.update
