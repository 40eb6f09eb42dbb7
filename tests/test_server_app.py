"""The game server's HTTP and websocket protocol, in process (Starlette's TestClient).

Each seat is sent exactly what the library's view gives it; hostile messages - too
large, not JSON, wrong tokens, another seat's moves, replayed moves, floods - are
refused with a code and change nothing, and the server goes on serving the others.
"""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("httpx")
from serving import served  # noqa: E402
from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from tortuga_rules import legal_actions, public_view, view  # noqa: E402
from tortuga_rules.server.app import Limits, create_app  # noqa: E402
from tortuga_rules.server.protocol import definition_validator  # noqa: E402


@pytest.fixture
def client(tmp_path):
    """A server on a fresh database; bots move at once."""
    yield from served(tmp_path, Limits(post_burst=20, refusals_before_close=100,
                                       socket_rate=10.0, socket_burst=40.0))


def _table(client, seats, **extra):
    made = client.post("/api/tables", json={"players": len(seats), "seats": seats,
                                            "name": "Ana", **extra})
    assert made.status_code == 200, made.text
    data = made.json()
    return data["table"]["id"], data["token"]


def _hello(ws, token, lang=None):
    ws.send_text(json.dumps({"type": "hello", "token": token,
                             **({"lang": lang} if lang else {})}))
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome"
    return welcome, ws.receive_json()


def _valid(message):
    errors = list(definition_validator("server_message").iter_errors(message))
    assert not errors, errors[0].message


def test_http_create_join_view_act_and_history_follow_the_library(client):
    """A table made, joined and played over HTTP: each answer is the library's own view
    of that seat (a spectator's public view) and history."""
    tid, host = _table(client, ["human", "open", "open"])
    joined = client.post(f"/api/tables/{tid}/join", json={"name": "Bo"}).json()
    assert joined["seat"] == 1
    table = client.lobby.get(tid)
    state = table.state
    tokens = {0: host, 1: joined["token"]}
    for seat, token in tokens.items():
        got = client.get(f"/api/tables/{tid}/view?lang=ko",
                         headers={"Authorization": f"Bearer {token}"}).json()
        _valid(got)
        assert got["view"] == json.loads(json.dumps(
            view(state, seat, lang="ko", names=table.names())))
    public = client.get(f"/api/tables/{tid}/view").json()["view"]
    assert public == json.loads(json.dumps(public_view(state)))
    mover = state.current_player
    if mover in tokens:
        action = str(legal_actions(state)[0])
        done = client.post(f"/api/tables/{tid}/actions", json={"action": action, "step": 0},
                           headers={"Authorization": f"Bearer {tokens[mover]}"})
        assert done.status_code == 200 and done.json()["view"]["step"] == 1
    events = client.get(f"/api/tables/{tid}/history",
                        headers={"Authorization": f"Bearer {host}"}).json()["events"]
    assert all(e.get("private_to", 0) == 0 for e in events)


def test_bots_play_their_seats_until_the_person_must_decide(client):
    """With bots moving at once, a person's socket receives views until its own decision,
    each exactly the library's view of that seat at that step."""
    tid, token = _table(client, ["human", "random", "random", "random"])
    table = client.lobby.get(tid)
    with client.websocket_connect(f"/api/tables/{tid}/socket") as ws:
        _welcome, message = _hello(ws, token, lang="de")
        for _ in range(200):
            shown = message["view"]
            assert shown == json.loads(json.dumps(
                view(table.record.states[shown["step"]], 0, lang="de", names=table.names())))
            if shown["current_player"] == 0:
                break
            message = ws.receive_json()
        assert shown["current_player"] == 0 and shown["decision"]["choices"]


