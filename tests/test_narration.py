"""Narration: one sentence function per event kind, and every kind the engine logs has one."""

import inspect
import random

import pytest

from tortuga_rules import apply_action, bundled_rulesets, legal_actions, load_ruleset, new_game
from tortuga_rules.games.tortuga1667.narration import EVENTS, Narrator


def _kinds_logged(spec, games=6):
    rules = load_ruleset(spec)
    kinds = {}
    for seed in range(games):
        players = rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        rnd = random.Random(seed)
        s = new_game(rules, players, seed)
        while True:
            for ev in s.events:
                kinds.setdefault(ev[1], ev)
            if s.is_terminal:
                return rules, kinds
            la = legal_actions(s)
            s = apply_action(s, la[rnd.randrange(len(la))])


@pytest.mark.parametrize("spec", [n for n in bundled_rulesets()
                                  if load_ruleset(n).game.id == "tortuga-1667"])
def test_every_logged_event_kind_has_a_sentence(spec):
    """Random games of each bundled ruleset log only kinds the narration table knows."""
    rules, kinds = _kinds_logged(spec)
    narrator = Narrator(rules)
    for kind, ev in kinds.items():
        assert kind == "rule" or kind in EVENTS, kind
        assert narrator.event(ev).strip(), kind  # the entry takes the logged arguments


def test_each_sentence_names_the_event_arguments():
    """Every table entry takes the narrator and named arguments (no *args catch-all)."""
    for kind, fn in EVENTS.items():
        params = list(inspect.signature(fn).parameters.values())
        assert params and params[0].name == "n", kind
        assert all(p.kind is p.POSITIONAL_OR_KEYWORD for p in params), kind


def test_an_unknown_kind_is_shown_plainly(rules):
    """An event kind with no table entry still reads as its kind and arguments."""
    assert Narrator(rules).event((None, "new-kind", -1, 1, "x")) == "new-kind 1 x"


def test_an_event_with_the_wrong_arguments_is_shown_plainly(rules):
    """A known kind with too few or too many arguments (a log from a forged save) reads as
    its kind and arguments instead of failing."""
    n = Narrator(rules)
    assert n.event((None, "turn", -1)) == "turn "
    assert n.event((None, "turn", -1, 0, 5, 6)) == "turn 0 5 6"
    assert n.event((None, "turn", -1, 0, 5)).startswith("Turn 5 — ")
