"""Where games are played: this process, worker processes on this machine, or Ray.

:func:`played` takes tables (a lazy iterable is fine: a million games are never all in
memory), cuts them into batches and yields each game's ``(index, result)`` as it
finishes. A game is fixed by its table, so the results are the same whoever plays them;
only their order of arrival differs, which is why the lab's tallies are sums of counts.

* ``jobs=1``: in this process.
* ``jobs=K``: ``K`` worker processes (``concurrent.futures``; forked on Linux).
* ``backend="ray"``: `Ray <https://docs.ray.io>`_ tasks, on a local Ray instance with
  ``jobs`` CPUs, or on the running cluster at ``address`` (``"auto"``,
  ``"ray://head:10001"``); ``pip install 'tortuga-rules[ray]'``.

A bounded number of batches is in flight at a time, so memory does not grow with the
number of games.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import logging
import multiprocessing
import os
import sys
from typing import Iterable, Iterator

from ..errors import ArgumentError
from .games import Result, Table, play_game

__all__ = ["played", "played_tables", "play_games", "play_batch", "batch_size", "cpu_count",
           "BACKENDS"]

#: The ways of playing many games.
BACKENDS = ("processes", "ray")
#: Batches in flight per worker.
WINDOW = 4


def play_batch(batch: tuple) -> list:
    """Play a batch of tables in order (what one worker task does)."""
    return [play_game(table) for table in batch]


def batch_size(games: int, jobs: int, most: int = 32) -> int:
    """Games per task for a run of ``games``: enough to make a task worth sending, few
    enough to share out among ``jobs`` workers (and at most ``most``: slow games keep
    the progress bar moving in smaller steps)."""
    return max(1, min(most, games // (max(1, jobs) * 16)))


def played(tables: Iterable[Table], *, jobs: int = 1, backend: str = "processes",
           address: str | None = None, batch: int = 8,
           progress=None) -> Iterator[tuple[int, Result]]:
    """``(index, result)`` for every table, in the order the games finish; ``progress``
    (optional) is called with 1 after each game."""
    for item in _played(tables, jobs, backend, address, batch):
        yield item
        if progress:
            progress(1)


def _played(tables, jobs: int, backend: str, address: str | None, batch: int):
    if backend not in BACKENDS:
        raise ArgumentError(f"unknown backend {backend!r}; choose from {', '.join(BACKENDS)}")
    batches = _batches(tables, batch)
    if backend == "ray":
        yield from _ray(batches, jobs, address)
    elif jobs <= 1:
        for start, chunk in batches:
            for i, table in enumerate(chunk):
                yield start + i, play_game(table)
    else:
        yield from _processes(batches, jobs)


def played_tables(tables: Iterable[Table], **how) -> Iterator[tuple[Table, Result]]:
    """``(table, result)`` for every table as its game finishes (``how`` as :func:`played`);
    only the tables in flight are held."""
    waiting: dict = {}

    def fed():
        for index, table in enumerate(tables):
            waiting[index] = table
            yield table

    for index, result in played(fed(), **how):
        yield waiting.pop(index), result


def play_games(tables, jobs: int = 1, **how) -> list:
    """Every table's :class:`~tortuga_rules.lab.games.Result`, in the tables' order;
    ``how`` as :func:`played`."""
    tables = list(tables)
    results: list = [None] * len(tables)
    for index, result in played(tables, jobs=jobs, **how):
        results[index] = result
    return results


def _batches(tables: Iterable[Table], size: int) -> Iterator[tuple[int, tuple]]:
    """``(index of the first table, tables)`` chunks of at most ``size`` tables."""
    iterator = iter(tables)
    start = 0
    while chunk := tuple(itertools.islice(iterator, max(1, size))):
        yield start, chunk
        start += len(chunk)


def _processes(batches, jobs: int):
    context = "fork" if sys.platform.startswith("linux") else None
    with concurrent.futures.ProcessPoolExecutor(
            jobs, mp_context=multiprocessing.get_context(context)) as pool:
        yield from _windowed(batches, jobs * WINDOW,
                             lambda chunk: pool.submit(play_batch, chunk),
                             _wait_futures)


def _wait_futures(pending: dict):
    done, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
    return [(f, f.result()) for f in done]


def _windowed(batches, window: int, submit, wait):
    """Keep ``window`` batches in flight; yield each finished game as ``(index, result)``."""
    pending: dict = {}
    batches = iter(batches)
    exhausted = False
    while pending or not exhausted:
        while not exhausted and len(pending) < window:
            item = next(batches, None)
            if item is None:
                exhausted = True
                break
            pending[submit(item[1])] = item[0]
        if not pending:
            break
        for handle, results in wait(pending):
            start = pending.pop(handle)
            for i, result in enumerate(results):
                yield start + i, result


def _ray(batches, jobs: int, address: str | None):
    try:
        import ray
    except ImportError:
        raise ArgumentError("--backend ray needs Ray: pip install 'tortuga-rules[ray]'") \
            from None
    started = not ray.is_initialized()
    if started:
        if address:
            ray.init(address=address, logging_level=logging.ERROR, log_to_driver=False)
        else:
            ray.init(num_cpus=jobs, include_dashboard=False, logging_level=logging.ERROR,
                     log_to_driver=False)
    try:
        task = ray.remote(play_batch)
        cpus = int(ray.cluster_resources().get("CPU", jobs)) if address else jobs
        yield from _windowed(batches, max(1, cpus) * WINDOW, task.remote,
                             lambda pending: _wait_ray(ray, pending))
    finally:
        if started:
            ray.shutdown()


def _wait_ray(ray, pending: dict):
    done, _ = ray.wait(list(pending), num_returns=1)
    return [(ref, ray.get(ref)) for ref in done]


def cpu_count() -> int:
    """The processors this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1
