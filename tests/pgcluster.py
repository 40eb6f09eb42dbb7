"""A throwaway PostgreSQL cluster for the tests marked ``postgres``: Debian's server
(``apt install postgresql``: its ``initdb`` and ``pg_ctl``), made in a temporary folder,
listening on 127.0.0.1 only at a free port, fast (no fsync: a crashed server process
loses nothing, a crashed machine would), stopped at the end. Run as root (a container),
the server runs as the ``postgres`` user, which Debian's package makes."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest

#: Where Debian keeps the server's programs (not on PATH unless linked).
BIN_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)


def program(name: str) -> str | None:
    """The server program ``name`` (initdb, pg_ctl), or None where none is installed."""
    found = shutil.which(name)
    if found:
        return found
    for folder in BIN_DIRS:
        if (folder / name).is_file():
            return str(folder / name)
    return None


def _as_server_user(argv: list[str]) -> list[str]:
    """``argv`` run as ``postgres`` when we are root (the server refuses to run as root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *argv]
    return argv


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Cluster:
    """A running cluster: :attr:`url` of its database ``tortuga``; :meth:`stop` ends it
    (``immediate``: as a crash would), :meth:`start` starts it again on the same data."""

    def __init__(self) -> None:
        initdb, self.pg_ctl = program("initdb"), program("pg_ctl")
        if initdb is None or self.pg_ctl is None:
            raise FileNotFoundError("initdb/pg_ctl (apt install postgresql)")
        self.folder = Path(tempfile.mkdtemp(prefix="tortuga-pg-"))
        self.data = self.folder / "data"
        self.data.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
            shutil.chown(self.data, "postgres")
        self.port = _free_port()
        subprocess.run(_as_server_user([initdb, "-D", str(self.data), "-A", "trust",
                                        "-U", "tortuga", "--no-sync", "-E", "UTF8"]),
                       check=True, capture_output=True, timeout=120)
        self.start()
        subprocess.run(_as_server_user([program("createdb") or "createdb", "-h", "127.0.0.1",
                                        "-p", str(self.port), "-U", "tortuga", "tortuga"]),
                       check=True, capture_output=True, timeout=60)
        self.url = f"postgresql://tortuga@127.0.0.1:{self.port}/tortuga"

    def start(self) -> None:
        options = (f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} "
                   "-c fsync=off -c full_page_writes=off")
        subprocess.run(_as_server_user([self.pg_ctl, "-D", str(self.data), "-l",
                                        str(self.folder / "log"), "-o", options, "-w",
                                        "-t", "60", "start"]),
                       check=True, capture_output=True, timeout=90)

    def stop(self, mode: str = "fast") -> None:
        subprocess.run(_as_server_user([self.pg_ctl, "-D", str(self.data), "-m", mode,
                                        "-w", "-t", "60", "stop"]),
                       capture_output=True, timeout=90)

    def remove(self) -> None:
        self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


def required() -> bool:
    """Whether a missing server or driver fails the tests (``.ci/run`` sets
    TORTUGA_REQUIRE_POSTGRES=1) rather than skips them."""
    return os.environ.get("TORTUGA_REQUIRE_POSTGRES") == "1"


def cluster_or_skip() -> Cluster:
    """A new cluster, or the test skipped (failed, when required) saying what is missing."""
    try:
        import psycopg  # noqa: F401 - the driver the store needs
        return Cluster()
    except (ImportError, FileNotFoundError, subprocess.SubprocessError) as exc:
        detail = getattr(exc, "stderr", b"") or b""
        why = f"no PostgreSQL to test against: {exc} {detail.decode(errors='replace')[-300:]}"
        if required():
            pytest.fail(why)
        pytest.skip(why)
