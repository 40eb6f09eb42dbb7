"""The rules description, format v1: a compiled ruleset as one JSON document.

What the native engine needs of a compiled ruleset - every program's instructions with
each expression as its tree, the options, the named values, the turn actions, the
component kit's tables or the game's own - written as one JSON-plain document with a
schema (``schema/native/native-rules.schema.json``; a game's own ``tables`` in its
folder, ``schema/tortuga-1667/native-tables.schema.json``). It is the step any other
host needs (another language, the browser): ``tortuga-rules compile RULES -o FILE``
writes it, and nothing in it is a Python object.

* :func:`describe` - the document of a ruleset (:class:`RulesFile`), or
  :class:`NotNativeError`, located, when the native engine cannot run the rules;
* :func:`dumps` - its text (the same rules give the same bytes);
* :func:`check` - the document validated: its format and version first (a file of
  another version is named, never misread), then the schema;
* :func:`loads` - a text read back and checked.

:data:`FORMAT_VERSION` grows on any change that is not additive (a key removed, renamed
or read differently); a reader refuses any other version. docs/engine.md ("Format v1")
describes the document.
"""

from __future__ import annotations

import enum
import functools
import json
from importlib import metadata
from typing import Any, Callable, TypedDict

import attrs

from ..data.schema import validator
from ..dsl.instructions import Call, Choose, Instruction, Jump, JumpIfNot, Let
from ..dsl.operations import MAX_NUMBER
from ..dsl.types import Type
from ..errors import DataError, Problem, TortugaError
from ..model.kit import LAST_SEAT

__all__ = ["FORMAT", "FORMAT_VERSION", "SCHEMA", "RulesFile", "NamedDesc", "ProgramDesc",
           "ActionDesc", "ParamDesc", "KitDesc", "NotNativeError", "describe", "dumps",
           "loads", "check"]

#: The document's ``format``: what kind of file it is.
FORMAT = "tortuga-rules-native"
#: The document's ``version``: bumped on anything that is not additive.
FORMAT_VERSION = 1
#: The schema's bundled name (``schema/native/``).
SCHEMA = "native-rules"

#: An expression, a type or an instruction: an object of one key, its tag (serde's
#: externally tagged form), whose value is the tag's operands.
Expr = dict[str, Any]

_I64 = 2 ** 63


#: A game's named values of one class (an ``IntEnum``): ``[number, name]`` each (the
#: functional form, as ``class`` is a keyword).
NamedDesc = TypedDict("NamedDesc", {"class": str, "members": list[list[int | str]]})


class ProgramDesc(TypedDict):
    """A program: its key and its instructions."""

    key: str
    code: list[Expr]


class ParamDesc(TypedDict):
    """A turn action's parameter: its values and the filters a value must pass."""

    name: str
    values: Expr
    filters: list[Expr]


class ActionDesc(TypedDict):
    """A turn action: who may take it, its parameters and preconditions, its program (by
    key) and the facets its listing depends on (None: never remembered)."""

    id: str
    clause: str
    role: str
    params: list[ParamDesc]
    requires: list[Expr]
    program: str
    depends: list[str] | None
    requires_depends: list[str] | None


class KitDesc(TypedDict):
    """The component kit's tables (``components:`` of a game written with the kit)."""

    tracks: list[dict[str, Any]]
    counters: list[str]
    zones: list[dict[str, Any]]
    faces: list[dict[str, Any]]
    wild: str | None
    values: list[dict[str, Any]]
    lists: list[dict[str, Any]]
    effects: list[dict[str, Any]]
    letters: str
    ranges: list[dict[str, Any]]
    held: dict[str, Any] | None
    starts: dict[str, Any]
    setup_programs: list[str]


class RulesFile(TypedDict):
    """The rules description, format v1 (docs/engine.md, "Format v1")."""

    format: str
    version: int
    game: str
    ruleset: str
    written_by: str
    named: list[NamedDesc]
    programs: list[ProgramDesc]
    options: list[list[Any]]
    roles: list[str]
    facets: list[str]
    actions: list[ActionDesc]
    kit: KitDesc | None
    tables: dict[str, Any] | None


