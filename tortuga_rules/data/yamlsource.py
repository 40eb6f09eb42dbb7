"""YAML reading that remembers where every value came from.

Data errors must point at ``file:line:col``; PyYAML's plain loaders forget positions.
:func:`load_yaml` returns the ordinary Python value together with a
:class:`SourceMap` from each value's path (a tuple of keys and indices) to its
position, so a schema error on ``("actions", "view", "effect")`` can be reported
at the line where that text starts.
"""

from __future__ import annotations

import attrs
import yaml

from ..errors import DataError, Position, Problem

__all__ = ["SourceMap", "load_yaml"]


@attrs.frozen
class SourceMap:
    """Positions of the values of one YAML file, keyed by path."""

    file: str
    positions: dict = attrs.field(factory=dict, eq=False)

    def at(self, path) -> Position:
        """The position of the value at ``path`` or of its nearest located parent."""
        path = tuple(path)
        while path:
            pos = self.positions.get(path)
            if pos is not None:
                return pos
            path = path[:-1]
        return self.positions.get((), Position(1, 1))

    def locate(self, path) -> tuple:
        """``(file, position)`` of the value at ``path``."""
        return self.file, self.at(path)

    def problem(self, path, message: str, clause=None) -> Problem:
        """A :class:`Problem` located at the value at ``path`` (refused by ``clause``)."""
        pos = self.at(path)
        return Problem(self.file, pos.line, pos.col, message, clause)


class _Loader(yaml.SafeLoader):
    pass


def _convert(loader, node, path, positions, problems, file):
    mark = node.start_mark
    if isinstance(node, yaml.ScalarNode):
        style = node.style
        line, col = mark.line + 1, mark.column + 1
        if style in ("|", ">"):
            # Content starts on the next line, indented; find the indentation.
            text_lines = mark.buffer.split("\n") if mark.buffer else []
            line = mark.line + 2
            if len(text_lines) >= line:
                raw = text_lines[line - 1]
                col = len(raw) - len(raw.lstrip(" ")) + 1
        elif style in ("'", '"'):
            col += 1
        positions[path] = Position(line, col, style)
        return loader.construct_object(node, deep=True)
    positions[path] = Position(mark.line + 1, mark.column + 1, None)
    if isinstance(node, yaml.SequenceNode):
        return [
            _convert(loader, child, path + (i,), positions, problems, file)
            for i, child in enumerate(node.value)
        ]
    if isinstance(node, yaml.MappingNode):
        out = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, (str, int)):
                problems.append(
                    Problem(file, key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                            f"a key must be a name or a number, not {key!r}")
                )
                continue
            if key in out:
                problems.append(
                    Problem(file, key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                            f"duplicate key {key!r}")
                )
                continue
            out[key] = _convert(loader, value_node, path + (key,), positions, problems, file)
        return out
    return loader.construct_object(node, deep=True)  # pragma: no cover - aliases resolved above


def load_yaml(text: str, file: str):
    """Parse ``text`` (the contents of ``file``) into ``(value, SourceMap)``.

    Raises :class:`DataError` with every problem found: a YAML syntax error, a
    duplicate key, a key that is not a string or number.
    """
    positions: dict = {}
    problems: list = []
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None, SourceMap(file, positions)
        value = _convert(loader, node, (), positions, problems, file)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (0, 0)
        msg = exc.problem or exc.context or "YAML syntax error"
        raise DataError([Problem(file, line, col, f"YAML syntax error: {msg}")]) from None
    except yaml.YAMLError as exc:
        raise DataError([Problem(file, 0, 0, f"YAML error: {exc}")]) from None
    finally:
        loader.dispose()
    if problems:
        raise DataError(problems)
    return value, SourceMap(file, positions)