def test_a_seats_socket_acts_and_every_other_socket_sees_only_its_own_view(client):
    """A move over the socket: 'done' for the mover, a fresh view for each connection -
    the other seat's own view, the spectator's public view."""
    tid, host = _table(client, ["human", "open"])
    guest = client.post(f"/api/tables/{tid}/join", json={"name": "Bo"}).json()["token"]
    tokens = [host, guest]
    table = client.lobby.get(tid)
    state = table.state
    mover = state.current_player
    with client.websocket_connect(f"/api/tables/{tid}/socket") as a, \
            client.websocket_connect(f"/api/tables/{tid}/socket") as b, \
            client.websocket_connect(f"/api/tables/{tid}/socket") as watcher:
        sockets = {mover: a, 1 - mover: b}
        for seat, ws in sockets.items():
            _hello(ws, tokens[seat])
        # the mover said hello first: it is told that the other seat came
        assert sockets[mover].receive_json()["type"] == "presence"
        _hello(watcher, None)
        action = str(legal_actions(state)[0])
        sockets[mover].send_text(json.dumps({"type": "act", "token": tokens[mover],
                                             "action": action, "step": 0, "ref": "m1"}))
        assert sockets[mover].receive_json() == {"type": "done", "step": 1, "ref": "m1"}
        after = table.record.states[1]
        for seat, ws in sockets.items():
            message = ws.receive_json()
            _valid(message)
            assert message["view"] == json.loads(json.dumps(view(after, seat)))
        assert watcher.receive_json()["view"] == json.loads(json.dumps(public_view(after)))


def _refusal(ws, text):
    ws.send_text(text)
    message = ws.receive_json()
    assert message["type"] == "refused", message
    _valid(message)
    return message["error"]["code"]


def test_hostile_socket_messages_are_refused_and_change_nothing(client):
    """Oversized, not JSON, wrong shape, binary, a second hello, another seat's token, a
    spectator's move, an illegal move and a replayed move: each refused with its code."""
    tid, host = _table(client, ["human", "open"])
    guest = client.post(f"/api/tables/{tid}/join", json={"name": "Bo"}).json()["token"]
    table = client.lobby.get(tid)
    state = table.state
    mover = state.current_player
    mine, theirs = (host, guest) if mover == 0 else (guest, host)
    legal = str(legal_actions(state)[0])
    with client.websocket_connect(f"/api/tables/{tid}/socket") as ws:
        _hello(ws, mine)
        assert _refusal(ws, "x" * 5000) == "too-large"
        assert _refusal(ws, "{not json") == "malformed"
        assert _refusal(ws, json.dumps({"type": "act", "token": mine})) == "malformed"
        assert _refusal(ws, json.dumps({"type": "fly"})) == "malformed"
        assert _refusal(ws, json.dumps({"type": "hello", "token": mine})) == "malformed"
        assert _refusal(ws, json.dumps({"type": "act", "token": theirs, "action": legal,
                                        "step": 0})) == "forbidden"
        assert _refusal(ws, json.dumps({"type": "act", "token": mine, "action": "fly away",
                                        "step": 0})) == "illegal"
        assert _refusal(ws, json.dumps({"type": "act", "token": mine, "action": legal,
                                        "step": 5})) == "stale"
        ws.send_bytes(b"\x00\x01")
        assert ws.receive_json()["error"]["code"] == "malformed"
        assert table.state is state
        ws.send_text(json.dumps({"type": "act", "token": mine, "action": legal, "step": 0}))
        assert ws.receive_json()["type"] == "done"
        ws.receive_json()  # the new view
        replay = json.dumps({"type": "act", "token": mine, "action": legal, "step": 0})
        assert _refusal(ws, replay) == "stale"
        assert len(table.moves) == 1
    with client.websocket_connect(f"/api/tables/{tid}/socket") as spectator:
        _hello(spectator, None)
        assert _refusal(spectator, json.dumps({"type": "undo", "token": mine})) == "forbidden"


@pytest.mark.parametrize("hello, code", [
    ({"type": "hello", "token": "not-a-token"}, 4403),
    ({"type": "ping"}, 4400),
])
def test_a_bad_hello_is_refused_and_the_socket_closed(client, hello, code):
    """A wrong token or a first message that is not a hello: refused, then closed."""
    tid, _token = _table(client, ["human", "open"])
    with client.websocket_connect(f"/api/tables/{tid}/socket") as ws:
        ws.send_text(json.dumps(hello))
        assert ws.receive_json()["type"] == "refused"
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == code


