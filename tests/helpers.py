"""Test helpers: build explicit positions, find vote cards by icon, play random games."""

from __future__ import annotations

import random
import textwrap

import attrs

from tortuga_rules import GameRecord, apply_action, legal_actions, load_ruleset, new_game
from tortuga_rules.data.sources import RulesText
from tortuga_rules.game.record import _declared
from tortuga_rules.model.actions import Action
from tortuga_rules.games.tortuga1667.components import ChestSpot, Place
from tortuga_rules.model.state import Decision

FD, JR, TORTUGA = Place.FLYING_DUTCHMAN, Place.JOLLY_ROGER, Place.TORTUGA
FD_BOAT, JR_BOAT = Place.FLYING_DUTCHMAN_BOAT, Place.JOLLY_ROGER_BOAT


def started(rules, players=5, seed=0):
    """A new game with the captains' setup choices made: the first turn waits."""
    s = new_game(rules, players, seed)
    while s.decision.kind != "action":
        s = apply_action(s, legal_actions(s)[0])
    return s


def vote_card(rules, top=None, middle=None, bottom=None, exclude=(), double=False):
    """The id of a vote card with these icons (single icons unless ``double``)."""
    for cid in sorted(rules.vote_cards):
        if cid in exclude:
            continue
        icons = rules.vote_cards[cid].icons
        ok = True
        for section, want in (("top", top), ("middle", middle), ("bottom", bottom)):
            if want is None:
                continue
            k = 2 if double else 1
            if icons[section] != ((want, k),):
                ok = False
        if ok:
            return cid
    raise LookupError((top, middle, bottom))


def position(rules, players=5, seed=0, *, lines=None, hands=None, deck_top=(), chests=None,
             row=None, event_deck=None, turn=0, loyalty=None, actions_left=None):
    """A position given explicitly; what is not given comes from a seeded setup.

    ``lines`` maps places to seat tuples; ``hands`` maps seats to vote card ids (other
    seats keep theirs unless they collide); ``deck_top`` are the first vote deck
    cards, the rest of the deck follows in a fixed order; ``chests`` maps ChestSpot to
    counts (others 0 if given).
    """
    s = started(rules, players, seed)
    changes = {}
    if lines is not None:
        full = [()] * len(Place)
        for place, seats in lines.items():
            full[place] = tuple(seats)
        changes["lines"] = tuple(full)
    if hands is not None or deck_top:
        new_hands = [tuple(h) for h in s.hands]
        fixed = set()
        if hands is not None:
            for seat, cards in hands.items():
                new_hands[seat] = tuple(cards)
                fixed |= set(cards)
        fixed |= set(deck_top)
        for seat in range(players):
            if hands is None or seat not in hands:
                new_hands[seat] = tuple(c for c in new_hands[seat] if c not in fixed)
        used = set(fixed) | {c for h in new_hands for c in h}
        rest = tuple(c for c in sorted(rules.vote_cards) if c not in used)
        changes["hands"] = tuple(new_hands)
        changes["vote_deck"] = tuple(deck_top) + rest
    if chests is not None:
        c = [0] * len(ChestSpot)
        for spot, k in chests.items():
            c[spot] = k
        changes["chests"] = tuple(c)
    if row is not None:
        changes["row"] = tuple(row)
        changes["seen"] = (0,) * players
    if event_deck is not None:
        changes["event_deck"] = tuple(event_deck)
    elif row is not None:  # the row's cards come out of the seeded deck
        *deck, last = s.event_deck  # the dealt row goes back above the Armada, which stays last
        deck += [c for c in s.row if c is not None] + [last]
        for card in row:
            if card in deck:
                deck.remove(card)
        changes["event_deck"] = tuple(deck)
    if loyalty is not None:
        changes["loyalty"] = tuple(loyalty)
    changes["turn"] = turn
    changes["actions_left"] = actions_left or rules.actions_per_turn(players)
    changes["decision"] = Decision(turn, "action", clause="turn.actions")
    return s._evolve(**changes)


def act(state, kind, **args):
    """Apply the turn action ``kind`` with ``args`` (in catalogue order)."""
    a = state.rules.action_def(kind)
    names = [p.name for p in a.params]
    return apply_action(state, Action(kind, tuple((n, args[n]) for n in names)))


def choose(state, value):
    """Answer the pending ``choose`` decision."""
    return apply_action(state, Action("choose", ((state.decision.name, value),)))


def vote(state, card=None):
    """The pending voter plays ``card`` (default: their only/first card)."""
    if card is None:
        card = sorted(state.hands[state.decision.seat])[0]
    return apply_action(state, Action("vote", (("card", card),)))


def kinds(state):
    """The kinds of the state's last-step events."""
    return [e[1] for e in state.events]


def load_problems(spec, **kw):
    """The problems ``load_ruleset(spec, **kw)`` reports, as text (it must fail)."""
    import pytest

    from tortuga_rules import DataError, load_ruleset

    with pytest.raises(DataError) as exc:
        load_ruleset(spec, **kw)
    return [str(p) for p in exc.value.problems]


def play_random(rules, players, seed, max_steps=10_000, on_state=None):
    """Play a random game; return the final state (calling ``on_state`` on each state)."""
    rnd = random.Random(seed)
    s = new_game(rules, players, seed)
    for _ in range(max_steps):
        if on_state:
            on_state(s)
        if s.is_terminal:
            return s
        la = legal_actions(s)
        s = apply_action(s, la[rnd.randrange(len(la))])
    raise AssertionError("the game did not end")


