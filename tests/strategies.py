"""Shared Hypothesis strategies: games and reachable states."""

import json
import random

from hypothesis import strategies as st

from tortuga_rules import apply_action, legal_actions, load_ruleset, new_game

RULES = load_ruleset("standard")

players = st.integers(min_value=2, max_value=9)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def states(draw, rules=RULES, max_steps=60):
    """A state reached by random legal play from a random setup (of a player count the
    rules allow)."""
    n = draw(st.integers(min_value=rules.min_players, max_value=rules.max_players))
    seed = draw(seeds)
    steps = draw(st.integers(min_value=0, max_value=max_steps))
    rnd = random.Random(draw(seeds))
    s = new_game(rules, n, seed)
    for _ in range(steps):
        if s.is_terminal:
            break
        la = legal_actions(s)
        s = apply_action(s, la[rnd.randrange(len(la))])
    return s


# -- saved games and their mutations ----------------------------------------------------

SAVE_RULESETS = ("standard", "first-edition", "shorter-game:3", "open-loyalty:one-each",
                 "intermediate", "tiebreak-discards-only")
_SAVES: list = []


def real_saves() -> list:
    """``(rules, data)`` of saved games at every kind of decision, from several rulesets.

    Setup choices, turn actions, choices halfway through a card, votes, finished games:
    each ruleset's random games are saved at the first state of each kind (and at its end).
    """
    if not _SAVES:
        for spec in SAVE_RULESETS:
            rules = load_ruleset(spec)
            for seed in range(3):
                n = rules.min_players + seed * 2
                rnd = random.Random(seed)
                s = new_game(rules, n, seed)
                seen = set()
                while True:
                    d = s.decision
                    key = None if d is None else (d.kind, s.vote is not None, bool(s.frames))
                    if key not in seen:
                        seen.add(key)
                        _SAVES.append((rules, json.loads(s.to_json())))
                    if d is None:
                        break
                    la = legal_actions(s)
                    s = apply_action(s, la[rnd.randrange(len(la))])
    return _SAVES


def _paths(data, path=()):
    """Every path into ``data`` (keys and indices), the long event list cut short."""
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data[:12]):
            yield from _paths(v, path + (i,))


def _leaves(data) -> list:
    """The scalar values of ``data``: plausible replacements (seat numbers, card ids...)."""
    out = []
    for p in _paths(data):
        v = _get(data, p)
        if not isinstance(v, (dict, list)):
            out.append(v)
    return out


def _get(data, path):
    for k in path:
        data = data[k]
    return data


HOSTILE = (None, True, -1, 0, 1, 2, 5, 9, 10**6, 2**64, 1.5, "", "x", "tortuga", "galleon",
           [], {}, [0], ["pistol"], {"a": 1})


@st.composite
def mutated_saves(draw):
    """A real saved game with one field changed: its type, range, count, or removed."""
    rules, data = draw(st.sampled_from(real_saves()))
    data = json.loads(json.dumps(data))
    path = draw(st.sampled_from([p for p in _paths(data) if p and p[0] != "format"]))
    *parent_path, key = path
    parent = _get(data, parent_path)
    value = parent[key]
    how = draw(st.sampled_from(["replace", "plausible", "remove", "duplicate", "append",
                                "shuffle", "step"]))
    if how == "replace":
        parent[key] = draw(st.sampled_from(HOSTILE))
    elif how == "plausible":
        parent[key] = draw(st.sampled_from(_leaves(data)))
    elif how == "remove":
        del parent[key]
    elif how == "duplicate" and isinstance(parent, list):
        parent.insert(key, value)
    elif how == "append" and isinstance(value, list) and value:
        value.append(draw(st.sampled_from(value)))
    elif how == "shuffle" and isinstance(value, list):
        draw(st.randoms(use_true_random=False)).shuffle(value)
    elif how == "step" and type(value) is int:
        parent[key] = value + draw(st.sampled_from([-2, -1, 1, 2]))
    else:
        parent[key] = draw(st.sampled_from(HOSTILE))
    return MutatedSave(rules, data, f"{how} at {'/'.join(map(str, path))}")


class MutatedSave(tuple):
    """``(rules, data, how)``, shown as how it was mutated (the data is long)."""

    def __new__(cls, rules, data, how):
        return super().__new__(cls, (rules, data, how))

    def __repr__(self) -> str:
        return f"<save with {self[2]}>"
