"""The core is game-agnostic: the engine's generic suites, run over every registered game.

Each test here is parameterised over the games (Tortuga 1667, the dice game and No
Thanks!, a game written in data alone) or over tables of them: hidden information (views, options, refusals and bots depend only on what
a seat may know, with twins built from the declared hidden fields), JSON round trips of
every position, ``Rollout`` equal to ``apply_action``, game records replayed and undone,
seeded setups. The soak with the position checks runs over every bundled ruleset of both
games in ``tests/test_variant_soak.py``.
"""

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from twins import LEFT, REDRAWN, hidden_fields, shown_by_twins, twin

from tortuga_rules import (Action, GameRecord, GameState, Rollout,
                           UndoError, apply_action, determinize, history, legal_actions,
                           load_game, load_ruleset, new_game, public_view, undo, view)
from tortuga_rules.bots import Knowledge, bots_for, make_bot
from tortuga_rules.game.language import LANGUAGES
from tortuga_rules.game.legality import why_not
from tortuga_rules.model.games import game_ids, game_kind

#: A game written in data alone, registered by no package (docs/new-game.md).
NO_THANKS = str(Path(__file__).resolve().parent.parent / "docs" / "examples" / "no-thanks"
                / "no-thanks.yaml")
#: Tables of every game: (ruleset, players), the fewest and most players of each base.
TABLES = [("standard", 2), ("standard", 5), ("standard", 9), ("first-edition", 6),
          ("tortuga-dice", 3), ("tortuga-dice", 4), ("tortuga-dice+two-players", 2),
          ("tortuga-dice+long-game", 3), (NO_THANKS, 3), (NO_THANKS, 5)]
RULES = {name: load_ruleset(name) for name, _ in TABLES}


def _game_of(name: str) -> str:
    return RULES[name].game.id


def test_the_tables_cover_every_registered_game():
    """Every game of a package has tables in these suites, and so has a game of data alone."""
    assert {_game_of(name) for name, _ in TABLES} == set(game_ids(data=False)) | {"no-thanks"}


@st.composite
def positions(draw, tables=TABLES, max_steps=120):
    """A position of a random game of one of ``tables``, reached by random legal play."""
    name, players = draw(st.sampled_from(tables))
    state = new_game(RULES[name], players, draw(st.integers(0, 2**32 - 1)))
    rnd = random.Random(draw(st.integers(0, 2**32 - 1)))
    for _ in range(draw(st.integers(0, max_steps))):
        if state.is_terminal:
            break
        options = legal_actions(state)
        state = apply_action(state, options[rnd.randrange(len(options))])
    return state


def _random_game(name: str, players: int, seed: int):
    """Every position of a seeded random game, with the action taken from each."""
    state, rnd = new_game(RULES[name], players, seed), random.Random(seed)
    while not state.is_terminal:
        action = rnd.choice(legal_actions(state))
        yield state, action
        state = apply_action(state, action)
    yield state, None


# -- hidden information -----------------------------------------------------------------

@pytest.mark.parametrize("game", sorted(REDRAWN))
def test_every_declared_hidden_field_is_redrawn_by_the_twin_or_left_with_a_reason(game):
    """The twin of each game changes the fields its state class declares hidden (and only
    those), save the ones listed with a reason: a hidden field added to a game without a
    twin that changes it fails here."""
    declared = hidden_fields(game_kind(game).state)
    assert REDRAWN[game] | set(LEFT[game]) == declared
    assert not REDRAWN[game] & set(LEFT[game])
    changed: set = set()
    tables = [(n, p) for n, p in TABLES if _game_of(n) == game]
    for k, (name, players) in enumerate(tables):
        for i, (state, _) in enumerate(_random_game(name, players, k)):
            if i % 7 or state.is_terminal:
                continue
            other = twin(state, i % players, random.Random(i))
            for f in declared | {"lines", "chests", "tracks", "counters", "shown"}:
                if getattr(state, f, None) != getattr(other, f, None):
                    changed.add(f)
    assert changed <= REDRAWN[game], changed - REDRAWN[game]
    assert changed == REDRAWN[game], REDRAWN[game] - changed


def _probes(state, other, seat) -> list:
    """Actions to ask about: the seat's options in either twin, and a few foreign ones."""
    probes = [Action("choose", (("keep", ("board", "A")),)), Action("choose", (("act", True),)),
              Action("vote", (("card", "v01"),)), Action("reveal", (("slot", 2),))]
    for s in (state, other):
        if s.current_player == seat:
            probes += list(legal_actions(s))[:6]
    return probes


