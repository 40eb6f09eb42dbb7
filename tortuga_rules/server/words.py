"""The reference web client's own words, translated with the game's catalogues.

The client shows the game's words as the views give them; these are the few of its
own (headings, buttons, status lines). Marking them here puts them in the gettext
catalogues beside the rest, and ``GET /api/words?lang=`` serves them; a test checks
the client asks for no other.
"""

from __future__ import annotations

from ..game.language import N_, check_language, translations

__all__ = ["CLIENT_WORDS", "client_words"]

#: Every message the web client translates (its ``t("...")`` calls and ``data-t``).
CLIENT_WORDS = (
    N_('A draw.'),
    N_('A variant file (YAML), optional'),
    N_('Back'),
    N_('Called by {name}'),
    N_('Close'),
    N_('Create the table'),
    N_('Event deck: {n} · Vote deck: {m} · Discarded: {d}'),
    N_('Event row'),
    N_('House rules'),
    N_('Invite friends: '),
    N_('Join'),
    N_('Kept cards'),
    N_('Language'),
    N_('Loyalties'),
    N_('New table'),
    N_('No table yet: create one.'),
    N_('Options'),
    N_('Players'),
    N_('Private: only the invitation link opens it'),
    N_('Revealed: {cards}'),
    N_('Round {n}'),
    N_('Rules'),
    N_('Rules of this table'),
    N_('Scores'),
    N_('Seat {n}'),
    N_('Seats'),
    N_('Show the whole log'),
    N_('Start player: {name}'),
    N_('Tables'),
    N_('Take back my last move'),
    N_('The game is over.'),
    N_('Time left for {name}: {n} s'),
    N_('Turn {n}: {name}'),
    N_('Variants'),
    N_('Voted: {names}'),
    N_('Waiting for {name}: {prompt}'),
    N_('Watch'),
    N_('What you saw'),
    N_('Winners: {teams}'),
    N_('You are watching.'),
    N_('You are {name}.'),
    N_('Your cards: {cards}'),
    N_('Your hand'),
    N_('Your loyalty: {team}'),
    N_('Your name'),
    N_('a bot: {name}'),
    N_('a friend (open seat)'),
    N_('connected'),
    N_('deciding: {name}'),
    N_('{n} hidden'),
    N_('line'),
    N_('open'),
    N_('player'),
    N_('reconnecting…'),
    N_('slot {n}'),
    N_('slot {n}: empty'),
    N_('slot {n}: face down'),
    N_('sunk'),
    N_('you'),
    N_('you saw it'),
    N_('{n} chests'),
)


def client_words(lang: str) -> dict:
    """``message -> translation`` for the client, in ``lang``."""
    words = translations(check_language(lang))
    return {m: words.gettext(m) for m in CLIENT_WORDS}
