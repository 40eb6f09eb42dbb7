"""Load on the game server: N concurrent tables of bots playing over real websockets.

    python benchmarks/server_load.py                      # N = 10, 100, 500
    python benchmarks/server_load.py --tables 50 --seconds 10 --think 0.5
    python benchmarks/server_load.py --tables 100 --attack   # also under attack
    python benchmarks/server_load.py --tables 200 --postgres              # one process
    python benchmarks/server_load.py --tables 400 --postgres --processes 2

With ``--processes K`` (PostgreSQL: ``--postgres`` starts a throwaway cluster, ``--db``
names a database) K server processes share the tables: table ``i`` is made at server
``i mod K`` and its seats connect to the servers in turn from there, as a proxy without
stickiness spreads them, so most moves reach some seats through another process (heard
by ``NOTIFY``). The server CPU is every server process's.

The server (``create_app`` on uvicorn, the same as ``tortuga-rules serve``) runs in its
own process on 127.0.0.1 with a fresh SQLite file; this process is the players. Every
seat of every table is a client-side bot with its own websocket and seat token: when
its view says it must decide, it "thinks" for a random time (``--think`` seconds on
average, as a quick person or a paced bot would), sends a random legal action and
measures the **latency**: from sending the move until its own socket shows the
position after it (the server has checked it, stored it in SQLite and sent every seat
its view). Finished games are replaced by new tables, so N stay in play.

Printed per N, after a warm-up: moves/s, latency p50/p99/max, the server's CPU time
per move, and that CPU time in steps of the shared yardstick's ``mutable`` playout
(measured between the levels, so drift touches both). Goal: N = 500 on a 2-core
machine with p99 < 100 ms.

The server is ``tortuga-rules serve`` itself, with its guard and allowances; each table's
players come from their own loopback address (127.0.x.y), as friends at one table might.
``--attack`` measures each level twice, the second time while another process attacks
the server from other loopback addresses (127.1.x.y) as a hostile public would: table
creation floods from many addresses, idle connections beyond each address's cap,
slowloris heads, read floods and sockets opened with wrong tokens. Goal: the well-behaved
players' p99 under attack within 3x its figure without. A real attacker's CPU is its own,
so with ``--attack`` the attacker runs on the machine's last core and the server and the
players on the others, in both runs alike (on a 2-core machine: one core each).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import importlib.util
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

def server_command(db: str, port: int) -> list:
    """``tortuga-rules serve`` as an operator runs it (bots move at once)."""
    return [sys.executable, "-m", "tortuga_rules", "serve", "--port", str(port), "--db", db,
            "--bot-delay", "0", "--quiet", "--max-tables", "20000"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def address(i: int, net: int = 0) -> str:
    """The ``i``-th loopback address of network 127.``net``.x.y (never 127.0.0.1)."""
    return f"127.{net}.{i // 250}.{i % 250 + 2}"


def post(base: str, path: str, body: dict, source: str = "127.0.0.1") -> dict:
    """POST JSON from the loopback address ``source``; the decoded answer."""
    import http.client
    port = int(base.rsplit(":", 1)[1])
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0))
    try:
        conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
        resp = conn.getresponse()
        data = json.loads(resp.read())
        if resp.status != 200:
            raise RuntimeError(f"{path}: {resp.status} {data}")
        return data
    finally:
        conn.close()


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of process ``pid`` (Linux /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def servers_cpu(pids: list) -> float:
    """The CPU time of every server process."""
    return sum(cpu_seconds(pid) for pid in pids)


class Load:
    """The players of every table, and what they measured."""

    def __init__(self, bases: list, players: int, think: float, seed: int):
        self.bases, self.players, self.think = bases, players, think
        self.rnd = random.Random(seed)
        self.latencies: list = []
        self.moves = 0
        self.recording = False
        self.running = True
        self.errors: list = []

    async def table(self, source: str, i: int):
        """Keep table ``i`` in play from ``source``: make it, seat its players, play; again
        when it ends. With several servers, the table is made at server ``i`` and its
        seats connect to the servers in turn from there (as a proxy without stickiness
        spreads them)."""
        import websockets

        bases = self.bases
        while self.running:
            base = bases[i % len(bases)]
            made = await asyncio.to_thread(post, base, "/api/tables", {
                "players": self.players, "seats": ["human"] + ["open"] * (self.players - 1),
                "name": "bench"}, source)
            tid, tokens = made["table"]["id"], [made["token"]]
            for _ in range(self.players - 1):
                joined = await asyncio.to_thread(post, base, f"/api/tables/{tid}/join",
                                                 {"name": "bench"}, source)
                tokens.append(joined["token"])
            async with asyncio.TaskGroup() as group:
                for k, token in enumerate(tokens):
                    url = bases[(i + k) % len(bases)].replace("http", "ws") + \
                        f"/api/tables/{tid}/socket"
                    group.create_task(self.seat(websockets, url, token, source))

    async def seat(self, websockets, url: str, token: str, source: str):
        """One seat: answer its decisions until the game ends."""
        async with websockets.connect(url, max_size=2**22, local_addr=(source, 0)) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            sent_at, sent_step = None, -1
            async for text in ws:
                message = json.loads(text)
                if message["type"] == "refused":
                    self.errors.append(message["error"])
                    sent_at = None
                if message["type"] != "view":
                    continue
                v = message["view"]
                if sent_at is not None and v["step"] > sent_step:
                    if self.recording:
                        self.latencies.append(time.perf_counter() - sent_at)
                        self.moves += 1
                    sent_at = None
                if v["outcome"] is not None or not self.running:
                    return
                if v["current_player"] == v["seat"] and sent_at is None:
                    await asyncio.sleep(self.rnd.uniform(0, 2 * self.think))
                    choice = self.rnd.choice(v["decision"]["choices"])["action"]
                    sent_at, sent_step = time.perf_counter(), v["step"]
                    await ws.send(json.dumps({"type": "act", "token": token,
                                              "action": choice, "step": v["step"]}))


async def level(bases: list, pids: list, n: int, args) -> dict:
    """Run ``n`` tables over the servers at ``bases`` (processes ``pids``): warm up, then
    record for ``args.seconds``."""
    load = Load(bases, args.players, args.think, args.seed + n)
    # This process plays thousands of seats; its own garbage collections (30-100 ms)
    # would be counted as the server's latency, so it does not collect while it measures.
    gc.collect()
    gc.disable()
    tasks = []
    for i in range(n):
        tasks.append(asyncio.create_task(load.table(address(i), i)))
        await asyncio.sleep(0.005)  # tables arrive over a moment, not in one burst
    await asyncio.sleep(args.warmup)
    cpu0, wall0, mine0 = servers_cpu(pids), time.perf_counter(), time.process_time()
    load.recording = True
    await asyncio.sleep(args.seconds)
    load.recording = False
    cpu, wall = servers_cpu(pids) - cpu0, time.perf_counter() - wall0
    mine = time.process_time() - mine0
    load.running = False
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    gc.enable()
    lat = sorted(load.latencies) or [float("nan")]
    return {"tables": n, "moves": load.moves, "moves_per_s": load.moves / wall,
            "p50_ms": 1000 * statistics.median(lat),
            "p99_ms": 1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))],
            "max_ms": 1000 * lat[-1], "server_cpu_ms_per_move": 1000 * cpu / max(1, load.moves),
            "server_cpu_share": cpu / wall, "client_cpu_share": mine / wall,
            "refusals": len(load.errors)}


# -- the attack ---------------------------------------------------------------------------

async def _http(port: int, source: str, request: bytes) -> bytes:
    """Send one raw HTTP request from ``source``; what came back (nothing on failure)."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                       local_addr=(source, 0))
    except OSError:
        return b""
    try:
        writer.write(request)
        await writer.drain()
        return await asyncio.wait_for(reader.read(65536), 10)
    except (OSError, asyncio.TimeoutError):
        return b""
    finally:
        writer.close()