def test_a_flooding_socket_is_refused_then_closed_while_others_are_served(client):
    """Hundreds of messages at once: 'too-many', then the socket is closed; the allowance
    is its address's, so another socket from the same address waits for it to refill
    (reconnecting resets nothing), then is answered. The throttle's clock stands still
    until the refill, so a slow machine draining the flood does not refill it early."""
    now = [0.0]
    client.throttle.clock = lambda: now[0]
    tid, token = _table(client, ["human", "open"])
    other, other_token = _table(client, ["human", "open"])
    with client.websocket_connect(f"/api/tables/{tid}/socket") as flood, \
            client.websocket_connect(f"/api/tables/{other}/socket") as calm:
        _hello(flood, token)
        _hello(calm, other_token)
        for _ in range(400):
            flood.send_text(json.dumps({"type": "ping"}))
        codes = []
        with pytest.raises(WebSocketDisconnect):
            for _ in range(1000):
                message = flood.receive_json()
                if message["type"] == "refused":
                    codes.append(message["error"]["code"])
        assert codes and set(codes) == {"too-many"}
        calm.send_text(json.dumps({"type": "ping", "ref": "now?"}))
        assert calm.receive_json()["error"]["code"] == "too-many"
        now[0] += 0.3  # the address's allowance refills, 10 messages a second
        calm.send_text(json.dumps({"type": "ping", "ref": "still there?"}))
        assert calm.receive_json() == {"type": "pong", "ref": "still there?"}


def test_hostile_http_requests_are_refused_with_their_codes(client):
    """Oversized and malformed bodies, missing or wrong tokens, unknown tables, a log
    asked for before the end, a bad language and too many posts."""
    tid, token = _table(client, ["human", "open"])
    bearer = {"Authorization": f"Bearer {token}"}
    cases = [
        (client.post("/api/tables", content=b"{" + b" " * 20000 + b"}"), 413, "too-large"),
        (client.post("/api/tables", content=b"[1, 2"), 400, "malformed"),
        (client.post("/api/tables", json={"players": 3, "seats": ["open"] * 3}), 400,
         "bad-request"),
        (client.post("/api/tables", json={"ruleset": "../../etc/passwd"}), 400, "bad-request"),
        (client.post(f"/api/tables/{tid}/actions", json={"action": "x", "step": 0}), 401,
         "unauthorized"),
        (client.post(f"/api/tables/{tid}/actions", json={"action": "x", "step": 0},
                     headers={"Authorization": "Bearer nope"}), 403, "forbidden"),
        (client.post(f"/api/tables/{tid}/actions", json={"action": "x"}, headers=bearer), 400,
         "malformed"),
        (client.get("/api/tables/nope/view"), 404, "not-found"),
        (client.get(f"/api/tables/{tid}/reveal"), 403, "forbidden"),
        (client.get(f"/api/tables/{tid}/view?lang=xx"), 400, "malformed"),
    ]
    for response, status, code in cases:
        assert (response.status_code, response.json()["error"]["code"]) == (status, code), \
            response.text
    assert len(client.lobby.tables) == 1 and not client.lobby.get(tid).moves
    statuses = [client.post(f"/api/tables/{tid}/join", json={"seat": 0}).status_code
                for _ in range(30)]
    assert 429 in statuses
    assert client.get(f"/api/tables/{tid}").status_code == 200


def test_the_page_has_an_icon_where_browsers_look_for_it(client):
    """``/favicon.ico`` answers the client's icon (an SVG) instead of a 404."""
    icon = client.get("/favicon.ico")
    assert icon.status_code == 200 and icon.headers["content-type"] == "image/svg+xml"
    assert icon.content.startswith(b"<svg") and client.get("/web/favicon.svg").status_code == 200
    assert 'rel="icon"' in client.get("/").text