def _refusal(state, action, seat):
    """What ``seat`` is told when it tries ``action`` (None: it would be taken)."""
    if state.current_player == seat and action in legal_actions(state):
        return None
    return why_not(state, action, seat=seat)


@settings(max_examples=120, deadline=None)
@given(state=positions(), data=st.data())
def test_what_a_seat_is_given_ignores_what_it_may_not_know(state, data):
    """In twin states that differ only in what a seat may not know, the seat gets the same
    view (in every language, with its narrated events), the same options, prompts and
    refusals, and spectators the same public view - in every game."""
    seat = data.draw(st.integers(0, state.players - 1), label="seat")
    other = twin(state, seat, random.Random(data.draw(st.integers(0, 2**32))))
    lang = data.draw(st.sampled_from(LANGUAGES), label="lang")
    assert view(state, seat) == view(other, seat)
    assert view(state, seat, lang=lang) == view(other, seat, lang=lang)
    assert public_view(state, lang=lang) == public_view(other, lang=lang)
    if state.current_player == seat:
        assert [str(a) for a in legal_actions(state)] == [str(a) for a in legal_actions(other)]
    for action in _probes(state, other, seat):
        assert _refusal(state, action, seat) == _refusal(other, action, seat), str(action)


@settings(max_examples=30, deadline=None)
@given(state=positions(max_steps=80), data=st.data())
def test_every_bot_of_every_game_chooses_from_its_seats_knowledge_only(state, data):
    """Each bot a game offers picks a legal action, the same one again with its seed, and
    the same one in a position its seat cannot tell from the real one (a determinisation)."""
    if state.is_terminal:
        return
    seat = state.current_player
    other = determinize(state, seat, data.draw(st.integers(0, 2**32), label="world"))
    for name in sorted(bots_for(state.rules)):
        spec = "ismcts:iterations=6,depth=6" if name == "ismcts" else name
        pick = make_bot(spec, 3, state.rules).choose(Knowledge.of(state, seat))
        assert pick in legal_actions(state)
        assert make_bot(spec, 3, state.rules).choose(Knowledge.of(state, seat)) == pick
        assert make_bot(spec, 3, state.rules).choose(Knowledge.of(other, seat)) == pick


@pytest.mark.parametrize("name,players", TABLES)
def test_a_determinisation_keeps_every_view_of_its_seat(name, players):
    """determinize(state, seat) shows the seat exactly its view, and is a consistent
    position, for every game."""
    for i, (state, _) in enumerate(_random_game(name, players, 2)):
        if i % 9:
            continue
        seat = i % players
        world = determinize(state, seat, i)
        assert view(world, seat) == view(state, seat)
        assert not state.rules.game.problems(world, False) or not state.rules.game.settled(state)


@pytest.mark.parametrize("name,players", TABLES)
def test_the_legal_action_memos_stay_within_their_budget_and_answer_alike(name, players):
    """A process that plays for weeks holds a bounded amount of remembered answers: with a
    small budget the memos are emptied whenever it is spent, and every answer is the same
    as a fresh computation's."""
    from tortuga_rules.game import legality
    old = legality.set_memo_budget(300)
    try:
        legality.forget()
        for i, (state, _) in enumerate(_random_game(name, players, 5)):
            remembered = legal_actions(state)
            assert legality.memo_items() <= 300
            if i % 5 == 0:
                legality.forget()
                assert legal_actions(state._evolve()) == remembered  # computed afresh
    finally:
        legality.set_memo_budget(old)
        legality.forget()


def _undone(record, seat) -> str:
    """What ``undo`` answers ``seat``: "undone", or its refusal's reason."""
    try:
        undo(record, seat)
    except UndoError as exc:
        return str(exc)
    return "undone"


@pytest.mark.parametrize("name,players", TABLES)
def test_undo_answers_alike_in_positions_its_seat_cannot_tell_apart(name, players):
    """Whether a step can be taken back, and why not, is told from public facts only: the
    same move from the real position and from a world drawn for its seat, leaving the seat
    the same view, is undone (or refused, for the same reason) alike - a refill that happens
    to deal the card just revealed does not change the reason."""
    for seed in range(3):
        for i, (state, action) in enumerate(_random_game(name, players, seed)):
            if action is None or i % 2:
                continue
            seat = state.current_player
            world = determinize(state, seat, i)
            real, other = (GameRecord.start(s).play(action, seat=seat) for s in (state, world))
            if view(real.state, seat) == view(other.state, seat):
                assert _undone(real, seat) == _undone(other, seat), (seed, i)


