"""A Hypothesis state machine plays random legal games and checks invariants at every step."""

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from strategies import RULES, players, seeds

from tortuga_rules import GameState, apply_action, legal_actions, new_game, roles_of
from tortuga_rules.game.invariants import problems


class RandomGames(RuleBasedStateMachine):
    """Random legal play for 2-9 players; a finished game is replaced by a new one."""

    @initialize(n=players, seed=seeds)
    def start(self, n, seed):
        self.state = new_game(RULES, n, seed)

    @precondition(lambda self: not self.state.is_terminal)
    @rule(data=st.data())
    def play(self, data):
        before = self.state.to_json()
        actions = legal_actions(self.state)
        action = data.draw(st.sampled_from(actions), label="action")
        after = apply_action(self.state, action)
        assert self.state.to_json() == before, "apply_action changed its input"
        self.state = after

    @precondition(lambda self: self.state.is_terminal)
    @rule(n=players, seed=seeds)
    def next_game(self, n, seed):
        self.state = new_game(RULES, n, seed)

    @invariant()
    def consistent(self):
        """8 chests, each pawn in one place, ship and rowboat capacity, vote cards conserved."""
        assert problems(self.state) == []

    @invariant()
    def json_round_trip(self):
        """Every visited state survives JSON exactly."""
        text = self.state.to_json()
        back = GameState.from_json(text, RULES)
        assert back == self.state and back.to_json() == text

    @invariant()
    def live_game_has_an_action(self):
        """A non-terminal state always offers at least one legal action."""
        assert self.state.is_terminal or legal_actions(self.state)

    @invariant()
    def roles_match_pawn_order(self):
        """Role actions are offered only to the holder of the role, read off the pawn order."""
        s = self.state
        if s.decision is None or s.decision.kind != "action":
            return
        roles = roles_of(s, s.decision.seat)
        for a in legal_actions(s):
            assert RULES.action_def(a.kind).role in roles
        for place in (0, 1):
            line = s.lines[place]
            assert len(line) <= 5


TestRandomGames = RandomGames.TestCase
TestRandomGames.settings = settings(max_examples=60, stateful_step_count=80, deadline=None,
                                    suppress_health_check=[HealthCheck.too_slow])
