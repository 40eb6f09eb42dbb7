"""The cost of a view, in CPU microseconds, interleaved with the shared yardstick.

    python benchmarks/views.py                       # 5 players, both engines
    python benchmarks/views.py --engines native --slice 0.5 --rounds 6

Positions are sampled from seeded random games of ``--ruleset`` (``--steps`` random steps
in, mid-game: :func:`positions`), on each engine (``native``: states backed by a native
position, as the public API hands them out; ``python``: the reference engine's). Each
mode asks one kind of view of each position in turn, in slices of ``--slice`` CPU seconds
(``time.process_time``) interleaved with the yardstick's ``mutable`` playouts, after a
warm-up round; each figure is microseconds of CPU time a view, with its views per second
as a fraction of the yardstick's steps per second (the *ratio*: so figures of runs on a
machine whose speed drifts compare).

Modes (``seat``: the deciding seat; ``names``: the players' names, as the server passes):

- ``server``: what the server computes for each move, the view of every seat and the
  spectators' ``public_view``, in English with the names, each of a position seen for the
  first time (positions of games played on as they are viewed, the play not counted);
- ``seat-en``: ``view(state, seat, "en", names)``, the deciding seat's view in English with
  its options and their labels (the server's call for the seat to move);
- ``other-en``: the same for the next seat (no options);
- ``public-en``: ``public_view(state, "en", names)``;
- ``seat``, ``seat-bare``: ``view(state, seat)`` with and without options (``choices=False``),
  no words; ``public``: ``public_view(state)``.

Each mode also runs as ``before``: inside ``remembered.afresh()``, every part made anew as
before views remembered their parts (the same code as before this benchmark's issue, #42).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path
from typing import Callable

from tortuga_rules import apply_action, legal_actions, load_ruleset, new_game, public_view, view
from tortuga_rules.game import native
from tortuga_rules.game.build import build_name
from tortuga_rules.game.remembered import afresh

sys.path.insert(0, str(Path(__file__).resolve().parent))
from playout import ROOT, Runner, yardstick  # noqa: E402

#: The goal (issue #42): microseconds of CPU time a view, 5 players, mid-game.
GOAL_US = 30.0
NAMES = ("Anne", "Bartholomew", "Calico Jack", "Mary", "Ned", "Olivier")


def positions(rules, players: int, count: int, steps: int, seed: int = 42) -> list:
    """``count`` positions, each ``steps`` random steps into its own seeded game (fewer
    where the game ends sooner)."""
    rnd = random.Random(seed)
    out = []
    for i in range(count):
        s = new_game(rules, players, seed + i)
        for _ in range(steps):
            if s.outcome is not None:
                break
            la = legal_actions(s)
            s = apply_action(s, la[rnd.randrange(len(la))])
        if s.outcome is None:
            out.append(s)
    return out


class Views:
    """One mode's views of a cycle of positions, in CPU-time slices, with its totals."""

    def __init__(self, ask: Callable, states: list, fresh: bool):
        self.ask, self.states, self.before = ask, states, not fresh
        self.at = 0
        self.views = 0
        self.seconds = 0.0

    def _one(self) -> int:
        state = self.states[self.at]
        self.at = (self.at + 1) % len(self.states)
        if self.before:
            with afresh():
                return self.ask(state)
        return self.ask(state)

    def slice(self, budget: float):
        t0 = time.process_time()
        while True:
            self.views += self._one()
            el = time.process_time() - t0
            if el >= budget:
                self.seconds += el
                return

    @property
    def us(self) -> float:
        return self.seconds / self.views * 1e6


class Served:
    """The server's views of each move of random games: every seat's and the public one of
    each new position, timed; the play between them not."""

    def __init__(self, rules, players: int, seed: int, fresh: bool):
        self.rules, self.players, self.before = rules, players, not fresh
        self.rnd = random.Random(seed)
        self.seed = seed
        self.state = new_game(rules, players, seed)
        self.views = 0
        self.seconds = 0.0

    def _next(self):
        s = self.state
        if s.outcome is not None:
            self.seed += 1
            self.state = new_game(self.rules, self.players, self.seed)
            return
        la = legal_actions(s)
        self.state = apply_action(s, la[self.rnd.randrange(len(la))])

    def _move(self) -> float:
        state, names = self.state, NAMES[:self.players]
        t0 = time.process_time()
        if self.before:
            with afresh():
                _all_views(state, names)
        else:
            _all_views(state, names)
        return time.process_time() - t0

    def slice(self, budget: float):
        spent = 0.0
        while spent < budget:
            self._next()
            spent += self._move()
            self.views += self.players + 1
        self.seconds += spent

    @property
    def us(self) -> float:
        return self.seconds / self.views * 1e6


