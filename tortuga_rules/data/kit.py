"""Building the ruleset of a game written with the component kit.

Such a rules file (checked against ``schema/kit/kit.schema.json``) has ``players``, the
equipment in ``components`` (:class:`~tortuga_rules.model.kit.Kit`), named ``effects``
(programs with parameters that ``run("name", ...)`` starts), an optional ``setup``
program, the ``play`` program that is the whole game from the setup to ``finish``, the
``words`` players read in each language, and its ``clauses``. Every program sees the
kit's constant ``lists`` by name.

The whole kit, layer by layer: :mod:`tortuga_rules.game.kit`.
"""

from __future__ import annotations

from typing import Any, Iterable

from ..dsl.compiler import Scope
from ..dsl.kit import VOCABULARY
from ..dsl.operations import MAX_NUMBER
from ..dsl.types import ANY, BOOL, INT, SEAT, TEXT, Type, list_of
from ..model.kit import LAST_SEAT, Kit, TrackDef, ZoneDef
from . import sections
from .build import Build, _choices, notation_of
from .reader import Reader
from .ruleset import Ruleset
from .yamlsource import Locator

__all__ = ["build_kit_ruleset"]

_TYPES = {"seat": SEAT, "int": INT, "text": TEXT, "bool": BOOL, "any": ANY,
          "seats": list_of(SEAT), "texts": list_of(TEXT), "list": list_of(ANY)}


def build_kit_ruleset(reader: Reader, data: dict[str, Any], smap: Locator,
                      options: Iterable[str] | None = None) -> Ruleset | None:
    """The compiled ruleset of a kit game's resolved rules ``data``; None on a problem."""
    b = Build(reader, data, smap, options, vocabulary=VOCABULARY)
    b.add_clauses(data["clauses"], smap, ("clauses",))
    pmin, pmax = sections.players(b)
    kit = _kit(b, data["components"], pmin)
    lists = {name: _list_type(v) for name, v in kit.lists.items()}
    effects: dict[str, tuple[str, ...]] = {}  # effect -> its parameters
    for name, spec in (data.get("effects") or {}).items():
        params = tuple(spec.get("with") or {})
        types = {p: _TYPES[t] for p, t in (spec.get("with") or {}).items()}
        effects[name] = params
        b.program(spec["do"], smap, ("effects", name, "do"), f"effect:{name}",
                  Scope({**lists, **types}))
    if data.get("setup"):
        b.program(data["setup"], smap, ("setup",), "setup", Scope(lists))
    b.program(data["play"], smap, ("play",), "play", Scope(lists))
    _check_runs(b, effects)
    b.check_citations()
    if b.problems:
        return None
    choices = _choices(b.programs)
    return Ruleset(
        id=data["id"], name=data["name"], description=data["description"],
        hash=reader.digest.hexdigest()[:16], min_players=pmin, max_players=pmax,
        programs=b.programs, clauses=b.clauses, source=smap.file,
        timer=dict(data.get("timer") or {}),
        choices=choices, notation=notation_of((), choices), vocabulary=b.vocabulary,
        tables={"kit": kit, "effects": effects, "words": data.get("words") or {}})


def _frozen(value: Any) -> Any:
    """``value`` with every list a tuple (as the DSL's values are)."""
    if isinstance(value, list):
        return tuple(_frozen(v) for v in value)
    return value


def _list_type(values: tuple[Any, ...]) -> Type:
    """The DSL type of a constant list: of numbers, of texts, or of anything."""
    if values and all(type(v) is int for v in values):
        return list_of(INT)
    if values and all(isinstance(v, str) for v in values):
        return list_of(TEXT)
    return list_of(ANY)


