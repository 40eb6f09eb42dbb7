"""``tortuga-rules play``: a whole game between random bots (or you at one seat), narrated."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from ..bots import Knowledge, RandomBot
from ..data.loader import load_ruleset
from ..errors import TortugaError
from ..game.language import LANGUAGES
from ..game.legality import legal_actions
from ..game.setup import new_game, new_seed
from ..game.transition import apply_action
from ..game.view import view, visible
from ..model.events import LogEvent
from ..game.kit.words import KitNarrator
from ..lawyer.replay import replay_data

__all__ = ["add_parser", "add_lang", "add_rules_arguments", "ruleset_of", "options", "run",
           "narrate", "winners"]


def add_lang(parser, help=None):
    """The ``--lang`` option: the language of the narration, prompts and menus."""
    parser.add_argument("--lang", choices=LANGUAGES, default="en",
                        help=help or "language of the narration, prompts and menus (default "
                                     "en); card names, texts and rule clauses are quoted from "
                                     "that language's rulebook")


def add_parser(sub):
    play = sub.add_parser("play", help="play a whole game with random bots and narrate it")
    play.add_argument("--players", type=int, default=5, help="number of players (default 5)")
    play.add_argument("--seed", type=int,
                      help="random seed of the game (default: drawn at random); a seed "
                           "reveals everything hidden, so a human player is never shown it")
    add_rules_arguments(play)
    play.add_argument("--starred", metavar="CARD,CARD,...",
                      help="name the starred event cards (default: drawn by the seed)")
    play.add_argument("--human", type=int, metavar="SEAT",
                      help="play this seat yourself from a numbered menu")
    play.add_argument("--log-json", metavar="FILE",
                      help="write the replay (seed, actions, cited log)")
    play.add_argument("--quiet", action="store_true", help="print only the result")
    add_lang(play)


def add_rules_arguments(parser, ruleset: bool = True):
    """``--ruleset``, ``--variant`` and ``--option``: which rules a command plays or shows
    (without ``--ruleset`` for a command that names its rules otherwise)."""
    if ruleset:
        parser.add_argument("--ruleset", default="standard",
                            help="bundled ruleset name, path, or composition such as "
                                 "standard+madness (default standard)")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME[:VALUE]",
                        help="add a variant (repeatable), e.g. --variant more-starred:5")
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="set an option of the ruleset or its variants (repeatable)")


def ruleset_of(args):
    """The compiled ruleset :func:`add_rules_arguments`' arguments name."""
    return load_ruleset(args.ruleset, variants=args.variant, options=options(args.option))


def options(pairs) -> dict:
    """``KEY=VALUE`` arguments as a mapping."""
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise TortugaError(f"--option takes KEY=VALUE, not {pair!r}")
        out[key.strip()] = value.strip()
    return out


def run(args) -> int:
    if args.log_json:
        check_writable(args.log_json)
    rules = ruleset_of(args)
    if args.human is not None and not 0 <= args.human < max(args.players, 0):
        print(f"tortuga-rules: error: --human must be a seat from 0 to {args.players - 1}",
              file=sys.stderr)
        return 2
    if "kit" in rules.tables:
        return _run_kit(args, rules)
    starred = None if args.starred is None else [c for c in args.starred.split(",") if c]
    seed = args.seed if args.seed is not None else new_seed()
    state = new_game(rules, args.players, seed, starred=starred)
    narrator = rules.game.narrator.for_game(rules, args.players, lang=args.lang)
    bots = [RandomBot(seed * 1000 + s) for s in range(args.players)]
    out = sys.stdout
    states, actions = [state], []
    if not args.quiet:
        if args.human is None:
            print(narrator.tr("{ruleset} - {players} players, seed {seed}", ruleset=rules.name,
                              players=args.players, seed=seed), file=out)
        else:  # the seed is the referee's: it would give away every hidden card
            print(narrator.tr("{ruleset} - {players} players; you play {seat}",
                              ruleset=rules.name, players=args.players,
                              seat=narrator.seat(args.human)), file=out)
        narrate(narrator, state, args.human, out)
    while not state.is_terminal:
        seat = state.current_player
        if seat == args.human:
            action = _ask(narrator, state, seat, out)
            if action is None:
                print(narrator.tr("input ended: the game is abandoned"), file=sys.stderr)
                return 1
        else:
            assert seat is not None  # the game is not over
            action = bots[seat].choose(Knowledge.of(state, seat))
        state = apply_action(state, action)
        states.append(state)
        actions.append(action)
        if not args.quiet:
            narrate(narrator, state, args.human, out)
    if not args.quiet:
        print(narrator.board(state), file=out)
        print(narrator.tr("Loyalty: {loyalties}", loyalties=", ".join(
            f"{narrator.seat(s)} {narrator.team(t)}" for s, t in enumerate(state.loyalty))),
            file=out)
    o = state.outcome
    assert o is not None  # the loop ran to the end of the game
    chests = dict(o.totals)
    print(narrator.tr("Winner: {winner} (British {british}, French {french}; {steps} steps)",
                      winner=winners(o, narrator), british=chests["british"],
                      french=chests["french"], steps=len(actions)) + f"  [{o.reason}]", file=out)
    if args.log_json:
        return _write_replay(args, rules, seed, actions, states, starred)
    return 0