def test_the_client_is_served_with_its_words_and_a_strict_policy(client):
    """The page, its script and style come from the package; the words it asks for are
    the catalogue's client words, in each language."""
    import re

    from tortuga_rules.server.app import web_dir
    from tortuga_rules.server.words import CLIENT_WORDS
    page = client.get("/")
    assert page.status_code == 200 and "client.js" in page.text
    assert "default-src 'self'" in page.headers["content-security-policy"]
    script = "".join(client.get(f"/web/{f.name}").text for f in web_dir().iterdir()
                     if f.name.endswith(".js"))  # the entry module and the modules it imports
    asked = set(re.findall(r'\bt\("([^"]+)"', script))
    asked |= set(re.findall(r'data-t="([^"]+)"', web_dir().joinpath("index.html").read_text()))
    assert asked == set(CLIENT_WORDS)
    for lang in ("es", "ko"):
        words = client.get(f"/api/words?lang={lang}").json()["words"]
        assert set(words) == set(CLIENT_WORDS) and words["Your hand"] != "Your hand"


def test_the_timer_variant_is_played_by_the_servers_clock(client):
    """At a table under the timer variant the deadline is in the views, and when a person's
    time runs out the server plays the timer's rule for them (stored like any move)."""
    import time
    tid, token = _table(client, ["human", "random", "random", "random"],
                        variants=["timer"], options={"seconds": 5})
    table = client.lobby.get(tid)
    with client.websocket_connect(f"/api/tables/{tid}/socket") as ws:
        _welcome, message = _hello(ws, token)
        for _ in range(200):
            if message["view"]["current_player"] == 0:
                break
            message = ws.receive_json()
        clock = message["view"]["clock"]
        assert clock["seat"] == 0 and clock["seconds"] == 5
        assert 0 < clock["deadline"] - time.time() <= 5
        step = message["view"]["step"]
        moves = len(table.moves)
        message = ws.receive_json()  # the clock runs out: the next view comes by itself
        assert message["view"]["step"] > step
        assert table.moves[moves] == (0, __import__("tortuga_rules").TIMEOUT)
        kinds = [e["kind"] for e in message["view"]["events"]]
        assert "timeout" in kinds


def _kraken_text(**changes) -> str:
    """The docs' Kraken house rule as one uploadable file: its card inline."""
    import yaml
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent / "docs" / "examples" / "kraken"
    card = yaml.safe_load((root / "cards" / "events" / "kraken.yaml").read_text())
    del card["id"]
    variant = yaml.safe_load((root / "kraken.yaml").read_text())
    variant["cards"] = {"events": {"kraken": card}}
    variant.update(changes)
    return yaml.safe_dump(variant, allow_unicode=True, sort_keys=False)


def test_a_host_uploads_house_rules_that_every_seat_can_read(client, tmp_path):
    """House rules sent with the table: played, named in the table, readable by anyone at
    it (rulebook and diff against standard), and stored with it across a restart."""
    from tortuga_rules.server.store import Store
    from tortuga_rules.server.tables import Lobby
    tid, token = _table(client, ["human", "random", "random", "random"],
                        house_rules=_kraken_text(), options={"last_card": 9})
    table = client.get(f"/api/tables/{tid}").json()["table"]
    assert table["rules"] == {"id": "standard+kraken:9", "name": "Tortuga 1667 (2nd edition) "
                              "+ The Kraken", "house_rules": True}
    rules = client.get(f"/api/tables/{tid}/rules").json()
    assert rules["against"] == "standard" and "### The Kraken" in rules["rulebook"]
    assert {"cards.kraken", "clauses.card.kraken.rises"} <= {d["path"] for d in rules["diff"]}
    state = client.lobby.get(tid).state
    other, _ = _table(client, ["human", "random"], house_rules=_kraken_text(),
                      options={"last_card": 9})
    assert client.lobby.get(other).state.rules is state.rules  # compiled once, shared
    again = Lobby.resume(client.lobby.store).get(tid)  # as a restarted server reads it
    assert again.state == state and again.state.rules.hash == state.rules.hash


#: Dice-game house rules whose first step logs 20,000 events: over the step's budget.
LOUD_DICE = ("id: loud\nextends: tortuga-dice\ngame: tortuga-dice\nname: Loud\n"
             "description: A step that says too much.\nchanges:\n  play: |\n"
             "    choose c from [1, 2] by 0\n    repeat 20000 { say(\"v\", c) }\n"
             "    choose d from [1, 2] by 0\n")


