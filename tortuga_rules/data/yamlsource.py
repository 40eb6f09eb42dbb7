"""YAML reading that remembers where every value came from, and refuses hostile input.

Data errors must point at ``file:line:col``; PyYAML's plain loaders forget positions.
:func:`load_yaml` returns the ordinary Python value together with a
:class:`SourceMap` from each value's path (a tuple of keys and indices) to its
position, so a schema error on ``("actions", "view", "effect")`` can be reported
at the line where that text starts.

Rules files come from anyone, so reading is bounded: a file larger than
:data:`MAX_BYTES` is refused before it is read, nesting deeper than :data:`MAX_DEPTH`
is refused before it is built (PyYAML would recurse), aliases may not expand the data
to more than :data:`MAX_VALUES` values (a few hundred bytes of anchors can otherwise
stand for billions), an alias may not contain itself, and control characters are
reported where they are. Only text, numbers, booleans and null come out: a date stays
the text it was written as.
"""

from __future__ import annotations

import re
from importlib.resources.abc import Traversable
from typing import TYPE_CHECKING, Any, Iterable, NoReturn, Protocol

import attrs
import yaml

from ..errors import DataError, Position, Problem

if TYPE_CHECKING:
    from .sources import RulesText

__all__ = ["SourceMap", "Locator", "DocPath", "load_yaml", "read_text", "MAX_BYTES", "MAX_DEPTH",
           "MAX_VALUES"]

#: The largest rules file read, in bytes (the bundled ones are under 40 KB).
MAX_BYTES = 1_000_000
#: The deepest nesting of mappings and lists (the bundled data goes 7 deep).
MAX_DEPTH = 64
#: The most values a file may hold once its aliases are expanded.
MAX_VALUES = 200_000

#: A path to a value in a document: the keys and list indexes from its top.
DocPath = tuple[Any, ...]


class Locator(Protocol):
    """What locates the values of a document by their paths: a file's :class:`SourceMap`,
    or the map of data merged from several files
    (:class:`~tortuga_rules.data.overlay.LayeredMap`)."""

    @property
    def file(self) -> str:
        """The file it locates values in (a merged map: the base file)."""

    def at(self, path: Iterable[Any]) -> Position: ...

    def locate(self, path: Iterable[Any]) -> tuple[str, Position]: ...

    def problem(self, path: Iterable[Any], message: str) -> Problem: ...


_CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]")
_PLAIN = (str, int, float, bool, type(None))
_COLLECTIONS = ("tag:yaml.org,2002:seq", "tag:yaml.org,2002:map")


@attrs.frozen
class SourceMap:
    """Positions of the values of one YAML file, keyed by path."""

    file: str
    positions: dict[DocPath, Position] = attrs.field(factory=dict, eq=False)

    def at(self, path: Iterable[Any]) -> Position:
        """The position of the value at ``path`` or of its nearest located parent."""
        path = tuple(path)
        while path:
            pos = self.positions.get(path)
            if pos is not None:
                return pos
            path = path[:-1]
        return self.positions.get((), Position(1, 1))

    def locate(self, path: Iterable[Any]) -> tuple[str, Position]:
        """``(file, position)`` of the value at ``path``."""
        return self.file, self.at(path)

    def problem(self, path: Iterable[Any], message: str, clause: str | None = None) -> Problem:
        """A :class:`Problem` located at the value at ``path`` (refused by ``clause``)."""
        pos = self.at(path)
        return Problem(self.file, pos.line, pos.col, message, clause)


def read_text(traversable: Traversable | RulesText, display: str) -> str:
    """The UTF-8 text of a file, refused if larger than :data:`MAX_BYTES` (before reading it).

    Raises :class:`DataError` with one problem naming ``display``.
    """
    try:
        with traversable.open("rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
    except OSError as exc:
        raise DataError([Problem(display, 0, 0, f"cannot read: {exc.strerror or exc}")]) from None
    if len(raw) > MAX_BYTES:
        raise DataError([Problem(display, 0, 0, f"the file is larger than {MAX_BYTES:,} bytes; "
                                                "rules files are a few kilobytes")])
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        col = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        raise DataError([Problem(display, line, col, f"not UTF-8 text: byte "
                                                     f"0x{raw[exc.start]:02x} here")]) from None


class _TooDeep(Exception):
    """Nesting deeper than :data:`MAX_DEPTH`, found at ``mark``."""

    def __init__(self, mark: Any) -> None:
        super().__init__()
        self.mark = mark


class _Loader(yaml.SafeLoader):  # type: ignore[misc]  # PyYAML has no type stubs here
    """Safe loading in which timestamps stay text (JSON, and the schemas, have no dates).

    Composing nodes is PyYAML's only recursion, so it counts the nesting and stops past
    :data:`MAX_DEPTH`, long before Python's recursion limit.
    """

    depth = 0

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        # (id(parent), index or id(key node)) -> where an alias is
        self.alias_marks: dict[tuple[int, int], Any] = {}

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            where = index if isinstance(index, int) else id(index)
            self.alias_marks[(id(parent), where)] = self.peek_event().start_mark
        nested = self.check_event(yaml.MappingStartEvent, yaml.SequenceStartEvent)
        if nested:
            self.depth += 1
            if self.depth > MAX_DEPTH:
                raise _TooDeep(self.peek_event().start_mark)
        try:
            return super().compose_node(parent, index)
        finally:
            if nested:
                self.depth -= 1


_Loader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}


