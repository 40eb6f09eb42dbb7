"""What one resolved ruleset changes against another, rule by rule, with clause ids.

The rules data of both is walked side by side; each difference is shown with the clause it
implements (the data's own ``clause``, a clause its program text cites, or where the game's
:class:`~tortuga_rules.model.games.DiffGuide` says that part of its data lives) in the
section the guide names. A game's own rows (Tortuga 1667's event cards and vote deck)
come from its guide.
"""

from __future__ import annotations

import re

from ..model.games import DiffGuide

__all__ = ["rules_diff"]

_NO_GUIDE = DiffGuide()


def _clause(path, data_a, data_b, guide):
    for data in (data_a, data_b):
        node = data
        found = None
        for key in path:
            if isinstance(node, dict) and isinstance(node.get("clause"), str):
                found = node["clause"]
            if not isinstance(node, dict) or key not in node:
                break
            node = node[key]
        else:
            if isinstance(node, dict) and isinstance(node.get("clause"), str):
                found = node["clause"]
        if found:
            return found
    if path and path[0] == "clauses" and len(path) > 1:
        return path[1]
    for prefix, clause in guide.clauses:
        if tuple(path[:len(prefix)]) == prefix:
            return clause
    return None


def _section(path, guide) -> str:
    if any(tuple(path[:len(prefix)]) == prefix for prefix in guide.card_paths):
        return "cards and counts"
    return guide.sections.get(path[0], path[0])


def _walk(a, b, path, out):
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            _walk(a.get(key, _MISSING), b.get(key, _MISSING), path + (key,), out)
    elif a != b:
        out.append((path, a, b))


class _Missing:
    def __repr__(self):
        return "(absent)"


_MISSING = _Missing()


def _value(v):
    if v is _MISSING:
        return "(absent)"
    if isinstance(v, str) and "\n" in v.strip():
        return "<<" + " / ".join(line.strip() for line in v.strip().splitlines()) + ">>"
    return v


def rules_diff(a, b) -> list:
    """Every rule that differs between rulesets ``a`` and ``b``.

    A list of ``(section, path, clause, value in a, value in b)``: data differences of
    the resolved rules (setup, board, turns, actions, votes, options, clause wording),
    then event cards whose count or behaviour differs.
    """
    guide = b.game.diff or _NO_GUIDE
    skip = {"id", "name", "description", "clauses", "patches"}
    da = {k: v for k, v in a.data.items() if k not in skip}
    db = {k: v for k, v in b.data.items() if k not in skip}
    rows = _data_rows(a, b, da, db, guide) + _patch_rows(a, b) + _wording_rows(a, b) + \
        _option_rows(a, b, da, db, guide)
    return rows + (guide.rows(a, b, _value, _MISSING) if guide.rows else [])


def _data_rows(a, b, da, db, guide) -> list:
    """Differences of the resolved rules data, each with the clause it implements."""
    raw: list = []
    _walk(da, db, (), raw)
    out = []
    for path, va, vb in raw:
        if path and path[0] == "options":
            continue  # declarations; the values in force are compared by _option_rows
        if path and path[0] == "clauses" and path[-1] == "source":
            continue  # where a wording comes from is not a rule
        clause = _clause(path, da, db, guide) or _tagged(va) or _tagged(vb)
        said = guide.data_clause(path, a, b) if guide.data_clause else None
        if said is not None:
            clause = said or None
        out.append((_section(path, guide), ".".join(map(str, path)), clause, _value(va),
                    _value(vb)))
    return out


def _tagged(value):
    """The first clause a DSL program's text cites (``@end.kraken.last-card``), if any."""
    text = value if isinstance(value, str) else \
        " ".join(v for v in value.values() if isinstance(v, str)) if isinstance(value, dict) \
        else ""
    found = _TAG.search(text)
    return found.group(1) if found else None


_TAG = re.compile(r"@([a-z0-9][a-z0-9_.-]*)")


def _patch_rows(a, b) -> list:
    """The statements a patch of one ruleset changes and the other's does not: each as its
    program had it and as the patch makes it, under its program and clause."""
    pa, pb = a.data.get("patches") or [], b.data.get("patches") or []
    rows = [_patch_row(p, False) for p in pa if p not in pb]
    return rows + [_patch_row(p, True) for p in pb if p not in pa]


def _patch_row(patch: dict, in_b: bool) -> tuple:
    kind = next(k for k in ("replace", "before", "after", "remove") if k in patch)
    new = " / ".join(line.strip() for line in str(patch.get("with", "")).strip().splitlines())
    was = patch["was"]
    now = {"replace": new, "remove": "(removed)", "before": f"{new} / {was}",
           "after": f"{was} / {new}"}[kind]
    nth = f" (nth {patch['nth']})" if patch.get("nth") else ""
    path = f"{patch['program']}: {kind} @{patch[kind]}{nth}"
    return ("statements", path, patch[kind], *((was, now) if in_b else (now, was)))


def _wording_rows(a, b) -> list:
    out = []
    for cid in sorted(set(a.clauses) | set(b.clauses)):
        ta = a.clauses[cid].text if cid in a.clauses else _MISSING
        tb = b.clauses[cid].text if cid in b.clauses else _MISSING
        if ta != tb:
            out.append(("clause wording", f"clauses.{cid}", cid, _value(ta), _value(tb)))
    return out


def _option_rows(a, b, da, db, guide) -> list:
    """Options both rulesets share (the engine reads them) whose values differ.

    A variant's own options show through the rules they set, listed by _data_rows.
    """
    out = []
    for name in sorted(set(a.options) & set(b.options)):
        va, vb = a.options[name], b.options[name]
        if va != vb:
            section = "end of game" if name in guide.end_options else "options"
            out.append((section, f"options.{name}", _clause(("options", name), da, db, guide),
                        _value(va), _value(vb)))
    return out
