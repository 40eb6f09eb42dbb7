"""The reference web client's own words, translated with the game's catalogues.

The client shows the game's words as the views give them; these are the few of its
own (headings, buttons, status lines). Marking them here puts them in the Fluent
catalogues beside the rest, and ``GET /api/words?lang=`` serves them; a test checks
the client asks for no other.
"""

from __future__ import annotations

from ..game.language import N_, check_language, translations

__all__ = ["CLIENT_WORDS", "REFUSALS", "client_words", "refusal_words"]

#: Every message the web client translates (its ``t("...")`` calls and ``data-t``).
CLIENT_WORDS = (
    N_('1 chest'),
    N_('A draw.'),
    N_('A variant file (YAML), optional'),
    N_('Back'),
    N_('Board'),
    N_('Called by {name}'),
    N_('Close'),
    N_('Copy'),
    N_('Create the table'),
    N_('Event deck: {n} · Vote deck: {m} · Discarded: {d}'),
    N_('Event row'),
    N_('Game'),
    N_('House rules'),
    N_('Join'),
    N_('Kept cards'),
    N_('Language'),
    N_('Loyalties'),
    N_('New table'),
    N_('No table yet: create one.'),
    N_('Only watch'),
    N_('Player {n}'),
    N_('Players'),
    N_('Private: only the invitation link opens it'),
    N_('Revealed: '),
    N_('Round {n}'),
    N_('Rules of this table'),
    N_('Scores'),
    N_('Seats'),
    N_('Send this invitation: '),
    N_('Show the whole log'),
    N_('Sound on your turn'),
    N_('Start player: {name}'),
    N_('Tables'),
    N_('Take back my last move'),
    N_('Take your seat'),
    N_("The card's text"),
    N_('The game goes on when every seat is taken.'),
    N_('The game is over.'),
    N_('The rule'),
    N_('This table has closed.'),
    N_('Time left for {name}: {n} s'),
    N_('Turn {n}: {name}'),
    N_('Variants'),
    N_('Vote'),
    N_('Voted: {names}'),
    N_('Waiting for players: {n} of {m} seats taken.'),
    N_('Watch'),
    N_('What you saw'),
    N_('Why: '),
    N_('Winners: {teams}'),
    N_('You are invited to a table'),
    N_('You are watching.'),
    N_('You did not win.'),
    N_('You won!'),
    N_('Your cards: '),
    N_('Your hand'),
    N_('Your loyalty'),
    N_('Your name'),
    N_('Your turn'),
    N_('a bot: {name}'),
    N_('a friend (open seat)'),
    N_('bot'),
    N_('connected'),
    N_('empty'),
    N_('face down'),
    N_('no rulebook in this language says it: our wording'),
    N_('plays at random'),
    N_('plays by rules of thumb'),
    N_('reconnecting…'),
    N_('slot {n}'),
    N_('sunk'),
    N_('the 1st edition says: {text}'),
    N_('waiting for a player'),
    N_('you'),
    N_('you saw it'),
    N_('{n} chests'),
    N_('{n} hidden'),
    N_('{n} open seats'),
    # table screen (#40)
    N_('What just happened'),
    N_('Dismiss'),
    N_('Waiting for players'),
    N_('bot, level {n}: {name}'),
    N_('not connected'),
    # board, end and replay (#40)
    N_('die {letter}'),
    N_('On the board: {things}'),
    N_('Start again'),
    N_('Loyalty'),
    N_('Roles at the end'),
    N_('Player'),
    N_('Result'),
    N_('won'),
    N_('lost'),
    N_('Join the rematch'),
    N_('Rematch'),
    N_('Watch the rematch'),
    N_('Back to the lobby'),
    N_('Watch the replay'),
    N_('Replay'),
    N_('First step'),
    N_('Previous step'),
    N_('Step {n} of {m}'),
    N_('Next step'),
    N_('Last step'),
    N_('As seen by'),
    N_('everything revealed'),
    N_('Share: '),
    N_('What happened'),
    N_('Score'),
    N_('Elo {n}'),
    N_('level {n}'),
)


#: A refusal in a player's words, by the error's code (docs/server.md lists the codes).
REFUSALS = {
    "malformed": N_("The message was not understood."),
    "too-large": N_("That is too long."),
    "unauthorized": N_("Your seat's key is missing: open the table from your own link."),
    "forbidden": N_("That is not yours to do."),
    "not-found": N_("There is no such table."),
    "bad-request": N_("That cannot be done."),
    "illegal": N_("That move is not allowed now."),
    "stale": N_("Someone moved first: look at the board again."),
    "undo-refused": N_("Your move cannot be taken back."),
    "too-many": N_("Too many messages: please slow down."),
    "server-full": N_("The server is full: please try again later."),
    "bad-rules": N_("The house rules have mistakes: see the list."),
    "busy": N_("The server is busy: please try again in a moment."),
    "quota": N_("You have made too many tables: finish one first."),
    "gone": N_("This table has closed."),
    "revoked": N_("Your seat was given to someone else."),
    "internal": N_("Something went wrong on the server."),
}
#: Why an undo is refused, by :class:`~tortuga_rules.errors.UndoError`'s ``why``.
UNDO_REFUSALS = {
    "no-move": N_("You have no move to take back."),
    "moved-since": N_("{name} has moved since: your move can no longer be taken back."),
    "shown": N_("Your move showed something hidden: it cannot be taken back."),
    "not-over": N_("The whole log is shown when the game is over."),
}


def refusal_words(code: str, exc, lang: str, names=()) -> str:
    """The refusal ``exc`` (its error ``code``) in a player's words in ``lang``; ``names``
    are the table's seats' names."""
    words = translations(check_language(lang))
    why = getattr(exc, "why", "")
    if why in UNDO_REFUSALS:
        seat = getattr(exc, "seat", None)
        name = names[seat] if seat is not None and 0 <= seat < len(names) else ""
        return words.format(UNDO_REFUSALS[why], {"name": name})
    return words.gettext(REFUSALS.get(code, REFUSALS["bad-request"]))


def client_words(lang: str) -> dict:
    """``message -> translation`` for the client, in ``lang``."""
    words = translations(check_language(lang))
    return {m: words.gettext(m) for m in CLIENT_WORDS}