def test_a_move_the_house_rules_fail_is_refused_in_their_words_and_changes_nothing(client):
    """A seat's move whose step runs over the budget under the table's house rules is
    refused with the located error of house-rules.yaml; the table stays where it was and
    plays on from there."""
    tid, token = _table(client, ["human", "human", "human"], house_rules=LOUD_DICE,
                        ruleset="tortuga-dice")
    state = client.lobby.get(tid).state
    action = str(legal_actions(state)[0])
    got = client.post(f"/api/tables/{tid}/actions", json={"action": action, "step": state.step},
                      headers={"authorization": f"Bearer {token}"})
    assert got.status_code == 400, got.text
    message = got.json()["error"]["message"]
    assert message.startswith("house-rules.yaml:9:5: repeat 20000: the step ran over its "
                              "budget"), message
    assert client.lobby.get(tid).state is state and not client.lobby.get(tid).moves
    shown = client.get(f"/api/tables/{tid}").json()["table"]
    assert shown["failed"] == message  # every seat is shown it; the seat may try another move
    assert not client.lobby.get(tid).stopped


def test_a_bot_whose_move_the_house_rules_fail_is_not_asked_again_and_again(client):
    """A bot's move that the house rules fail fails the same way every time: the server
    tries it once, leaves the table where it was and schedules no retry (a server running
    for weeks does not spin on it)."""
    tid, _token = _table(client, ["random", "human", "human"], house_rules=LOUD_DICE,
                        ruleset="tortuga-dice")
    time.sleep(0.2)  # the bot's turn comes at once (bot_delay 0)
    client.get(f"/api/tables/{tid}")  # the event loop has run the bot's turn by now
    hub = client.app.state.server.hub
    assert tid not in hub._timers and not client.lobby.get(tid).moves


@pytest.mark.parametrize("text, problem", [
    (_kraken_text().replace("maroon(last(", "marroon(last("),
     r"house-rules.yaml:\d+:\d+: unknown verb 'marroon' \(did you mean maroon\(seat\)"),
    (_kraken_text(extends="/etc/passwd"),
     r"house-rules.yaml:\d+:\d+: only bundled rulesets may be loaded here"),
    ("id: x\nextends: standard\nname: X\ndescription: Y\nchanges: {players: [1, 2]}\n",
     r"house-rules.yaml:5:"),
    ("a: *nope", r"house-rules.yaml:1:"),
    ("a: &a [x, x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
        f"*{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(9)),
     r"house-rules.yaml:\d+:\d+: .*(values|alias)"),
])
def test_bad_house_rules_are_refused_with_every_problem_located(client, text, problem):
    """A mistake in uploaded rules is a 400 'bad-rules' listing each problem at its line
    and column of house-rules.yaml; no table is made."""
    import re
    before = len(client.lobby.tables)
    got = client.post("/api/tables", json={"players": 4, "house_rules": text, "name": "Ana"})
    assert got.status_code == 400, got.text
    error = got.json()["error"]
    _valid({"type": "refused", "error": error})
    assert error["code"] == "bad-rules"
    assert any(re.search(problem, p) for p in error["problems"]), error["problems"]
    assert len(client.lobby.tables) == before


def test_the_lobby_offers_every_option_and_refuses_a_value_out_of_range(client):
    """/api/info gives each ruleset's options with range and default; a value out of
    range is refused naming it."""
    info = client.get("/api/info").json()
    starred = next(r for r in info["rulesets"] if r["id"] == "more-starred")
    assert starred["options"]["starred"] | {} == {**starred["options"]["starred"],
                                                  "min": 4, "max": 8, "default": 4}
    got = client.post("/api/tables", json={"players": 4, "variants": ["more-starred"],
                                           "options": {"starred": 12}, "name": "Ana"})
    assert got.status_code == 400 and "out of range 4-8" in got.json()["error"]["message"]


