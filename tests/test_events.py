"""The event row, the deck, the Armada and the end of the game."""

from helpers import FD, JR, TORTUGA, act, choose, position, vote

from tortuga_rules import legal_actions
from tortuga_rules.games.tortuga1667.components import ChestSpot as C

TIED = {C.GALLEON: 4, C.FLYING_DUTCHMAN_BRITISH: 1, C.JOLLY_ROGER_FRENCH: 1,
        C.TORTUGA_BRITISH: 1, C.TORTUGA_FRENCH: 1}


def test_pistol_points_at_another_player_who_is_marooned(rules):
    """Pistol: the revealer chooses another player, who is marooned."""
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, row=("pistol",) * 5)
    s = act(s, "reveal", slot=1)
    assert s.decision.seat == 0 and 0 not in s.decision.options
    assert s.decision.clause == "card.pistol.target"
    s = choose(s, 2)
    assert s.lines[JR] == () and s.lines[TORTUGA] == (3, 2)


def test_black_spot_maroons_the_revealer(rules):
    """Black Spot: the revealer is marooned."""
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, row=("black-spot",) * 5)
    s = act(s, "reveal", slot=1)
    assert s.lines[FD] == (1,) and s.lines[TORTUGA] == (3, 0)
    assert s.discard[-1] == "black-spot"


def test_revealed_slot_is_refilled_from_the_deck_top(rules):
    """After a reveal the empty space gets the top card of the event deck."""
    s = position(rules, 4, row=("black-spot",) * 5, event_deck=("pistol", "pistol", "spanish-armada"))
    s = act(s, "reveal", slot=3)
    assert s.row[2] == "pistol" and s.event_deck == ("pistol", "spanish-armada")


def test_row_is_reshuffled_when_the_deck_runs_out(rules):
    """When the Armada enters the row the face-down row cards are shuffled and unknown."""
    s = position(rules, 4, row=("black-spot", "pistol", "pistol", "pistol", "pistol"),
                 event_deck=("spanish-armada",))
    s = act(s, "view", slots=(2, 3))
    s = act(s, "reveal", slot=1)
    assert s.event_deck == () and sorted(s.row) == sorted(["spanish-armada"] + ["pistol"] * 4)
    assert s.seen == (0,) * 4
    assert "row-reshuffle" in [e[1] for e in s.events]
    # From now on revealed cards are not replaced.
    slot = s.row.index("pistol") + 1
    s = act(s, "reveal", slot=slot)
    s = choose(s, s.decision.options[0])
    assert s.row[slot - 1] is None


def test_no_view_or_force_when_the_armada_is_the_only_face_down_card(rules):
    """docs/readings.md A5: with one face-down card left only Reveal (and non-event actions) remain."""
    s = position(rules, 4, row=(None, None, "spanish-armada", None, None), event_deck=())
    kinds = {a.kind for a in legal_actions(s)}
    assert "view" not in kinds and "force" not in kinds and "reveal" in kinds


def test_armada_ends_the_game_and_the_higher_team_wins(rules):
    """Revealing the Armada scores holds plus Tortuga areas; the higher total wins."""
    s = position(rules, 4, loyalty=("british", "french", "british", "french"),
                 row=("spanish-armada", None, None, None, None), event_deck=(),
                 chests={C.FLYING_DUTCHMAN_BRITISH: 2, C.JOLLY_ROGER_BRITISH: 1,
                         C.JOLLY_ROGER_FRENCH: 3, C.TORTUGA_FRENCH: 2})
    s = act(s, "reveal", slot=1)
    assert s.is_terminal and s.outcome.winners == ("french",)
    assert dict(s.outcome.chests) == {"british": 3, "french": 5}
    assert s.current_player is None and legal_actions(s) == ()


def test_armada_ends_the_game_mid_turn_in_a_two_player_game(rules):
    """In a 2-player game the second action of the turn is lost."""
    s = position(rules, 2, lines={FD: (0,), JR: (1,)}, row=("spanish-armada", None, None, None, None),
                 event_deck=())
    assert s.actions_left == 2
    s = act(s, "reveal", slot=1)
    assert s.is_terminal


def test_odd_player_tie_is_won_by_the_dutch(rules):
    """With an odd number of players a tie is a Dutch win."""
    s = position(rules, 3, row=("spanish-armada", None, None, None, None), event_deck=(),
                 chests=TIED)
    s = act(s, "reveal", slot=1)
    assert s.outcome.winners == ("dutch",) and s.outcome.reason == "end.tie.odd"


def test_even_player_tie_starts_the_tie_breaker(rules):
    """An even-count tie: Armada removed, discards and unrevealed cards make a new deck."""
    s = position(rules, 4, row=("spanish-armada", "pistol", None, None, None), event_deck=(),
                 chests=TIED)
    s = s._evolve(discard=("black-spot", "black-spot", "pistol"))
    s = act(s, "reveal", slot=1)
    assert not s.is_terminal and s.tiebreak == 1
    cards = sorted([c for c in s.row if c] + list(s.event_deck))
    assert cards == sorted(["black-spot", "black-spot", "pistol", "pistol"])
    assert "spanish-armada" not in s.discard and s.discard == ()


def test_tie_breaker_is_won_by_the_first_team_to_take_the_lead(rules):
    """During the tie-breaker the game ends as soon as one team leads."""
    from helpers import vote_card
    brit = vote_card(rules, middle="british")
    brit2 = vote_card(rules, middle="british", exclude=(brit,))
    s = position(rules, 4, lines={FD: (0,), JR: (1,), TORTUGA: (2, 3)},
                 row=("pistol",) * 5, event_deck=(), hands={2: (brit,), 3: ()},
                 deck_top=(brit2,), turn=2, chests=TIED)
    s = s._evolve(tiebreak=1)
    s = vote(act(s, "brawl"))
    assert s.is_terminal and s.outcome.winners == ("british",)
    assert s.outcome.reason == "end.tie-breaker.lead"


def test_tie_breaker_always_terminates(rules):
    """docs/readings.md A17: rebuilt when its cards run out, a shared draw after the set rounds."""
    from helpers import play_random
    reasons = set()
    for seed in range(60):
        s = play_random(rules, 4, seed)
        reasons.add(s.outcome.reason)
    assert "end.tie-breaker.draw" in reasons or "end.tie-breaker.lead" in reasons
