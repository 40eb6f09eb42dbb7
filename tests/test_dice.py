"""The Tortuga dice game: whole games, hidden information, and the rulebook's rulings.

The rulings are checked by running the dice ruleset's own programs (its effects, written in
YAML) from positions set up here, so what is tested is the data, not a Python copy of it.
"""

import random

import pytest
from helpers import first_step
from twins import twin

from tortuga_rules import (GameState, determinize, Rollout, apply_action, legal_actions, load_ruleset,
                           UndoError, new_game, public_view, undo, view)
from tortuga_rules.dsl.machine import Machine
from tortuga_rules.game.invariants import problems
from tortuga_rules.game.transition import check_legal, start
from tortuga_rules.game.kit.words import KitNarrator
from tortuga_rules.game.language import LANGUAGES
from tortuga_rules.model.actions import Action
from tortuga_rules.model.fields import Seen, seen_by, state_fields

DICE = load_ruleset("tortuga-dice")
TWO = load_ruleset("tortuga-dice+two-players")
LONG = load_ruleset("tortuga-dice+long-game")
TABLES = [(DICE, 3), (DICE, 4), (TWO, 2), (LONG, 3), (load_ruleset("tortuga-dice+two-players+long-game"), 2)]


def random_game(rules, players, seed):
    """Every state of a game between random players."""
    rnd = random.Random(seed)
    state = new_game(rules, players, seed)
    yield state
    while not state.is_terminal:
        state = apply_action(state, rnd.choice(legal_actions(state)))
        yield state


@pytest.mark.parametrize("rules,players", TABLES, ids=lambda x: getattr(x, "id", x))
def test_dice_games_end_with_scores_and_every_position_is_consistent(rules, players):
    """Random games of every bundled dice ruleset end with one score per seat, the best
    winning; every position passes the checks and survives a JSON round trip."""
    for seed in range(3):
        for i, state in enumerate(random_game(rules, players, seed)):
            assert not problems(state), problems(state)
            if i % 5 == 0:
                assert GameState.from_json(state.to_json(), rules) == state
        o = state.outcome
        assert len(o.scores) == players and o.winners
        assert all(o.scores[w] == max(o.scores) for w in o.winners)


def test_rollout_plays_a_dice_game_as_apply_action_does():
    """Rollout gives the same states as apply_action, step by step."""
    rnd = random.Random(5)
    state = new_game(DICE, 3, 5)
    game = Rollout(state)
    while not state.is_terminal:
        action = rnd.choice(legal_actions(state))
        state = apply_action(state, action, record=False)
        game.apply(action)
        assert game.state() == state


def test_the_python_loop_of_the_readme_plays_the_dice_game():
    """load_ruleset, new_game, legal_actions, apply_action, view and outcome, unchanged."""
    rules = load_ruleset("tortuga-dice")
    state = new_game(rules, players=3, seed=1)
    while not state.is_terminal:
        state = apply_action(state, legal_actions(state)[0])
        view(state, 0)
    assert state.outcome.reason == "dice.score.winner"
    assert view(state, 1)["outcome"]["scores"] == list(state.outcome.scores)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_event_a_dice_game_logs_has_a_sentence_in_every_language(lang):
    """The kit's narrator words every logged kind (bare rule citations aside), and the dice
    game's names come from its rules file in that language."""
    words = KitNarrator(DICE, lang)
    kinds = {}
    for rules, players in TABLES[:3]:
        for state in random_game(rules, players, 4):
            for e in state.events:
                kinds.setdefault(e[1], e)
    for kind, e in kinds.items():
        assert hasattr(words, "_" + kind.replace("-", "_")), kind
        text = words.sentence(e)
        assert text or kind == "rule", kind
    assert words.word("sides", "raid") == {"en": "Raid", "es": "INCURSIÓN", "de": "Überfall",
                                           "ko": "습격", "it": "Incursione"}[lang]


# -- hidden information --------------------------------------------------------------------

@pytest.mark.parametrize("rules,players", TABLES[:3], ids=lambda x: getattr(x, "id", x))
def test_dice_views_ignore_every_fact_hidden_from_the_seat(rules, players):
    """view(state, s) in every language, the spectators' view and s's legal actions are the
    same when only facts hidden from s differ (the twin is made from the declarations)."""
    rnd = random.Random(7)
    for state in random_game(rules, players, 11):
        seat = rnd.randrange(players)
        other = twin(state, seat, random.Random(rnd.random()))
        lang = rnd.choice(LANGUAGES)
        assert view(state, seat, lang) == view(other, seat, lang)
        assert public_view(state) == public_view(other)
        if state.current_player == seat:
            assert legal_actions(state) == legal_actions(other)


