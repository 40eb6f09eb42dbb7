"""``tortuga-rules variants``: the bundled rulesets and variants, or one resolved in full."""

from __future__ import annotations

import json
import sys

import yaml

from ..data.loader import load_ruleset
from ..data.sources import bundled_file, bundled_files, bundled_rulesets

__all__ = ["add_parser", "run"]


def add_parser(sub):
    var = sub.add_parser("variants", help="list the bundled rulesets and variants, or show one")
    var.add_argument("what", nargs="*", metavar="show NAME",
                     help="'show NAME' prints the resolved rules of NAME (a composition too)")


def run(args) -> int:
    if not args.what:
        by_game: dict = {}
        for name in bundled_rulesets():
            rules = load_ruleset(name)
            by_game.setdefault((rules.game.name, rules.game.id), []).append((name, rules))
        for (game, gid), items in sorted(by_game.items(), key=lambda kv: kv[0][1]):
            print(f"== {game} ({gid}) ==")
            base = next((r for n, r in items if n in ("standard", gid)), None)
            for name, rules in items:
                _describe(name, rules, base)
        return 0
    if len(args.what) != 2 or args.what[0] != "show":
        print("tortuga-rules: error: use 'variants' or 'variants show NAME'", file=sys.stderr)
        return 2
    rules = load_ruleset(args.what[1])
    print(f"# {rules.name}: {rules.id} (hash {rules.hash})")
    print(f"# options in force: {json.dumps(rules.options)}")
    data = {k: v for k, v in rules.data.items() if k != "clauses"}
    print(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100), end="")
    return 0


def _describe(name: str, rules, base):
    """A bundled file's name, what it extends, its description and its own options (those
    of its game's base ruleset are listed under that ruleset only)."""
    path = bundled_files("variants", ".yaml")[name]
    own = yaml.safe_load(bundled_file("variants", path).read_text(encoding="utf-8"))
    kind = f"variant of {own.get('extends', 'standard')}" if "changes" in own else "ruleset"
    print(f"{name} ({kind}): {own['name']}")
    print(f"    {' '.join(own['description'].split())}")
    inherited = base.option_decls if base is not None and base is not rules else {}
    for key, decl in rules.option_decls.items():
        if key in inherited:
            continue
        if decl["type"] == "integer":
            extra = f" ({decl['min']}-{decl['max']})"
        elif decl["type"] == "choice":
            extra = f" ({'/'.join(map(str, decl.get('choices', [])))})"
        else:
            extra = ""
        print(f"    option {key}{extra}, default {decl['default']}: {decl['label']}")
