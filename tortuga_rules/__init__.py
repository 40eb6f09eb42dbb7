"""tortuga_rules: the reference rules engine for the board game Tortuga 1667.

The rules are data: YAML rulesets and cards, with effects written in a small DSL,
compiled once and run over immutable game states.

    >>> from tortuga_rules import load_ruleset, new_game, legal_actions, apply_action
    >>> rules = load_ruleset("standard")
    >>> state = new_game(rules, players=5, seed=1)
    >>> state = apply_action(state, legal_actions(state)[0])
"""

from .data.loader import load_ruleset
from .data.ruleset import Ruleset
from .data.sources import RulesText, bundled_rulesets
from .errors import (ArgumentError, DataError, IllegalActionError, Problem, RulesError,
                     OptionError, SaveGameError, SetupError, TortugaError, UndoError,
                     UnknownRulesetError)
from .game.action_space import ActionSpace, action_from_id, action_id, legal_mask
from .game.build import COMPILED
from .game.determinize import determinize
from .game.savegame import load_game  # importing savegame installs GameState.from_json's checks
from .game.language import LANGUAGES
from .game.legality import legal_actions, roles_of
from .game.record import GameRecord, history, public_history, reveal, undo
from .game.rollout import Rollout
from .game.setup import new_game
from .game.transition import TIMEOUT, apply_action, apply_timeout
from .game.view import glossary, public_view, view
from .model.actions import Action
from .model.state import GameState, Outcome
from . import games  # noqa: F401 - registers every game (the core imports none)

__all__ = [
    "apply_timeout", "TIMEOUT", "RulesText",
    "Action", "GameState", "Outcome", "Ruleset",
    "load_ruleset", "bundled_rulesets", "new_game", "legal_actions", "apply_action", "view",
    "public_view", "roles_of", "load_game", "Rollout", "GameRecord", "history",
    "public_history", "reveal", "undo", "UndoError",
    "ActionSpace", "action_id", "action_from_id", "legal_mask", "determinize",
    "glossary", "LANGUAGES",
    "TortugaError", "DataError", "Problem", "IllegalActionError", "SaveGameError",
    "SetupError", "UnknownRulesetError", "OptionError", "RulesError", "ArgumentError", "COMPILED",
]

__version__ = "0.1.0"
