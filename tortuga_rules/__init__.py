"""tortuga_rules: the reference rules engine for the board game Tortuga 1667.

The rules are data: YAML rulesets and cards, with effects written in a small DSL,
compiled once and run over immutable game states.

    >>> from tortuga_rules import load_ruleset, new_game, legal_actions, apply_action
    >>> rules = load_ruleset("standard")
    >>> state = new_game(rules, players=5, seed=1)
    >>> state = apply_action(state, legal_actions(state)[0])
"""

from .actions import Action
from .engine import apply_action, legal_actions, new_game, roles_of
from .errors import (DataError, IllegalActionError, Problem, SaveGameError, SetupError,
                     TortugaError, UnknownRulesetError)
from .ruleset import Ruleset, bundled_rulesets, load_ruleset
from .state import GameState, Outcome
from .view import view

__all__ = [
    "Action", "GameState", "Outcome", "Ruleset",
    "load_ruleset", "bundled_rulesets", "new_game", "legal_actions", "apply_action", "view",
    "roles_of",
    "TortugaError", "DataError", "Problem", "IllegalActionError", "SaveGameError",
    "SetupError", "UnknownRulesetError",
]

__version__ = "0.1.0"