class NotNativeError(TortugaError, ValueError):
    """The native engine cannot run these rules; ``problem`` says why, located where the
    rules say it when that is known (the statement calling a word it does not know), and
    ``what`` names what it does not know (``the word reversed as house defines it``)."""

    def __init__(self, problem: Problem, what: str = "") -> None:
        self.problem = problem
        self.what = what
        super().__init__(str(problem))


class _Unsupported(Exception):
    """Something of a ruleset the native engine cannot run (located by the caller)."""


# -- the document --------------------------------------------------------------------------------

def describe(rules: Any, name: str | None = None) -> RulesFile:
    """The rules description of the compiled ruleset ``rules``; :class:`NotNativeError`
    when the native engine cannot run them, located at the statement where that is known,
    else at ``name`` (how the rules were named: an overlay's file, a composition) or the
    rules' own file."""
    game = rules.game
    kit = rules.tables.get("kit")
    where = name or rules.source or f"<{rules.id}>"
    by_kit = kit is not None and not rules.actions  # else the game's own native words
    try:
        _own_words(rules)
        if not by_kit and (game is None or game.native is None):
            name = game.id if game is not None else getattr(rules.vocabulary, "name", "?")
            raise _Unsupported(f"the words of {name}")
    except _Unsupported as exc:
        raise NotNativeError(Problem(where, 0, 0, _refusal(exc)), str(exc)) from None
    programs = [_program(key, p) for key, p in rules.programs.items()]
    try:
        tables = None if by_kit else _plain(game.native(rules, _closure))
        roles = tables.pop("roles", None) if tables is not None else None
        return {
            "format": FORMAT, "version": FORMAT_VERSION,
            "game": "kit" if tables is None else str(game.id),
            "ruleset": str(rules.id), "written_by": f"tortuga_rules {_version()}",
            "named": _named(game.enums if game is not None else {}),
            "programs": programs,
            "options": [[name, _value(v)] for name, v in sorted(rules.options.items())],
            "roles": list(roles) if roles is not None else _roles(rules.actions),
            "facets": list(getattr(rules.vocabulary, "facets", None) or ()),
            "actions": [_action(a) for a in rules.actions],
            "kit": _kit(rules, kit) if tables is None else None,
            "tables": tables,
        }
    except _Unsupported as exc:
        raise NotNativeError(Problem(where, 0, 0, _refusal(exc)), str(exc)) from None


def dumps(desc: RulesFile, indent: int | None = None) -> str:
    """The document as text: compact (or indented by ``indent``), keys in the writer's
    order, so the same rules give the same bytes."""
    separators = (",", ":") if indent is None else (",", ": ")
    return json.dumps(desc, indent=indent, separators=separators, ensure_ascii=False,
                      allow_nan=False)


def loads(text: str, name: str = "<rules description>") -> RulesFile:
    """A document read from ``text`` and :func:`check`-ed (``name``: how problems name it)."""
    try:
        desc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DataError([Problem(name, exc.lineno, exc.colno, f"not JSON: {exc.msg}")]) \
            from None
    check(desc, name)
    out: RulesFile = desc
    return out


def check(desc: Any, name: str = "<rules description>") -> None:
    """Raise a :class:`~tortuga_rules.errors.DataError` unless ``desc`` is a rules
    description this writer reads: its format and version first (another version is named
    and the remedy said), then the engine's schema, then its game's ``tables`` schema."""
    if not isinstance(desc, dict) or desc.get("format") != FORMAT:
        raise DataError([Problem(name, 0, 0, f"not a rules description: its format must be "
                                             f"{FORMAT!r}")])
    version = desc.get("version")
    if version != FORMAT_VERSION:
        raise DataError([Problem(name, 0, 0, (
            f"a rules description of format version {version!r}; this engine reads "
            f"{FORMAT_VERSION}: compile the rules again (tortuga-rules compile)"))])
    problems = [_schema_problem(name, err) for err in validator(SCHEMA).iter_errors(desc)]
    tables = _TABLES.get(str(desc.get("game")))
    if not problems and tables is not None:
        problems = [_schema_problem(name, err, ("tables",))
                    for err in validator(tables).iter_errors(desc["tables"])]
    if not problems:
        problems = [Problem(name, 0, 0, text) for text in _meaning(desc)]
    if problems:
        raise DataError(sorted(problems, key=str))


