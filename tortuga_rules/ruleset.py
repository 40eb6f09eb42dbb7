"""Loading a ruleset: YAML data and DSL text, validated and compiled once.

:func:`load_ruleset` reads a variant file (``variants/<name>.yaml`` shipped in the
package, or any path), the card files under ``cards/``, checks them against the
JSON Schemas in ``schema/``, parses and compiles every DSL text, and checks every
cross-reference (card ids, clause ids, counts). All problems of all files are
reported together as one :class:`~tortuga_rules.errors.DataError`, each as
``file:line:col: message``. The result, a :class:`Ruleset`, is immutable and
holds only compiled code: the game loop never parses.
"""

from __future__ import annotations

import difflib
import hashlib
import itertools
import json
from functools import lru_cache
from importlib import resources
from pathlib import Path

import copy

import attrs
import jsonschema

from . import syntax
from .actions import Action
from .compiler import Program, Scope, builtin_program, compile_expression, compile_program
from .components import ChestSpot, Place, Role
from .errors import DataError, Problem, UnknownRulesetError
from .overlay import LayeredMap, merge, option_value, substitute_options
from .procedures import ENGINE_CLAUSES
from .yamlsource import SourceMap, load_yaml

__all__ = ["Ruleset", "ActionDef", "Param", "VoteDef", "VoteCard", "EventCard", "Board", "Clause",
           "load_ruleset", "bundled_rulesets"]


@attrs.frozen
class Clause:
    """A rule clause: a stable id, a short English statement and its source."""

    id: str
    text: str
    source: str
    file: str


@attrs.frozen
class VoteCard:
    """A vote card: for each section, its icons with their counts."""

    id: str
    icons: dict = attrs.field(eq=False)  # section -> ((icon, count), ...)


@attrs.frozen
class EventCard:
    """An event card definition: names and texts per language, and its compiled effect."""

    id: str
    category: str
    count: int
    name: dict = attrs.field(eq=False)
    text: dict = attrs.field(eq=False)
    program: Program = attrs.field(repr=False)
    file: str = ""


@attrs.frozen
class Param:
    """A parameter of a turn action: its allowed values and the filters on each value.

    ``values`` lists candidate values (cited by ``clause``); each ``where`` entry is
    ``(test, clause, text)``, a test with the parameter's name bound to a candidate.
    ``domain`` is the compiled whole: the candidates every test lets through.
    """

    name: str
    values: object = attrs.field(repr=False)
    clause: str = ""
    where: tuple = ()
    domain: object = attrs.field(default=None, repr=False)


@attrs.frozen
class ActionDef:
    """A turn action of the catalogue, compiled."""

    id: str
    clause: str
    role: Role
    params: tuple  # (Param, ...)
    requires: tuple  # ((test closure, clause id, source text), ...)
    program: Program = attrs.field(repr=False)
    text: str = ""
    depends: tuple = ()  # the facet names (and "actor") its legal options depend on
    cache: dict = attrs.field(factory=dict, eq=False, repr=False)

    def options(self, values: tuple) -> tuple:
        """Every :class:`Action` for the parameter domains ``values``."""
        names = [p.name for p in self.params]
        return tuple(Action(self.id, tuple(zip(names, combo)))
                     for combo in itertools.product(*values))


@attrs.frozen
class VoteDef:
    """A vote: who takes part, which card section counts, when it succeeds, its effect."""

    id: str
    clause: str
    participants: object = attrs.field(repr=False)
    participants_clause: str
    section: str
    success: object = attrs.field(repr=False)
    success_clause: str | None
    program: Program = attrs.field(repr=False)


@attrs.frozen
class Board:
    """The mat: capacity and adjacency per place, the two holds of each ship."""

    capacity: tuple
    adjacent: tuple
    holds: tuple = (
        (ChestSpot.FLYING_DUTCHMAN_BRITISH, ChestSpot.FLYING_DUTCHMAN_FRENCH),
        (ChestSpot.JOLLY_ROGER_BRITISH, ChestSpot.JOLLY_ROGER_FRENCH),
    )


