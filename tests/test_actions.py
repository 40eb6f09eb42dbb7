"""Turn actions, roles and marooning."""

import pytest

from helpers import FD, FD_BOAT, JR, JR_BOAT, TORTUGA, act, choose, position, started

from tortuga_rules import IllegalActionError, apply_action, legal_actions, roles_of, view
from tortuga_rules.model.actions import Action
from tortuga_rules.games.tortuga1667.components import ChestSpot as C
from tortuga_rules.games.tortuga1667.components import Role


def action_kinds(state):
    return {a.kind for a in legal_actions(state)}


def test_roles_follow_pawn_order(rules):
    """Captain = 1st on a ship, First Mate = 2nd, Cabin Boy = last, Governor = 1st on Tortuga."""
    s = position(rules, 6, lines={FD: (0, 1, 2), JR: (3,), TORTUGA: (4, 5)})
    assert roles_of(s, 0) == {Role.ANYONE, Role.CAPTAIN}
    assert roles_of(s, 1) == {Role.ANYONE, Role.FIRST_MATE}
    assert roles_of(s, 2) == {Role.ANYONE, Role.CABIN_BOY}
    assert roles_of(s, 3) == {Role.ANYONE, Role.CAPTAIN, Role.CABIN_BOY}
    assert roles_of(s, 4) == {Role.ANYONE, Role.GOVERNOR}
    assert roles_of(s, 5) == {Role.ANYONE}


def test_first_mate_can_also_be_cabin_boy(rules):
    """With two pawns aboard the second is First Mate and Cabin Boy at once."""
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, turn=1,
                 chests={C.GALLEON: 4, C.FLYING_DUTCHMAN_BRITISH: 2, C.TORTUGA_BRITISH: 1,
                         C.TORTUGA_FRENCH: 1})
    assert {"mutiny", "move_chest"} <= action_kinds(s)


def test_roles_are_recomputed_when_a_pawn_moves(rules):
    """When the Captain is marooned the First Mate becomes Captain."""
    s = position(rules, 4, lines={FD: (0, 1, 2), JR: (3,)}, turn=0)
    s = act(s, "row", to=FD_BOAT)
    assert s.lines[FD] == (1, 2) and roles_of(s, 1) >= {Role.CAPTAIN}


def test_captain_maroons_another_pawn_not_themself(rules):
    """The Captain's maroon targets other pawns of the same ship only."""
    s = position(rules, 5, lines={FD: (0, 1, 2), JR: (3,), TORTUGA: (4,)})
    targets = {a.arg("target") for a in legal_actions(s) if a.kind == "maroon"}
    assert targets == {1, 2}
    s = act(s, "maroon", target=1)
    assert s.lines[FD] == (0, 2) and s.lines[TORTUGA] == (4, 1)


def test_cabin_boy_moves_one_chest_between_own_holds(rules):
    """The Cabin Boy moves a chest from one hold of their ship to the other."""
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, turn=1,
                 chests={C.GALLEON: 4, C.FLYING_DUTCHMAN_BRITISH: 2, C.TORTUGA_BRITISH: 1,
                         C.TORTUGA_FRENCH: 1})
    moves = [a.arg("move") for a in legal_actions(s) if a.kind == "move_chest"]
    assert moves == [(C.FLYING_DUTCHMAN_BRITISH, C.FLYING_DUTCHMAN_FRENCH)]
    s = act(s, "move_chest", move=moves[0])
    assert s.chests[C.FLYING_DUTCHMAN_BRITISH] == 1 and s.chests[C.FLYING_DUTCHMAN_FRENCH] == 1


def test_governor_alone_may_brawl_and_captain_alone_may_attack(rules):
    """Attack and Brawl are allowed even alone."""
    s = position(rules, 3, lines={FD: (0,), JR: (1,), TORTUGA: (2,)})
    assert "attack" in action_kinds(s)
    s = position(rules, 3, lines={FD: (0,), JR: (1,), TORTUGA: (2,)}, turn=2)
    assert "brawl" in action_kinds(s)