def _meaning(desc: Any) -> list[str]:
    """What the schema cannot say of a well-formed document: every program a key names
    is there, every jump lands inside its program (or just past its end), and every named
    value is a member of a class ``named`` lists."""
    keys = {p["key"] for p in desc["programs"]}
    members = {(n["class"], m[0]) for n in desc["named"] for m in n["members"]}
    out = []
    named = [(desc["kit"] or {}).get("setup_programs", [])]
    named.append([a["program"] for a in desc["actions"]])
    for key in (k for ks in named for k in ks if k not in keys):
        out.append(f"no program {key!r}, which the description names")
    for program in desc["programs"]:
        for pc, ins in enumerate(program["code"]):
            (tag, operands), = ins.items()
            target = operands if tag == "jump" else operands[0] if tag == "jump_if_not" \
                else None
            if target is not None and target > len(program["code"]):
                out.append(f"program {program['key']!r}: instruction {pc} jumps to {target}, "
                           f"past its end ({len(program['code'])})")
    for cls, number in _named_values(desc):
        if (cls, number) not in members:
            out.append(f"the named value {cls} {number}: not a member of a class 'named' lists")
    return out


def _named_values(node: Any) -> list[tuple[str, int]]:
    """Every ``{"named": [class, number]}`` value anywhere in ``node``."""
    found: list[tuple[str, int]] = []
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            value = item.get("named")
            if isinstance(value, list) and len(item) == 1 and len(value) == 2:
                found.append((str(value[0]), int(value[1])))
            else:
                stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return found


#: Each game's ``tables`` schema, by the document's ``game``.
_TABLES = {"tortuga-1667": "native-tables"}


def _schema_problem(name: str, err: Any, prefix: tuple[str, ...] = ()) -> Problem:
    where = "/".join(map(str, prefix + tuple(err.absolute_path)))
    return Problem(name, 0, 0, f"{err.message}" + (f" (at {where})" if where else ""))


def _refusal(exc: Exception) -> str:
    return f"cannot run on the native engine: it does not know {exc}"


@functools.cache  # the package's metadata is looked for along sys.path: 1 ms a call
def _version() -> str:
    try:
        return metadata.version("tortuga_rules")
    except metadata.PackageNotFoundError:  # a checkout never installed
        return "(not installed)"


# -- the pieces ----------------------------------------------------------------------------------

def _own_words(rules: Any) -> None:
    """The words ``rules`` call must be tortuga_rules' own: the native engine knows a word
    by its name, so one a host replaced runs on the reference, which calls it."""
    vocabulary = rules.vocabulary
    if vocabulary is None:
        return
    for table in (vocabulary.functions, vocabulary.verbs):
        for name, word in table.items():
            module = getattr(getattr(word, "fn", None), "__module__", None) or "tortuga_rules"
            if module.split(".")[0] != "tortuga_rules":
                raise _Unsupported(f"the word {name} as {module} defines it")


def _program(key: str, program: Any) -> ProgramDesc:
    """A program's instructions; one the native engine cannot run is refused at the
    statement's place in its file."""
    code = []
    for pc, (ins, ir) in enumerate(zip(program.code, program.ir)):
        try:
            code.append(_instruction(ins, ir))
        except _Unsupported as exc:
            span = program.span_at(pc)
            message = f"{_refusal(exc)} (program {key})"
            problem = span.problem(message) if span is not None else \
                Problem(f"<{key}>", 0, 0, message)
            raise NotNativeError(problem, f"{exc} (program {key})") from None
    return {"key": key, "code": code}