def _post_request(path: str, body: dict, token: str | None = None) -> bytes:
    data = json.dumps(body).encode()
    auth = f"Authorization: Bearer {token}\r\n" if token else ""
    return (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"{auth}Content-Length: {len(data)}\r\nConnection: close\r\n\r\n").encode() + data


async def _creator(port: int, source: str, until: float):
    """Make tables nobody plays, 5 a second, whatever the answer."""
    while time.monotonic() < until:
        await _http(port, source, _post_request("/api/tables", {"players": 2}))
        await asyncio.sleep(0.2)


async def _reader(port: int, source: str, until: float):
    """Ask for the server's info 20 times a second (beyond its allowance after a burst)."""
    request = b"GET /api/info HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    while time.monotonic() < until:
        await _http(port, source, request)
        await asyncio.sleep(0.05)


async def _hoarder(port: int, source: str, until: float, count: int = 100):
    """Hold ``count`` idle connections (beyond the address's cap), opening them again as
    they are closed."""
    async def one():
        while time.monotonic() < until:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                               local_addr=(source, 0))
            except OSError:
                await asyncio.sleep(1)
                continue
            try:
                await asyncio.wait_for(reader.read(1), max(0.1, until - time.monotonic()))
            except (OSError, asyncio.TimeoutError):
                pass
            writer.close()
            await asyncio.sleep(1)
    await asyncio.gather(*(one() for _ in range(count)))


