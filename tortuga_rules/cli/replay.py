"""``tortuga-rules replay``: play a recorded game again and check it reproduces."""

from __future__ import annotations

import sys

from ..data.loader import load_ruleset
from ..lawyer.replay import load_replay, run_replay
from .play import add_lang, narrate, winners

__all__ = ["add_parser", "run"]


def add_parser(sub):
    rep = sub.add_parser("replay", help="play a recorded game again and check its outcome")
    rep.add_argument("file", help="a replay written by play --log-json")
    rep.add_argument("--ruleset", default=None, help="ruleset (default: the one recorded)")
    rep.add_argument("--quiet", action="store_true", help="print only the result")
    add_lang(rep)


def run(args) -> int:
    data = load_replay(args.file)
    recorded = data.get("ruleset") if isinstance(data, dict) else None
    rules = load_ruleset(args.ruleset or recorded or "standard")
    states = run_replay(data, rules)
    narrator = rules.game.narrator.for_game(rules, states[0].players, lang=args.lang)
    if not args.quiet:
        for s in states:
            narrate(narrator, s, None, sys.stdout)
    o = states[-1].outcome
    result = narrator.tr("unfinished") if o is None else winners(o, narrator)
    print(narrator.tr("Replay OK: {steps} steps, {result}", steps=len(states) - 1,
                      result=result))
    return 0
