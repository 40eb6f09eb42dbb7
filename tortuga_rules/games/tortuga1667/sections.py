"""Tortuga 1667's ruleset sections, each built on its own: loyalty, setup, board, turn,
actions and votes.

Each function takes the shared :class:`~tortuga_rules.data.build.Build` (the
resolved rules document, the clause and program tables, the problem list) and
returns its part of the :class:`~tortuga_rules.data.ruleset.Ruleset`; a mistake is
recorded as a located problem and building goes on, so an author sees them all. The
sections every game has (players) and the guarded programs are
:mod:`tortuga_rules.data.sections`'.
"""

from __future__ import annotations

from ...data.ruleset import ActionDef, Param
from .ruleset import Board, VoteDef
from ...data.sections import guarded
from ...dsl.compiler import Scope
from ...dsl.syntax import Span
from ...dsl.types import ANY, INT, SEAT, TEXT, list_of
from .types import PLACE, SLOT
from ...errors import did_you_mean
from .components import ChestSpot, Place, Role

__all__ = ["loyalty", "event_deck", "treasure", "setup_programs", "board", "turn", "actions",
           "votes", "place", "place_list", "chest_counts", "after_reveal"]


_PLACES = {str(p): p for p in Place}


def place(name: str) -> Place:
    """The place named ``name`` in the data (``"jolly_roger"``)."""
    return _PLACES[name]


def place_list(names) -> tuple:
    """The places named in ``names``, in order."""
    return tuple(_PLACES[n] for n in names)


def loyalty(b, cards: dict, pmin: int, pmax: int) -> dict:
    """Player count -> ``((team, cards dealt), ...)``, checked against the loyalty deck."""
    table = b.data["setup"]["loyalty"]
    supply = {d["team"]: d["count"] for d, _ in cards["loyalty"].values()}
    out = {}
    for n in range(pmin, pmax + 1):
        key = str(n) if str(n) in table else n  # YAML may spell the count as text or a number
        row = table.get(key)
        if row is None:
            b.problem(("setup", "loyalty"), f"no loyalty row for {n} players")
            continue
        if sum(row.values()) != n:
            b.problem(("setup", "loyalty", key),
                      f"the row for {n} players deals {sum(row.values())} cards")
        for team, k in row.items():
            if k > supply.get(team, 0):
                b.problem(("setup", "loyalty", key, team),
                          f"{k} {team} cards needed, the loyalty deck has {supply.get(team, 0)}")
        out[n] = tuple(sorted(row.items()))
    return out


def event_deck(b, events) -> dict:
    """How the event deck is built: counts, starred cards, removals, the game-ender."""
    ev = b.data["setup"]["events"]
    path = ("setup", "events")

    def need(cid, p):
        if cid not in events.cards and cid not in events.broken:
            b.problem(p, f"unknown event card {cid!r}: no file cards/events/{cid}.yaml among "
                         "the bundled cards or beside the rules files, and no inline "
                         f"'cards: events: {cid}'{did_you_mean(cid, events.cards)}")

    counts = {}
    for i, cid in enumerate(ev["cards"]):
        need(cid, path + ("cards", i))
        if cid in events.cards:
            counts[cid] = ev.get("counts", {}).get(cid, events.cards[cid].count)
    for cid in ev.get("counts", {}):
        if cid not in ev["cards"]:
            b.problem(path + ("counts", cid), f"count given for {cid!r}, which is not in the deck")
    starred = ev["starred"]
    for i, cid in enumerate(starred["pool"]):
        need(cid, path + ("starred", "pool", i))
    if starred["choose"] > len(starred["pool"]):
        b.problem(path + ("starred", "choose"), f"cannot choose {starred['choose']} starred cards "
                                                f"from a pool of {len(starred['pool'])}")
    removals = {}
    for n, ids in ev.get("remove_with_players", {}).items():
        for i, cid in enumerate(ids):
            need(cid, path + ("remove_with_players", n, i))
        removals[int(n)] = tuple(ids)
    need(ev["final"], path + ("final",))
    avoid = {}
    for n, ids in starred.get("avoid_with_players", {}).items():
        for i, cid in enumerate(ids):
            if cid not in starred["pool"]:
                b.problem(path + ("starred", "avoid_with_players", n, i),
                          f"{cid!r} is not in the starred pool")
        avoid[int(n)] = tuple(ids)
    return {"counts": counts, "starred_choose": starred["choose"],
            "remove_from_top": ev.get("remove_from_top", 0),
            "starred_pool": tuple(starred["pool"]), "starred_avoid": avoid,
            "removals": removals, "final": ev["final"], "final_position": ev["final_position"]}


