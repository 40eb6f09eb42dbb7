"""Readable sentences for log events and actions, each line citing its rule clause.

Used by views asked in a language (each event's ``text``), the command line and
``explain``. Narration only formats what an event already says, so narrating the
events a view lets through leaks nothing.

The sentences are a table, :data:`EVENTS`: one small function per event kind,
whose parameters name the event's arguments in order. Adding an event kind is one
entry here. Every sentence is a template with named fields passed through
:meth:`Narrator.say` (or :meth:`Narrator.say_n` when it depends on a count), which
looks it up in the language's gettext catalogue (:mod:`tortuga_rules.game.language`).
"""

from __future__ import annotations

import inspect

from .components import ChestSpot, Place, Role
from .roles import seat_roles
from ...model.events import REFEREE, LogEvent, event_data
from .events import CATALOGUE
from .labels import Labels, glossary
from ...game.language import N_

__all__ = ["Narrator", "EVENTS", "capitalized"]

#: A choice's sentence by the kind of value chosen (:meth:`Labels.kind_of`); others are
#: "{seat} chooses {value}".
CHOICES = {
    "slot": N_("{seat} picks slot {value} of the row"),
    "slots": N_("{seat} picks slots {value} of the row"),
    "seat": N_("{seat} picks {value}"), "seats": N_("{seat} picks {value}"),
    "answer": N_("{seat} answers: {value}"), "yes-no": N_("{seat} answers: {value}"),
    "transfer": N_("{seat} chooses to move a chest {value}"),
}
#: Event kind -> ``fn(narrator, *args) -> sentence`` (without the clause).
EVENTS: dict = {}


def capitalized(text: str) -> str:
    """``text`` with its first letter upper case (the rest untouched)."""
    return text[:1].upper() + text[1:]