def _counters(b: Build, comp: dict[str, Any], fewest: int
              ) -> tuple[tuple[tuple[str, int], ...], dict[str, tuple[int, Any]]]:
    """``((name, start), ...)`` and each counter's range, from ``counters``: a counter is its
    start value (any number a program computes with), or ``{start, min, max}`` (``max`` may
    be ``last-seat``: the game's last seat); it must start within its range, whatever the
    player count (``fewest``: the fewest players the rules take)."""
    counters: list[tuple[str, int]] = []
    ranges: dict[str, tuple[int, Any]] = {}
    for name, spec in (comp.get("counters") or {}).items():
        where: tuple[str, ...] = ("components", "counters", name)
        if not isinstance(spec, dict):
            spec = {"start": spec}
        else:
            where += ("start",)
        low, high = spec.get("min", -MAX_NUMBER), spec.get("max", MAX_NUMBER)
        top = fewest - 1 if high == LAST_SEAT else high
        seats = f" ({top} with {fewest} players)" if high == LAST_SEAT else ""
        if not low <= top:
            b.problem(where[:3] + ("max",), f"counter {name} goes from {low} to {high}{seats}: "
                                            f"its max is below its min")
        elif not low <= spec["start"] <= top:
            b.problem(where, f"counter {name} starts at {spec['start']}, outside "
                             f"{low}..{high}{seats}")
        counters.append((name, spec["start"]))
        ranges[name] = (low, high)
    return tuple(counters), ranges


def _shape(shape: Any) -> Any:
    """A ``held`` shape as the kit reads it: a word, or a tuple of shapes."""
    return tuple(_shape(s) for s in shape) if isinstance(shape, list) else shape


def _kit(b: Build, comp: dict[str, Any], fewest: int) -> Kit:
    """The equipment of ``components`` (``fewest``: the fewest players the rules take)."""
    tracks = tuple(TrackDef(name, t["min"], t["max"], t.get("start", t["min"]))
                   for name, t in (comp.get("tracks") or {}).items())
    for t in tracks:
        if not t.low <= t.start <= t.high:
            b.problem(("components", "tracks", t.name), f"track {t.name} starts at {t.start}, "
                                                        f"outside {t.low}..{t.high}")
    counters, ranges = _counters(b, comp, fewest)
    dice = comp.get("dice") or {}
    faces = {letter: tuple((f[0], f[1]) for f in fs) for letter, fs in
             (dice.get("faces") or {}).items()}
    for letter, fs in faces.items():
        sides = [s for s, _ in fs]
        if len(set(sides)) != len(sides):
            b.problem(("components", "dice", "faces", letter),
                      f"die {letter} shows a side twice: {', '.join(sides)}")
    zones = []
    for name, z in (comp.get("zones") or {}).items():
        start = tuple(tok for tok, n in (z.get("tokens") or {}).items() for _ in range(n))
        if z.get("dice") == "start":  # each seat's dice, on their first face
            start = tuple((letter, 0) for letter in faces)
        if "size" in z and len(start) != z["size"]:
            # (options may change a zone's tokens; the rulebook's count stays)
            b.problem(("components", "zones", name),
                      f"zone {name} must start with {z['size']} tokens (its 'size'), but "
                      f"its tokens with these options make {len(start)}")
        zones.append(ZoneDef(name, z.get("of", "all") == "seat", z.get("seen", "all"),
                             z.get("bag", False), bool(z.get("dice", False)), start,
                             z.get("counted", True)))
    zones.sort(key=lambda z: z.per_seat)  # shared zones first (a stable sort keeps the order)
    if sum(1 for z in zones if z.dice and z.start) > 1:
        b.problem(("components", "zones"), "only one zone may hold the dice at the start")
    lists = {name: _frozen(v) for name, v in (comp.get("lists") or {}).items()}
    for name in lists:
        if name in VOCABULARY.functions or name in VOCABULARY.constants:
            b.problem(("components", "lists", name), f"the list {name!r} has the name of a "
                                                     "DSL word")
    held = comp.get("held")
    return Kit(tracks, counters, tuple(zones), tuple(faces), faces, dice.get("wild"),
               dict(comp.get("values") or {}), lists, ranges,
               None if held is None else tuple(_shape(s) for s in held))


def _check_runs(b: Build, effects: dict[str, tuple[str, ...]]) -> None:
    """Every ``run("name", ...)`` names an effect, with as many values as it takes."""
    b.check_names("run", effects, "effect")
    for where, name, ins in b.named_calls("run"):
        if name in effects and len(ins.args) - 1 != len(effects[name]) and where is not None:
            b.problems.append(where(f"effect {name} takes {len(effects[name])} values "
                                    f"({', '.join(effects[name])}), given {len(ins.args) - 1}"))
