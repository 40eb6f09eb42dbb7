"""Light pages: the client's files and /api/info compressed and revalidated by ETag, and
views sent as RFC 6902 patches to a socket that asks for them - applied by a reference
applier, every patch of whole games gives exactly the whole views."""

from __future__ import annotations

import copy
import gzip
import json

import pytest

pytest.importorskip("httpx")
from serving import served  # noqa: E402

from tortuga_rules import legal_actions  # noqa: E402
from tortuga_rules.server.app import Limits  # noqa: E402
from tortuga_rules.server.patches import diff, grown  # noqa: E402
from tortuga_rules.server.protocol import definition_validator  # noqa: E402


@pytest.fixture
def client(tmp_path):
    """A server on a fresh database; bots move at once."""
    yield from served(tmp_path, Limits(read_burst=1000, socket_burst=10_000,
                                       socket_rate=1000.0))


def apply_patch(document, patch: list):
    """RFC 6902's add, replace and remove applied to a copy of ``document`` (a reference
    written from the RFC, sharing no code with the server's)."""
    document = copy.deepcopy(document)
    for op in patch:
        tokens = [t.replace("~1", "/").replace("~0", "~") for t in op["path"].split("/")[1:]]
        if not tokens:
            assert op["op"] == "replace"
            document = copy.deepcopy(op["value"])
            continue
        parent = document
        for token in tokens[:-1]:
            parent = parent[int(token)] if isinstance(parent, list) else parent[token]
        last = tokens[-1]
        assert isinstance(parent, dict), "arrays are replaced whole"
        if op["op"] == "remove":
            del parent[last]
        elif op["op"] == "add":
            parent[last] = copy.deepcopy(op["value"])
        else:
            assert op["op"] == "replace" and last in parent
            parent[last] = copy.deepcopy(op["value"])
    return document


@pytest.mark.parametrize("name", ["client.js", "client.css", "index.html"])
def test_the_clients_files_are_gzipped_and_revalidated_by_etag(client, name):
    """A file is sent gzipped to a browser that accepts it, with an ETag and ``no-cache``
    (kept, but checked each time); asked again with that ETag it is a bodiless 304."""
    path = "/" if name == "index.html" else f"/web/{name}"
    plain = client.get(path, headers={"accept-encoding": "identity"})
    got = client.get(path, headers={"accept-encoding": "gzip, br"})
    assert got.headers["content-encoding"] == "gzip"
    assert got.headers["cache-control"] == "no-cache" and got.headers["etag"]
    assert got.content == plain.content  # (the test client inflates it)
    assert got.headers["etag"] != plain.headers["etag"]  # one ETag per representation
    again = client.get(path, headers={"accept-encoding": "gzip",
                                      "if-none-match": got.headers["etag"]})
    assert again.status_code == 304 and not again.content


def test_a_file_outside_the_clients_folder_or_missing_is_not_found(client):
    """Only the client's own files are served."""
    for path in ("/web/nothing.js", "/web/../app.py", "/web/.hidden", "/web/%2e%2e/app.py"):
        assert client.get(path).status_code == 404, path


def test_info_is_revalidated_by_etag_per_language_and_other_answers_are_never_stored(client):
    """``/api/info`` has an ETag per language (a 304 when it is held) and ``no-cache``;
    a table's answers stay ``no-store``."""
    en = client.get("/api/info")
    de = client.get("/api/info?lang=de")
    assert en.headers["etag"] != de.headers["etag"]
    assert en.headers["cache-control"] == "no-cache"
    held = client.get("/api/info", headers={"if-none-match": en.headers["etag"]})
    assert held.status_code == 304
    assert client.get("/api/tables").headers["cache-control"] == "no-store"
    raw = client.get("/api/info?lang=ko", headers={"accept-encoding": "gzip"})
    assert raw.headers["content-encoding"] == "gzip"
    assert len(gzip.compress(raw.content)) < len(raw.content)


def test_diff_then_apply_gives_the_new_value_with_escaped_keys_and_json_equality():
    """Keys with ``~`` and ``/`` are escaped; ``true`` replaces ``1``; ``1.0`` is ``1``;
    arrays are replaced whole; the same value gives no operation."""
    old = {"a/b": 1, "c~d": {"x": [1, 2], "y": 1, "z": 2}, "gone": None, "n": 1}
    new = {"a/b": True, "c~d": {"x": [1, 3], "y": 1}, "new": {"k": []}, "n": 1.0}
    patch = diff(old, new)
    assert apply_patch(json.loads(json.dumps(old)), json.loads(json.dumps(patch))) == new
    assert {op["path"] for op in patch} == {"/a~1b", "/c~0d/x", "/c~0d/z", "/gone", "/new"}
    assert diff(new, copy.deepcopy(new)) == []