class Narrator(Labels):
    """Turns events and actions of games under ``rules`` into sentences.

    ``names`` are the players' names by seat (default: ``seat 0``, ``seat 1``...).
    """

    @classmethod
    def seat_names(cls, rules, players: int) -> tuple | None:
        """The game's own names for the seats: the ruleset's Brethren cards (None if there
        are not enough)."""
        names = [name for _, name in rules.brethren]
        return tuple(names[:players]) if len(names) >= players else None

    @classmethod
    def for_game(cls, rules, players: int, lang: str = "en") -> "Narrator":
        """A narrator naming the seats after the ruleset's Brethren cards (if there are
        enough), each with its seat number (``Henry Morgan [0]``)."""
        names = cls.seat_names(rules, players)
        return cls(rules, names and tuple(f"{n} [{i}]" for i, n in enumerate(names)), lang)

    def glossary(self) -> dict:
        """Every word a front end needs for games under these rules, in this language
        (:func:`~tortuga_rules.games.tortuga1667.labels.glossary`)."""
        return glossary(self.rules, self.lang)

    # -- words -----------------------------------------------------------------------

    def say(self, template: str, **fields) -> str:
        """``template`` in this language with its ``{fields}`` filled in."""
        return self.tr(template, **fields)

    def say_n(self, singular: str, plural: str, n: int, **fields) -> str:
        """The form of the template for the count ``n``, filled in (``{n}`` is ``n``)."""
        return self.tr_n(singular, plural, n, **fields)

    # -- sentences ---------------------------------------------------------------------

    def board(self, state) -> str:
        """The pawns at each place and the chests, as a few lines of text."""
        lines = [self.say("Board:")]
        for place in Place:
            line = state.lines[place]
            sunk = place.is_boat and state.sunk[place - 3]
            if place.is_boat and not line and not sunk:
                continue
            who = ", ".join(self.seat(s) for s in line) or self.say("empty")
            lines.append(f"  {capitalized(self.value(place))}: {who}"
                         + (" " + self.say("(sunk)") if sunk else ""))
        lines.append("  " + self.say("Chests: {chests}", chests="; ".join(
            f"{self.value(c)} {state.chests[c]}" for c in ChestSpot if state.chests[c])))
        return "\n".join(lines)

    def standing(self, state, seat: int) -> str:
        """Where ``seat``'s pawn stands and the roles it holds there (``captain on
        jolly_roger``), as a turn's heading shows it."""
        place = next(p for p, line in zip(Place, state.lines) if seat in line)
        roles = sorted(self.role(r) for r in seat_roles(state, seat) if r is not Role.ANYONE)
        return self.tr("{roles} on {place}", roles=self.and_list(roles) if roles
                       else self.role(Role.ANYONE), place=self.value(place))

    def action(self, seat, kind, args) -> str:
        args = dict(args)
        act = self.rules.action_def(kind)
        if kind == "vote":
            cards = args["cards"] if "cards" in args else (args.get("card"),)
            return self.say("{seat} plays {cards}", seat=self.seat(seat),
                            cards=self.vote_cards(cards))
        if kind == "choose":
            (name, value), = args.items()
            return self.choice(seat, name, value)
        fill = {k: self.chosen(k, v) for k, v in args.items()}
        if act is not None and act.text:
            # TRANSLATORS: a turn action: {action} is the ruleset's words for it ("calls an Attack")
            return self.say("{seat} {action}", seat=self.seat(seat),
                            action=self.tr(act.text, **fill))
        inner = ", ".join(f"{k}={v}" for k, v in fill.items())
        return self.say("{seat} takes the action {kind}", seat=self.seat(seat), kind=kind) + (
            f" ({inner})" if inner else "")

    def choice(self, seat, name, value) -> str:
        """``seat`` chose ``value``, in a sentence that fits the kind of value chosen (a row
        slot, a player, an answer; never the program's name for the choice)."""
        sentence = CHOICES.get(self.kind_of(name, value), N_("{seat} chooses {value}"))
        return self.say(sentence, seat=self.seat(seat), value=self.chosen(name, value))

    def event(self, ev) -> str:
        """One log event as a sentence followed by its clause id (a bare citation of a rule:
        the rule's words after a §, as the client shows them behind the § of the events
        it explains)."""
        clause, kind, to, values = LogEvent.of(ev)
        text = self.text(kind, values, clause) or self.quote(clause)
        if to == REFEREE:
            text = self.say("(referee only) {text}", text=text)
        elif to >= 0:
            text = self.say("(only {seat} sees) {text}", seat=self.seat(to), text=text)
        return f"{text}  [{clause}]" if clause else text

    def event_data(self, ev) -> dict:
        """One log event as named data (:func:`~tortuga_rules.model.events.event_data`)
        with its sentence as ``text``."""
        e = LogEvent.of(ev)
        return {**event_data(ev, CATALOGUE), "text": self.text(e.kind, e.values, e.clause)}

    def quote(self, clause) -> str:
        """``§`` and the words of rule ``clause`` in this language ("" for none)."""
        c = self.rules.clauses.get(clause) if clause else None
        return f"§ {c.words(self.lang)[0] if c else clause}" if clause else ""

    def text(self, kind, args, clause=None) -> str:
        """The sentence of an event of ``kind`` with ``args`` (no clause id), capitalised;
        "" for a bare citation of a rule (``rule``): the rule is not an event of the game,
        its words are shown behind the § of the events that cite it."""
        if kind == "rule":
            return ""
        fn = EVENTS.get(kind)
        if fn is None or not _fits(fn, self, *args):  # a log from a save written elsewhere
            return f"{kind} {' '.join(map(str, args))}"
        return capitalized(fn(self, *args))


def _fits(fn, *args) -> bool:
    """Whether ``fn`` takes ``args`` (remembered by how many: positional arguments only)."""
    key = (fn, len(args))
    fits = _FITS.get(key)
    if fits is None:
        try:
            inspect.signature(fn).bind(*args)
            fits = True
        except TypeError:
            fits = False
        _FITS[key] = fits
    return fits


#: Whether a sentence's function takes so many arguments: (function, count) -> bool.
_FITS: dict = {}


def narrates(kind: str):
    """Register the decorated function as the sentence of events of ``kind``."""
    def add(fn):
        EVENTS[kind] = fn
        return fn
    return add


# -- setup ---------------------------------------------------------------------------------

@narrates("players")
def _players(n, count):
    return n.say("a game for {count} players", count=count)


@narrates("loyalty-dealt")
def _loyalty_dealt(n, cards):
    teams = ", ".join(f"{cards.count(t)} {n.team(t)}"
                      for t in ("british", "french", "dutch") if t in cards)
    return n.say("loyalty cards dealt face down: {teams}", teams=teams)