def test_a_secret_choice_is_asked_of_every_rolling_seat_even_with_one_option_or_none():
    """Nobody learns before the reveal how many sets another seat could keep: every rolling
    seat is asked, in order, whatever its dice (a roll with nothing to place is asked as
    '-')."""
    for state in random_game(DICE, 4, 3):
        d = state.decision
        if d is not None and d.name == "keep":
            assert len(d.options) >= 1
        assert not any(e[1] == "auto-choice" and e[0] == "dice.roll.choose"
                       for e in state.events)


def test_rolls_and_kept_dice_reach_only_their_seat_before_the_reveal():
    """A roll behind the screen is logged to its seat alone (the others hear a count), and
    the dice kept are told to everyone only when the screens lift together."""
    for state in random_game(DICE, 3, 2):
        for e in state.events:
            if e[1] == "rolled" and not e[5]:  # behind the screen
                assert (e[2] == -1) == isinstance(e[4], int)
            if e[1] == "choice" and e[4] == "keep":
                assert e[2] == e[3]


@pytest.mark.parametrize("rules,players", TABLES, ids=lambda x: getattr(x, "id", x))
def test_a_step_that_brings_dice_out_from_behind_a_screen_cannot_be_taken_back(rules, players):
    """After the kept sides are revealed, placing them brings the seats' dice out from
    behind their screens: which dice another seat kept and their pips were hidden, no field
    declares it, yet the step showed them, so undo is refused (played again in worlds the
    seats cannot tell from the real one, their views differ)."""
    kit = rules.tables["kit"]

    def unscreened(before, after):  # another seat's dice came out from behind its screen
        return any(len(after.zones[z]) < len(before.zones[z])
                   for z in (kit.slot("screen", s, players) for s in range(players)
                             if s != before.current_player))

    rec, seat = first_step(rules, players, unscreened)
    with pytest.raises(UndoError, match="step 1 cannot be taken back: it showed something "
                                        "hidden"):
        undo(rec, seat)


# -- positions and the ruleset's own effects ---------------------------------------------

def position(rules, players, *, tracks=None, zones=None, start=0, seed=1):
    """A state of ``rules`` between two steps, nothing under way: ``tracks`` maps ``(seat,
    track)`` to a space, ``zones`` ``(seat or None, zone)`` to its tokens."""
    kit = rules.tables["kit"]
    state = new_game(rules, players, seed)
    rows = [list(r) for r in state.tracks]
    for (seat, name), space in (tracks or {}).items():
        rows[seat][kit.track(name)] = space
    zs = list(state.zones)
    for (seat, name), tokens in (zones or {}).items():
        zs[kit.slot(name, seat, players)] = tuple(tokens)
    counters = list(state.counters)
    counters[kit.counter("start")] = start
    return state._evolve(tracks=tuple(tuple(r) for r in rows), zones=tuple(zs),
                         counters=tuple(counters), decision=None, frames=(), events=())


def run_effect(state, name, *args, rigged=()):
    """The state after the ruleset's effect ``name`` runs from ``state`` with ``args``
    (stopping at its first decision, if it asks one). Run alone, an effect may end with no
    decision pending: the rest of the game is not there, so the run is not held to
    settle."""
    rules = state.rules
    f = state._plain()
    f.update(frames=(), decision=None, rigged=tuple(rigged))
    m = Machine(rules, f, [])
    env = dict(rules.tables["kit"].lists)
    env.update(zip(rules.tables["effects"][name], args))
    m.push(rules.programs[f"effect:{name}"], env)
    m.run(settle=False)
    return m.freeze()


def answer(state, value):
    """The state after the pending choice of an effect run alone (:func:`run_effect`) is
    answered ``value``, the effect going on to its next decision or its end."""
    action = Action("choose", ((state.decision.name, value),))
    check_legal(state, action)
    m = Machine.for_step(state)
    start(m, state.decision, action)
    m.run(settle=False)
    return m.freeze()


def zone(state, seat, name):
    return state.zones[state.rules.tables["kit"].slot(name, seat, state.players)]