def treasure(b) -> tuple:
    """Chests per spot at the start (the captains' own placing is a setup program)."""
    setup = b.data["setup"]
    out = [0] * len(ChestSpot)
    for spot, k in setup["treasure"].items():
        out[ChestSpot[spot.upper()]] = k
    most = max(chest_counts(setup["chests"]).values())
    if sum(out) > most:
        b.problem(("setup", "treasure"), f"{sum(out)} chests placed, the box has {most}")
    return tuple(out)


def chest_counts(spec) -> dict:
    """``setup.chests`` as ``{"default": n, players: n, ...}``: a number, or
    ``{default: n, by_players: {2: n}}`` (a house rule's extra chest for 2 players)."""
    if isinstance(spec, int):
        return {"default": spec}
    return {"default": spec["default"], **{int(k): v for k, v in
                                           (spec.get("by_players") or {}).items()}}


def setup_programs(b):
    """The programs a ruleset may give for setup and marooning choices."""
    setup = b.data["setup"]
    if setup.get("treasure_program"):
        b.program(setup["treasure_program"], b.smap, ("setup", "treasure_program"),
                  "setup:treasure", Scope({}, setup=True))
    if setup["pawns"].get("chosen"):
        b.program(setup["pawns"]["chosen"], b.smap, ("setup", "pawns", "chosen"),
                  "setup:pawns", Scope({"drawn": list_of(SEAT)}, setup=True))
    if b.data.get("marooning", {}).get("lose_card"):
        b.program(b.data["marooning"]["lose_card"], b.smap, ("marooning", "lose_card"),
                  "marooning:lose-card", Scope({"seat": SEAT}, chooser="seat"))


def after_reveal(b) -> tuple:
    """The ruleset's ``after_reveal`` programs: ``((guard, program), ...)``, in order.

    Each is a program, or ``{if: EXPRESSION, effect: PROGRAM}``, run after every event
    card's effect with ``revealer``, ``slot`` and ``card`` bound (a house rule's "the
    game ends after the 12th event card").
    """
    spec = b.data.get("after_reveal") or []
    listed = isinstance(spec, list)
    out = []
    for i, hook in enumerate(spec if listed else [spec]):
        entry = guarded(b, hook, b.smap, ("after_reveal", i) if listed else ("after_reveal",),
                        f"after-reveal:{i}", {"revealer": SEAT, "slot": SLOT, "card": TEXT},
                        chooser="revealer")
        if entry is not None:
            out.append(entry)
    return tuple(out)


def board(b) -> Board:
    """Capacity and adjacency per place."""
    spec = b.data["board"]
    capacity = [99] * len(Place)
    for name, k in spec["capacity"].items():
        capacity[_PLACES[name]] = k
    adjacent = [()] * len(Place)
    for name, targets in spec["adjacent"].items():
        adjacent[_PLACES[name]] = place_list(targets)
    return Board(tuple(capacity), tuple(adjacent))


def turn(b) -> dict:
    """How many actions make a turn, by default and per player count."""
    spec = b.data["turn"]["actions"]
    return {"actions_default": spec["default"],
            "actions_by_players": {int(k): v for k, v in spec.get("by_players", {}).items()}}


def actions(b) -> tuple:
    """The catalogue of turn actions, compiled."""
    return tuple(_action(b, aid, adef) for aid, adef in b.data["actions"].items())


