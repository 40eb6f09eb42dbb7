"""Words for a game written with the component kit: sentences for its log, prompts, labels.

The sentences are the kit's own (no rulebook words them): one per event kind, written in
English and translated in the Fluent catalogues of the five languages. What a
game names - its seats, zones, tracks, sides, tokens, choices, and the sentences of its
``say(...)`` announcements - comes from its rules file's ``words``, quoted in each
language the file gives (English otherwise).
"""

from __future__ import annotations

from typing import Any, Iterable, Sequence

from ...data.ruleset import Ruleset
from ...model.events import REFEREE, Event, LogEvent, event_data
from ..grammar import fill
from ..language import check_language, clause_glossary, translations
from ...model.kit import Kit
from ...model.state import Decision

__all__ = ["KitNarrator"]


class KitNarrator:
    """Sentences and labels of one kit game's rules in one language."""

    @classmethod
    def for_game(cls, rules: Ruleset, players: int, lang: str = "en") -> KitNarrator:
        """The narrator of a game of ``players`` (as ``Narrator.for_game``: seats are named
        by the rules file's seat words)."""
        return cls(rules, lang)

    @classmethod
    def seat_names(cls, rules: Ruleset, players: int) -> tuple[str, ...] | None:
        """The game's own names for the seats: the rules file's ``names`` words (the
        rulebook's example players), None if it has too few."""
        names = rules.tables.get("words", {}).get("names", {})
        found = [names.get(str(s), {}).get("en") for s in range(players)]
        return tuple(found) if all(found) else None

    def __init__(self, rules: Ruleset, lang: str = "en",
                 names: Sequence[str] | None = None) -> None:
        self.rules = rules
        self.names = names
        self.lang = check_language(lang)
        self._catalogue = translations(self.lang)
        self.words: dict[str, Any] = rules.tables.get("words", {})
        self.kit: Kit = rules.tables["kit"]

    # -- names -------------------------------------------------------------------------

    def word(self, group: str, key: Any, default: str | None = None) -> str:
        """The rules file's word for ``key`` of ``group`` in this language."""
        entry = self.words.get(group, {}).get(str(key))
        if entry is None:
            return str(key) if default is None else default
        said: str = entry.get(self.lang) or entry.get("en") or str(key)
        return said

    def glossary(self) -> dict[str, Any]:
        """The names a front end shows for this game, in this language: its seats, zones,
        tracks, counters, sides, tokens and choices, each id -> words."""
        out: dict[str, Any] = {}
        for group in ("seats", "zones", "tracks", "counters", "sides", "tokens", "choices",
                      "colours"):
            out[group] = {key: self.word(group, key) for key in self.words.get(group, {})}
        out.update(clause_glossary(self.rules, self.lang))
        return out

    def seat(self, s: int | None) -> str:
        if s is None:
            return self.tr("nobody")
        if self.names and 0 <= s < len(self.names):
            return self.names[s]
        names = self.words.get("seats", {})
        name = names.get(str(s))
        if name:
            return f"{name.get(self.lang) or name.get('en')} [{s}]"
        return self.tr("seat {seat}", seat=s)

    def seats(self, seats: Iterable[int]) -> str:
        items = [self.seat(s) for s in seats]
        if len(items) <= 1:
            return "".join(items)
        return ", ".join(items[:-1]) + self.tr(" and ") + items[-1]

    def zone(self, seat: int | None, name: str) -> str:
        z = self.word("zones", name)
        return z if seat is None else self.tr("{seat}'s {zone}", seat=self.seat(seat), zone=z)

    def value(self, v: Any) -> str:
        """A value as players read it: a die, a side, a token, a set of dice, a seat list."""
        if v is None:
            return self.tr("nothing")
        if isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str) and \
                isinstance(v[1], int) and v[0] in self.kit.faces:
            side, pips = self.kit.faces[v[0]][v[1]]
            return self.die(v[0], side, pips)
        if isinstance(v, tuple) and len(v) == 2 and isinstance(v[0], str) and \
                isinstance(v[1], str):  # (side, letters): dice set aside
            return self.tr("dice {letters} as {side}", letters=", ".join(v[1]),
                           side=self.word("sides", v[0]))
        if isinstance(v, bool):
            return self.tr("yes") if v else self.tr("no")
        if isinstance(v, int):
            return str(v)
        if isinstance(v, str):
            for group in ("tokens", "sides", "zones", "tracks", "choices"):
                if str(v) in self.words.get(group, {}):
                    return self.word(group, v)
            return v
        if isinstance(v, tuple):
            return ", ".join(self.value(x) for x in v)
        return str(v)

    def die(self, letter: str, side: str, pips: int) -> str:
        if side == self.kit.wild:
            return self.tr("die {letter}: {side}", letter=letter,
                           side=self.word("sides", side))
        return self.tr("die {letter}: {side} {pips}", letter=letter, pips=pips,
                       side=self.word("sides", side))

    def prompt(self, d: Decision, procedure: str | None = None) -> str:
        """The question as the choosing seat reads it: the rules file's ``choices`` words for
        the choice - first those for it inside the procedure asking (``recruit-first.act``:
        "Recruit 2 crew?", so one choice asked by several procedures can say which), then
        for the choice itself - else a plain request (never the program's name for it)."""
        key = self._asked(d, procedure, "choices")
        return self.word("choices", key, self.tr("make a choice"))

    def _asked(self, d: Decision, procedure: str | None, group: str) -> str | None:
        """The key of ``group``'s words for decision ``d`` asked by ``procedure``."""
        inner = f"{procedure}.{d.name}" if procedure else None
        return inner if inner and inner in self.words.get(group, {}) else d.name

    def waiting(self, d: Decision, procedure: str | None = None) -> str:
        """The question as the other seats read it: the rules file's ``waiting`` words for
        the choice (``{seat}`` is who chooses), else who is choosing."""
        template = self.words.get("waiting", {}).get(self._asked(d, procedure, "waiting"))
        text = (template.get(self.lang) or template.get("en")) if template else None
        who = self.seat(d.seat)
        return fill(text or self.tr("{name} is choosing."), seat=who, name=who)

    def option(self, name: str | None, value: Any) -> str:
        """A value on a button: a whole number is a seat (whom to attack), by name - unless
        the choice is known to be among numbers (``choose step from [1, 2]``)."""
        chosen = self.rules.choices.get(name) if name is not None else None
        numbers = getattr(chosen, "name", None) == "int"
        if type(value) is int and not numbers:
            return self.seat(value)
        return str(value) if numbers and type(value) is int else self.value(value)

    # -- the board -------------------------------------------------------------------

    def board(self, v: dict[str, Any]) -> str:
        """A view (``view(state, seat)``) as lines of text: the shared zones, then each seat's
        tracks and zones; a zone this seat may not see shows how many tokens it holds."""
        lines = []
        for name, z in v["zones"].items():
            if isinstance(z, dict):
                lines.append(f"  {self.word('zones', name)}: {self._zone_text(z)}")
        for s in range(v["players"]):
            tracks = ", ".join(f"{self.word('tracks', t)} {spaces[s]}"
                               for t, spaces in v["tracks"].items() if spaces[s])
            lines.append(f"  {self.seat(s)}: {tracks or '-'}")  # (every track at 0)
            for name, z in v["zones"].items():
                if isinstance(z, list) and z[s] and z[s].get("count"):
                    lines.append(f"    {self.word('zones', name)}: {self._zone_text(z[s])}")
        return "\n".join(lines)

    def _zone_text(self, z: dict[str, Any]) -> str:
        if "tokens" not in z:
            return self.tr("{n} hidden", n=z.get("count", "?")) if z else "?"
        items = [self.die(t["die"], t["side"], t["pips"]) if isinstance(t, dict) and "die" in t
                 else self.value(t) for t in z["tokens"]]
        grouped: list[list[Any]] = []  # runs of one token as "token x3"
        for item in items:
            if grouped and grouped[-1][0] == item:
                grouped[-1][1] += 1
            else:
                grouped.append([item, 1])
        return ", ".join(t if k == 1 else f"{t} x{k}" for t, k in grouped) or "-"

    # -- sentences ---------------------------------------------------------------------

    def tr(self, message: str, **fields: Any) -> str:
        """``message`` (English, marked for the catalogues) in this narrator's language, its
        ``{fields}`` filled in if given (as Tortuga 1667's narrator does: tools call both)."""
        return self._catalogue.format(message, fields)

    def tr_n(self, singular: str, plural: str, n: int, **fields: Any) -> str:
        """The form of ``singular``/``plural`` for the count ``n`` (the field ``{n}``), in
        this narrator's language (whose plural forms may be more than two)."""
        return self._catalogue.format_n(singular, plural, n, fields)

    def sentence(self, event: Event) -> str:
        """The event ``(clause, kind, to, *args)`` as a sentence, capitalised ("" for a bare
        rule citation)."""
        _, kind, _, args = LogEvent.of(event)
        fn = getattr(self, "_" + kind.replace("-", "_"), None)
        if fn is None:
            return f"{kind} {args}"
        text: str = fn(*args)
        return text[:1].upper() + text[1:]

    def event(self, event: Event) -> str:
        """One log event as a sentence followed by its clause id (as ``Narrator.event``)."""
        clause, _, to, _ = LogEvent.of(event)
        text = self.sentence(event)
        if to == REFEREE:
            text = self.tr("(referee only) {text}", text=text)
        elif to >= 0:
            text = self.tr("(only {seat} sees) {text}", seat=self.seat(to), text=text)
        return f"{text}  [{clause}]" if clause else text

    def event_data(self, event: Event) -> dict[str, Any]:
        data = event_data(event, self.rules.game.events)
        data["text"] = self.sentence(event)
        return data

    def _rule(self) -> str:
        return ""

    def _players(self, n: Any) -> str:
        return self.tr("a game for {n} players", n=n)

    def _moved(self, moved: Any, ss: Any, src: Any, ds: Any, dst: Any) -> str:
        return self.tr("{what}: from {src} to {dst}", what=self._what(moved), src=self.zone(ss, src), dst=self.zone(ds, dst))

    def _drawn(self, moved: Any, ss: Any, src: Any, ds: Any, dst: Any) -> str:
        return self.tr("{what} drawn from {src} to {dst}", what=self._what(moved), src=self.zone(ss, src), dst=self.zone(ds, dst))

    def _what(self, moved: Any) -> str:
        if isinstance(moved, int):
            return self.tr("{n} hidden", n=moved)
        return ", ".join(self.value(t) for t in moved)

    def _zone_empty(self, seat: Any, name: Any) -> str:
        return self.tr("{zone} is empty", zone=self.zone(seat, name))

    def _track(self, seat: Any, name: Any, old: Any, new: Any) -> str:
        if old == new:
            return self.tr("{seat} stays on {track} {space}", seat=self.seat(seat), track=self.word("tracks", name), space=new)
        return self.tr("{seat}: {track} {old} → {new}", seat=self.seat(seat), track=self.word("tracks", name), old=old, new=new)

    def _counter(self, name: Any, value: Any) -> str:
        text = self.word("counters", name)
        if name == "start":
            return self.tr("{seat} is the start player", seat=self.seat(value))
        return f"{text}: {value}"

    def _rolled(self, seat: Any, shown: Any, open_: Any) -> str:
        if isinstance(shown, int):
            return self.tr_n("{seat} rolls {n} die behind the screen",
                             "{seat} rolls {n} dice behind the screen", shown,
                             seat=self.seat(seat))
        dice = ", ".join(self.die(*d) for d in shown)
        if open_:
            return self.tr("{seat} rolls in the open: {dice}", seat=self.seat(seat),
                           dice=dice)
        return self.tr("{seat} rolls: {dice}", seat=self.seat(seat), dice=dice)

    def _die_turned(self, seat: Any, letter: Any, side: Any, pips: Any) -> str:
        return self.tr("{seat} turns die {letter} to {side} {pips}", seat=self.seat(seat), letter=letter, side=self.word("sides", side), pips=pips)

    def _held(self, seat: Any) -> str:
        return self.tr("{seat} has chosen, in secret", seat=self.seat(seat))

    def _revealed_together(self, pairs: Any) -> str:
        parts = [f"{self.seat(s)}: {self.value(v)}" for s, v in pairs]
        return self.tr("revealed together: {all}", all="; ".join(parts))

    def _said(self, what: Any, values: Any) -> str:
        template = self.words.get("said", {}).get(what)
        shown = [self.seats(v) if what.endswith("seats") else self.value(v) for v in values]
        if template is None:
            return f"{what}: {', '.join(shown)}"
        text = template.get(self.lang) or template.get("en") or what
        named = {f"v{i}": v for i, v in enumerate(shown)}
        named.update({f"seat{i}": self.seat(v) if isinstance(v, int) and not isinstance(v, bool)
                      else self.value(v) for i, v in enumerate(values)})
        try:
            return fill(text, **named)
        except (KeyError, IndexError, ValueError):
            return f"{text} ({', '.join(shown)})"

    def _scores(self, scores: Any, winners: Any) -> str:
        table = ", ".join(f"{self.seat(s)} {x}" for s, x in enumerate(scores))
        return self.tr("scores: {table}; won by {winners}", table=table,
                       winners=self.seats(winners))

    def _choice(self, seat: Any, name: Any, value: Any) -> str:
        return self.tr("{seat} chooses {value}", seat=self.seat(seat),
                       value=self.value(value))

    def _secret_choice(self, seat: Any, name: Any) -> str:
        return self.tr("{seat} makes a secret choice", seat=self.seat(seat))

    def _auto_choice(self, name: Any, value: Any) -> str:
        return self.tr("the only option: {value}", value=self.value(value))