def space(state, seat, name):
    return state.tracks[seat][state.rules.tables["kit"].track(name)]


def test_ani_scores_42_points_as_the_rulebook_counts_them():
    """E12 (L437-454): 6 chests in Tortuga (none purple) 18, a purple in the fleet 4, two in
    the crew 2, two sets 6 (the second with a white in Tortuga standing in for blue), the
    tracks 8 and 4 coins: 42 (docs/readings.md D14)."""
    state = position(DICE, 3, tracks={(0, "fleet"): 4, (0, "crew"): 4}, zones={
        (0, "tortuga"): ("red", "yellow", "blue", "yellow", "white", "blue"),
        (0, "fleet"): ("purple",), (0, "crew"): ("red", "white"),
        (0, "coins"): ("coins-2", "coins-1", "coins-1")})
    after = run_effect(state, "score")
    assert after.outcome.scores[0] == 42


def test_a_tie_goes_to_the_start_player_then_clockwise_from_them():
    """E7 (L249-252): Lothar and Frank tie at 9; neither is the start player; the one seated
    nearer the start player's left is 1st."""
    m = Machine.for_query(new_game(DICE, 4, 1), {})
    ranked = DICE.vocabulary.functions["ranked"].fn
    assert ranked(m, (1, 3), (0, 9, 0, 9), 2) == (3, 1)   # start 2: seat 3 is nearer
    assert ranked(m, (1, 3), (0, 9, 0, 9), 0) == (1, 3)
    assert ranked(m, (0, 2), (9, 0, 9, 0), 2) == (2, 0)   # the start player wins its tie


def test_the_keep_options_respect_the_board_and_raid_limits_and_skulls_are_wild():
    """dice.place.limit_board_raid: a ship on space 1 takes 1 die on Board; skulls join any
    set (way B) or form sets of their own (way A)."""
    m = Machine.for_query(new_game(DICE, 3, 1), {})
    of_a_kind = DICE.vocabulary.functions["of_a_kind"].fn
    kit = DICE.tables["kit"]
    dice = (("A", kit.face_of("A", "board")), ("B", kit.face_of("B", "board")),
            ("C", kit.face_of("C", "skull")))
    room = (("expand", 5), ("recruit", 5), ("search", 5), ("board", 1), ("raid", 1))
    options = set(of_a_kind(m, dice, room))
    assert options == {("board", "A"), ("board", "B"), ("skull", "C")}
    room = (("expand", 5), ("recruit", 5), ("search", 5), ("board", 3), ("raid", 1))
    assert ("board", "ABC") in of_a_kind(m, dice, room)


def test_boarding_a_defended_fleet_moves_both_ships_back():
    """E9 (L303): Lothar boards Ani, who has a die on Board: he takes her purple chest onto
    his island and both ships move one space left."""
    kit = DICE.tables["kit"]
    state = position(DICE, 3, tracks={(0, "fleet"): 5, (1, "fleet"): 4},
                     zones={(0, "fleet"): ("red", "purple"),
                            (0, "actions"): (("A", kit.face_of("A", "board")),)})
    state = run_effect(state, "board-first", 1)
    state = answer(state, 0)          # the victim: Ani (seat 0)
    state = answer(state, "purple")   # the chest
    assert "purple" in zone(state, 1, "island") and zone(state, 0, "fleet") == ("red",)
    assert space(state, 0, "fleet") == 4 and space(state, 1, "fleet") == 3


def test_a_crew_that_can_carry_less_sends_its_rightmost_chests_to_the_central_island():
    """E10 (L389-391) and dice.central.one_per_colour: Frank's pirate goes back to space 1,
    his crew keeps one chest, the white one on the right goes to the central island; a
    colour already there goes back into the bag."""
    state = position(DICE, 3, tracks={(2, "crew"): 1},
                     zones={(2, "crew"): ("red", "white"), (None, "central"): ()})
    after = run_effect(state, "overflow", 2, "crew")
    assert zone(after, 2, "crew") == ("red",) and zone(after, None, "central") == ("white",)
    state = position(DICE, 3, tracks={(2, "crew"): 1},
                     zones={(2, "crew"): ("red", "white"), (None, "central"): ("white",)})
    bag = len(zone(state, None, "bag"))
    after = run_effect(state, "overflow", 2, "crew")
    assert zone(after, None, "central") == ("white",) and len(zone(after, None, "bag")) == bag + 1


