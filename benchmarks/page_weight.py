"""What the web client costs to load and to follow a game: bytes, before and after.

    python benchmarks/page_weight.py                 # Tortuga 1667, 5 players, seed 1
    python benchmarks/page_weight.py --ruleset tortuga-dice --players 3

Static: each of the client's files and ``/api/info`` (English) as served plain and
gzipped (:mod:`tortuga_rules.server.files`). Steps: a whole game of heuristic bots (seat 0
a person's seat, played by the same bot) followed as seat 0's socket is sent it, in
German - each step's whole ``view`` message against its ``view_patch`` (RFC 6902, to the
view sent before; :mod:`tortuga_rules.server.patches`), as JSON bytes and gzipped (what a
socket's per-message deflate would send, measured as one gzip member per message, an
upper bound). Printed: the median and the whole game's total of each.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tortuga_rules.bots import Knowledge, make_bot  # noqa: E402
from tortuga_rules.server.app import _bot_levels, _ruleset_info, web_dir  # noqa: E402
from tortuga_rules.server.hub import Hub, _patch  # noqa: E402
from tortuga_rules.server.patches import grown  # noqa: E402
from tortuga_rules.server.store import Store  # noqa: E402
from tortuga_rules.server.tables import Lobby  # noqa: E402


def _packed(data: bytes) -> int:
    return len(gzip.compress(data, 9, mtime=0))


def static_weight():
    """Each client file's bytes plain and gzipped, and their sums."""
    rows = []
    for path in sorted(Path(str(web_dir())).iterdir()):
        data = path.read_bytes()
        rows.append((path.name, len(data), _packed(data)))
    from tortuga_rules.data.sources import bundled_rulesets
    info = json.dumps({"rulesets": [_ruleset_info(n) for n in bundled_rulesets()],
                       "bot_levels": _bot_levels("en")}).encode()
    rows.append(("/api/info (en, about)", len(info), _packed(info)))
    print(f"{'file':<24} {'plain':>8} {'gzipped':>8}")
    for name, plain, packed in rows:
        print(f"{name:<24} {plain:>8} {packed:>8}")
    print(f"{'total':<24} {sum(r[1] for r in rows):>8} {sum(r[2] for r in rows):>8}")


def step_weight(ruleset: str, players: int, seed: int):
    """A whole game's messages to seat 0, whole and as patches."""
    with tempfile.TemporaryDirectory() as folder:
        store = Store(str(Path(folder) / "w.db"))
        lobby = Lobby(store)
        table, token = lobby.create(ruleset=ruleset, players=players,
                                    seats=["human"] + ["heuristic"] * (players - 1))
        hub = Hub(lobby)
        last = hub.message(table, 0, "de")["view"]
        whole, patched = [], []
        bot = make_bot("heuristic", seed, table.state.rules)
        while not table.state.is_terminal:
            if not lobby.play_bot(table):
                state = table.state
                action = bot.choose(Knowledge.of(state, 0))
                lobby.act(table.id, token, str(action), step=state.step)
            message = hub.message(table, 0, "de")
            whole.append(json.dumps(message).encode())
            shown = grown(last, message["view"])  # as the hub sends it: labels only grow
            patched.append(json.dumps(_patch(last, message, shown)).encode())
            last = shown
        store.close()
    print(f"{ruleset}, {players} players: {len(whole)} steps sent to seat 0")
    print(f"{'per step':<24} {'median':>8} {'total':>10} {'median gz':>10} {'total gz':>10}")
    for name, sent in (("whole view", whole), ("view_patch", patched)):
        sizes = [len(m) for m in sent]
        packed = [_packed(m) for m in sent]
        print(f"{name:<24} {statistics.median(sizes):>8.0f} {sum(sizes):>10} "
              f"{statistics.median(packed):>10.0f} {sum(packed):>10}")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ruleset", default="standard")
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()
    static_weight()
    print()
    step_weight(args.ruleset, args.players, args.seed)


if __name__ == "__main__":
    main()