@narrates("loyalty-open")
def _loyalty_open(n, loyalties):
    shown = ", ".join(f"{n.seat(s)} {n.team(t)}" for s, t in loyalties)
    return n.say("loyalty cards dealt face up: {shown}", shown=shown)


@narrates("loyalty-hidden")
def _loyalty_hidden(n, seats):
    return n.say_n("the loyalty card of {seats} is no longer face up",
                   "the loyalty cards of {seats} are no longer face up", len(seats),
                   seats=n.seats(seats))


@narrates("loyalty")
def _loyalty(n, seat, team):
    return n.say("{seat} is {team}", seat=n.seat(seat), team=n.team(team))


@narrates("hand")
def _hand(n, seat, cards):
    return n.say("{seat} is dealt {cards}", seat=n.seat(seat), cards=n.vote_cards(cards))


@narrates("starred")
def _starred(n, cards):
    names = n.and_list(n.card(x) for x in cards) if cards else n.say("none")
    return n.say("starred cards in the deck: {names}", names=names)


@narrates("starred-avoided")
def _starred_avoided(n, cards):
    return n.say("with so few players the random starred cards leave out {names}",
                 names=n.and_list(n.card(x) for x in cards))


@narrates("removed")
def _removed(n, cards):
    return n.say("removed for this player count: {names}",
                 names=n.and_list(n.card(x) for x in cards))


@narrates("boxed")
def _boxed(n, count):
    return n.say("{count} cards from the top of the event deck go back in the box unseen",
                 count=count)


@narrates("event-deck")
def _event_deck(n, size, armada_bottom=True):
    if armada_bottom:
        return n.say("the event deck has {size} cards, the Spanish Armada at the bottom",
                     size=size)
    return n.say("the event deck has {size} cards, the Spanish Armada among the last cards",
                 size=size)


@narrates("row-dealt")
def _row_dealt(n, count):
    return n.say("{count} event cards are dealt face down to the row", count=count)


@narrates("treasure")
def _treasure(n, chests):
    spots = ", ".join(f"{n.value(ChestSpot(i))} {k}" for i, k in enumerate(chests) if k)
    return n.say("chests: {spots}", spots=spots)


@narrates("place-chest")
def _place_chest(n, spot):
    return n.say("a chest is placed in {spot}", spot=n.value(spot))


@narrates("pawns")
def _pawns(n, lines):
    return "; ".join(n.say("{place}: {seats}", place=capitalized(n.value(Place(i))),
                           seats=n.seats(line)) for i, line in enumerate(lines))


@narrates("pawn-draw")
def _pawn_draw(n, seats):
    return n.say("pawns are drawn one at a time: {seats}", seats=n.seats(seats))


@narrates("place-pawn")
def _place_pawn(n, seat, place):
    return n.say("{seat} places their pawn on {place}", seat=n.seat(seat), place=n.value(place))


@narrates("first-player")
def _first_player(n, seat):
    return n.say("{seat} will take the first turn", seat=n.seat(seat))


# -- turns, actions and choices --------------------------------------------------------------

@narrates("turn")
def _turn(n, seat, number):
    return n.say("Turn {number} — {seat}", number=number, seat=n.seat(seat))


@narrates("action")
def _action(n, seat, action):
    return n.action(seat, action[0], action[1])


@narrates("actions-left")
def _actions_left(n, seat, left):
    return n.say_n("{seat} has {n} action left this turn", "{seat} has {n} actions left this turn",
                   left, seat=n.seat(seat))


@narrates("extra-action")
def _extra_action(n, seat):
    return n.say("{seat} gets another action", seat=n.seat(seat))


@narrates("turn-skipped")
def _turn_skipped(n, seat):
    return n.say("{seat} loses this turn", seat=n.seat(seat))


@narrates("choice")
def _choice(n, seat, name, value):
    return n.choice(seat, name, value)


@narrates("timeout")
def _timeout(n, seat):
    return n.say("{seat} ran out of time", seat=n.seat(seat))


@narrates("choice-passed")
def _choice_passed(n, seat, to):
    return n.say("{to} makes the choice for {seat}", seat=n.seat(seat), to=n.seat(to))


@narrates("auto-choice")
def _auto_choice(n, name, value):
    return n.say("the only option: {value}", value=n.chosen(name, value))


@narrates("secret-choice")
def _secret_choice(n, seat, name):
    return n.say("{seat} makes a secret choice", seat=n.seat(seat))