def _action(b, aid: str, adef: dict) -> ActionDef:
    path = ("actions", aid)
    b.cite(adef["clause"], b.smap, path + ("clause",))
    params = [_param(b, path, pname, pdef) for pname, pdef in adef.get("params", {}).items()]
    requires = []
    for i, req in enumerate(adef.get("requires", [])):
        fn = b.expr(req["test"], b.smap, path + ("requires", i, "test"), {"actor": SEAT})
        b.cite(req["clause"], b.smap, path + ("requires", i, "clause"))
        requires.append((fn, req["clause"], req["test"]))
    names = {"actor": SEAT} | {p.name: _element(b, p.values) for p in params}
    prog = b.program(adef["effect"], b.smap, path + ("effect",), f"action:{aid}",
                     Scope(names, chooser="actor"))
    text = adef.get("text", "")
    listed = ", ".join(p.name for p in params) or "none"
    try:
        text.format(**{p.name: "" for p in params})
    except KeyError as exc:
        b.problem(path + ("text",), f"the text names {{{exc.args[0]}}}, which is no parameter "
                                    f"of {aid} (its parameters: {listed})")
    except (IndexError, ValueError) as exc:
        b.problem(path + ("text",), f"the text is no narration template ({exc}); write "
                                    f"{{name}} for a parameter (here: {listed}) and {{{{ for {{")
    reads = b.reader.reads
    depends = set().union(*[reads.get(p.domain, frozenset()) for p in params])
    requires_depends = set().union(*[reads.get(t, frozenset()) for t, _, _ in requires])
    file, pos = b.smap.locate(path)
    exprs = [t for t, _, _ in requires] + [p.values for p in params]
    exprs += [t for p in params for t, _, _ in p.where]
    spans = {fn: b.reader.spans[fn] for fn in exprs if fn in b.reader.spans}
    return ActionDef(aid, adef["clause"], Role(adef["role"]), tuple(params), tuple(requires),
                     prog, text, tuple(sorted(depends)), span=Span(file, pos.line, pos.col),
                     spans=spans, requires_depends=tuple(sorted(requires_depends)))


def _param(b, path: tuple, pname: str, pdef) -> Param:
    """A parameter: its candidate values, filtered by each ``where`` test."""
    ppath = path + ("params", pname)
    if isinstance(pdef, str):
        pdef = {"values": pdef}
        vpath = ppath
    else:
        vpath = ppath + ("values",)
    fn = b.expr(pdef["values"], b.smap, vpath, {"actor": SEAT},
                want=(list_of(ANY), f"the values of parameter {pname!r}"))
    pclause = pdef.get("clause", b.data["actions"][path[1]]["clause"])
    b.cite(pclause, b.smap, ppath + ("clause",) if "clause" in pdef else path + ("clause",))
    where = []
    for i, w in enumerate(pdef.get("where", [])):
        test = b.expr(w["test"], b.smap, ppath + ("where", i, "test"),
                      {"actor": SEAT, pname: _element(b, fn)})
        b.cite(w["clause"], b.smap, ppath + ("where", i, "clause"))
        where.append((test, w["clause"], w["test"]))
    param = Param(pname, fn, pclause, tuple(where), _filtered(pname, fn, where),
                  _element(b, fn) if fn is not None else None)
    if fn is not None:
        reads = b.reader.reads
        reads[param.domain] = reads.get(fn, frozenset()).union(
            *[reads.get(t, frozenset()) for t, _, _ in where]) - {pname}
    return param


def _element(b, values):
    """The type of one candidate value of a parameter whose values ``values`` computes."""
    return b.reader.types.get(values, list_of(ANY)).element


def _filtered(name, values, where):
    """The domain closure of a parameter: ``values`` kept by every ``where`` test."""
    if values is None or any(t is None for t, _, _ in where):
        return None
    if not where:
        return values
    tests = tuple(t for t, _, _ in where)

    def domain(m):
        env = dict(m.env)
        kept = []
        for v in values(m):
            env[name] = v
            if all(m.evaluate(t, env) for t in tests):
                kept.append(v)
        return tuple(kept)
    return domain


def votes(b, section_icons: dict) -> dict:
    """The votes: who takes part, which card section counts, when it succeeds, its effect."""
    out = {}
    for vid, vdef in b.data["votes"].items():
        path = ("votes", vid)
        for key in ("clause", "participants_clause", "success_clause"):
            b.cite(vdef.get(key), b.smap, path + (key,))
        part = b.expr(vdef["participants"], b.smap, path + ("participants",),
                      {"caller": SEAT, "place": PLACE},
                      want=(list_of(SEAT), f"the participants of vote {vid!r}"))
        names = {"caller": SEAT, "place": PLACE, "cards": list_of(TEXT),
                 **dict.fromkeys(section_icons.get(vdef["section"], ()), INT)}
        success = None
        if "success" in vdef:
            success = b.expr(vdef["success"], b.smap, path + ("success",), names)
        prog = b.program(vdef["effect"], b.smap, path + ("effect",), f"vote:{vid}",
                         Scope(names, chooser="caller"))
        out[vid] = VoteDef(vid, vdef["clause"], part, vdef["participants_clause"],
                           vdef["section"], success, vdef.get("success_clause"), prog)
    return out
