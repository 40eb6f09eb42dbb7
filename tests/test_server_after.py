"""The end and after, on the server: a rematch with the same seats, and replays of a
finished game step by step, as one seat saw it or with everything turned up."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("httpx")
from serving import served  # noqa: E402

from tortuga_rules import legal_actions, view  # noqa: E402
from tortuga_rules.game.determinize import determinize  # noqa: E402
from tortuga_rules.server.app import Limits  # noqa: E402
from tortuga_rules.server.protocol import definition_validator  # noqa: E402
from tortuga_rules.server.tables import StaleError  # noqa: E402

GAMES = [("standard", 4), ("tortuga-dice", 3)]


@pytest.fixture
def client(tmp_path):
    """A server on a fresh database whose limits let one client play whole games; bots
    move at once."""
    yield from served(tmp_path, Limits(post_burst=10_000, post_rate=1000.0,
                                       read_burst=10_000, read_rate=1000.0))


def _finished(client, ruleset: str, players: int) -> tuple:
    """A finished table (seat 0 Ana, seat 1 Bo, the rest random bots), played in the
    lobby - the server's own bot turns play beside it: ``(table, {seat: token})``."""
    seats = ["human", "open"] + ["random"] * (players - 2)
    made = client.post("/api/tables", json={"players": players, "seats": seats, "name": "Ana",
                                            "ruleset": ruleset}).json()
    tid, tokens = made["table"]["id"], {0: made["token"]}
    tokens[1] = client.post(f"/api/tables/{tid}/join", json={"name": "Bo"}).json()["token"]
    lobby = client.lobby
    table = lobby.get(tid)
    while not table.state.is_terminal:
        try:
            if lobby.play_bot(table):
                continue
        except StaleError:  # the server's own bot turn (another thread) moved it first
            continue
        state = table.state
        lobby.act(tid, tokens[state.current_player], str(legal_actions(state)[0]),
                  step=state.step)
    return table, tokens


@pytest.mark.parametrize("ruleset,players", GAMES)
def test_a_rematch_seats_everyone_again_and_every_seat_gets_its_own_token(client, ruleset,
                                                                          players):
    """The first to ask makes the new table (same rules, seats, names, bots; a new deal),
    every socket of the old one is told; another seat asking gets the same table and its
    own token, which opens its own seat there."""
    old, tokens = _finished(client, ruleset, players)
    with client.websocket_connect(f"/api/tables/{old.id}/socket") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": tokens[1]}))
        assert ws.receive_json()["type"] == "welcome"
        ws.receive_json()  # the view
        first = client.post(f"/api/tables/{old.id}/rematch", json={"token": tokens[0]}).json()
        told = ws.receive_json()
    assert not list(definition_validator("server_message").iter_errors(told))
    assert told == {"type": "rematch", "table": first["table"]} and first["seat"] == 0
    second = client.post(f"/api/tables/{old.id}/rematch", json={"token": tokens[1]}).json()
    assert second["table"] == first["table"] and second["seat"] == 1
    new = client.lobby.get(first["table"])
    assert new.seat_of(first["token"]) == 0 and new.seat_of(second["token"]) == 1
    assert [(s.kind, s.name) for s in new.seats] == [(s.kind, s.name) for s in old.seats]
    assert new.state.rules.id == old.state.rules.id and not new.state.is_terminal
    assert new.row.seed != old.row.seed


def test_a_rematch_is_refused_before_the_end_and_to_a_token_of_no_seat(client):
    """Asked of a game under way, or with a token that opens no seat, a rematch is refused
    in words and nothing is made."""
    made = client.post("/api/tables", json={"players": 3, "seats": ["human", "open", "open"],
                                            "name": "Ana"}).json()
    tid = made["table"]["id"]
    early = client.post(f"/api/tables/{tid}/rematch?lang=de", json={"token": made["token"]})
    assert early.status_code == 403 and early.json()["error"]["code"] == "forbidden"
    old, _tokens = _finished(client, "standard", 3)
    wrong = client.post(f"/api/tables/{old.id}/rematch", json={"token": "nobody"})
    assert wrong.status_code == 403
    assert client.lobby.get(old.id).row.rematch is None