def _all_views(state, names):
    for seat in range(state.players):
        view(state, seat, "en", names)
    public_view(state, "en", names)


def _asks(players: int) -> dict:
    names = NAMES[:players]

    def seat_en(s):
        view(s, s.current_player, "en", names)
        return 1

    def other_en(s):
        view(s, (s.current_player + 1) % s.players, "en", names)
        return 1

    def public_en(s):
        public_view(s, "en", names)
        return 1

    def seat(s):
        view(s, s.current_player)
        return 1

    def seat_bare(s):
        view(s, s.current_player, choices=False)
        return 1

    def public(s):
        public_view(s)
        return 1

    return {"seat-en": seat_en, "other-en": other_en, "public-en": public_en,
            "seat": seat, "seat-bare": seat_bare, "public": public}


def measure(args, rules, engine: str, ys: Runner | None) -> dict:
    """Every mode's figures on ``engine``, interleaved with ``ys``: mode -> (now, before)."""
    with native.on_engine(engine):
        states = positions(rules, args.players, args.positions, args.steps)
        runners: dict = {}
        for name, ask in _asks(args.players).items():
            runners[name] = (Views(ask, states, True), Views(ask, states, False))
        runners["server"] = (Served(rules, args.players, 7, True),
                             Served(rules, args.players, 7, False))
        for now, before in runners.values():  # warm-up: every position viewed once
            now.slice(args.slice / 4)
            before.slice(args.slice / 4)
            now.views = before.views = 0
            now.seconds = before.seconds = 0.0
        for _ in range(args.rounds):
            for now, before in runners.values():
                now.slice(args.slice)
                before.slice(args.slice)
                if ys is not None:
                    ys.slice(args.slice)
    return {name: (now.us, before.us) for name, (now, before) in runners.items()}


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", type=int, default=5)
    p.add_argument("--ruleset", default="standard")
    p.add_argument("--steps", type=int, default=40, help="random steps into each position")
    p.add_argument("--positions", type=int, default=200, help="positions viewed in turn")
    p.add_argument("--slice", type=float, default=0.3, help="CPU seconds per slice")
    p.add_argument("--rounds", type=int, default=4, help="interleaved rounds")
    p.add_argument("--engines", default="native,python")
    p.add_argument("--yardstick", type=Path,
                   default=ROOT.parent / "shared" / "bench" / "yardstick.py")
    args = p.parse_args(argv)
    rules = load_ruleset(args.ruleset)
    engines = [e for e in args.engines.split(",") if e != "native" or native.built()]
    ys = (Runner(yardstick(args.yardstick), rules, args.players, 1)
          if args.yardstick.exists() else None)
    if ys is not None:
        ys.games(20)
    print(f"ruleset {rules.id}, {args.players} players, {args.steps} steps in, "
          f"Python {sys.version.split()[0]}, {build_name()}; CPU us a view "
          f"(ratio: views/s over the yardstick's steps/s), goal {GOAL_US:.0f} us")
    for engine in engines:
        figures = measure(args, rules, engine, ys)
        rate = ys.rate if ys is not None else None
        print(f"engine {engine}")
        print(f"{'mode':>10} {'us':>8} {'ratio':>7} {'before':>8} {'ratio':>7} {'x':>6}")
        for name, (now, before) in figures.items():
            r_now = f"{1e6 / now / rate:>7.3f}" if rate else f"{'-':>7}"
            r_before = f"{1e6 / before / rate:>7.3f}" if rate else f"{'-':>7}"
            print(f"{name:>10} {now:>8.1f} {r_now} {before:>8.1f} {r_before} "
                  f"{before / now:>6.1f}")
    if ys is not None:
        print(f"yardstick {ys.rate:,.0f} steps/s (mutable mode, interleaved)")
    else:
        print(f"(no yardstick at {args.yardstick}: ratios not measured)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