def test_two_players_never_use_the_central_island():
    """dice.2p.no_central (L488): a chest that would go to the central island goes back into
    the bag."""
    state = position(TWO, 2, tracks={(1, "crew"): 1},
                     zones={(1, "crew"): ("red", "white"), (None, "central"): ()})
    after = run_effect(state, "overflow", 1, "crew")
    assert zone(after, None, "central") == ()


def test_a_roll_nothing_of_which_can_be_placed_is_rolled_again_in_the_open():
    """dice.roll.blocked, E3 (L175-178), docs/readings.md D7: two dice showing Board with
    no room on Board are shown and rolled again until a set can be placed."""
    kit = DICE.tables["kit"]
    state = position(DICE, 3, zones={(0, "screen"): (("D", kit.face_of("D", "board")),
                                                     ("E", kit.face_of("E", "board")))})
    room = (("expand", 3), ("recruit", 5), ("search", 5), ("board", 0), ("raid", 0))
    after = run_effect(state, "blocked", 0, room,
                       rigged=[("roll:D", "raid"), ("roll:E", "board"),
                               ("roll:D", "expand"), ("roll:E", "raid")])
    opened = [e for e in after.events if e[1] == "rolled"]
    assert len(opened) == 2 and all(e[2] == -1 and e[5] for e in opened)  # open rolls
    # the one set that can be placed is taken at once: D on Expand Fleet, E back to roll
    assert zone(after, 0, "actions") == (("D", kit.face_of("D", "expand")),)
    assert [d[0] for d in zone(after, 0, "cup")] == ["E"]


def test_the_longer_game_ends_on_eight_chests_and_the_two_player_game_on_six():
    """dice.variant.long (L460) is an overlay: data only."""
    assert LONG.tables["kit"].lists["goal"] == (8,)
    assert TWO.tables["kit"].lists["goal"] == (6,) and TWO.max_players == 2


# -- bots and the lab ----------------------------------------------------------------------

def test_the_dice_game_brings_its_own_heuristic_bot_and_searches_with_the_generic_one():
    """make_bot with the dice rules gives the dice game's heuristic, and the generic
    ISMCTS (through the game's returns and determinisations); 1667's heuristic is 1667's."""
    from tortuga_rules.bots import bots_for, make_bot
    from tortuga_rules.games.tortuga1667.bot import HeuristicBot
    from tortuga_rules.games.tortuga_dice.bot import DiceHeuristicBot
    assert isinstance(make_bot("heuristic", 1, DICE), DiceHeuristicBot)
    assert isinstance(make_bot("heuristic", 1, load_ruleset("standard")), HeuristicBot)
    assert set(bots_for(DICE)) == {"heuristic", "random", "ismcts"}


def _positions(rules, players, seed, every=1):
    """Positions of a seeded random dice game, every ``every`` steps."""
    state, rnd, k = new_game(rules, players, seed), random.Random(seed), 0
    while not state.is_terminal:
        if k % every == 0:
            yield state
        state = apply_action(state, rnd.choice(legal_actions(state)))
        k += 1


@pytest.mark.parametrize("rules,players", TABLES, ids=lambda x: getattr(x, "id", x))
def test_a_determinisation_keeps_the_seats_view_and_plays_on_to_the_end(rules, players):
    """determinize redraws only what the seat cannot see: its view is unchanged, the
    position is consistent (every token once, dice where they were) and plays on to an end."""
    from tortuga_rules.game.rollout import Rollout
    for k, state in enumerate(_positions(rules, players, 3, every=3)):
        seat = k % players
        world = determinize(state, seat, random.Random(k))
        assert view(world, seat) == view(state, seat)
        assert not rules.game.problems(world, False)
        game, rnd = Rollout(world), random.Random(k)
        while not game.is_terminal:
            game.apply(rnd.choice(game.legal_actions()))


def test_a_determinisation_depends_only_on_what_the_seat_knows():
    """Two positions the seat cannot tell apart (the real one and one of its
    determinisations) give the same determinisation for the same seed: rolls behind
    other screens and other seats' unrevealed picks are drawn again, not copied."""
    for k, state in enumerate(_positions(DICE, 3, 4)):
        seat = state.current_player
        other = determinize(state, seat, random.Random(k + 10_000))
        assert determinize(other, seat, random.Random(k)) == determinize(state, seat,
                                                                         random.Random(k))


