"""``tortuga-rules words``: the author's reference - every word a game's rules are written
with, its signature, what it logs, the clause it cites and an example."""

from __future__ import annotations

from ..lawyer.reference import reference, vocabularies, vocabulary_of

__all__ = ["add_parser", "run"]


def add_parser(sub):
    p = sub.add_parser("words", help="the author's reference: every word of a game's rules")
    p.add_argument("--game", default=None,
                   help="the game whose words are listed (default: every game's, each "
                        "vocabulary once)")
    p.add_argument("--format", choices=("text", "md"), default="text",
                   help="plain text (default) or markdown, as docs/words-*.md")


def run(args) -> int:
    chosen = (vocabulary_of(args.game),) if args.game else vocabularies()
    print("\n".join(reference(v, args.format) for v in chosen), end="")
    return 0
