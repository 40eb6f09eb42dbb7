"""Instinct: a fast playing policy for simulated games, with no lookahead.

Search bots play thousands of games forward inside their heads; a uniformly random
player there makes the outcome mostly noise (chests dropped into the other team's hold,
vote cards thrown at random). :func:`instinct` plays those simulated seats a little like
people - every seat knowing its own loyalty in the simulated world:

* an action that puts a chest somewhere puts it in the seat's team's hold or area;
* a vote card is the one pushing the vote the seat's way (see :func:`vote_push`);
* anything else is chosen at random.
"""

from __future__ import annotations

from ..model.components import ChestSpot, Team, team_totals

__all__ = ["instinct", "vote_push", "brawl_side", "PUSH"]

#: What each vote icon does for the vote's success (attack: top, mutiny: bottom).
PUSH = {"cannon": 1, "torch": 1, "water": -1, "skull": 1, "helm": -1}
_TEAM_OF_SPOT = {spot: team for spot in ChestSpot for team in ("british", "french")
                 if str(spot).endswith(team)}


def vote_push(rules, card: str, section: str) -> int:
    """How a card's icons in ``section`` push a vote: toward success (attack, mutiny:
    positive) or, for the brawl's flags, toward the British (positive) or French."""
    icons = rules.vote_cards[card].icons.get(section, ())
    if section == "middle":
        return sum(n if icon == "british" else -n if icon == "french" else 0
                   for icon, n in icons)
    return sum(PUSH.get(icon, 0) * n for icon, n in icons)


def brawl_side(chests, team: str) -> int:
    """The flag ``team`` wants a brawl to show most: +1 British, -1 French, 0 neither
    (the Dutch back the team that is behind, since a tie is their win)."""
    if team == Team.DUTCH.value:
        british, french = team_totals(chests)
        return 0 if british == french else (1 if british < french else -1)
    return 1 if team == Team.BRITISH.value else -1


def instinct(game, legal: tuple, rnd):
    """The action a simulated seat takes in ``game`` (a :class:`Rollout`) among ``legal``."""
    first = legal[0]
    if first.kind == "vote" or any(_spot(a) is not None for a in legal[:8]):
        state = game.state()
        team = str(state.loyalty[state.current_player])
        scores = [_score(state, team, a) + rnd.random() * 1e-3 for a in legal]
        return legal[scores.index(max(scores))]
    return legal[rnd.randrange(len(legal))]


def _spot(action):
    """The chest spot an action's last argument names (where a chest goes), if any."""
    if not action.args:
        return None
    value = action.args[-1][1]
    if isinstance(value, tuple):
        value = value[-1] if value else None
    return value if isinstance(value, ChestSpot) else None


def _score(state, team: str, action) -> float:
    if action.kind == "vote":
        args = dict(action.args)
        cards = args.get("cards") or (args["card"],)
        vote = state.vote
        section = state.rules.votes[vote.kind].section
        return _want(state, team, vote) * sum(vote_push(state.rules, c, section) for c in cards)
    spot = _spot(action)
    goes = _TEAM_OF_SPOT.get(spot)
    if goes is None or team == Team.DUTCH.value:
        return 0.0
    return 1.0 if goes == team else -1.0


def _want(state, team: str, vote) -> int:
    """+1 if the vote's success (brawl: the British flag) suits ``team``, -1 if not."""
    if vote.kind == "brawl":
        return brawl_side(state.chests, team)
    line = state.lines[vote.place] if vote.place is not None else ()
    captain = line[0] if line else vote.caller
    same = str(state.loyalty[captain]) == team and team != Team.DUTCH.value
    if vote.kind == "attack":
        return 1 if same else -1
    return -1 if same else 1