async def _slowloris(port: int, source: str, until: float, count: int = 30):
    """Hold ``count`` connections sending a request head a byte every 2 seconds."""
    async def one():
        while time.monotonic() < until:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", port,
                                                               local_addr=(source, 0))
                writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")
                while time.monotonic() < until and not reader.at_eof():
                    await asyncio.sleep(2)
                    writer.write(b"X")
                    await writer.drain()
            except OSError:
                await asyncio.sleep(1)
                continue
            finally:
                with contextlib.suppress(Exception):
                    writer.close()
    await asyncio.gather(*(one() for _ in range(count)))


async def _guesser(port: int, source: str, until: float, tables: list):
    """Open sockets to tables with made-up tokens, twice a second."""
    import websockets
    rnd = random.Random(source)
    while time.monotonic() < until:
        tid = rnd.choice(tables) if tables else "x"
        with contextlib.suppress(Exception):
            async with websockets.connect(f"ws://127.0.0.1:{port}/api/tables/{tid}/socket",
                                          local_addr=(source, 0), open_timeout=5) as ws:
                await ws.send(json.dumps({"type": "hello", "token": f"guess{rnd.random()}"}))
                await asyncio.wait_for(ws.recv(), 5)
        await asyncio.sleep(0.5)


ATTACKS = ("create", "read", "hoard", "slowloris", "guess")