@pytest.mark.parametrize("ruleset,players", GAMES)
def test_a_replay_step_as_a_seat_is_that_seats_view_and_as_all_everything(client, ruleset,
                                                                         players):
    """Each replayed step is the library's view of that step for the seat asked for (so
    nothing another seat held is in it), or the referee's with everything turned up; its
    events each carry a sentence (a bare rule citation aside) and the clause behind it."""
    table, _tokens = _finished(client, ruleset, players)
    record = table.record
    last = len(record.moves)
    names = table.names()
    cited = 0
    for step in sorted({0, 1, last // 2, last}):
        for audience in (0, 1, "all"):
            got = client.get(f"/api/tables/{table.id}/replay?as={audience}&step={step}"
                             f"&lang=es").json()
            assert (got["last"], got["step"], got["as"]) == (last, step, audience)
            seat = None if audience == "all" else audience
            assert got["view"] == json.loads(json.dumps(
                view(record.states[step], seat, lang="es", names=names)))
            assert all(e["text"] for e in got["events"] if e["kind"] != "rule")
            cited += sum(bool(e.get("clause")) for e in got["events"])
    assert cited


@pytest.mark.parametrize("ruleset,players", GAMES)
def test_a_replay_as_a_seat_tells_nothing_of_what_that_seat_did_not_see(client, ruleset,
                                                                        players):
    """Non-interference: before the end, a step replayed as seat 1 is the same whatever
    the others' hidden cards and loyalties were - it equals seat 1's view of a world drawn
    afresh where everything seat 1 did not see is changed - while the fully revealed
    replay differs from it."""
    table, _tokens = _finished(client, ruleset, players)
    record, names = table.record, table.names()
    for step in range(0, len(record.moves), max(1, len(record.moves) // 6)):
        state = record.states[step]
        got = client.get(f"/api/tables/{table.id}/replay?as=1&step={step}").json()["view"]
        for seed in (1, 2):
            world = determinize(state, 1, seed)
            assert got == json.loads(json.dumps(view(world, 1, names=names)))
        every = client.get(f"/api/tables/{table.id}/replay?as=all&step={step}").json()["view"]
        assert every != got


def test_a_replay_is_refused_while_the_game_is_played_and_for_a_step_it_never_had(client):
    """A game under way is not replayed (a refusal in words); a finished one refuses a
    step beyond its last and a seat it does not have."""
    made = client.post("/api/tables", json={"players": 3, "seats": ["human", "open", "open"],
                                            "name": "Ana"}).json()
    early = client.get(f"/api/tables/{made['table']['id']}/replay?lang=ko")
    assert early.status_code == 403 and early.json()["error"]["said"]
    table, _tokens = _finished(client, "standard", 3)
    for query in ("step=100000", "as=7", "step=x", "as=-1"):
        got = client.get(f"/api/tables/{table.id}/replay?{query}")
        assert got.status_code == 400, query


def test_a_rematch_made_before_a_restart_is_the_one_found_after_it(tmp_path):
    """The old table is marked with its rematch in the store: after a restart another
    seat asking gets the same new table, and its token opens that seat."""
    from tortuga_rules.server.store import Store
    from tortuga_rules.server.tables import Lobby

    lobby = Lobby(Store(str(tmp_path / "r.db")))
    old, host = lobby.create(players=3, seats=["human", "open", "random"])
    _seat, guest = lobby.join(old.id, name="Bo")
    tokens = {0: host, 1: guest}
    while not old.state.is_terminal:
        if not lobby.play_bot(old):
            state = old.state
            lobby.act(old.id, tokens[state.current_player], str(legal_actions(state)[0]),
                      step=state.step)
    new, seat, _token = lobby.rematch(old.id, guest)
    assert seat == 1
    lobby.store.close()
    again = Lobby.resume(Store(str(tmp_path / "r.db")))
    same, seat, token = again.rematch(old.id, host)
    assert same.id == new.id and seat == 0 and same.seat_of(token) == 0
    again.store.close()