def _run_kit(args, rules) -> int:
    """``play`` for a game written with the component kit (the Tortuga dice game)."""
    if args.starred is not None:
        raise TortugaError(f"{rules.name} has no starred cards (--starred)")
    seed = args.seed if args.seed is not None else new_seed()
    state = new_game(rules, args.players, seed)
    words = KitNarrator(rules, args.lang)
    bots = [RandomBot(seed * 1000 + s) for s in range(args.players)]
    out = sys.stdout
    states, actions = [state], []
    if not args.quiet:
        name = words.tr(rules.name)
        head = words.tr("{ruleset} - {players} players, seed {seed}", ruleset=name,
                        players=args.players, seed=seed) if args.human is None else \
            words.tr("{ruleset} - {players} players; you play {seat}", ruleset=name,
                     players=args.players, seat=words.seat(args.human))
        print(head, file=out)
        _narrate_kit(words, state, args.human, out)
    while not state.is_terminal:
        seat = state.current_player
        assert seat is not None  # the game is not over
        if seat == args.human:
            action = _ask_kit(words, state, seat, out)
            if action is None:
                print("input ended: the game is abandoned", file=sys.stderr)
                return 1
        else:
            action = bots[seat].choose(Knowledge.of(state, seat))
        state = apply_action(state, action)
        states.append(state)
        actions.append(action)
        if not args.quiet:
            _narrate_kit(words, state, args.human, out)
    o = state.outcome
    assert o is not None  # the loop ran to the end of the game
    if not args.quiet:
        print(words.board(view(state, args.human)), file=out)
    scores = ", ".join(f"{words.seat(s)} {x}" for s, x in enumerate(o.scores))
    print(f"Scores: {scores}; won by {words.seats(o.winners)} ({len(actions)} steps)"
          f"  [{o.reason}]", file=out)
    if args.log_json:
        return _write_replay(args, rules, seed, actions, states, None)
    return 0


def _narrate_kit(words, state, seat, out):
    """Print the sentences of the events of ``state``'s last step that ``seat`` may see."""
    for ev in state.events:
        if not visible(ev, seat):
            continue
        if words.sentence(ev):
            print("  " + words.event(ev), file=out)


def _ask_kit(words, state, seat, out):
    """A person's choice for ``seat`` from a numbered menu; ``None`` when input ends."""
    v = view(state, seat, lang=words.lang)
    print(f"\n=== {words.seat(seat)} ===", file=out)
    print(words.board(v), file=out)
    print(v["decision"]["prompt"], file=out)
    choices = v["decision"]["choices"]
    for i, c in enumerate(choices, 1):
        print(f"  {i:2d}. {c['label']}", file=out)
    actions = legal_actions(state)
    while True:
        try:
            answer = input(f"1-{len(actions)}: ")
        except EOFError:
            return None
        answer = answer.strip()
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]


def check_writable(path: str):
    """Refuse, before the game starts, a file that cannot be written (the game would be lost)."""
    target = Path(path)
    existed = target.exists()
    if target.is_dir():
        raise TortugaError(f"cannot write {path}: it is a folder")
    try:
        with open(target, "a", encoding="utf-8"):
            pass
    except OSError as exc:
        raise TortugaError(f"cannot write {path}: {exc.strerror or exc}") from None
    if not existed:
        target.unlink()


def _write_replay(args, rules, seed: int, actions, states, starred) -> int:
    data = replay_data(rules, args.players, seed, actions, states, starred)
    try:
        with open(args.log_json, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False, indent=1)
    except OSError as exc:
        print(f"tortuga-rules: error: cannot write {args.log_json}: {exc.strerror}",
              file=sys.stderr)
        return 2
    return 0


def winners(outcome, narrator) -> str:
    """The winning side in words (a game of seats, not teams: the winning seats)."""
    if not hasattr(narrator, "team"):  # (the kit's narrator: every game written on the kit)
        return narrator.seats(outcome.winners)
    if len(outcome.winners) > 1:
        return narrator.tr("a shared draw")
    return narrator.team_people(outcome.winners[0])


def narrate(narrator, state, seat, out):
    """Print the events of ``state``'s last step that ``seat`` may see (``None``: all)."""
    for ev in state.events:
        if visible(ev, seat):
            line = narrator.event(ev)
            _, kind, _, values = LogEvent.of(ev)
            if kind == "turn":
                who = narrator.seat(values[0])
                roles = narrator.standing(state, values[0])
                line = line.replace(f"{who}  [", f"{who} ({roles})  [", 1)
            indent = "" if kind in ("turn", "game-over") else "  "
            print(indent + line, file=out)


def _ask(narrator, state, seat, out):
    """A person's choice for ``seat`` from a numbered menu; ``None`` when input ends."""
    v = view(state, seat, lang=narrator.lang)
    print("\n" + narrator.tr("=== Your decision, {seat} ===", seat=narrator.seat(seat)), file=out)
    print(narrator.tr("You are {team}. Your vote cards: {cards}",
                      team=narrator.team(v["my_loyalty"]),
                      cards=", ".join(narrator.vote_card(c) for c in v["my_hand"])
                      or narrator.tr("none")), file=out)
    print(narrator.board(state), file=out)
    row = []
    for slot in v["row"]:
        if not slot["face_down"]:
            row.append(f"{slot['slot']}: -")
        else:
            row.append(f"{slot['slot']}: {narrator.card(slot['card']) if 'card' in slot else '?'}")
    print("  " + narrator.tr("Event row: {row}", row=" | ".join(row)), file=out)
    print(v["decision"]["prompt"], file=out)
    actions = legal_actions(state)
    for i, a in enumerate(actions, 1):
        print(f"  {i:2d}. {narrator.action(seat, a.kind, a.args)}", file=out)
    while True:
        try:
            answer = input(narrator.tr("Choose 1-{count}: ", count=len(actions)))
        except EOFError:
            return None
        answer = answer.strip()
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        print(narrator.tr("Please type a number from 1 to {count}.", count=len(actions)),
              file=out)