async def attack(port: int, seconds: float, kinds=ATTACKS):
    """The attacks ``kinds`` at once, from addresses 127.1.x.y, for ``seconds``."""
    until = time.monotonic() + seconds
    tables = []
    with contextlib.suppress(Exception):
        listed = json.loads((await _http(port, address(0, 1), (
            b"GET /api/tables HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        ))).split(b"\r\n\r\n", 1)[1])
        tables = [t["id"] for t in listed["tables"]]
    jobs = {"create": [_creator(port, address(i, 1), until) for i in range(50)],
            "read": [_reader(port, address(100 + i, 1), until) for i in range(20)],
            "hoard": [_hoarder(port, address(200 + i, 1), until) for i in range(20)],
            "slowloris": [_slowloris(port, address(300 + i, 1), until) for i in range(30)],
            "guess": [_guesser(port, address(400 + i, 1), until, tables) for i in range(20)]}
    chosen = [job for kind in kinds for job in jobs[kind]]
    for kind in set(jobs) - set(kinds):
        for job in jobs[kind]:
            job.close()  # never started
    await asyncio.gather(*chosen, return_exceptions=True)


def yardstick_steps_per_cpu_second(path: Path, seconds: float = 1.0) -> float | None:
    """The yardstick's ``mutable`` playout speed: steps per CPU second (None: absent)."""
    if not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location("yardstick", path)
    ys = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ys)
    steps, seed, start = 0, 0, time.process_time()
    while time.process_time() - start < seconds:
        steps += ys.playout_mut(5, seed)[0]
        seed += 1
    return steps / (time.process_time() - start)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, nargs="+", default=[10, 100, 500])
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--think", type=float, default=1.0,
                   help="mean seconds a seat waits before it moves (default 1)")
    p.add_argument("--seconds", type=float, default=60.0, help="recorded seconds per level")
    p.add_argument("--warmup", type=float, default=5.0, help="seconds before recording")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--yardstick", type=Path,
                   default=ROOT.parent / "shared" / "bench" / "yardstick.py")
    p.add_argument("--json", type=Path, help="also write the figures here")
    p.add_argument("--processes", type=int, default=1,
                   help="server processes sharing the tables (more than one: PostgreSQL)")
    p.add_argument("--postgres", action="store_true",
                   help="keep the tables in a throwaway PostgreSQL cluster the benchmark "
                        "starts (Debian's postgresql: initdb, pg_ctl), not SQLite")
    p.add_argument("--db", help="the tables' database (default: a new SQLite file; a "
                                "postgresql://... address of an empty database)")
    p.add_argument("--attack", action="store_true",
                   help="measure each level again while another process attacks the server")
    p.add_argument("--attacks", default=",".join(ATTACKS),
                   help=f"which attacks (default all: {','.join(ATTACKS)})")
    p.add_argument("--attacker", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.processes > 1 and not (args.postgres or (args.db or "").startswith("postgres")):
        p.error("several server processes share a PostgreSQL database: --postgres or --db")
    if args.attacker:  # the attacking process
        asyncio.run(attack(args.attacker, args.seconds + args.warmup, args.attacks.split(",")))
        return 0
    cores = sorted(os.sched_getaffinity(0))
    if args.attack and len(cores) > 1:  # the attacker's core is its own, in both runs
        os.sched_setaffinity(0, cores[:-1])  # the players, and the server started below
    attacker_cores = cores[-1:] if args.attack and len(cores) > 1 else cores

    cluster = None
    if args.postgres:  # a throwaway PostgreSQL cluster (Debian's server), as the tests make
        sys.path.insert(0, str(ROOT / "tests"))
        from pgcluster import Cluster
        cluster = Cluster()
    with tempfile.TemporaryDirectory() as tmp:
        db = cluster.url if cluster else (args.db or f"{tmp}/load.db")
        ports = [free_port() for _ in range(args.processes)]
        servers = [subprocess.Popen(server_command(db, port), cwd=ROOT) for port in ports]
        bases = [f"http://127.0.0.1:{port}" for port in ports]
        port, base = ports[0], bases[0]  # the one attacked
        try:
            for b in bases:
                for _ in range(200):
                    try:
                        urllib.request.urlopen(b + "/api/info", timeout=1).read()
                        break
                    except OSError:
                        time.sleep(0.1)
            rows = []
            print(f"{args.players} players a table, think {args.think} s on average, "
                  f"{args.seconds:.0f} s recorded after {args.warmup:.0f} s warm-up; "
                  f"{args.processes} server process(es) on "
                  f"{'PostgreSQL' if db.startswith('postgresql') else 'SQLite'}", flush=True)
            print(f"{'tables':>6} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7} "
                  f"{'cpu ms/move':>11} {'server cpu':>10} {'client cpu':>10} "
                  f"{'yardstick steps':>15}")
            for n in args.tables:
                for attacked in (False, True) if args.attack else (False,):
                    ys = yardstick_steps_per_cpu_second(args.yardstick)
                    attacker = subprocess.Popen([sys.executable, __file__, "--attacker",
                                                 str(port), "--seconds", str(args.seconds),
                                                 "--warmup", str(args.warmup),
                                                 "--attacks", args.attacks],
                                                preexec_fn=lambda: os.sched_setaffinity(
                                                    0, attacker_cores)) \
                        if attacked else None
                    try:
                        row = asyncio.run(level(bases, [sv.pid for sv in servers], n, args))
                    finally:
                        if attacker is not None:
                            attacker.kill()
                            attacker.wait()
                    row["attacked"] = attacked
                    row["yardstick_steps_per_move"] = (
                        None if ys is None else ys * row["server_cpu_ms_per_move"] / 1000)
                    rows.append(row)
                    ys_text = "-" if ys is None else f"{row['yardstick_steps_per_move']:.0f}"
                    print(f"{n:>6} {row['moves_per_s']:>8.1f} {row['p50_ms']:>7.1f} "
                          f"{row['p99_ms']:>7.1f} {row['max_ms']:>7.1f} "
                          f"{row['server_cpu_ms_per_move']:>11.2f} "
                          f"{100 * row['server_cpu_share']:>9.0f}% "
                          f"{100 * row['client_cpu_share']:>9.0f}% {ys_text:>15}"
                          + ("  under attack" if attacked else ""), flush=True)
        finally:
            for server in servers:
                server.kill()
                server.wait()
            if cluster is not None:
                cluster.remove()
    for calm, hit in zip(rows[::2], rows[1::2]) if args.attack else ():
        verdict = "met" if hit["p99_ms"] <= 3 * calm["p99_ms"] else "NOT met"
        print(f"{calm['tables']} tables: p99 {calm['p99_ms']:.1f} ms calm, {hit['p99_ms']:.1f} ms "
              f"under attack (x{hit['p99_ms'] / calm['p99_ms']:.1f}); goal (x3 at most): {verdict}")
    goal = [r for r in rows if r["tables"] >= 500 and not r.get("attacked")]
    if goal:
        verdict = "met" if goal[0]["p99_ms"] < 100 else "NOT met"
        print(f"goal (500 tables, p99 < 100 ms): {verdict}")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