def test_rowboat_moves_go_through_the_adjacent_rowboat(rules):
    """Ship -> its rowboat -> Tortuga or the ship; Tortuga reaches both rowboats."""
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)})
    assert {a.arg("to") for a in legal_actions(s) if a.kind == "row"} == {FD_BOAT}
    s = act(s, "row", to=FD_BOAT)
    assert s.lines[FD_BOAT] == (0,)
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), FD_BOAT: (3,)}, turn=3)
    assert {a.arg("to") for a in legal_actions(s) if a.kind == "row"} == {TORTUGA, FD}
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)}, turn=3)
    assert {a.arg("to") for a in legal_actions(s) if a.kind == "row"} == {FD_BOAT, JR_BOAT}


def test_an_occupied_rowboat_cannot_be_used(rules):
    """A rowboat holds 1 pawn; staying on it blocks it."""
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), FD_BOAT: (3,)}, turn=0)
    assert "row" not in action_kinds(s)


def test_a_full_ship_cannot_be_boarded(rules):
    """docs/readings.md A1: a move into a ship with 5 pawns is not offered."""
    s = position(rules, 7, lines={FD: (0, 1, 2, 3, 4), JR: (5,), FD_BOAT: (6,)}, turn=6)
    assert {a.arg("to") for a in legal_actions(s) if a.kind == "row"} == {TORTUGA}


def test_moving_takes_the_back_of_the_line(rules):
    """A pawn boarding a ship from a rowboat becomes its last pawn (Cabin Boy)."""
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), FD_BOAT: (3,)}, turn=3)
    s = act(s, "row", to=FD)
    assert s.lines[FD] == (0, 1, 3)


def test_boarding_an_empty_ship_makes_you_captain(rules):
    """A player who boards an empty ship is its Captain and Cabin Boy."""
    s = position(rules, 3, lines={FD: (), JR: (1,), TORTUGA: (2,), FD_BOAT: (0,)})
    s = act(s, "row", to=FD)
    assert roles_of(s, 0) == {Role.ANYONE, Role.CAPTAIN, Role.CABIN_BOY}


def test_marooned_from_a_ship_goes_to_the_back_of_tortuga(rules):
    """Marooning from a ship: back of Tortuga, no card lost."""
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)})
    hands = s.hands
    s = act(s, "maroon", target=1)
    assert s.lines[TORTUGA] == (3, 1) and s.hands == hands
    assert ("maroon.from-ship", "maroon") in [e[:2] for e in s.events]


def test_marooned_again_on_tortuga_loses_a_random_card_to_the_deck_bottom(rules):
    """Marooned while on Tortuga: back of the line and one random vote card under the deck."""
    s = position(rules, 4, lines={FD: (0,), JR: (1,), TORTUGA: (2, 3)}, row=("pistol",) * 5)
    s = act(s, "force", slots=(1, 2), target=1)
    s = choose(s, 1)           # seat 1 picks slot 1: a Pistol; seat 1 is the revealer
    s = choose(s, 2)           # the Pistol points at seat 2, already on Tortuga
    assert s.lines[TORTUGA] == (3, 2)
    assert len(s.hands[2]) == 2
    lost = [e for e in s.events if e[1] == "lost-card"][0]
    assert lost[2] == 2 and s.vote_deck[-1] == lost[4]
    public = [e for e in s.events if e[1] == "lose-card"][0]
    assert public[2] == -1 and len(public) == 4  # the public event does not name the card


def test_lone_pawn_on_tortuga_stays_but_still_loses_a_card(rules):
    """docs/readings.md A19: alone on Tortuga, the pawn stays and loses a card."""
    s = position(rules, 3, lines={FD: (0,), JR: (1,), TORTUGA: (2,)}, row=("black-spot",) * 5,
                 turn=2)
    s = act(s, "reveal", slot=3)
    assert s.lines[TORTUGA] == (2,) and len(s.hands[2]) == 2