class _Build:
    """Turns a composed YAML node graph into values and positions, within the limits."""

    def __init__(self, loader: _Loader, file: str, text: str) -> None:
        self.loader = loader
        self.file = file
        self.lines = text.split("\n")
        self.positions: dict[DocPath, Position] = {}
        self.problems: list[Problem] = []
        self.values = 0
        self.open: set[int] = set()  # ids of the nodes being built (an alias inside itself)
        self.aliases: list[Any] = []  # the alias uses being expanded, outermost first

    def fail(self, node: Any, message: str) -> NoReturn:
        mark = node.start_mark
        raise DataError([Problem(self.file, mark.line + 1, mark.column + 1, message)])

    def value(self, node: Any, path: DocPath) -> Any:
        self.values += 1
        if self.values > MAX_VALUES:
            where = self.aliases[0] if self.aliases else node
            self.fail(where, f"aliases expand this file to more than {MAX_VALUES:,} values")
        if id(node) in self.open:
            self.fail(node, "an alias refers to the value that contains it")
        self.positions.setdefault(path, self._position(node))
        if isinstance(node, yaml.ScalarNode):
            return self._scalar(node)
        return self._collection(node, path)

    def _child(self, parent: Any, index: int, node: Any, path: DocPath) -> Any:
        """The value of ``node``, the ``index`` child of ``parent`` (an alias is remembered)."""
        mark = self.loader.alias_marks.get((id(parent), index))
        if mark is None:
            return self.value(node, path)
        self.aliases.append(yaml.ScalarNode("tag:yaml.org,2002:str", "", mark, mark))
        try:
            return self.value(node, path)
        finally:
            self.aliases.pop()

    def _collection(self, node: Any, path: DocPath) -> Any:
        if node.tag not in _COLLECTIONS:
            self.fail(node, f"only text, numbers, true/false and null are allowed, not "
                            f"{node.tag.rsplit(':', 1)[-1]}")
        self.open.add(id(node))
        try:
            if isinstance(node, yaml.SequenceNode):
                return [self._child(node, i, child, path + (i,))
                        for i, child in enumerate(node.value)]
            return self._mapping(node, path)
        finally:
            self.open.discard(id(node))

    def _position(self, node: Any) -> Position:
        mark = node.start_mark
        line, col = mark.line + 1, mark.column + 1
        style = getattr(node, "style", None) if isinstance(node, yaml.ScalarNode) else None
        if style in ("|", ">") and mark.line + 1 < len(self.lines):
            # Content starts on the next line, indented; find the indentation.
            line = mark.line + 2
            raw = self.lines[line - 1]
            col = len(raw) - len(raw.lstrip(" ")) + 1
        elif style in ("'", '"'):
            col += 1
        return Position(line, col, style)

    def _scalar(self, node: Any) -> Any:
        value = self.loader.construct_object(node, deep=True)
        if not isinstance(value, _PLAIN):
            self.fail(node, f"only text, numbers, true/false and null are allowed, not "
                            f"{node.tag.rsplit(':', 1)[-1]}")
        return value

    def _mapping(self, node: Any, path: DocPath) -> dict[Any, Any]:
        out: dict[Any, Any] = {}
        for key_node, value_node in node.value:
            mark = key_node.start_mark
            key = self.loader.construct_object(key_node, deep=True) \
                if isinstance(key_node, yaml.ScalarNode) else None
            if type(key) not in (str, int):
                self.problems.append(Problem(self.file, mark.line + 1, mark.column + 1,
                                             f"a key must be a name or a number, not {key!r}"))
                continue
            if key in out:
                self.problems.append(Problem(self.file, mark.line + 1, mark.column + 1,
                                             f"duplicate key {key!r}"))
                continue
            out[key] = self._child(node, id(key_node), value_node, path + (key,))
        return out


def _control_characters(text: str, file: str) -> list[Problem]:
    out = []
    for found in _CONTROL.finditer(text):
        i = found.start()
        line = text.count("\n", 0, i) + 1
        col = i - (text.rfind("\n", 0, i) + 1) + 1
        out.append(Problem(file, line, col, f"control character U+{ord(found.group()):04X} is "
                                            "not allowed in a rules file"))
        if len(out) == 5:
            break
    return out


def load_yaml(text: str, file: str) -> tuple[Any, SourceMap]:
    """Parse ``text`` (the contents of ``file``) into ``(value, SourceMap)``.

    Raises :class:`DataError` with every problem found: a file that is too large, too
    deep or empty, a control character, a YAML syntax error, an alias that expands too
    far or contains itself, a duplicate key, a key that is not a string or number.
    """
    if len(text) > MAX_BYTES:
        raise DataError([Problem(file, 0, 0, f"the file is larger than {MAX_BYTES:,} characters; "
                                             "rules files are a few kilobytes")])
    bad = _control_characters(text, file)
    if bad:
        raise DataError(bad)
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise DataError([Problem(file, 1, 1, "the file is empty: it holds no data, only "
                                                 "blank lines or comments")])
        build = _Build(loader, file, text)
        value = build.value(node, ())
    except _TooDeep as exc:
        raise DataError([Problem(file, exc.mark.line + 1, exc.mark.column + 1,
                                 f"nested more than {MAX_DEPTH} levels deep")]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        msg = exc.problem or exc.context or "YAML syntax error"
        raise DataError([Problem(file, line, col, f"YAML syntax error: {msg}")]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(file, 0, 0, f"YAML error: {exc}")]) from None
    finally:
        loader.dispose()
    if build.problems:
        raise DataError(build.problems)
    return value, SourceMap(file, build.positions)