# -- pawns and marks -----------------------------------------------------------------------

@narrates("move")
def _move(n, seat, src, dst):
    return n.say("{seat} moves from {src} to the back of {dst}", seat=n.seat(seat),
                 src=n.value(src), dst=n.value(dst))


@narrates("maroon")
def _maroon(n, seat, src, dst=None):
    if src == Place.TORTUGA:
        return n.say("{seat} is marooned again and goes to the back of Tortuga's line",
                     seat=n.seat(seat))
    return n.say("{seat} is marooned from {src} to the back of Tortuga's line", seat=n.seat(seat),
                 src=n.value(src))


@narrates("line-reshuffle")
def _line_reshuffle(n, place, seats):
    return n.say("the pawns of {place} are drawn again: {seats}", place=n.value(place),
                 seats=n.seats(seats))


@narrates("swap-places")
def _swap_places(n, a, b, place_a, place_b):
    return n.say("{a} and {b} exchange places ({place_a} / {place_b})", a=n.seat(a), b=n.seat(b),
                 place_a=n.value(place_a), place_b=n.value(place_b))


@narrates("sink")
def _sink(n, boat):
    return n.say("the explosion token sinks {boat} for the rest of the game", boat=n.value(boat))


@narrates("loyalty-swap")
def _loyalty_swap(n, a, b):
    return n.say("{a} and {b} shuffle their loyalty cards unseen and take one each",
                 a=n.seat(a), b=n.seat(b))


@narrates("mark")
def _mark(n, seats, name):
    return n.say("{seats} marked: {name}", seats=n.seats(seats), name=name)


@narrates("unmark")
def _unmark(n, seat, name):
    return n.say("{seat} loses a mark: {name}", seat=n.seat(seat), name=name)


# -- chests ----------------------------------------------------------------------------------

@narrates("chests")
def _chests(n, src, dst, count):
    return n.say_n("{n} chest moves from {src} to {dst}", "{n} chests move from {src} to {dst}",
                   count, src=n.value(src), dst=n.value(dst))


# -- event cards -----------------------------------------------------------------------------

@narrates("peek")
def _peek(n, seat, slots):
    return n.say("{seat} secretly looks at row slots {slots}", seat=n.seat(seat),
                 slots=n.value(slots))


@narrates("peek-cards")
def _peek_cards(n, seat, cards):
    seen = n.and_list(n.say("slot {slot}: {card}", slot=slot, card=n.card(card)) for slot, card in cards)
    return n.say("{seat} sees {seen}", seat=n.seat(seat), seen=seen)


@narrates("reveal")
def _reveal(n, seat, slot, card):
    return n.say("{seat} reveals slot {slot}: {card}", seat=n.seat(seat), slot=slot,
                 card=n.card(card))


@narrates("discard")
def _discard(n, card):
    return n.say("{card} goes to the discard pile", card=n.card(card))


@narrates("refill")
def _refill(n, slot):
    return n.say("slot {slot} is refilled from the event deck", slot=slot)


@narrates("row-reshuffle")
def _row_reshuffle(n, slots):
    return n.say("the event deck is empty: the face-down row cards (slots {slots}) are reshuffled",
                 slots=n.value(slots))


@narrates("keep")
def _keep(n, seat, card):
    return n.say("{card} lies face up in front of {seat}", card=n.card(card), seat=n.seat(seat))


@narrates("discard-kept")
def _discard_kept(n, seat, card):
    return n.say("{seat} discards a kept {card}", seat=n.seat(seat), card=n.card(card))


# -- vote cards in hand ----------------------------------------------------------------------

@narrates("lose-card")
def _lose_card(n, seat):
    return n.say("{seat} loses a random vote card, unseen, to the bottom of the vote deck",
                 seat=n.seat(seat))


@narrates("lost-card")
def _lost_card(n, seat, card):
    return n.say("{seat} lost {card}", seat=n.seat(seat), card=n.vote_card(card))


@narrates("vote-draw")
def _vote_draw(n, seat):
    return n.say("{seat} draws a vote card", seat=n.seat(seat))


@narrates("vote-drew")
def _vote_drew(n, seat, card):
    return n.say("{seat} drew {card}", seat=n.seat(seat), card=n.vote_card(card))


@narrates("vote-to-top")
def _vote_to_top(n, seat):
    return n.say("{seat} puts a vote card on top of the vote deck", seat=n.seat(seat))


