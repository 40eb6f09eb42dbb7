"""The protocol's JSON Schemas: every view, decision, event, action and record validates."""

import json

from helpers import sample_games

from tortuga_rules import GameRecord, legal_actions, public_view, view
from tortuga_rules.data.schema import validator
from tortuga_rules.game.language import LANGUAGES
from tortuga_rules.game.schemas import render
from tortuga_rules.data.sources import package_dir


def _valid(name, data):
    errors = [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
              for e in validator(name).iter_errors(data)]
    assert not errors, (name, errors[:3], json.dumps(data)[:300])


def test_the_event_schema_file_is_generated_from_the_catalogue():
    """schema/event.schema.json is what tortuga_rules.game.schemas writes (regenerate it
    with python -m tortuga_rules.game.schemas)."""
    assert package_dir("schema").joinpath("event.schema.json").read_text("utf-8") == render()


def test_every_view_decision_event_and_action_of_random_games_validates():
    """Views of every seat, the referee and a spectator (in turn in each language, with
    their words), their decisions and events, and legal actions."""
    for _rules, states in sample_games():
        for s in states[::6]:
            for seat in [None, *range(s.players)]:
                v = view(s, seat, lang=LANGUAGES[(s.step + (seat or 0)) % len(LANGUAGES)])
                _valid("view", v)
                if v["decision"] is not None:
                    _valid("decision", v["decision"])
                for e in v["events"]:
                    _valid("event", e)
            _valid("view", public_view(s, lang=LANGUAGES[s.step % len(LANGUAGES)]))
            for a in legal_actions(s):
                _valid("action", a.to_data())


def test_a_game_record_and_its_history_validate():
    """A record's JSON matches record.schema.json; its log and history events event.schema."""
    from tortuga_rules import history
    _rules, states = sample_games()[1]
    rec = GameRecord.start(states[0])
    for _ in range(60):
        if rec.state.is_terminal:
            break
        rec = rec.play(legal_actions(rec.state)[0], seat=rec.state.current_player)
    data = json.loads(json.dumps(rec.to_data()))
    _valid("record", data)
    for step in data["log"]:
        for e in step:
            _valid("event", e)
    for e in history(rec, 1):
        _valid("event", e)
