"""The server's tables: seats and tokens, moves stored before they count, resuming after a kill."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tortuga_rules import IllegalActionError, apply_action, legal_actions
from tortuga_rules.game.record import reveals
from tortuga_rules.server.store import Store
from tortuga_rules.server.tables import AuthError, Lobby, RulesChanged, hash_token

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def lobby(tmp_path):
    """A lobby on a fresh database file."""
    store = Store(str(tmp_path / "t.db"))
    yield Lobby(store)
    store.close()


def _reopen(lobby, tmp_path) -> Lobby:
    """The lobby a restarted server resumes (the first one's database closed: one server
    per database file)."""
    lobby.store.close()
    return Lobby.resume(Store(str(tmp_path / "t.db")))


def _play_out(lobby, table, token, seat):
    """Play the table to its end: the token's seat takes its first legal action."""
    while not table.state.is_terminal:
        if lobby.play_bot(table):
            continue
        state = table.state
        assert state.current_player == seat
        lobby.act(table.id, token, str(legal_actions(state)[0]), step=state.step)


@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_a_table_with_bots_plays_to_the_end_and_resumes_exactly(lobby, tmp_path, bot):
    """Every move is stored; a lobby read back from the database has the same game
    (with each bot kind the server offers)."""
    table, token = lobby.create(players=4, seats=["human", bot, bot, "random"])
    _play_out(lobby, table, token, 0)
    again = _reopen(lobby, tmp_path)
    copy = again.get(table.id)
    assert copy.state == table.state and copy.state.is_terminal
    assert copy.seat_of(token) == 0


def test_tokens_are_stored_as_hashes_and_open_only_their_seat(lobby, tmp_path):
    """The database holds no token; a wrong token is refused and changes nothing."""
    table, token = lobby.create(players=3)
    seat, other = lobby.join(table.id, name="Ana")
    assert seat == 1 and table.seat_of(other) == 1
    raw = b"".join(p.read_bytes() for p in tmp_path.glob("t.db*"))  # the WAL file too
    assert token.encode() not in raw and hash_token(token).encode() in raw
    before = table.state
    for bad in ("", "x" * 32, None, 7):
        with pytest.raises(AuthError):
            lobby.act(table.id, bad, "view 1,2")
    assert table.state is before


def test_moves_for_another_seat_stale_moves_and_bad_text_are_refused(lobby):
    """Another seat's decision, an old step, nonsense and oversized text change nothing."""
    table, token = lobby.create(players=3, seats=["human", "open", "open"])
    tokens = [token] + [lobby.join(table.id)[1] for _ in range(2)]
    state = table.state
    mover = tokens[state.current_player]
    idle = tokens[(state.current_player + 1) % 3]
    legal = str(legal_actions(state)[0])
    for tok, text, step in ((idle, legal, None), (mover, legal, state.step + 1),
                            (mover, "fly away", None), (mover, "view " + "1," * 500, None)):
        with pytest.raises(IllegalActionError):
            lobby.act(table.id, tok, text, step=step)
    assert table.state is state
    lobby.act(table.id, mover, legal, step=state.step)
    assert len(table.moves) == 1


def test_an_undo_is_stored_and_survives_a_restart(lobby, tmp_path):
    """A taken-back move is gone from the database too; refused undos change nothing."""
    from tortuga_rules import UndoError
    table, token = lobby.create(players=3, seats=["human", "open", "open"])
    tokens = [token] + [lobby.join(table.id)[1] for _ in range(2)]
    start = table.state
    mover = tokens[start.current_player]
    quiet = next(a for a in legal_actions(start)
                 if reveals(start, apply_action(start, a), (start.current_player, a)) is None)
    lobby.act(table.id, mover, str(quiet), step=start.step)
    with pytest.raises(UndoError):
        lobby.undo(table.id, tokens[(start.current_player + 1) % 3])
    lobby.undo(table.id, mover)
    assert table.state == start
    again = _reopen(lobby, tmp_path).get(table.id)
    assert again.state == start and not again.moves