@narrates("hand-to-deck")
def _hand_to_deck(n, seat, count):
    return n.say_n("{seat}'s {n} vote card goes under the vote deck",
                   "{seat}'s {n} vote cards go under the vote deck", count, seat=n.seat(seat))


@narrates("take-vote")
def _take_vote(n, seat):
    return n.say("{seat} receives a vote card from the deck", seat=n.seat(seat))


@narrates("took-vote")
def _took_vote(n, seat, card):
    return n.say("{seat} receives {card}", seat=n.seat(seat), card=n.vote_card(card))


@narrates("give-vote")
def _give_vote(n, src, dst):
    return n.say("{src} gives a vote card to {dst}", src=n.seat(src), dst=n.seat(dst))


@narrates("gave-vote")
def _gave_vote(n, src, dst, card):
    return n.say("{src} gives {card} to {dst}", src=n.seat(src), dst=n.seat(dst),
                 card=n.vote_card(card))


@narrates("vote-deck-shuffle")
def _vote_deck_shuffle(n):
    return n.say("the vote deck is shuffled")


# -- votes -----------------------------------------------------------------------------------

@narrates("vote-call")
def _vote_call(n, vote, caller, place, voters):
    return n.say("{caller} calls {vote} on {place}; voters: {voters}",
                 caller=n.seat(caller), vote=n.vote_kind(vote, article=True),
                 place=n.value(place), voters=n.seats(voters))


@narrates("vote-no-cards")
def _vote_no_cards(n, seats):
    return n.say_n("{seats} holds no vote card and cannot vote",
                   "{seats} hold no vote card and cannot vote", len(seats), seats=n.seats(seats))


@narrates("vote-rowboat")
def _vote_rowboat(n, seats):
    return n.say_n("{seats} on a rowboat does not vote", "{seats} on a rowboat do not vote",
                   len(seats), seats=n.seats(seats))


@narrates("sits-out")
def _sits_out(n, seat, vote, card):
    return n.say("{seat} sits out this {vote} ({card})", seat=n.seat(seat),
                 vote=n.vote_kind(vote), card=n.card(card))


@narrates("vote-played")
def _vote_played(n, seat, count):
    return n.say_n("{seat} puts {n} vote card face down", "{seat} puts {n} vote cards face down",
                   count, seat=n.seat(seat))


@narrates("vote-played-cards")
def _vote_played_cards(n, seat, cards):
    return n.say("{seat} played {cards}", seat=n.seat(seat), cards=n.vote_cards(cards))


@narrates("vote-deck-card")
def _vote_deck_card(n):
    return n.say("the top card of the vote deck is added")


@narrates("vote-reveal")
def _vote_reveal(n, vote, cards, counts):
    counted = ", ".join(f"{n.icon(icon)} {k}" for icon, k in counts)
    return n.say("{vote} cards revealed: {cards} → {counts}", vote=n.vote_kind(vote),
                 cards=n.vote_cards(cards), counts=counted)


@narrates("double-icons")
def _double_icons(n, cards):
    return n.say_n("{cards} carries double icons: each counts",
                   "{cards} carry double icons: each counts", len(cards),
                   cards=n.vote_cards(cards))


@narrates("vote-result")
def _vote_result(n, vote, success):
    if success:
        return n.say("the {vote} succeeds", vote=n.vote_kind(vote))
    return n.say("the {vote} fails", vote=n.vote_kind(vote))


@narrates("vote-return")
def _vote_return(n, count):
    return n.say("the {count} played cards are shuffled under the vote deck", count=count)


# -- the end ---------------------------------------------------------------------------------

@narrates("score")
def _score(n, british, french):
    return n.say("the Spanish Armada: British {british}, French {french}",
                 british=n.chests(british), french=n.chests(french))


@narrates("game-over")
def _game_over(n, winners, british, french):
    if len(winners) > 1:
        return n.say("game over: a shared draw (British {british}, French {french})",
                     british=british, french=french)
    return n.say("game over: {team} win (British {british}, French {french})",
                 team=n.team_people(winners[0]), british=british, french=french)


@narrates("tiebreak")
def _tiebreak(n, round, cards):  # noqa: A002 - the event's field name
    return n.say("tie-breaker round {round}: {cards} event cards shuffled into a new deck, "
                 "a new row dealt", round=round, cards=cards)