def _instruction(ins: Instruction, ir: Any) -> Expr:
    if ir is None and not isinstance(ins, Jump):
        raise _Unsupported("an instruction compiled without its expressions' trees")
    if isinstance(ins, Call):
        if ir[0] == "internal":
            return {"internal": [ir[1], ins.clause]}
        if ir[0] != "call":
            raise _Unsupported(f"the engine step {ins.verb}")
        return {"call": [ins.verb, ins.clause, [_expr(a) for a in ir[2]]]}
    if isinstance(ins, Let):
        return {"let": [ins.name, ins.clause, _expr(ir)]}
    if isinstance(ins, Choose):
        return {"choose": [ins.name, ins.clause, int(ins.secret), _expr(ir[0]), _expr(ir[1]),
                           ins.chooser_name]}
    if isinstance(ins, JumpIfNot):
        return {"jump_if_not": [ins.target, _expr(ir)]}
    if isinstance(ins, Jump):
        return {"jump": ins.target}
    raise _Unsupported(f"the instruction {ins[0]}")  # pragma: no cover


def _closure(fn: Any) -> Expr:
    """A compiled expression (a closure carrying its tree) as the document writes it: what
    a game's ``GameKind.native`` is handed to describe its guards."""
    ir = getattr(fn, "ir", None)
    if ir is None:
        raise _Unsupported(f"an expression without its tree ({getattr(fn, '__name__', fn)!r})")
    return _expr(ir)


_PAIRS = {"op", "cmp"}
_LISTS = {"and", "or", "list"}
_ONES = {"not", "neg", "len"}
_TWOS = {"in", "index", "at"}


def _expr(ir: Any) -> Expr:
    """An expression tree: ``{tag: operands}``."""
    if ir is None:
        raise _Unsupported("an expression written before the native engine")
    tag = ir[0]
    if tag == "check":
        wanted, what, inner = ir[1], ir[2], ir[3]
        return {"check": [_type(wanted), f"{what} must be {wanted} of this game, not ",
                          _expr(inner)]}
    if tag == "lit":
        return {"lit": _value(ir[1])}
    if tag == "env":
        return {"env": str(ir[1])}
    if tag == "call":
        return {"call": [ir[1], [_expr(a) for a in ir[2]]]}
    if tag in _PAIRS:
        return {tag: [ir[1], _expr(ir[2]), _expr(ir[3])]}
    if tag in _LISTS:
        return {tag: [_expr(a) for a in ir[1]]}
    if tag in _ONES:
        return {tag: _expr(ir[1])}
    if tag in _TWOS:
        return {tag: [_expr(ir[1]), _expr(ir[2])]}
    raise _Unsupported(f"the expression {tag}")


_PLAIN_TYPES = {"any", "seat", "int", "text", "bool", "none"}


def _type(t: Type) -> Any:
    """A run-time check's type: a plain word, or ``{tag: operand}``."""
    if t.optional:  # the type or none (a shared zone's seat, a choice of no options)
        return {"maybe": _type(attrs.evolve(t, optional=False))}
    if t.name in _PLAIN_TYPES:
        return t.name
    named = getattr(t.test, "enum", None)
    if named is not None:
        return {"named": named.__name__}
    if t.name == "slot" and t.number:  # a game's own type (Tortuga 1667's row slot)
        return {"game": "slot"}
    if t.name == "list":
        return {"list": _type(t.items[0])}
    if t.name == "tuple":
        return {"tuple": [_type(p) for p in t.items]}
    raise _Unsupported(f"the type {t.short}")