def test_finished_tables_leave_memory_and_are_read_back_when_asked_for(lobby, tmp_path,
                                                                      monkeypatch):
    """Beyond the newest finished tables, a finished table is only in the store: asked
    for, it is the same game; a restart resumes only the tables in play."""
    import tortuga_rules.server.tables as tables
    monkeypatch.setattr(tables, "FINISHED", 1)
    done = []
    for _ in range(3):
        table, token = lobby.create(players=3, seats=["human", "random", "random"])
        _play_out(lobby, table, token, 0)
        done.append((table, token))
    playing, _ = lobby.create(players=3)
    assert set(lobby.tables) == {done[-1][0].id, playing.id}
    first, token = done[0]
    back = lobby.get(first.id)
    assert back is not first and back.state == first.state and back.seat_of(token) == 0
    assert back.moves == first.moves and back.record.states == first.record.states
    again = _reopen(lobby, tmp_path)
    assert set(again.tables) == {playing.id}
    assert again.get(done[1][0].id).state == done[1][0].state


def test_at_the_cap_a_new_table_takes_the_place_of_one_nobody_plays(tmp_path):
    """A server holding as many tables as it may expires the longest-untouched table
    nobody has moved at to make room; only when every table is under way is a new one
    refused. Finished tables do not count."""
    from tortuga_rules.server.tables import Policy, TableGone
    store = Store(str(tmp_path / "cap.db"))
    lobby = Lobby(store, policy=Policy(max_tables=2))
    idle, _ = lobby.create(players=3, now=1.0)
    busy, token = lobby.create(players=3, seats=["human", "random", "random"], now=2.0)
    while busy.state.current_player != 0:
        lobby.play_bot(busy)
    lobby.act(busy.id, token, str(legal_actions(busy.state)[0]), step=busy.state.step)
    third, _ = lobby.create(players=3, now=3.0)
    assert lobby.get(idle.id).expired and not lobby.get(busy.id).expired
    with pytest.raises(TableGone):
        lobby.act(idle.id, "x", "row flying_dutchman_boat")
    _play_out(lobby, busy, token, 0)
    fourth, _ = lobby.create(players=3, now=4.0)  # the finished table made room
    assert {t.id for t in lobby.in_play()} == {third.id, fourth.id}
    store.close()


def test_a_database_from_before_finished_tables_were_marked_is_upgraded(tmp_path):
    """A store opened on a database whose tables have no ``over`` column adds it and
    still reads and writes every table."""
    import sqlite3
    path = str(tmp_path / "old.db")
    old = sqlite3.connect(path)
    old.executescript(_schema_without_over())
    old.close()
    store = Store(path)
    lobby = Lobby.resume(store)
    table, _ = lobby.create(players=3)
    assert [row.id for row in store.tables(in_play=True)] == [table.id]
    store.close()


def _schema_without_over() -> str:
    from tortuga_rules.server.store import SCHEMA
    return SCHEMA.replace(",\n    over INTEGER NOT NULL DEFAULT 0", "")


@pytest.mark.parametrize("kwargs", [{"players": 1}, {"players": 3, "seats": ["open"] * 3},
                                    {"players": 2, "seats": ["human", "wizard"]},
                                    {"ruleset": "/etc/passwd"}, {"name": ""}])
def test_bad_table_settings_are_refused(lobby, kwargs):
    """Player counts, seat kinds, rulesets given as paths and empty names are refused."""
    from tortuga_rules import TortugaError
    with pytest.raises(TortugaError):
        lobby.create(**kwargs)
    assert not lobby.tables


KILLED = """
import sys
from tortuga_rules.server.store import Store
from tortuga_rules.server.tables import Lobby
lobby = Lobby(Store(sys.argv[1]))
table, _ = lobby.create(players=5, seats=["human", "random", "random", "random", "random"])
table.seats[0] = table.seats[1]  # the host's seat is played by a bot too
print(table.id, flush=True)
while True:
    lobby.play_bot(table)
    print(len(table.moves), flush=True)
    if table.state.is_terminal:
        table, _ = lobby.create(players=5, seats=["human"] + ["random"] * 4)
        table.seats[0] = table.seats[1]
        print(table.id, flush=True)
"""