def test_marooned_from_a_rowboat_loses_no_card(rules):
    """Marooning from a rowboat: to the back of Tortuga, no card loss."""
    s = position(rules, 4, lines={FD: (0,), JR: (1,), TORTUGA: (2,), FD_BOAT: (3,)},
                 row=("black-spot",) * 5, turn=3)
    s = act(s, "reveal", slot=1)
    assert s.lines[TORTUGA] == (2, 3) and len(s.hands[3]) == 3
    assert s.events[1][0] == "maroon.from-rowboat" or \
        "maroon.from-rowboat" in [e[0] for e in s.events]


def test_illegal_action_raises_and_leaves_the_state_untouched(rules):
    """An illegal action raises IllegalActionError with a reason; the input is unchanged."""
    s = position(rules, 5, lines={FD: (0, 1, 2), JR: (3,), TORTUGA: (4,)}, turn=4)
    before = s.to_json()
    with pytest.raises(IllegalActionError) as exc:
        apply_action(s, Action("attack"))
    assert "captain" in str(exc.value) and "role.captain" in str(exc.value)
    with pytest.raises(IllegalActionError, match="no action 'fly'"):
        apply_action(s, Action("fly"))
    with pytest.raises(IllegalActionError, match="not allowed"):
        apply_action(s, Action("reveal", (("slot", 9),)))
    with pytest.raises(ValueError):  # IllegalActionError is a ValueError
        apply_action(s, "reveal")
    assert s.to_json() == before


def test_two_player_game_has_two_actions_per_turn(rules):
    """With two players each turn is 2 actions."""
    s = started(rules, 2, 0)
    assert s.actions_left == 2
    seat = s.current_player
    s = act(s, "view", slots=(1, 2))
    assert s.current_player == seat and s.actions_left == 1
    s = act(s, "view", slots=(1, 2))
    assert s.current_player != seat and s.actions_left == 2


def test_turns_pass_clockwise_by_seat(rules):
    """Turn order follows seats, not pawns."""
    s = started(rules, 5, 3)
    first = s.current_player
    order = []
    for _ in range(5):
        s = act(s, "view", slots=(1, 2))
        order.append(s.current_player)
    assert order == [(first + i) % 5 for i in range(1, 6)]


def test_view_shows_two_cards_only_to_the_viewer(rules):
    """View 2: the viewer learns the cards, the others only which slots were viewed."""
    s = position(rules, 4, row=("pistol", "black-spot", "pistol", "pistol", "pistol"))
    s = act(s, "view", slots=(1, 2))
    mine = view(s, 0)["row"]
    assert mine[0]["card"] == "pistol" and mine[1]["card"] == "black-spot"
    assert "card" not in mine[2]
    theirs = view(s, 1)["row"]
    assert all("card" not in slot for slot in theirs)
    assert all(e.get("private_to") is None for e in view(s, 1)["events"])


def test_knowledge_of_a_slot_ends_when_its_card_is_revealed(rules):
    """A seen card stays known only while it stays where it was seen."""
    s = position(rules, 4, row=("pistol", "black-spot", "pistol", "pistol", "pistol"),
                 event_deck=("pistol", "spanish-armada"))
    s = act(s, "view", slots=(1, 2))
    assert s.seen[0] == 0b11
    s = act(s, "reveal", slot=2)  # seat 1 reveals the Black Spot in slot 2
    assert s.seen[0] == 0b01


def test_force_makes_the_forced_player_the_revealer(rules):
    """Force: the named player picks one of two cards blind and resolves it as revealer."""
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)},
                 row=("black-spot", "pistol", "pistol", "pistol", "pistol"))
    s = act(s, "force", slots=(1, 2), target=2)
    assert s.decision.seat == 2 and s.decision.options == (1, 2)
    assert s.decision.clause == "action.force.pick"
    s = choose(s, 1)
    assert s.lines[TORTUGA] == (3, 2)  # the forced player revealed the Black Spot
    assert s.row[1] == "pistol"        # the other card stays