def revealing(state, card, rnd):
    """A random legal action, or one that reveals ``card`` if there is one (so that a
    game soon runs that card's program)."""
    la = legal_actions(state)
    for a in la:
        if a.kind == "reveal" and state.row[dict(a.args)["slot"] - 1] == card:
            return a
    return la[rnd.randrange(len(la))]


def state_fields(state, with_log=True) -> dict:
    """A state's fields for comparison (the log left out unless ``with_log``)."""
    f = state._plain()  # read in, if the native engine made it
    del f["rules"]
    if not with_log:
        f.pop("events")
    return f


#: Rulesets whose random games exercise every kind of decision and event.
SAMPLE_RULESETS = ("standard", "first-edition", "standard+madness", "open-loyalty:one-each",
                   "intermediate", "standard+crows-nest-another-player", "spanish-vote-mix")
_SAMPLES: list = []


def sample_games() -> list:
    """``(rules, states)`` of a few finished random games of each of :data:`SAMPLE_RULESETS`.

    Computed once per test session; each game's states run from setup to the end.
    """
    if not _SAMPLES:
        from tortuga_rules import load_ruleset
        for spec in SAMPLE_RULESETS:
            rules = load_ruleset(spec)
            for seed in range(4):
                n = rules.min_players + (seed * 3) % (rules.max_players - rules.min_players + 1)
                states: list = []
                play_random(rules, n, seed, on_state=states.append)
                _SAMPLES.append((rules, states))
    return _SAMPLES


def first_step(rules, players: int, found, seeds=range(200)):
    """The first step of a seeded random game for which ``found(before, after)`` holds and
    that no field declaration or private event marks as showing something: (a record of
    that step, its mover)."""
    for seed in seeds:
        rec, rnd = GameRecord.start(new_game(rules, players, seed)), random.Random(seed)
        while not rec.state.is_terminal:
            seat = rec.state.current_player
            rec = rec.play(rnd.choice(legal_actions(rec.state)), seat=seat)
            if found(*rec.states[-2:]) and _declared(*rec.states[-2:]) is None:
                return GameRecord(rec.states[-2:], rec.moves[-1:]), seat
    raise AssertionError("no such step")


def logs(kind: str):
    """Whether the step to ``after`` logged an event of ``kind`` (for :func:`first_step`)."""
    return lambda before, after: any(e[1] == kind for e in after.events)


def refusals(state, saved: str, paths: dict) -> dict:
    """The text of the RulesError each way of playing in ``paths`` (name -> a function of
    no arguments) raises, checking after each that ``state`` still saves as ``saved``."""
    import pytest

    from tortuga_rules.errors import RulesError
    errors = {}
    for path, play in paths.items():
        with pytest.raises(RulesError) as exc:
            play()
        errors[path] = str(exc.value)
        assert state.to_json() == saved, path
    return errors


def house_rules(tmp_path, card: str, effect: str, extra: str = ""):
    """A variant of standard whose card ``card`` has the effect ``effect``."""
    body = textwrap.indent(textwrap.dedent(effect).strip(), " " * 8)
    path = tmp_path / "house.yaml"
    path.write_text(f"id: house\nextends: standard\nname: House\ndescription: A test.\n"
                    f"changes:\n  cards:\n    {card}:\n      effect: |\n{body}\n{extra}",
                    encoding="utf-8")
    return load_ruleset(str(path))


def reveal_pistol(rules):
    """A position with the Pistol in row slot 1, and the state after revealing it."""
    s = position(rules, row=("pistol", None, None, None, None))
    return s, lambda: apply_action(s, Action("reveal", (("slot", 1),)))


def dice_house(tmp_path, program: str, name: str = "house.yaml", section: str = "play"):
    """The dice game with its ``section`` program (``play``, ``setup``) replaced by
    ``program`` (an overlay, as a house rule is), written to ``name``."""
    body = textwrap.indent(textwrap.dedent(program).strip(), " " * 4)
    path = tmp_path / name
    path.write_text(f"id: house\ngame: tortuga-dice\nextends: tortuga-dice\nname: House\n"
                    f"description: A test.\nchanges:\n  {section}: |\n{body}\n",
                    encoding="utf-8")
    return load_ruleset(str(path))


def replaced_word_file(tmp_path, monkeypatch):
    """A house file of standard whose Pistol calls ``reversed``, with ``reversed`` replaced
    for this test by a host's own function (so not tortuga_rules' word)."""
    table = load_ruleset("standard").vocabulary.functions
    monkeypatch.setitem(table, "reversed", attrs.evolve(table["reversed"],
                                                        fn=lambda m, seq: seq))
    house = tmp_path / "house.yaml"
    house.write_text("id: house\nextends: standard\nname: House\ndescription: A test.\n"
                     "changes:\n  cards:\n    pistol:\n      effect: |\n"
                     "        x = reversed(players())\n", encoding="utf-8")
    return house


#: A kit game's smallest rules (one choice, one effect), its ``play`` left to fill in.
TINY_KIT = """\
game: tortuga-dice
id: tiny
name: Tiny
description: A house rule's smallest kit game, to fail on purpose.
clauses: {}
players: {min: 2, max: 4}
components:
  counters: {n: 0}
  zones:
    bag: {seen: nobody, bag: true, tokens: {red: 2, blue: 2}}
    hand: {of: seat, seen: owner}
play: |
  %s
"""


def tiny_kit(play: str):
    """The tiny kit game (``tiny.yaml``) playing ``play``, loaded."""
    return load_ruleset(RulesText("tiny.yaml", TINY_KIT % play.replace("\n", "\n  ")))