def test_a_killed_process_loses_no_stored_move(tmp_path):
    """A process playing tables is killed with SIGKILL mid-game; read back, each table
    holds at least every move the process reported stored, and replays to the same game."""
    db = tmp_path / "k.db"
    proc = subprocess.Popen([sys.executable, "-c", KILLED, str(db)], stdout=subprocess.PIPE,
                            text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    reported: dict = {}
    table = None
    deadline = time.monotonic() + 60
    assert proc.stdout is not None
    while sum(reported.values()) < 300 and time.monotonic() < deadline:
        line = proc.stdout.readline().strip()
        if line.isdigit():
            reported[table] = int(line)
        else:
            table = line
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert sum(reported.values()) >= 300
    lobby = Lobby.resume(Store(str(db)))  # the killed process's lock went with it
    for tid, moves in reported.items():
        assert len(lobby.get(tid).moves) >= moves


def _rules_file(folder: Path, hand_size: int) -> None:
    """The operator's ruleset ``mine`` in ``folder``: standard with ``hand_size`` cards."""
    (folder / "mine.yaml").write_text(
        "id: mine\nextends: standard\nname: Mine\ndescription: A test.\n"
        f"changes:\n  setup:\n    hand_size: {hand_size}\n", encoding="utf-8")


def test_a_table_whose_rules_changed_between_two_runs_is_refused_in_words(tmp_path):
    """A table keeps the hash of the rules it started under: after its rules file changed
    (an upgrade would change a bundled one alike), the next run does not replay its moves
    into another game - it is refused, saying under which rules it was made; a table of
    unchanged rules plays on."""
    folder = tmp_path / "rules"
    folder.mkdir()
    _rules_file(folder, 3)
    store = Store(str(tmp_path / "t.db"))
    lobby = Lobby(store, folder)
    changed, token = lobby.create(ruleset="mine", players=3, seats=["human", "random", "random"])
    kept, _ = lobby.create(ruleset="standard", players=3)
    for _ in range(3):
        lobby.play_bot(changed)
    assert changed.row.rules_hash == changed.state.rules.hash
    store.close()
    _rules_file(folder, 4)
    lobby = Lobby.resume(Store(str(tmp_path / "t.db")), folder)
    assert kept.id in lobby.tables and changed.id not in lobby.tables
    with pytest.raises(RulesChanged, match=r"created under the rules mine \(\w{12}\); this "
                                           r"server plays \S*mine \(\w{12}\), other rules"):
        lobby.get(changed.id)
    lobby.store.close()


def test_undo_is_offered_on_the_cheap_signs_and_checked_in_full_when_asked(lobby, monkeypatch):
    """The view's undo flag reads the move's cheap signs only (no worlds played again);
    an undo asked for is checked in full: a move whose outcome rests on hidden facts that
    no sign names (the dice game's face chosen after a lone skull) is offered, then
    refused in words, and nothing changes."""
    from tortuga_rules import UndoError
    import tortuga_rules.server.tables as tables
    monkeypatch.setattr(tables, "new_seed", lambda: 5)
    table, token = lobby.create(ruleset="tortuga-dice", players=3,
                                seats=["human", "open", "open"])
    tokens = [token] + [lobby.join(table.id)[1] for _ in range(2)]
    for k in range(80):
        state, seat = table.state, table.state.current_player
        acts = legal_actions(state)
        after = {a: apply_action(state, a) for a in acts}
        hidden = [a for a in acts if reveals(state, after[a], (seat, a))
                  and not reveals(state, after[a], (seat, a), worlds=False)]
        choice = hidden[0] if hidden else acts[k % len(acts)]
        lobby.act(table.id, tokens[seat], str(choice), step=state.step)
        if hidden:
            break
    assert hidden, "the fixed game has such a move"
    assert table.undoable(seat) and not table.undoable((seat + 1) % 3)
    moved = table.state
    with pytest.raises(UndoError, match="showed something hidden"):
        lobby.undo(table.id, tokens[seat])
    assert table.state is moved and lobby.store.table(table.id).moves[-1][0] == seat