def test_others_picks_behind_the_screens_are_redrawn_from_what_they_could_choose():
    """While seats pick in secret, a determinisation gives each other seat that has picked
    a pick its redrawn dice allow, and never the real one by copying the hidden field."""
    seen_other = False
    for k, state in enumerate(_positions(DICE, 3, 5)):
        d = state.decision
        if d is None or d.name != "keep":
            continue
        world = determinize(state, d.seat, random.Random(k))
        kit = DICE.tables["kit"]
        for s, h in enumerate(world.held):
            assert (h is None) == (state.held[s] is None)  # who has picked is public
            if s == d.seat or h is None or h[0] is None:
                continue
            side, letters = h[0]
            screen = {die[0]: kit.side(die) for die in world.zones[kit.slot("screen", s, 3)]}
            assert all(screen[x] in (side, kit.wild) for x in letters)
            seen_other |= h != state.held[s]
    assert seen_other


def test_search_plays_a_dice_game_by_its_rules():
    """The generic ISMCTS bot plays a whole dice game, choosing legal actions."""
    from tortuga_rules.bots import Knowledge, make_bot
    state = new_game(DICE, 3, 2)
    bots = [make_bot("ismcts:iterations=8,depth=20", s, DICE) for s in range(3)]
    while not state.is_terminal:
        knowledge = Knowledge.of(state, state.current_player)
        action = bots[state.current_player].choose(knowledge)
        assert action in legal_actions(state)
        state = apply_action(state, action)
    assert state.outcome.scores


def test_a_dice_tournament_and_simulation_report_each_seat():
    """The lab plays dice tables with per-seat results: each seat is a side ('seat 1' starts
    the game), the winners are seats, and the heuristic bot beats random play."""
    from tortuga_rules.lab.games import Table, play_game
    from tortuga_rules.lab.tournament import Tournament, tables
    result = play_game(Table("tortuga-dice", (), (), 3, 4, ("heuristic",) * 3))
    assert result.loyalty == ("seat 1", "seat 2", "seat 3") and result.reason
    assert set(result.winners) <= set(result.loyalty) and result.turns >= 1
    kinds = ("random", "heuristic")
    games = tables(kinds, games=12, players=3, seed=3, ruleset="tortuga-dice")
    report = Tournament.from_results(kinds, [(t, play_game(t)) for t in games], 3)
    rates = report.to_data()["win_rates"]
    assert rates["heuristic"]["rate"] > rates["random"]["rate"]


def _blocked_offers(rules, seeds=range(40)):
    """The options of every re-roll after a blocked roll in random 4-player games."""
    for seed in seeds:
        state, rnd = new_game(rules, 4, seed), random.Random(seed)
        while not state.is_terminal:
            d = state.decision
            if d.clause == "dice.roll.blocked" and d.name == "keep":
                yield d.options
            state = apply_action(state, rnd.choice(legal_actions(state)))


def test_after_a_blocked_roll_a_set_is_placed_or_with_the_option_exactly_one_die():
    """By default a player whose roll could place nothing re-rolls in the open and places
    dice of one action by the normal rule (several at once, when they match); option
    blocked_reroll=one plays the example's reading, exactly one die (docs/readings.md D7)."""
    by_rule = list(_blocked_offers(DICE))
    assert by_rule and any(len(letters) > 1 for o in by_rule for _side, letters in o)
    one = list(_blocked_offers(load_ruleset("tortuga-dice", options={"blocked_reroll": "one"})))
    assert one and all(len(letters) == 1 for o in one for _side, letters in o)


def test_treasure_options_that_do_not_make_30_tokens_are_refused_where_the_zone_is():
    """The treasure zone declares its 30 tokens (size); a split of the 2- and 3-coin tokens
    that does not leave 30 is a located error, not a different game."""
    from tortuga_rules.errors import DataError
    with pytest.raises(DataError, match=r"tortuga-dice.yaml:\d+:\d+: zone treasure must start "
                                        r"with 30 tokens .* make 43"):
        load_ruleset("tortuga-dice", options={"two_coin_tokens": 13, "three_coin_tokens": 13})
    assert load_ruleset("tortuga-dice", options={"two_coin_tokens": 10, "three_coin_tokens": 3})