def test_an_operators_rules_folder_is_offered_by_name(tmp_path):
    """serve --rules FOLDER: its variants are listed (marked house) and tables use them by
    name; a client still cannot name a file."""
    from pathlib import Path
    folder = Path(__file__).resolve().parent.parent / "docs" / "examples" / "kraken"
    app = create_app(str(tmp_path / "h.db"), bot_delay=0.0, rules_dir=str(folder))
    with TestClient(app) as c:
        info = c.get("/api/info").json()
        kraken = next(r for r in info["rulesets"] if r["id"] == "kraken")
        assert kraken["house"] and "last_card" in kraken["options"]
        made = c.post("/api/tables", json={"players": 5, "variants": ["kraken"], "name": "Ana"})
        assert made.status_code == 200, made.text
        assert made.json()["table"]["rules"]["id"] == "standard+kraken"
        bad = c.post("/api/tables", json={"players": 5, "ruleset": "standard+/etc/x.yaml",
                                          "name": "Ana"})
        assert bad.status_code == 400 and "not the file" in bad.json()["error"]["message"]


@pytest.fixture
def roomy(tmp_path):
    """A server whose request limits let one person play a whole dice game over HTTP."""
    yield from served(tmp_path, Limits(post_burst=1000, post_rate=1000.0))


def test_one_server_hosts_both_games_each_seat_seeing_only_its_view(roomy):
    """A Tortuga 1667 table and a dice table in one lobby: the dice table's bots (its own
    heuristic, random) play their seats, a person plays theirs over HTTP until the end, and
    each answer is the library's view of that seat - behind-the-screen dice included."""
    client = roomy
    tid_1667, _ = _table(client, ["human", "random", "random"])
    made = client.post("/api/tables", json={"players": 3, "seats": ["human", "heuristic",
                                                                    "random"],
                                            "name": "Ani", "ruleset": "tortuga-dice"})
    assert made.status_code == 200, made.text
    tid, token = made.json()["table"]["id"], made.json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    assert client.lobby.get(tid_1667).state.rules.game.id == "tortuga-1667"
    for _ in range(400):
        got = client.get(f"/api/tables/{tid}/view?lang=es", headers=auth).json()
        _valid(got)
        v = got["view"]
        table = client.lobby.get(tid)
        if table.state.step == v["step"]:
            assert v == json.loads(json.dumps(view(table.state, 0, lang="es", names=table.names())))
        if v["outcome"] is not None:
            break
        if v["current_player"] == 0:
            action = v["decision"]["choices"][0]["action"]
            done = client.post(f"/api/tables/{tid}/actions", headers=auth,
                               json={"action": action, "step": v["step"]})
            assert done.status_code == 200, done.text
    assert v["outcome"] is not None and len(v["outcome"]["scores"]) == 3
    events = client.get(f"/api/tables/{tid}/history", headers=auth).json()["events"]
    assert all(e.get("private_to", 0) == 0 for e in events)


def test_a_table_whose_rules_fail_a_bots_move_is_stopped_shown_to_all_and_ended_by_the_host(
        client):
    """The bot's move fails under the house rules: every seat's view says so in the rules'
    words, no bot turn or clock is left waiting, another seat cannot end the table and the
    host can: its sockets are told and closed, and it plays no more."""
    tid, host = _table(client, ["random", "human", "human"], house_rules=LOUD_DICE,
                       ruleset="tortuga-dice")
    guest = client.post(f"/api/tables/{tid}/join", json={}).json()["token"]
    hub, table = client.app.state.server.hub, client.lobby.get(tid)
    with client.websocket_connect(f"/api/tables/{tid}/socket") as ws:
        _welcome, message = _hello(ws, host)
        for _ in range(5):  # the bot's turn fails at once (bot_delay 0): a view or two later
            if message["table"]["failed"]:
                break
            message = ws.receive_json()
        _valid(message)
        assert message["table"]["failed"].startswith(
            "house-rules.yaml:9:5: repeat 20000: the step ran over its budget")
        assert table.stopped and not table.moves
        assert tid not in hub._timers and tid not in hub._clocks
        refused = client.post(f"/api/tables/{tid}/end",
                              headers={"authorization": f"Bearer {guest}"})
        assert refused.status_code == 403 and not table.expired
        ended = client.post(f"/api/tables/{tid}/end", headers={"authorization": f"Bearer {host}"})
        assert ended.status_code == 200 and ended.json()["table"]["expired"]
        last = ws.receive_json()
        assert last["error"] == {"code": "gone", "message": "the host ended this table"}
    gone = client.post(f"/api/tables/{tid}/actions", json={"action": "c=1", "step": 0},
                       headers={"authorization": f"Bearer {host}"})
    assert gone.json()["error"]["code"] == "gone"


