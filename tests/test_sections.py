"""Each section of a ruleset builds on its own, from a small document, with located problems."""

import textwrap

from tortuga_rules.games.tortuga1667.vocabulary import VOCABULARY
from tortuga_rules.games.tortuga1667 import cardrules as cards
from tortuga_rules.games.tortuga1667 import sections
from tortuga_rules.data import sections as common
from tortuga_rules.data.build import Build
from tortuga_rules.data.reader import Reader
from tortuga_rules.data.yamlsource import load_yaml
from tortuga_rules.games.tortuga1667.components import ChestSpot, Place, Role


def build(text: str) -> Build:
    """A Build over the YAML ``text`` (as file ``t.yaml``), with no clauses of its own."""
    data, smap = load_yaml(textwrap.dedent(text), "t.yaml")
    data.setdefault("clauses", {})
    return Build(Reader(), data, smap, vocabulary=VOCABULARY)


def test_players_section_refuses_min_above_max():
    """players: min 6, max 4 is a problem at the players key."""
    b = build("""\
        players: {min: 6, max: 4}
        """)
    assert common.players(b) == (6, 4)
    assert [str(p) for p in b.problems] == ["t.yaml:1:10: min 6 is more than max 4"]


def test_board_section_reads_capacity_and_adjacency():
    """Unlisted places have room for everyone; adjacency lists become places."""
    b = build("""\
        board:
          capacity: {flying_dutchman_boat: 1}
          adjacent: {tortuga: [flying_dutchman, jolly_roger]}
        """)
    board = sections.board(b)
    assert board.capacity[Place.FLYING_DUTCHMAN_BOAT] == 1 and board.capacity[Place.TORTUGA] == 99
    assert board.adjacent[Place.TORTUGA] == (Place.FLYING_DUTCHMAN, Place.JOLLY_ROGER)
    assert not b.problems


def test_turn_section_gives_actions_per_player_count():
    """A two-player turn can have two actions while every other count has one."""
    b = build("""\
        turn: {actions: {default: 1, by_players: {2: 2}}}
        """)
    assert sections.turn(b) == {"actions_default": 1, "actions_by_players": {2: 2}}


def test_loyalty_section_checks_rows_against_the_deck():
    """A row dealing the wrong number of cards, or more than the deck has, is located."""
    b = build("""\
        setup:
          loyalty:
            3: {british: 1, french: 1}
            4: {british: 3, french: 1}
        """)
    supply = {"british": ({"team": "british", "count": 2}, None),
              "french": ({"team": "french", "count": 2}, None)}
    table = sections.loyalty(b, {"loyalty": supply}, 3, 4)
    assert table[4] == (("british", 3), ("french", 1))
    assert [str(p) for p in b.problems] == [
        "t.yaml:3:8: the row for 3 players deals 2 cards",
        "t.yaml:4:18: 3 british cards needed, the loyalty deck has 2"]


def test_treasure_section_places_chests_and_counts_the_box():
    """Chests set out at the start may not exceed the box."""
    b = build("""\
        setup:
          chests: 2
          treasure: {galleon: 3}
        """)
    assert sections.treasure(b)[ChestSpot.GALLEON] == 3
    assert [str(p) for p in b.problems] == ["t.yaml:3:13: 3 chests placed, the box has 2"]


def test_actions_section_compiles_a_catalogue_entry():
    """An action's role, parameters (with where-filters) and what its options depend on."""
    b = build("""\
        actions:
          row:
            clause: action.row
            role: anyone
            text: "rows to {to}"
            params:
              to:
                values: rowboats()
                where: [{test: "has_room(to)", clause: action.row}]
            effect: move(actor, to)
        """)
    act, = sections.actions(b)
    assert act.id == "row" and act.role is Role.ANYONE and [p.name for p in act.params] == ["to"]
    assert set(act.depends) == {"line_sizes", "sunk"}
    assert not b.problems
    assert [cid for cid, _ in b.cited] == ["action.row", "action.row", "action.row"]


def test_actions_section_locates_dsl_mistakes():
    """A misspelt verb in an action's effect is reported at its line and column."""
    b = build("""\
        actions:
          row:
            clause: action.row
            role: anyone
            effect: moove(actor, tortuga)
        """)
    sections.actions(b)
    assert [str(p) for p in b.problems] == [
        "t.yaml:5:13: unknown verb 'moove' (did you mean move(seat, place)?)"]


def test_vote_cards_section_applies_the_ruleset_changes():
    """setup.vote_cards can exclude cards and change a card's top icon."""
    b = build("""\
        setup:
          vote_cards:
            exclude: [v02]
            top: {v01: water}
        """)
    deck = {"sections": {"top": ["cannon", "water"], "middle": ["x"], "bottom": ["y"]},
            "cards": [{"id": "v01", "top": "cannon", "middle": "x", "bottom": "y"},
                      {"id": "v02", "top": "water", "middle": "x", "bottom": "y"}]}
    vdata, vmap = load_yaml("x: 1", "cards/vote-deck.yaml")
    built, icons = cards.vote_cards(b, {"votes": (deck, vmap)})
    assert list(built) == ["v01"] and built["v01"].icons["top"] == (("water", 1),)
    assert icons["top"] == ("cannon", "water") and not b.problems