def test_force_names_another_player_only(rules):
    """The forcing player cannot name themself."""
    s = started(rules, 4, 1)
    me = s.current_player
    assert all(a.arg("target") != me for a in legal_actions(s) if a.kind == "force")


def test_refusals_name_the_forbidding_clause_and_a_remedy(rules):
    """An illegal action says which clause forbids it and what would make it legal."""
    s = position(rules, 7, lines={FD: (0, 1, 2, 3, 4), JR: (5,), FD_BOAT: (6,)}, turn=6)
    with pytest.raises(IllegalActionError) as exc:
        act(s, "row", to=FD)
    assert exc.value.clause == "board.ship-capacity"
    assert "tortuga" in exc.value.remedy
    with pytest.raises(IllegalActionError) as exc:
        act(s, "attack")
    assert exc.value.clause == "role.captain" and "first pawn on a ship" in exc.value.remedy
    s = position(rules, 4, row=(None, None, "spanish-armada", None, None), event_deck=())
    with pytest.raises(IllegalActionError) as exc:
        apply_action(s, Action("view", (("slots", (3, 4)),)))
    assert exc.value.clause == "end.armada-last.no-view-force"
    s = position(rules, 4, lines={FD: (0, 1), JR: (2,), TORTUGA: (3,)})
    with pytest.raises(IllegalActionError) as exc:
        act(s, "row", to=JR_BOAT)
    assert exc.value.clause == "action.rowboat" and "flying_dutchman_boat" in exc.value.remedy


def test_a_refused_answer_to_a_secret_choice_lists_its_options_to_the_chooser_only():
    """Crow's Nest's search is secret: the remedy names the vote cards only to the chooser;
    to anyone else (or an unknown caller) it says only that it is the chooser's pick."""
    import random

    from tortuga_rules import load_ruleset, new_game

    rules = load_ruleset("standard")
    for seed in range(300):
        rnd = random.Random(seed)
        s = new_game(rules, 5, seed)
        while not s.is_terminal and not (s.decision.kind == "choose" and s.decision.name == "pick"):
            la = legal_actions(s)
            s = apply_action(s, la[rnd.randrange(len(la))])
        if not s.is_terminal:
            break
    d = s.decision
    wrong = Action("choose", (("pick", "no-such-card"),))
    remedies = {}
    for who in (None, d.seat):
        with pytest.raises(IllegalActionError) as exc:
            apply_action(s, wrong, seat=who)
        remedies[who] = exc.value.remedy
    assert not any(card in remedies[None] for card in d.options)
    assert all(card in remedies[d.seat] for card in d.options)
    with pytest.raises(IllegalActionError, match=f"it is not seat {(d.seat + 1) % 5}'s decision"):
        apply_action(s, wrong, seat=(d.seat + 1) % 5)


@pytest.mark.parametrize("value", [C.FLYING_DUTCHMAN_FRENCH, 2, True + 1, 2.0])
def test_a_value_of_another_kind_with_the_same_number_is_refused(rules, value):
    """Places, chest spots and seats are numbers underneath: 'row to' the chest spot, seat
    or float 2 compares equal to Tortuga (2) but is refused, and changes nothing."""
    s = position(rules, 5, lines={FD: (0, 1), JR: (2, 3), TORTUGA: (4,)}, turn=2)
    s = position(rules, 5, lines={FD: (0, 1), JR: (2,), JR_BOAT: (3,), TORTUGA: (4,)}, turn=3)
    legal = Action("row", (("to", TORTUGA),))
    assert legal in legal_actions(s)
    bad = Action("row", (("to", value),))
    assert bad == legal
    with pytest.raises(IllegalActionError, match="names a kind of thing"):
        apply_action(s, bad, seat=3)
    assert apply_action(s, legal, seat=3).lines[TORTUGA] == (4, 3)