def _value(v: Any) -> Any:
    """A value: none, a truth value, a number of 64 bits, a text, a list of values, or a
    named value ``{"named": [class, number]}``."""
    if v is None or type(v) is bool or type(v) is str:
        return v
    if isinstance(v, enum.Enum) and isinstance(v, int):
        return {"named": [type(v).__name__, int(v)]}
    if type(v) is int:
        if not -_I64 <= v < _I64:
            raise _Unsupported("a number too large")
        return v
    if isinstance(v, (tuple, list)):
        return [_value(x) for x in v]
    raise _Unsupported(f"a value of type {type(v).__name__}")


def _plain(tables: Any) -> Any:
    """A game's tables as JSON values: tuples as lists, a named value as its number."""
    if isinstance(tables, dict):
        return {str(k): _plain(v) for k, v in tables.items()}
    if isinstance(tables, (tuple, list)):
        return [_plain(x) for x in tables]
    if tables is None or isinstance(tables, (bool, str)):
        return tables
    if isinstance(tables, int):
        return int(tables)
    raise _Unsupported(f"a table value of type {type(tables).__name__}")


def _named(enums: dict[str, Any]) -> list[NamedDesc]:
    by_class: dict[str, list[list[int | str]]] = {}
    for member in enums.values():
        by_class.setdefault(type(member).__name__, []).append([int(member), str(member)])
    return [{"class": name, "members": members} for name, members in sorted(by_class.items())]


def _roles(actions: Any) -> list[str]:
    """The roles turn actions name, in their order (a game's tables may say them instead)."""
    return list(dict.fromkeys(str(a.role) for a in actions))


def _action(a: Any) -> ActionDesc:
    return {
        "id": a.id, "clause": a.clause, "role": str(a.role),
        "params": [{"name": p.name, "values": _closure(p.values),
                    "filters": [_closure(t) for t, _, _ in p.where]} for p in a.params],
        "requires": [_closure(t) for t, _, _ in a.requires],
        "program": a.program.key,
        "depends": None if a.depends is None else list(a.depends),
        "requires_depends": None if a.requires_depends is None else list(a.requires_depends),
    }


def _kit(rules: Any, kit: Any) -> KitDesc:
    """The component kit's tables, each record an object."""
    effects = rules.tables.get("effects", {})
    pieces: Callable[[Any], list[Any]] = lambda zones: [_value(z.start) for z in zones]
    return {
        "tracks": [{"name": t.name, "low": t.low, "high": t.high} for t in kit.tracks],
        "counters": [name for name, _ in kit.counters],
        "zones": [{"name": z.name, "per_seat": z.per_seat, "seen": str(z.seen), "bag": z.bag,
                   "dice": z.dice} for z in kit.zones],
        "faces": [{"letter": letter, "faces": [[side, n] for side, n in faces]}
                  for letter, faces in sorted(kit.faces.items())],
        "wild": kit.wild,
        "values": [{"token": token, "value": n} for token, n in sorted(kit.values.items())],
        "lists": [{"name": name, "items": _value(items)} for name, items in kit.lists.items()],
        "effects": [{"name": name, "params": list(params)} for name, params in effects.items()],
        # what the kit's words check as they run: the dice's letters as a message lists
        # them, each counter's range (high None: the last seat) and what a seat may hold
        "letters": ", ".join(kit.faces) or "none",
        "ranges": [_range(kit, name) for name, _ in kit.counters],
        "held": None if kit.held is None else {
            "shapes": _value(kit.held), "words": kit.held_words(),
            "tokens": list(dict.fromkeys(t for z in kit.zones if not z.dice for t in z.start))},
        "starts": {"tracks": [t.start for t in kit.tracks],
                   "counters": [v for _, v in kit.counters],
                   "shared": pieces(kit.shared), "own": pieces(kit.own)},
        "setup_programs": [rules.programs[k].key for k in ("play", "setup")
                           if k in rules.programs],
    }


def _range(kit: Any, name: str) -> dict[str, Any]:
    low, high = kit.ranges.get(name, (-MAX_NUMBER, MAX_NUMBER))
    return {"low": low, "high": None if high == LAST_SEAT else high}