def _same_but_grown(patched: dict, whole: dict) -> bool:
    """Whether the view rebuilt from patches is the whole view, but for words its labels
    kept from earlier steps (each word the whole view has is there, the same)."""
    rest = [{k: v for k, v in view.items() if k != "labels"} for view in (patched, whole)]
    kept, told = patched.get("labels", {}), whole.get("labels", {})
    return rest[0] == rest[1] and set(kept) == set(told) and all(
        kept[k] == v if not isinstance(v, dict) else kept[k].items() >= v.items()
        for k, v in told.items())


def test_labels_only_grow_over_a_patched_socket():
    """A patched socket's labels keep the words sent before (a lookup table: a card named
    at one step and not the next keeps its words) and take the new ones; the rest of the
    view is the new one, and a view without labels is left as it is."""
    last = {"step": 1, "labels": {"cards": {"a": "A"}, "places": {"x": "X"}}}
    new = {"step": 2, "labels": {"cards": {"b": "B"}, "places": {"x": "X"}}}
    assert grown(last, new) == {"step": 2, "labels": {"cards": {"a": "A", "b": "B"},
                                                      "places": {"x": "X"}}}
    assert diff(last, grown(last, new)) == [{"op": "replace", "path": "/step", "value": 2},
                                            {"op": "add", "path": "/labels/cards/b",
                                             "value": "B"}]
    assert grown({"step": 1}, {"step": 2}) == {"step": 2}


def _next_view(ws) -> dict:
    """The next view message ``ws`` is sent (past the answers to its own moves)."""
    for _ in range(100):
        message = ws.receive_json()
        if message["type"] in ("view", "view_patch"):
            return message
    raise AssertionError("no view came")


def _play_if_mine(ws, token, table, whole: dict):
    """Seat 0 takes its first legal action if the view ``whole`` is the table's latest and
    asks it to decide."""
    state = table.state
    if state.current_player == 0 and whole["table"]["step"] == state.step:
        ws.send_text(json.dumps({"type": "act", "token": token, "step": state.step,
                                 "action": str(legal_actions(state)[0])}))


@pytest.mark.parametrize("ruleset,players", [("standard", 5), ("tortuga-dice", 3)])
def test_every_patch_of_a_whole_game_gives_exactly_the_whole_view(client, ruleset, players):
    """Two sockets of one seat, one with ``?patches=1``: through a whole game against
    bots, each patch (checked against the schema) applied to the last view gives exactly
    the whole view the other socket is sent at the same moment (its labels grown: every
    word the whole view has, the same); patches weigh less."""
    made = client.post("/api/tables", json={"players": players, "name": "Ana",
                                            "ruleset": ruleset,
                                            "seats": ["human"] + ["random"] * (players - 1)})
    tid, token = made.json()["table"]["id"], made.json()["token"]
    table = client.lobby.get(tid)
    check = definition_validator("server_message")
    whole_bytes = patch_bytes = 0
    with client.websocket_connect(f"/api/tables/{tid}/socket") as plain, \
            client.websocket_connect(f"/api/tables/{tid}/socket?patches=1") as patched:
        for ws in (plain, patched):
            ws.send_text(json.dumps({"type": "hello", "token": token, "lang": "de"}))
            assert ws.receive_json()["type"] == "welcome"
        shown = _next_view(patched)
        assert shown["type"] == "view"
        shown = shown["view"]
        whole = _next_view(plain)
        while whole["view"] != shown:  # (bots may move between the hellos)
            whole = _next_view(plain)
        _play_if_mine(plain, token, table, whole)
        for _ in range(5000):  # bounded: a whole game's views, one by one on both sockets
            whole, message = _next_view(plain), _next_view(patched)
            assert message["type"] == "view_patch", message["type"]
            assert not list(check.iter_errors(message))
            shown = apply_patch(shown, message["patch"])
            assert _same_but_grown(shown, whole["view"]) and message["table"] == whole["table"]
            whole_bytes += len(json.dumps(whole))
            patch_bytes += len(json.dumps(message))
            if whole["table"]["over"]:
                break
            _play_if_mine(plain, token, table, whole)
        assert table.state.is_terminal
    assert patch_bytes < whole_bytes / 2