@pytest.mark.parametrize("bot, why", [
    ("random", "house-rules.yaml:9:5: repeat 20000: the step ran over"),
    ("heuristic", "the dice game's heuristic bot has no rule of thumb for the decision 'c'"),
])
def test_a_clock_whose_move_fails_stops_the_table_and_is_not_set_again(tmp_path, bot, why):
    """A person's clock runs out and the move played for them fails - the house rules fail
    it, or the clock's bot does not play these rules: the table is stopped and shown why,
    and no clock is set again (it would fail the same way for as long as the server runs)."""
    from tortuga_rules.server.hub import Hub
    from tortuga_rules.server.store import Store
    from tortuga_rules.server.tables import Lobby, Policy
    store = Store(str(tmp_path / "t.db"))
    lobby = Lobby(store, policy=Policy(turn_seconds=60.0, clock_bot=bot))
    table, _token = lobby.create(ruleset="tortuga-dice", players=3, house_rules=LOUD_DICE,
                                 seats=["human", "human", "human"])
    assert table.clock_seconds(lobby.policy) == 60.0
    hub = Hub(lobby)
    hub._time_out(table.id, table.state.step)  # what the clock's timer calls when it rings
    assert table.failed.startswith(why)
    assert table.stopped and not table.moves and table.clock_seconds(lobby.policy) is None
    assert table.id not in hub._clocks and table.summary()["failed"] == table.failed
    store.close()


def test_every_view_says_which_seats_are_connected(client):
    """A view message names the seats with an open connection (a spectator's socket is no
    seat), so the players' panels show who is away."""
    tid, host = _table(client, ["human", "open"])
    guest = client.post(f"/api/tables/{tid}/join", json={"name": "Bo"}).json()["token"]
    with client.websocket_connect(f"/api/tables/{tid}/socket") as a, \
            client.websocket_connect(f"/api/tables/{tid}/socket") as watcher:
        _, first = _hello(a, host)
        _valid(first)
        assert first["connected"] == [0]
        _hello(watcher, None)
        with client.websocket_connect(f"/api/tables/{tid}/socket") as b:
            _, seen = _hello(b, guest)
            assert seen["connected"] == [0, 1]
    with client.websocket_connect(f"/api/tables/{tid}/socket") as b:
        _, seen = _hello(b, guest)
        assert seen["connected"] == [1]


def test_a_seat_coming_or_going_is_pushed_to_the_others_at_once(client):
    """When a seat's socket opens or its last one closes, every other socket of the table
    (spectators too) is sent a ``presence`` message at once, with the view's ``connected``
    list - not kept for the next move; a second socket of a seat already there, or a
    spectator, changes nothing and is not told."""
    tid, host = _table(client, ["human", "open"])
    guest = client.post(f"/api/tables/{tid}/join", json={"name": "Bo"}).json()["token"]
    with client.websocket_connect(f"/api/tables/{tid}/socket") as a, \
            client.websocket_connect(f"/api/tables/{tid}/socket") as watcher:
        _hello(a, host)
        _hello(watcher, None)  # a spectator is no seat: nobody is told
        with client.websocket_connect(f"/api/tables/{tid}/socket") as b:
            _hello(b, guest)
            came = a.receive_json()
            assert came == {"type": "presence", "table": tid, "connected": [0, 1]}
            assert watcher.receive_json() == came
            _valid(came)
            with client.websocket_connect(f"/api/tables/{tid}/socket") as b2:
                _hello(b2, guest)  # the seat was there already: no message
            a.send_json({"type": "ping", "ref": "p1"})
            assert a.receive_json()["type"] == "pong"
        went = a.receive_json()
        assert went == {"type": "presence", "table": tid, "connected": [0]}
