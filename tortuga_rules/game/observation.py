"""What every observation encoder shares: a fixed layout of named entries.

An encoder for learning agents (a game's ``GameKind.observer``) lists the name of every
entry once, in order, in its ``_layout``; :class:`Layout` numbers them and hands
``encode`` a zeroed vector with a ``put(name, value=1)`` that adds to a named entry (a
name outside the layout, such as a card of another ruleset, is left out).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterable, Iterator, Protocol

from ..model.events import Event, LogEvent

if TYPE_CHECKING:
    from ..data.ruleset import Ruleset

__all__ = ["Layout", "News", "Put"]

#: An event's fields as a catalogue types them: ``((name, type), ...)``.
Fields = tuple[tuple[str, str], ...]
#: What a log event adds to the news: ``((entry number, amount), ...)``.
Entries = tuple[tuple[int, int], ...]


class Put(Protocol):
    """``put(name, value=1)``: add ``value`` to the entry ``name`` (none outside the layout)."""

    def __call__(self, name: str, value: int = 1, /) -> None: ...


class Layout:
    """The named entries of an encoder (subclasses define ``_layout`` and call
    :meth:`_number` once their own fields are set)."""

    size: int

    def _layout(self) -> Iterable[str]:
        raise NotImplementedError

    def _number(self) -> None:
        self._names = tuple(self._layout())
        self._at = {name: i for i, name in enumerate(self._names)}
        self.size = len(self._names)

    def names(self) -> tuple[str, ...]:
        """The name of each entry of an observation, in order."""
        return self._names

    def news_values(self) -> dict[str, tuple[str, ...]]:
        """The values each of the game's own log field types takes, by type (for
        :class:`News`; an unlisted type's fields are only counted with their event)."""
        return {}

    def _vector(self) -> tuple[list[int], Put]:
        """A zeroed vector of this layout and the ``put`` that adds to a named entry."""
        out = [0] * self.size
        at = self._at

        def put(name: str, value: int = 1) -> None:
            if name in at:
                out[at[name]] += value

        return out, put


class News(Layout):
    """What a seat saw happen since it last acted, as counts: the log events it may see
    (a game's ``GameKind.events`` catalogue names their fields), for learning agents
    that read the public history - votes called and their result, cards revealed, who
    looked at what - besides the position.

    Each kind of event counts once (``news.reveal``); if its first field takes a listed
    value (a seat, a vote's name), per value (``news.reveal.2``); and every other field
    with listed values per value beside it (``news.reveal.2.card.pistol``; each item of
    a list, such as a vote's revealed cards) - whole numbers are added up. Which values
    a field type takes is the game's encoder's ``news_values()``; the core's ``seat``,
    ``seats``, ``bool`` and ``action`` (the action's kind) are known to every game, and a
    field of an unlisted type is only counted with its event.
    """

    SKIPPED = frozenset({"rule", "players"})  # a clause applying; the player count
    MEMO = 20_000  # events remembered (then forgotten together: memory stays bounded)

    def __init__(self, rules: Ruleset, players: int, values: dict[str, tuple[str, ...]]) -> None:
        seats = tuple(str(s) for s in range(players))
        self.values: dict[str, tuple[str, ...]] = {
            "seat": seats, "seats": seats, "bool": ("false", "true"),
            "action": tuple(sorted({a.id for a in rules.actions})), **values}
        self.kinds = {k: f for k, f in rules.game.events.kinds.items() if k not in self.SKIPPED}
        self._memo: dict[Event, Entries] = {}
        self._number()

    def _layout(self) -> Iterator[str]:
        for kind, fields in self.kinds.items():
            yield f"news.{kind}"
            heads = self._heads(fields)
            yield from (f"news.{kind}.{h}" for h in heads if h)
            for name, type_ in fields[1:] if heads != ("",) else fields:
                for h in heads:
                    at = f"news.{kind}.{h}.{name}" if h else f"news.{kind}.{name}"
                    if type_ == "int":
                        yield at
                    yield from (f"{at}.{v}" for v in self.values.get(type_, ()))

    def _heads(self, fields: Fields) -> tuple[str, ...]:
        """The values an event's first field is counted by ("" when it is not listed)."""
        return self.values.get(fields[0][1], ("",)) if fields else ("",)

    def encode(self, events: Iterable[Event]) -> list[int]:
        """The counts of log ``events`` (the seat's, already filtered by what it may see)."""
        out = [0] * self.size
        for e in events:
            for i, value in self.entries(e):
                out[i] += value
        return out

    def entries(self, e: Event) -> Entries:
        """What log event ``e`` adds: ``((entry number, amount), ...)`` (remembered, as
        one game logs the same events again and again)."""
        try:
            return self._memo[e]
        except KeyError:
            pass
        except TypeError:  # a value that cannot be a key: worked out each time
            return self._entries(e)
        if len(self._memo) >= self.MEMO:
            self._memo.clear()
        made = self._memo[e] = self._entries(e)
        return made

    def _entries(self, e: Event) -> Entries:
        out, put = self._vector_pairs()
        _, kind, _, args = LogEvent.of(e)
        fields = self.kinds.get(kind)
        if fields is None:
            return ()
        head = f"news.{kind}"
        put(head)
        listed = fields and fields[0][1] in self.values
        if listed and args:  # counted by its first field's value too
            head = f"{head}.{_name(args[0])}"
            put(head)
        for (name, type_), value in zip(fields[1:] if listed else fields,
                                        args[1:] if listed else args):
            if type_ == "int" and type(value) is int:
                put(f"{head}.{name}", value)
            elif type_ in self.values:
                for item in value if isinstance(value, (tuple, list)) else (value,):
                    put(f"{head}.{name}.{_name(item)}")
        return tuple(out)

    def _vector_pairs(self) -> tuple[list[tuple[int, int]], Put]:
        """A list of ``(entry number, amount)`` and the ``put`` that appends to it (a name
        outside the layout - a value of another ruleset - is left out)."""
        out: list[tuple[int, int]] = []
        at = self._at

        def put(name: str, value: int = 1) -> None:
            if name in at:
                out.append((at[name], value))

        return out, put


def _name(value: Any) -> str:
    """A logged value as a news entry names it."""
    if value is True or value is False:
        return "true" if value else "false"
    kind = getattr(value, "kind", None)
    return kind if isinstance(kind, str) else str(value)
