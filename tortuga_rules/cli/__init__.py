"""The ``tortuga-rules`` command line.

``tortuga-rules play`` plays a whole game with built-in random bots (optionally
with a person at one seat) and narrates it, every line citing its rule clause;
``tortuga-rules replay`` plays a recorded game again and checks it.
Nothing in the library imports this module.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ..bots import RandomBot
from ..data.loader import load_ruleset
from ..errors import DataError, TortugaError
from ..game.legality import legal_actions
from ..game.setup import new_game
from ..game.transition import apply_action
from ..game.view import view, visible
from ..lawyer.narration import Narrator, capitalized
from ..lawyer.replay import load_replay, replay_data, run_replay
from ..model.components import ChestSpot, Place

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="tortuga-rules",
                                description="The reference rules engine for Tortuga 1667.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    play = sub.add_parser("play", help="play a whole game with random bots and narrate it")
    play.add_argument("--players", type=int, default=5, help="number of players (default 5)")
    play.add_argument("--seed", type=int, default=0, help="random seed of the game (default 0)")
    play.add_argument("--ruleset", default="standard",
                      help="bundled ruleset name, path, or composition such as "
                           "standard+madness (default standard)")
    play.add_argument("--variant", action="append", default=[], metavar="NAME[:VALUE]",
                      help="add a variant (repeatable), e.g. --variant more-starred:5")
    play.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                      help="set an option of the ruleset or its variants (repeatable)")
    play.add_argument("--starred", metavar="CARD,CARD,...",
                      help="name the starred event cards (default: drawn by the seed)")
    play.add_argument("--human", type=int, metavar="SEAT",
                      help="play this seat yourself from a numbered menu")
    play.add_argument("--log-json", metavar="FILE", help="write the replay (seed, actions, cited log)")
    play.add_argument("--quiet", action="store_true", help="print only the result")
    var = sub.add_parser("variants", help="list the bundled rulesets and variants, or show one")
    var.add_argument("what", nargs="*", metavar="show NAME",
                     help="'show NAME' prints the resolved rules of NAME (a composition too)")
    dif = sub.add_parser("diff", help="every rule that differs between two rulesets")
    dif.add_argument("a", help="a ruleset, variant or composition")
    dif.add_argument("b", help="another one")
    chk = sub.add_parser("check", help="run scenario files and report pass/fail with diffs")
    chk.add_argument("paths", nargs="+", metavar="FILE|DIR", help="scenario files or folders")
    exp = sub.add_parser("explain", help="print a scenario's trace, each change with its clause")
    exp.add_argument("file", help="a scenario file")
    cov = sub.add_parser("coverage", help="which scenarios and tests exercise each clause")
    cov.add_argument("--ruleset", default="standard")
    cov.add_argument("--scenarios", nargs="*", default=["tests/scenarios"], metavar="DIR")
    cov.add_argument("--tests", nargs="*", default=["tests"], metavar="DIR")
    rep = sub.add_parser("replay", help="play a recorded game again and check its outcome")
    rep.add_argument("file", help="a replay written by play --log-json")
    rep.add_argument("--ruleset", default=None, help="ruleset (default: the one recorded)")
    rep.add_argument("--quiet", action="store_true", help="print only the result")
    return p


def main(argv=None) -> int:
    """Run the command line; return the exit status."""
    args = _parser().parse_args(argv)
    try:
        return _COMMANDS[args.command](args)
    except DataError as exc:
        print(f"tortuga-rules: the rules data has errors:\n{exc}", file=sys.stderr)
        return 2
    except TortugaError as exc:
        print(f"tortuga-rules: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # the reader went away (e.g. piped into head)
        sys.stderr.close()
        return 0


def _names(rules, n):
    names = [name for _, name in rules.brethren]
    return names[:n] if len(names) >= n else None


def _options(pairs) -> dict:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise TortugaError(f"--option takes KEY=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def _play(args) -> int:
    rules = load_ruleset(args.ruleset, variants=args.variant, options=_options(args.option))
    if args.human is not None and not 0 <= args.human < max(args.players, 0):
        print(f"tortuga-rules: error: --human must be a seat from 0 to {args.players - 1}",
              file=sys.stderr)
        return 2
    starred = None if args.starred is None else [c for c in args.starred.split(",") if c]
    state = new_game(rules, args.players, args.seed, starred=starred)
    narrator = Narrator(rules, _names(rules, args.players))
    bots = [RandomBot(args.seed * 1000 + s) for s in range(args.players)]
    out = sys.stdout
    seat_view = args.human
    states, actions = [state], []
    if not args.quiet:
        print(f"{rules.name} - {args.players} players, seed {args.seed}"
              + (f"; you play {narrator.seat(args.human)}" if args.human is not None else ""), file=out)
        _narrate(narrator, state, seat_view, out)
    while not state.is_terminal:
        seat = state.current_player
        if seat == args.human:
            action = _ask(narrator, state, seat, out)
            if action is None:
                print("input ended: the game is abandoned", file=sys.stderr)
                return 1
        else:
            action = bots[seat].choose(state)
        state = apply_action(state, action)
        states.append(state)
        actions.append(action)
        if not args.quiet:
            _narrate(narrator, state, seat_view, out)
    if not args.quiet:
        print(_board(narrator, state), file=out)
        print("Loyalty: " + ", ".join(f"{narrator.seat(s)} {t}" for s, t in enumerate(state.loyalty)),
              file=out)
    o = state.outcome
    chests = dict(o.chests)
    print(f"Winner: {_winners(o)} "
          f"(British {chests['british']}, French {chests['french']}; {len(actions)} steps)  "
          f"[{o.reason}]", file=out)
    if args.log_json:
        data = replay_data(rules, args.players, args.seed, actions, states, starred)
        try:
            with open(args.log_json, "w", encoding="utf-8") as fh:
                json.dump(data, fh, ensure_ascii=False, indent=1)
        except OSError as exc:
            print(f"tortuga-rules: error: cannot write {args.log_json}: {exc.strerror}",
                  file=sys.stderr)
            return 2
    return 0


def _winners(outcome) -> str:
    if len(outcome.winners) > 1:
        return "a shared draw"
    return f"the {outcome.winners[0].capitalize()}"


def _roles_text(narrator, state, seat) -> str:
    from ..game.legality import roles_of

    place = next(p for p, line in zip(Place, state.lines) if seat in line)
    roles = sorted(r.value.replace("_", " ") for r in roles_of(state, seat) if r.value != "anyone")
    return f"{' and '.join(roles) or 'crew'} on {narrator.value(place)}"


def _narrate(narrator, state, seat, out):
    for ev in state.events:
        if visible(ev, seat):
            line = narrator.event(ev)
            if ev[1] == "turn":
                line = line.replace(f"{narrator.seat(ev[3])}  [",
                                    f"{narrator.seat(ev[3])} ({_roles_text(narrator, state, ev[3])})  [", 1)
            indent = "" if ev[1] in ("turn", "game-over") else "  "
            print(indent + line, file=out)


def _board(narrator, state) -> str:
    lines = ["Board:"]
    for place in Place:
        line = state.lines[place]
        if place.is_boat and not line and not state.sunk[place - 3]:
            continue
        who = ", ".join(narrator.seat(s) for s in line) or "empty"
        lines.append(f"  {capitalized(narrator.value(place))}: {who}"
                     + (" (sunk)" if place.is_boat and state.sunk[place - 3] else ""))
    lines.append("  Chests: " + "; ".join(f"{narrator.value(c)} {state.chests[c]}"
                                          for c in ChestSpot if state.chests[c]))
    return "\n".join(lines)


def _ask(narrator, state, seat, out):
    v = view(state, seat)
    print(f"\n=== Your decision, {narrator.seat(seat)} ===", file=out)
    print(f"You are {v['my_loyalty'].capitalize()}. Your vote cards: "
          f"{', '.join(narrator.vote_card(c) for c in v['my_hand']) or 'none'}", file=out)
    print(_board(narrator, state), file=out)
    row = []
    for slot in v["row"]:
        if not slot["face_down"]:
            row.append(f"{slot['slot']}: -")
        else:
            row.append(f"{slot['slot']}: {narrator.card(slot['card']) if 'card' in slot else '?'}")
    print("  Event row: " + " | ".join(row), file=out)
    actions = legal_actions(state)
    for i, a in enumerate(actions, 1):
        print(f"  {i:2d}. {narrator.action(seat, a.kind, a.args)}", file=out)
    while True:
        try:
            answer = input(f"Choose 1-{len(actions)}: ")
        except EOFError:
            return None
        answer = answer.strip()
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        print(f"Please type a number from 1 to {len(actions)}.", file=out)


def _replay(args) -> int:
    data = load_replay(args.file)
    rules = load_ruleset(args.ruleset or (data.get("ruleset") if isinstance(data, dict) else None)
                         or "standard")
    states = run_replay(data, rules)
    narrator = Narrator(rules, _names(rules, states[0].players))
    if not args.quiet:
        for s in states:
            _narrate(narrator, s, None, sys.stdout)
    o = states[-1].outcome
    result = "unfinished" if o is None else _winners(o)
    print(f"Replay OK: {len(states) - 1} steps, {result}")
    return 0


def _variants(args) -> int:
    from ..data.sources import bundled_rulesets

    if not args.what:
        import yaml

        from ..data.sources import package_dir as _package_dir

        for name in bundled_rulesets():
            rules = load_ruleset(name)
            own = yaml.safe_load(_package_dir("variants").joinpath(f"{name}.yaml")
                                 .read_text(encoding="utf-8"))
            kind = f"variant of {own.get('extends', 'standard')}" if "changes" in own else "ruleset"
            print(f"{name} ({kind}): {own['name']}")
            print(f"    {' '.join(own['description'].split())}")
            own = {k: v for k, v in rules.option_decls.items()
                   if name == "standard" or k not in load_ruleset("standard").option_decls}
            for key, decl in own.items():
                extra = (f" ({decl['min']}-{decl['max']})" if decl["type"] == "integer" else
                         f" ({'/'.join(map(str, decl.get('choices', [])))})" if decl["type"] == "choice"
                         else "")
                print(f"    option {key}{extra}, default {decl['default']}: {decl['label']}")
        return 0
    if len(args.what) != 2 or args.what[0] != "show":
        print("tortuga-rules: error: use 'variants' or 'variants show NAME'", file=sys.stderr)
        return 2
    import yaml

    rules = load_ruleset(args.what[1])
    print(f"# {rules.name}: {rules.id} (hash {rules.hash})")
    print(f"# options in force: {json.dumps(rules.options)}")
    data = {k: v for k, v in rules.data.items() if k != "clauses"}
    print(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100), end="")
    return 0


def _diff(args) -> int:
    from ..lawyer.diff import rules_diff

    a, b = load_ruleset(args.a), load_ruleset(args.b)
    rows = rules_diff(a, b)
    print(f"{a.id} -> {b.id}: {len(rows)} rule{'s' if len(rows) != 1 else ''} differ")
    section = None
    for sec, path, clause, va, vb in sorted(rows, key=lambda r: (r[0], r[1])):
        if sec != section:
            print(f"\n{sec}:")
            section = sec
        print(f"  {path}  [{clause or 'no clause'}]")
        print(f"      {args.a}: {_short(va)}")
        print(f"      {args.b}: {_short(vb)}")
    return 0


def _short(value) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 160 else text[:157] + "..."


def _check(args) -> int:
    from ..lawyer.scenario import load_scenarios, run_scenario, scenario_files

    files = scenario_files(args.paths)
    if not files:
        print("tortuga-rules: error: no scenario files found", file=sys.stderr)
        return 2
    passed = failed = 0
    for path in files:
        try:
            results = [run_scenario(sc) for sc in load_scenarios(path)]
        except DataError as exc:
            failed += 1
            print(f"ERROR {path}")
            for p in exc.problems:
                print(f"      {p}")
            continue
        for result in results:
            if result.passed:
                passed += 1
                print(f"PASS  {path}  {result.scenario.title}")
            else:
                failed += 1
                print(f"FAIL  {path}  {result.scenario.title}")
                for line in result.failures:
                    print(f"      {line}")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


def _explain(args) -> int:
    from ..lawyer.scenario import load_scenarios, run_scenario

    codes = [_explain_one(run_scenario(sc)) for sc in load_scenarios(args.file)]
    return max(codes)


def _explain_one(result) -> int:
    """Print one scenario's trace; 0 if its expectations are met, else 1."""
    sc = result.scenario
    rules = sc.rules
    narrator = Narrator(rules, _names(rules, sc.players))
    out = sys.stdout

    def because(clause):
        c = rules.clauses.get(clause)
        return f"{clause}: {c.text} ({c.source})" if c else str(clause)

    print(f"Scenario: {sc.title}", file=out)
    if sc.source:
        print(f"Source: {sc.source}", file=out)
    print(f"Ruleset: {rules.name} ({rules.id}, {rules.hash}); {sc.players} players", file=out)
    print(_board(narrator, sc.start), file=out)
    for sr in result.steps:
        step = sr.step
        if sr.action is None:
            print(f"\nStep {step.number}: random outcomes fixed: {list(step.random)}", file=out)
            continue
        seat = sr.before.decision.seat
        print(f"\nStep {step.number}: {narrator.action(seat, sr.action.kind, sr.action.args)}",
              file=out)
        if sr.refusal is not None:
            r = sr.refusal
            print(f"  REFUSED: {r.reason}", file=out)
            if r.clause:
                print(f"    because {because(r.clause)}", file=out)
            if r.remedy:
                print(f"    it would be legal to {r.remedy}", file=out)
            continue
        cards = [narrator.card(c) for c in sr.before.resolving]
        base = f"the {sr.action.kind} action"
        paused = [fr.program for fr in sr.before.frames if not fr.program.startswith("builtin:")]
        if sr.action.kind in ("choose", "vote") and paused:
            what, _, name = paused[-1].partition(":")
            base = {"action": f"the {name} action", "setup": "the setup"}.get(what, base)
        vote = sr.before.vote.kind if sr.before.vote is not None else None
        stated = None
        for ev in sr.after.events:
            clause, kind = ev[0], ev[1]
            if kind == "reveal":
                cards.append(narrator.card(ev[5]))
            elif kind == "vote-call":
                vote = ev[3]
            if cards:
                cause = f"card {cards[-1]}"
            elif vote:
                cause = f"the {vote.capitalize()} vote"
            else:
                cause = base
            if kind == "rule":
                print(f"  * {cause} applies {because(clause)}", file=out)
                stated = clause
                continue
            print(f"  - {narrator.event(ev)}", file=out)
            if clause and clause != stated:
                print(f"      by {cause}: {because(clause)}", file=out)
            if kind == "discard" and cards:
                cards.pop()
            elif kind == "vote-return":
                vote = None
    print(file=out)
    if result.passed:
        print("All expectations met.", file=out)
        return 0
    print("Expectations NOT met:", file=out)
    for line in result.failures:
        print(f"  {line}", file=out)
    return 1


def _coverage(args) -> int:
    from ..lawyer.coverage import clause_coverage

    rules = load_ruleset(args.ruleset)
    table, problems = clause_coverage(rules, args.scenarios, args.tests)
    uncovered = []
    for cid, where in table.items():
        scen = sorted(Path(p).stem for p in where["scenarios"])
        tests = sorted(Path(p).stem for p in where["tests"])
        if not scen and not tests:
            uncovered.append(cid)
        print(f"{cid}: {len(scen)} scenario{'s' if len(scen) != 1 else ''}, {len(tests)} test "
              f"file{'s' if len(tests) != 1 else ''}")
        if scen:
            print(f"    scenarios: {', '.join(scen)}")
        if tests:
            print(f"    tests: {', '.join(tests)}")
    for p in problems:
        print(f"problem: {p}")
    print(f"{len(table) - len(uncovered)} of {len(table)} clauses covered"
          + (f"; uncovered: {', '.join(uncovered)}" if uncovered else ""))
    return 1 if uncovered or problems else 0


_COMMANDS = {"play": _play, "replay": _replay, "check": _check, "explain": _explain,
             "coverage": _coverage, "variants": _variants, "diff": _diff}


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