@pytest.mark.parametrize("name,players", TABLES)
def test_no_step_that_showed_a_seat_something_is_taken_back(name, players):
    """Non-interference for undo, whatever the kind of reveal: a step after which some
    seat's view would differ had the facts hidden from it been otherwise (a card shown and
    put back, a screen lifted, a draw, a look) is never taken back; a step that showed
    nobody anything is, exactly."""
    shown = 0
    for seed in range(2):
        states = list(_random_game(name, players, seed))
        for (state, action), (after, _) in zip(states, states[1:]):
            mover = state.current_player
            record = GameRecord((state, after), ((mover, action),))
            if shown_by_twins(state, action, after):
                shown += 1
                with pytest.raises(UndoError, match="cannot be taken back"):
                    undo(record, mover)
    assert shown


@pytest.mark.parametrize("name,players", TABLES)
def test_a_determinisation_reads_only_what_its_seat_knows(name, players):
    """From two positions a seat cannot tell apart (the real one and a world drawn for it),
    the same seed draws the same world: where the first edition's Armada really lies (in the
    deck's last five, or drawn into a hidden row slot) does not show through."""
    for seed in range(4):
        for i, (state, _) in enumerate(_random_game(name, players, seed)):
            if state.is_terminal or i % 3:
                continue
            seat = state.current_player
            world = determinize(state, seat, i)
            assert determinize(world, seat, i + 1) == determinize(state, seat, i + 1), i


# -- the same game, however it is kept or played ------------------------------------------

@pytest.mark.parametrize("name,players", TABLES)
def test_every_position_survives_json_and_a_save(name, players):
    """Each position of a random game is equal to itself read back from JSON, and a saved
    game loads (with its schema and checks) as the same state."""
    for i, (state, _) in enumerate(_random_game(name, players, 1)):
        text = state.to_json()
        assert GameState.from_json(text, RULES[name]) == state
        if i % 10 == 0 and state.rules.game.settled(state) and name != NO_THANKS:
            assert load_game(text) == state  # (a save names a bundled ruleset to load it by)


@pytest.mark.parametrize("name,players", TABLES)
def test_a_rollout_plays_the_game_apply_action_plays(name, players):
    """Rollout, played in place with its log, reaches the states apply_action reaches."""
    game = None
    for state, action in _random_game(name, players, 4):
        if game is None:
            game = Rollout(state, record=True)
        assert game.state() == state
        if action is not None:
            game.apply(action)


@pytest.mark.parametrize("name,players", TABLES)
def test_the_same_seed_deals_the_same_game_and_another_seed_another(name, players):
    """new_game is a function of ruleset, players and seed."""
    rules = RULES[name]
    assert new_game(rules, players, 7) == new_game(rules, players, 7)
    assert new_game(rules, players, 7) != new_game(rules, players, 8)


@pytest.mark.parametrize("name,players", TABLES)
def test_a_record_replays_from_json_and_shows_each_seat_its_views(name, players):
    """A game record read back from JSON plays the same game; a seat's history is what its
    views showed, step by step."""
    record = GameRecord.start(new_game(RULES[name], players, 6))
    rnd = random.Random(6)
    while not record.state.is_terminal and len(record.moves) < 150:
        record = record.play(rnd.choice(legal_actions(record.state)),
                             seat=record.state.current_player)
    again = GameRecord.from_data(json.loads(json.dumps(record.to_data())), RULES[name])
    assert again.states == record.states
    for seat in range(players):
        shown = [e for s in record.states for e in view(s, seat)["events"]]
        assert [{k: v for k, v in e.items() if k != "step"} for e in history(record, seat)] \
            == shown


@pytest.mark.parametrize("name,players", TABLES)
def test_undo_restores_the_state_before_or_says_why_not(name, players):
    """Taking back the last decision gives exactly the state before it, unless a step since
    showed something hidden (then an UndoError says what, in public terms)."""
    record = GameRecord.start(new_game(RULES[name], players, 9))
    rnd = random.Random(9)
    undone = refused = 0
    while not record.state.is_terminal and len(record.moves) < 200:
        seat = record.state.current_player
        before = record
        record = record.play(rnd.choice(legal_actions(record.state)), seat=seat)
        try:
            back = undo(record, seat)
        except UndoError as exc:
            assert str(exc)
            refused += 1
            continue
        assert back.state == before.state
        undone += 1
    assert undone and refused
