"""Log events as data: every kind has named fields, and the narration reads the same names."""

import inspect

from helpers import sample_games

from tortuga_rules.games.tortuga1667.narration import EVENTS as SENTENCES
from tortuga_rules.games.tortuga1667.events import CATALOGUE, EVENTS
from tortuga_rules.model.events import RESERVED, event_data


def test_every_event_kind_has_a_sentence_with_the_same_field_names():
    """The narration's parameters are the catalogue's field names, kind by kind."""
    assert set(SENTENCES) | {"rule"} == set(EVENTS)
    for kind, fn in SENTENCES.items():
        assert tuple(inspect.signature(fn).parameters)[1:] == CATALOGUE.fields_of(kind), kind


def test_no_field_takes_a_name_the_event_data_uses_itself():
    """``kind``, ``clause``, ``private_to`` and ``step`` are never field names."""
    assert not {name for fields in EVENTS.values() for name, _ in fields} & RESERVED


def test_every_logged_event_is_named_by_the_catalogue():
    """Random games of several rulesets log only catalogued kinds, with named values only."""
    for _rules, states in sample_games():
        for s in states:
            for e in s.events:
                assert e[1] in EVENTS, e
                assert len(e) - 3 <= len(EVENTS[e[1]]), e
                assert "values" not in event_data(e, CATALOGUE)


def test_event_data_names_its_fields():
    """The treasure event says which spot holds how many chests, not a positional list."""
    e = ("setup.treasure", "treasure", -1, (4, 0, 0, 0, 0, 1, 1, 0))
    assert event_data(e, CATALOGUE) == {"kind": "treasure", "clause": "setup.treasure",
                             "chests": {"galleon": 4, "tortuga_british": 1,
                                        "tortuga_french": 1}}
    private = event_data(("action.view", "peek-cards", 2, 2, ((1, "pistol"),)), CATALOGUE)
    assert private["cards"] == [{"slot": 1, "card": "pistol"}] and private["private_to"] == 2


def test_an_unknown_event_keeps_its_values():
    """A log saved by another version with a kind unknown here keeps its values as a list."""
    assert event_data(("x", "comet", -1, 1, "a"), CATALOGUE) == {"kind": "comet", "clause": "x",
                                                       "values": [1, "a"]}