@attrs.frozen
class Ruleset:
    """A complete, compiled rule set. Immutable; share it between games freely."""

    id: str
    name: str
    description: str
    hash: str
    min_players: int
    max_players: int
    loyalty: dict = attrs.field(eq=False, repr=False)
    hand_size: int = 3
    deck: dict = attrs.field(factory=dict, eq=False, repr=False)
    pawn_order: tuple = ()
    treasure: tuple = ()
    chest_total: int = 8
    first_player_ship: Place = Place.JOLLY_ROGER
    actions_default: int = 1
    actions_by_players: dict = attrs.field(factory=dict, eq=False, repr=False)
    options: dict = attrs.field(factory=dict, eq=False, repr=False)
    actions: tuple = attrs.field(default=(), repr=False)
    votes: dict = attrs.field(factory=dict, eq=False, repr=False)
    vote_cards: dict = attrs.field(factory=dict, eq=False, repr=False)
    section_icons: dict = attrs.field(factory=dict, eq=False, repr=False)
    event_cards: dict = attrs.field(factory=dict, eq=False, repr=False)
    loyalty_names: dict = attrs.field(factory=dict, eq=False, repr=False)
    brethren: tuple = attrs.field(default=(), repr=False)
    programs: dict = attrs.field(factory=dict, eq=False, repr=False)
    clauses: dict = attrs.field(factory=dict, eq=False, repr=False)
    board: Board | None = attrs.field(default=None, repr=False)
    #: "pawns" / "kept" -> ((guard, program), ...): standing checks run after every such
    #: change whose guard holds
    checks: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: kept card -> (how many vote cards its owner may play at once, the clause, whether
    #: only in the owner's next vote)
    vote_plays: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: "maroon" -> ((kept card, causes, program), ...): reactions offered to a card's owner
    reactions: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: ((guard, program), ...) run before every turn whose guard holds, with ``seat``
    #: bound (Atlantis, Scurvy)
    before_turn: tuple = attrs.field(default=(), repr=False)
    #: kept card -> (votes its owner sits out, clause, clause when used up) (Pirate Code)
    sit_outs: dict = attrs.field(factory=dict, eq=False, repr=False)
    row_size: int = 5
    source: str = ""
    action_by_id: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: role set -> the catalogue actions those roles allow (filled as games meet them)
    #: option name -> its declaration (label, description, type, default, ...)
    option_decls: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: "none", "all" or "one-each": which loyalty cards are dealt face up
    loyalty_open: str = "none"
    #: the optional turn timer, as data for front ends (seconds, default action, ...)
    timer: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: event card id -> its definition data (after variants' overrides), for diffing
    card_data: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: the resolved rules data (after variants and options), for showing and diffing
    data: dict = attrs.field(factory=dict, eq=False, repr=False)
    #: variant id -> the clause ids it adds or rewords
    changed_clauses: dict = attrs.field(factory=dict, eq=False, repr=False)
    memo: dict = attrs.field(factory=dict, eq=False, repr=False)

    def actions_per_turn(self, players: int) -> int:
        """How many actions make one turn with ``players`` players."""
        return self.actions_by_players.get(players, self.actions_default)

    @property
    def action_ids(self) -> tuple:
        return tuple(a.id for a in self.actions)

    def action_def(self, kind: str) -> ActionDef | None:
        """The catalogue entry of the turn action ``kind`` (None if there is none)."""
        return self.action_by_id.get(kind)


# -- reading files -----------------------------------------------------------------------

def _package_dir(name: str):
    """A data folder (``cards``, ``variants``, ``schema``) as an importlib resource.

    An installed package carries the folders inside it. In a source checkout they
    stand beside the package at the top of the repository, which is where authors
    edit them; there the package's own folder has no copy, so look one level up.
    """
    inside = resources.files("tortuga_rules").joinpath(name)
    if inside.is_dir():
        return inside
    return Path(__file__).resolve().parent.parent / name


@lru_cache(maxsize=None)
def _schema(name: str) -> dict:
    text = _package_dir("schema").joinpath(f"{name}.schema.json").read_text(encoding="utf-8")
    return json.loads(text)


def bundled_rulesets() -> tuple[str, ...]:
    """The names of the rulesets shipped in the package."""
    return tuple(sorted(p.name[:-5] for p in _package_dir("variants").iterdir()
                        if p.name.endswith(".yaml")))


class _Loader:
    """Collects problems from every file while building one :class:`Ruleset`."""

    def __init__(self):
        self.problems: list[Problem] = []
        self.digest = hashlib.sha256()
        self.exprs: dict = {}
        self.reads: dict = {}  # closure -> the state facets it reads

    def read(self, traversable, display: str):
        """Parse one YAML file; its text feeds the ruleset hash."""
        try:
            text = traversable.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.problems.append(Problem(display, 0, 0, f"cannot read: {exc}"))
            return None, SourceMap(display)
        try:
            data, smap = load_yaml(text, display)
        except DataError as exc:
            self.problems.extend(exc.problems)
            return None, SourceMap(display)
        return data, smap

    def validate(self, data, smap, schema_name: str, digest: bool = True) -> bool:
        if data is None:
            self.problems.append(smap.problem((), "the file is empty"))
            return False
        validator = jsonschema.Draft202012Validator(_schema(schema_name))
        ok = True
        for err in sorted(validator.iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
            ok = False
            self.problems.append(_schema_problem(err, smap))
        if ok and digest:
            self.digest.update(json.dumps(data, sort_keys=True, ensure_ascii=False).encode())
        return ok

    def dsl(self, text: str, smap: SourceMap, path, key: str, scope: Scope) -> Program | None:
        try:
            file, pos = smap.locate(path)
            ast = syntax.parse_program(str(text), file, pos)
            return compile_program(key, ast, scope)
        except DataError as exc:
            self.problems.extend(exc.problems)
            return None

    def expr(self, text, smap: SourceMap, path, names):
        """Compile an expression; the same text in the same scope gives the same closure.

        Sharing closures lets the engine evaluate an expression used by several actions
        (``face_down()`` ...) once per state.
        """
        key = (" ".join(str(text).split()), frozenset(names))
        try:
            file, pos = smap.locate(path)
            node = syntax.parse_expression(str(text), file, pos)
            fn, reads = compile_expression(node, names)
        except DataError as exc:
            self.problems.extend(exc.problems)
            return None
        fn = self.exprs.setdefault(key, fn)
        self.reads[fn] = reads
        return fn


def _schema_problem(err, smap: SourceMap) -> Problem:
    path = tuple(err.absolute_path)
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        allowed = set(err.schema.get("properties", {}))
        extra = [k for k in err.instance if k not in allowed]
        if extra and allowed:
            key = extra[0]
            close = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.6)
            hint = f" (did you mean '{close[0]}'?)" if close else \
                f" (allowed: {', '.join(sorted(allowed))})"
            return smap.problem(path + (key,), f"unknown key '{key}'{hint}")
    if err.validator == "required":
        return smap.problem(path, err.message.replace("is a required property",
                                                      "is missing (required)"))
    if err.validator == "enum":
        choices = ", ".join(map(str, err.validator_value))
        return smap.problem(path, f"{err.instance!r} is not one of: {choices}")
    where = "/".join(map(str, path))
    return smap.problem(path, f"{err.message}" + (f" (at {where})" if where else ""))


def _resolve_source(name_or_path):
    """(traversable, display name) of a ruleset or variant given by bundled name or path."""
    if isinstance(name_or_path, Path) or (isinstance(name_or_path, str) and _is_path(name_or_path)):
        path = Path(name_or_path)
        if not path.is_file():
            raise UnknownRulesetError(f"no ruleset file at {str(path)!r}")
        return path, str(path)
    name = str(name_or_path)
    candidate = _package_dir("variants").joinpath(f"{name}.yaml")
    if not candidate.is_file():
        known = bundled_rulesets()
        close = difflib.get_close_matches(name, known, n=1)
        hint = f" (did you mean '{close[0]}'?)" if close else ""
        raise UnknownRulesetError(
            f"unknown ruleset or variant {name!r}{hint}; the bundled ones are: {', '.join(known)}")
    return candidate, f"variants/{name}.yaml"


def _parts(spec, variants) -> tuple:
    """``"standard+more-starred:5"`` and extra variants as ``((name, value or None), ...)``."""
    items = []
    for piece in ([spec] if isinstance(spec, Path) else str(spec).split("+")):
        piece = piece if isinstance(piece, Path) else piece.strip()
        if isinstance(piece, str) and ":" in piece and not Path(piece).is_file():
            name, _, value = piece.partition(":")
            items.append((name.strip(), value.strip()))
        elif piece:
            items.append((piece, None))
    for v in variants:
        name, _, value = str(v).partition(":")
        items.append((name.strip(), value.strip() or None))
    return tuple(items)


def load_ruleset(name_or_path="standard", *, variants=(), options=None, cards_dir=None) -> Ruleset:
    """Load and compile a ruleset, with variants composed on top.

    ``name_or_path`` is a bundled name (``"standard"``, ``"madness"``), a path, or a
    composition ``"standard+open-loyalty+more-starred:5"`` (``:VALUE`` sets a variant's
    only option). ``variants`` adds more; ``options`` sets option values by name.
    ``cards_dir`` replaces the bundled ``cards/`` folder. Raises
    :class:`~tortuga_rules.errors.DataError` listing every problem, or
    :class:`~tortuga_rules.errors.UnknownRulesetError`. Bundled compositions are
    loaded once per process.
    """
    parts = _parts(name_or_path, variants)
    if not parts:
        raise UnknownRulesetError("no ruleset named")
    sources = tuple((_resolve_source(n), v) for n, v in parts)
    opts = tuple(sorted((options or {}).items()))
    if cards_dir is None and all(_is_bundled(n) for n, _ in parts):
        try:
            return _load_bundled(tuple((d, v) for (_, d), v in sources), opts)
        except TypeError:  # an unhashable option value: do not cache
            pass
    return _load(sources, dict(opts), cards_dir)


def _is_bundled(name) -> bool:
    """True for a bundled ruleset's name (files given by path may change, so are not cached)."""
    return not isinstance(name, Path) and not _is_path(name)


def _is_path(name: str) -> bool:
    return name.endswith((".yaml", ".yml")) or "/" in name or "\\" in name


@lru_cache(maxsize=None)
def _load_bundled(sources: tuple, options: tuple) -> Ruleset:
    resolved = tuple(((_package_dir("variants").joinpath(d[len("variants/"):]), d), v)
                     for d, v in sources)
    return _load(resolved, dict(options), None)


def _load(sources, options: dict, cards_dir) -> Ruleset:
    ld = _Loader()
    if cards_dir is not None:
        cards_root, cards_display = Path(cards_dir), str(cards_dir)
    else:
        cards_root, cards_display = _package_dir("cards"), "cards"
    cards = _load_cards(ld, cards_root, cards_display)
    resolved = _overlay(ld, sources, options)
    if resolved is None:
        raise DataError(ld.problems)
    data, where, ident, decls, values, changed = resolved
    ld.digest.update(json.dumps(data, sort_keys=True, ensure_ascii=False).encode())
    _override_cards(ld, cards, data.pop("cards", None) or {}, where)
    ok = ld.validate(data, where, "ruleset", digest=False)
    if not ok or ld.problems:
        raise DataError(ld.problems)
    rules = _build(ld, data, where, cards)
    if ld.problems:
        raise DataError(ld.problems)
    card_data = {cid: d for cid, (d, _) in cards["events"].items()}
    return attrs.evolve(rules, id=ident, options=values, option_decls=decls,
                        changed_clauses=changed, data=data, card_data=card_data)


def _override_cards(ld: _Loader, cards: dict, overrides: dict, where: LayeredMap):
    """Apply a variant's ``changes.cards``: keys of card files replaced, located in the variant."""
    for cid, changes in overrides.items():
        if cid not in cards["events"]:
            ld.problems.append(where.problem(("cards", cid), f"unknown event card {cid!r}"
                                                             f"{_did_you_mean(cid, cards['events'])}"))
            continue
        cdata, cmap = cards["events"][cid]
        merged = copy.deepcopy(cdata)
        layered = LayeredMap(cmap)
        for key, value in (changes or {}).items():
            if value is None:
                merged.pop(key, None)
            elif key == "clauses" and isinstance(value, dict):
                merged.setdefault("clauses", {}).update(value)
                for clause in value:
                    layered.add(("clauses", clause),
                                *where.source(("cards", cid, "clauses", clause)))
            else:
                merged[key] = value
                layered.add((key,), *where.source(("cards", cid, key)))
        if ld.validate(merged, layered, "event-card", digest=False):
            cards["events"][cid] = (merged, layered)



def _overlay(ld: _Loader, sources, options: dict):
    """Merge the ruleset and its variants; ``None`` if something is wrong (see ld.problems)."""
    state = {"data": None, "where": None, "decls": {}, "values": {}, "changed": {}}
    applied: list = []
    stack: list = []
    problems = ld.problems

    def apply(source, display, value):
        data, smap = ld.read(source, display)
        if data is None:
            return False
        if not isinstance(data, dict):
            problems.append(smap.problem((), "a ruleset or variant file is a mapping"))
            return False
        is_variant = "extends" in data or "changes" in data
        if not is_variant:
            if state["data"] is not None:
                problems.append(smap.problem((), f"{display} is a whole ruleset; only the first "
                                                 "part of a composition may be one"))
                return False
            state["data"] = copy.deepcopy(data)
            state["where"] = LayeredMap(smap)
            for name, decl in (data.get("options") or {}).items():
                if isinstance(decl, dict):
                    state["decls"][name] = (decl, smap, ("options", name))
            applied.append(str(data.get("id", display)))
            return True
        if not ld.validate(data, smap, "variant", digest=False):
            return False
        vid = data["id"]
        if vid in stack:
            problems.append(smap.problem(("extends",), "a cycle in 'extends': "
                                                       + " -> ".join(stack + [vid])))
            return False
        parent = data.get("extends", "standard")
        if parent not in [a.split(":")[0] for a in applied]:
            try:
                psource, pdisplay = _resolve_source(parent)
            except UnknownRulesetError as exc:
                problems.append(smap.problem(("extends",), str(exc)))
                return False
            stack.append(vid)
            try:
                if not apply(psource, pdisplay, None):
                    return False
            finally:
                stack.pop()
        if state["data"] is None:
            problems.append(smap.problem(("extends",), "nothing to extend"))
            return False
        where = state["where"]
        merge(state["data"], data.get("changes", {}), where, smap)
        for cid, clause in (data.get("clauses") or {}).items():
            state["data"].setdefault("clauses", {})[cid] = clause
            where.add(("clauses", cid), smap, ("clauses", cid))
            state["changed"].setdefault(vid, []).append(cid)
        for name, decl in (data.get("options") or {}).items():
            state["decls"][name] = (decl, smap, ("options", name))
        if value is not None:
            own = list(data.get("options") or {})
            if len(own) != 1:
                problems.append(smap.problem(("options",), f"'{vid}:{value}' needs a variant with "
                                                           f"exactly one option; {vid} has {own}"))
                return False
            state["values"][own[0]] = (value, f"{vid}:{value}")
        state["data"]["name"] = f"{state['data'].get('name', '')} + {data['name']}"
        state["data"]["description"] = (f"{state['data'].get('description', '').strip()} "
                                        f"{data['name']}: {data['description'].strip()}")
        applied.append(f"{vid}:{value}" if value is not None else vid)
        return True

    for (source, display), value in sources:
        if not apply(source, display, value):
            return None
    if state["data"] is None:
        return None
    values = {}
    for name, (decl, smap, path) in state["decls"].items():
        try:
            values[name] = option_value(name, decl, decl.get("default"))
        except ValueError as exc:
            problems.append(smap.problem(path + ("default",), str(exc)))
    for name, given in list(state["values"].items()) + [(k, (v, "options")) for k, v in options.items()]:
        value, origin = given
        if name not in state["decls"]:
            problems.append(Problem(origin, 0, 0, f"unknown option {name!r}; the options are: "
                                                  f"{', '.join(sorted(state['decls'])) or 'none'}"))
            continue
        decl, smap, path = state["decls"][name]
        try:
            values[name] = option_value(name, decl, value)
        except ValueError as exc:
            problems.append(smap.problem(path, f"{exc} (given as {origin})"))
    if problems:
        return None
    data = state["data"]
    try:
        data = {k: (v if k == "options" else substitute_options(v, values)) for k, v in data.items()}
    except KeyError as exc:
        problems.append(state["where"].problem((), f"{{option: {exc.args[0]}}} names an undeclared option"))
        return None
    decls = {name: decl for name, (decl, _, _) in state["decls"].items()}
    return data, state["where"], "+".join(applied), decls, values, state["changed"]


def _load_cards(ld: _Loader, root, display: str) -> dict:
    out = {"events": {}, "loyalty": {}, "brethren": {}, "votes": None}
    vote_file = root.joinpath("vote-deck.yaml")
    if vote_file.is_file():
        data, smap = ld.read(vote_file, f"{display}/vote-deck.yaml")
        if data is not None and ld.validate(data, smap, "vote-deck"):
            out["votes"] = (data, smap)
    else:
        ld.problems.append(Problem(f"{display}/vote-deck.yaml", 0, 0, "missing: the vote deck"))
    for folder, schema in (("events", "event-card"), ("loyalty", "loyalty"),
                           ("brethren", "brethren")):
        sub = root.joinpath(folder)
        if not sub.is_dir():
            continue
        for entry in sorted(sub.iterdir(), key=lambda p: p.name):
            if not entry.name.endswith(".yaml"):
                continue
            file = f"{display}/{folder}/{entry.name}"
            data, smap = ld.read(entry, file)
            if data is None or not ld.validate(data, smap, schema):
                continue
            if data["id"] != entry.name[:-5]:
                ld.problems.append(smap.problem(("id",), f"id {data['id']!r} must match the file "
                                                         f"name {entry.name[:-5]!r}"))
                continue
            out[folder][data["id"]] = (data, smap)
    return out


_PLACE = {str(p): p for p in Place}


def _build(ld: _Loader, data: dict, smap: SourceMap, cards: dict) -> Ruleset:
    problems = ld.problems
    clauses: dict[str, Clause] = {}

    reworded = set()
    if isinstance(smap, LayeredMap):  # clauses a variant rewords win over the card files'
        reworded = {cid for cid in data["clauses"]
                    if smap.locate(("clauses", cid))[0] != smap.base.file}

    def add_clauses(table, cmap: SourceMap, path):
        for cid, c in table.items():
            if cid in reworded and cmap is not smap:
                continue
            if cid in clauses:
                problems.append(cmap.problem(path + (cid,), f"clause {cid!r} is defined twice "
                                                            f"(also in {clauses[cid].file})"))
                continue
            clauses[cid] = Clause(cid, c["text"], c["source"], cmap.file)

    add_clauses(data["clauses"], smap, ("clauses",))
    cited: list = []  # (clause id, Problem-making callable)

    def cite(cid, cmap, path):
        if cid is not None:
            cited.append((cid, lambda msg: cmap.problem(path, msg)))

    def cite_program(prog):
        if prog is not None:
            for cid, span in prog.clauses:
                cited.append((cid, span.problem))

    programs: dict[str, Program] = {}
    for name in ("finish-action", "finish-reveal", "finish-vote", "start-play", "begin-turn",
                 "open-vote"):
        p = builtin_program(name)
        programs[p.key] = p

    # -- vote cards
    vote_cards: dict = {}
    section_icons: dict = {}
    if cards["votes"] is not None:
        vdata, vmap = cards["votes"]
        section_icons = {s: tuple(v) for s, v in vdata["sections"].items()}
        for i, card in enumerate(vdata["cards"]):
            icons = {}
            for section in ("top", "middle", "bottom"):
                raw = card[section]
                raw = [raw] if isinstance(raw, str) else raw
                for icon in raw:
                    if icon not in section_icons[section]:
                        problems.append(vmap.problem(("cards", i, section),
                                                     f"unknown {section} icon {icon!r}"
                                                     f"{_did_you_mean(icon, section_icons[section])}"))
                counts = {}
                for icon in raw:
                    counts[icon] = counts.get(icon, 0) + 1
                icons[section] = tuple(sorted(counts.items()))
            if card["id"] in vote_cards:
                problems.append(vmap.problem(("cards", i, "id"), f"duplicate vote card {card['id']!r}"))
            vote_cards[card["id"]] = VoteCard(card["id"], icons)

    excluded = set((data["setup"].get("vote_cards") or {}).get("exclude", []))
    for i, cid in enumerate((data["setup"].get("vote_cards") or {}).get("exclude", [])):
        if cid not in vote_cards:
            problems.append(smap.problem(("setup", "vote_cards", "exclude", i),
                                         f"unknown vote card {cid!r}"))
    vote_cards = {cid: c for cid, c in vote_cards.items() if cid not in excluded}
    for cid, icon in ((data["setup"].get("vote_cards") or {}).get("top") or {}).items():
        if cid not in vote_cards:
            problems.append(smap.problem(("setup", "vote_cards", "top", cid), f"unknown vote card {cid!r}"))
        elif icon not in section_icons.get("top", ()):
            problems.append(smap.problem(("setup", "vote_cards", "top", cid),
                                         f"unknown top icon {icon!r}{_did_you_mean(icon, section_icons.get('top', ()))}"))
        else:
            vote_cards[cid] = VoteCard(cid, {**vote_cards[cid].icons, "top": ((icon, 1),)})

    # -- event cards
    event_cards: dict = {}
    card_checks: dict = {}
    card_plays: dict = {}
    card_reactions: dict = {}
    card_hooks: dict = {}
    card_sit_outs: dict = {}
    broken: set = set()
    for cid, (cdata, cmap) in cards["events"].items():
        add_clauses(cdata["clauses"], cmap, ("clauses",))
        prog = ld.dsl(cdata["effect"], cmap, ("effect",), f"card:{cid}",
                      Scope(frozenset({"revealer", "slot", "card"}), chooser="revealer"))
        cite_program(prog)
        if "reaction" in cdata:
            listed = isinstance(cdata["reaction"], list)
            for i, r in enumerate(cdata["reaction"] if listed else [cdata["reaction"]]):
                rpath = ("reaction", i) if listed else ("reaction",)
                names = {"owner", "cause"} | ({"caller", "place"} if r["to"] == "vote-call"
                                              else set())
                rprog = ld.dsl(r["effect"], cmap, rpath + ("effect",),
                               f"reaction:{r['to']}:{cid}", Scope(frozenset(names), chooser="owner"))
                cite_program(rprog)
                if rprog is None:
                    prog = None
                else:
                    programs[rprog.key] = rprog
                    card_reactions.setdefault(cid, []).append(
                        (r["to"], frozenset(r["causes"]), rprog, rpath))
        if "before_turn" in cdata:
            hook = cdata["before_turn"]
            hook = {"effect": hook} if isinstance(hook, str) else hook
            hpath = ("before_turn",) if isinstance(cdata["before_turn"], str) else ("before_turn", "effect")
            bprog = ld.dsl(hook["effect"], cmap, hpath, f"before-turn:{cid}",
                           Scope(frozenset({"seat"})))
            guard = _always
            if "if" in hook:
                guard = ld.expr(hook["if"], cmap, ("before_turn", "if"), {"seat"})
            cite_program(bprog)
            if bprog is None or guard is None:
                prog = None
            else:
                programs[bprog.key] = bprog
                card_hooks[cid] = (guard, bprog)
        if "sit_out" in cdata:
            so = cdata["sit_out"]
            card_sit_outs[cid] = (so["votes"], so["clause"], so["done_clause"])
            cite(so["clause"], cmap, ("sit_out", "clause"))
            cite(so["done_clause"], cmap, ("sit_out", "done_clause"))
        if "vote_play" in cdata:
            card_plays[cid] = (cdata["vote_play"]["cards"], cdata["vote_play"]["clause"],
                               bool(cdata["vote_play"].get("only_next")))
            cite(cdata["vote_play"]["clause"], cmap, ("vote_play", "clause"))
        if "check" in cdata:
            check = ld.dsl(cdata["check"]["effect"], cmap, ("check", "effect"), f"check:{cid}",
                           Scope(frozenset()))
            guard = _always
            if "if" in cdata["check"]:
                guard = ld.expr(cdata["check"]["if"], cmap, ("check", "if"), set())
            cite_program(check)
            if check is None or guard is None:
                prog = None
            else:
                programs[check.key] = check
                card_checks[cid] = (tuple(cdata["check"]["when"]), (guard, check))
        if prog is None:
            broken.add(cid)  # its own problems are reported; do not cascade
        else:
            programs[prog.key] = prog
            event_cards[cid] = EventCard(cid, cdata["category"], cdata["count"], cdata["name"],
                                         cdata["text"], prog, cmap.file)

    # -- setup
    setup = data["setup"]
    pmin, pmax = data["players"]["min"], data["players"]["max"]
    if pmin > pmax:
        problems.append(smap.problem(("players",), f"min {pmin} is more than max {pmax}"))
    loyalty = {}
    loyalty_supply = {d["team"]: d["count"] for d, _ in cards["loyalty"].values()}
    for n in range(pmin, pmax + 1):
        row = setup["loyalty"].get(str(n), setup["loyalty"].get(n))
        if row is None:
            problems.append(smap.problem(("setup", "loyalty"),
                                         f"no loyalty row for {n} players"))
            continue
        if sum(row.values()) != n:
            problems.append(smap.problem(("setup", "loyalty", str(n)),
                                         f"the row for {n} players deals {sum(row.values())} cards"))
        for team, k in row.items():
            if k > loyalty_supply.get(team, 0):
                problems.append(smap.problem(("setup", "loyalty", str(n), team),
                                             f"{k} {team} cards needed, the loyalty deck has "
                                             f"{loyalty_supply.get(team, 0)}"))
        loyalty[n] = tuple(sorted(row.items()))

    ev = setup["events"]
    counts = {}
    for i, cid in enumerate(ev["cards"]):
        _need_card(cid, event_cards, broken, smap, ("setup", "events", "cards", i), problems)
        if cid in event_cards:
            counts[cid] = ev.get("counts", {}).get(cid, event_cards[cid].count)
    for cid in ev.get("counts", {}):
        if cid not in ev["cards"]:
            problems.append(smap.problem(("setup", "events", "counts", cid),
                                         f"count given for {cid!r}, which is not in the deck"))
    for i, cid in enumerate(ev["starred"]["pool"]):
        _need_card(cid, event_cards, broken, smap, ("setup", "events", "starred", "pool", i), problems)
    if ev["starred"]["choose"] > len(ev["starred"]["pool"]):
        problems.append(smap.problem(("setup", "events", "starred", "choose"),
                                     f"cannot choose {ev['starred']['choose']} starred cards "
                                     f"from a pool of {len(ev['starred']['pool'])}"))
    removals = {}
    for n, ids in ev.get("remove_with_players", {}).items():
        for i, cid in enumerate(ids):
            _need_card(cid, event_cards, broken, smap, ("setup", "events", "remove_with_players", n, i),
                       problems)
        removals[int(n)] = tuple(ids)
    _need_card(ev["final"], event_cards, broken, smap, ("setup", "events", "final"), problems)
    avoid = {}
    for n, ids in ev["starred"].get("avoid_with_players", {}).items():
        for i, cid in enumerate(ids):
            if cid not in ev["starred"]["pool"]:
                problems.append(smap.problem(("setup", "events", "starred", "avoid_with_players", n, i),
                                             f"{cid!r} is not in the starred pool"))
        avoid[int(n)] = tuple(ids)
    deck = {"counts": counts, "starred_choose": ev["starred"]["choose"],
            "remove_from_top": ev.get("remove_from_top", 0),
            "starred_pool": tuple(ev["starred"]["pool"]), "starred_avoid": avoid,
            "removals": removals,
            "final": ev["final"], "final_position": ev["final_position"]}

    treasure = [0] * len(ChestSpot)
    for spot, k in setup["treasure"].items():
        treasure[ChestSpot[spot.upper()]] = k
    if sum(treasure) > setup["chests"]:
        problems.append(smap.problem(("setup", "treasure"), f"{sum(treasure)} chests placed, "
                                                            f"the box has {setup['chests']}"))
    if setup.get("treasure_program"):
        prog = ld.dsl(setup["treasure_program"], smap, ("setup", "treasure_program"),
                      "setup:treasure", Scope(frozenset(), setup=True))
        cite_program(prog)
        if prog is not None:
            programs[prog.key] = prog
    if setup["pawns"].get("chosen"):
        prog = ld.dsl(setup["pawns"]["chosen"], smap, ("setup", "pawns", "chosen"),
                      "setup:pawns", Scope(frozenset({"seat"}), chooser="seat", setup=True))
        cite_program(prog)
        if prog is not None:
            programs[prog.key] = prog

    if data.get("marooning", {}).get("lose_card"):
        lprog = ld.dsl(data["marooning"]["lose_card"], smap, ("marooning", "lose_card"),
                       "marooning:lose-card", Scope(frozenset({"seat"}), chooser="seat"))
        cite_program(lprog)
        if lprog is not None:
            programs[lprog.key] = lprog

    board_data = data["board"]
    capacity = [99] * len(Place)
    for place, k in board_data["capacity"].items():
        capacity[_PLACE[place]] = k
    adjacent = [()] * len(Place)
    for place, targets in board_data["adjacent"].items():
        adjacent[_PLACE[place]] = tuple(_PLACE[t] for t in targets)
    board = Board(tuple(capacity), tuple(adjacent))

    # -- actions
    actions = []
    for aid, adef in data["actions"].items():
        path = ("actions", aid)
        cite(adef["clause"], smap, path + ("clause",))
        params = []
        for pname, pdef in adef.get("params", {}).items():
            ppath = path + ("params", pname)
            if isinstance(pdef, str):
                pdef = {"values": pdef}
                vpath = ppath
            else:
                vpath = ppath + ("values",)
            fn = ld.expr(pdef["values"], smap, vpath, {"actor"})
            pclause = pdef.get("clause", adef["clause"])
            cite(pclause, smap, ppath)
            where = []
            for i, w in enumerate(pdef.get("where", [])):
                test = ld.expr(w["test"], smap, ppath + ("where", i, "test"), {"actor", pname})
                cite(w["clause"], smap, ppath + ("where", i, "clause"))
                where.append((test, w["clause"], w["test"]))
            params.append(Param(pname, fn, pclause, tuple(where), _filtered(pname, fn, where)))
            if fn is not None:
                ld.reads[params[-1].domain] = ld.reads.get(fn, frozenset()).union(
                    *[ld.reads.get(t, frozenset()) for t, _, _ in where]) - {pname}
        requires = []
        for i, req in enumerate(adef.get("requires", [])):
            fn = ld.expr(req["test"], smap, path + ("requires", i, "test"), {"actor"})
            cite(req["clause"], smap, path + ("requires", i, "clause"))
            requires.append((fn, req["clause"], req["test"]))
        names = frozenset({"actor"} | {p.name for p in params})
        prog = ld.dsl(adef["effect"], smap, path + ("effect",), f"action:{aid}",
                      Scope(names, chooser="actor"))
        cite_program(prog)
        if prog is not None:
            programs[prog.key] = prog
        text = adef.get("text", "")
        try:
            text.format(**{p.name: "" for p in params})
        except (KeyError, IndexError, ValueError) as exc:
            problems.append(smap.problem(path + ("text",), f"bad narration text: {exc!r} "
                                                           f"(the parameters are {[p.name for p in params]})"))
        depends = set()
        for fn in [p.domain for p in params] + [t for t, _, _ in requires]:
            depends |= ld.reads.get(fn, frozenset())
        actions.append(ActionDef(aid, adef["clause"], Role(adef["role"]), tuple(params),
                                 tuple(requires), prog, text, tuple(sorted(depends))))

    # -- votes
    votes = {}
    for vid, vdef in data["votes"].items():
        path = ("votes", vid)
        for key in ("clause", "participants_clause", "success_clause"):
            cite(vdef.get(key), smap, path + (key,))
        part = ld.expr(vdef["participants"], smap, path + ("participants",), {"caller", "place"})
        icons = section_icons.get(vdef["section"], ())
        names = {"caller", "place", "cards", *icons}
        success = None
        if "success" in vdef:
            success = ld.expr(vdef["success"], smap, path + ("success",), names)
        prog = ld.dsl(vdef["effect"], smap, path + ("effect",), f"vote:{vid}",
                      Scope(frozenset(names), chooser="caller"))
        cite_program(prog)
        if prog is not None:
            programs[prog.key] = prog
        votes[vid] = VoteDef(vid, vdef["clause"], part, vdef["participants_clause"],
                             vdef["section"], success, vdef.get("success_clause"), prog)
    # -- standing checks of the cards this ruleset can deal
    in_play = set(counts) | set(ev["starred"]["pool"]) | {ev["final"]}
    vote_plays = {cid: card_plays[cid] for cid in sorted(in_play & set(card_plays))}
    sit_outs = {cid: card_sit_outs[cid] for cid in sorted(in_play & set(card_sit_outs))}
    before_turn = tuple(card_hooks[cid] for cid in sorted(in_play & set(card_hooks)))
    reactions: dict = {}
    for cid in sorted(in_play & set(card_reactions)):
        for to, causes, program, _ in card_reactions[cid]:
            reactions.setdefault(to, []).append((cid, causes, program))
    known_causes = ({f"card:{c}" for c in set(event_cards) | broken}
                    | {f"action:{a}" for a in data["actions"]}
                    | {f"vote:{v}" for v in data["votes"]})
    for cid, entries in card_reactions.items():
        for _, causes, _, rpath in entries:
            for cause in sorted(causes - known_causes):
                problems.append(cards["events"][cid][1].problem(rpath + ("causes",),
                                                                f"unknown cause {cause!r}"))
    checks: dict = {}
    for cid in sorted(in_play & set(card_checks)):
        when, program = card_checks[cid]
        for what in when:
            checks.setdefault(what, []).append(program)

    # -- clause references
    for cid, make in cited:
        if cid not in clauses:
            problems.append(make(f"unknown clause {cid!r}{_did_you_mean(cid, clauses)}"))
    for cid in sorted(ENGINE_CLAUSES - set(clauses)):
        problems.append(smap.problem(("clauses",), f"clause {cid!r} is missing: the engine "
                                                   "cites it"))

    if problems:
        return None  # type: ignore[return-value]

    brethren = tuple(sorted((d["order"], d["id"], d["name"]["en"])
                            for d, _ in cards["brethren"].values()))
    return Ruleset(
        id=data["id"], name=data["name"], description=data["description"],
        hash=ld.digest.hexdigest()[:16], min_players=pmin, max_players=pmax,
        loyalty=loyalty, hand_size=setup["hand_size"], deck=deck,
        pawn_order=tuple(_PLACE[p] for p in setup["pawns"]["order"]), treasure=tuple(treasure),
        chest_total=setup["chests"],
        first_player_ship=_PLACE[setup["first_player"]["captain_of"]],
        actions_default=data["turn"]["actions"]["default"],
        actions_by_players={int(k): v for k, v in
                            data["turn"]["actions"].get("by_players", {}).items()},
        options={}, actions=tuple(actions),
        action_by_id={a.id: a for a in actions}, votes=votes,
        vote_cards=vote_cards, section_icons=section_icons, event_cards=event_cards,
        loyalty_names={d["team"]: d["name"] for d, _ in cards["loyalty"].values()},
        brethren=tuple((i, n) for _, i, n in brethren), programs=programs, clauses=clauses,
        board=board, row_size=setup["events"]["row"], source=smap.file,
        loyalty_open=setup.get("loyalty_open", "none"), timer=dict(data.get("timer") or {}),
        checks={k: tuple(v) for k, v in checks.items()}, vote_plays=vote_plays,
        reactions={k: tuple(v) for k, v in reactions.items()}, before_turn=before_turn,
        sit_outs=sit_outs,
    )


def _always(m):
    return True


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


def _did_you_mean(word, choices) -> str:
    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _need_card(cid, event_cards, broken, smap, path, problems):
    if cid not in event_cards and cid not in broken:
        problems.append(smap.problem(path, f"unknown event card {cid!r}: no file "
                                           f"cards/events/{cid}.yaml"
                                           f"{_did_you_mean(cid, event_cards)}"))
