"""A rules-of-thumb player for the Tortuga dice game (``heuristic``).

It sees only its seat's knowledge (the view and its legal actions) and answers each
decision by name:

* ``keep`` - the set of dice worth most: its dice's numbers, two points a die, plus what the
  action is worth now (a ship or pirate far from the end of its track, chests to take on
  the others' fleets or crews; Search a little); a roll with nothing to keep keeps nothing;
* ``face`` - the action worth most for skulls kept alone;
* ``bonus`` - the action it has most dice on, else the one worth most;
* ``act`` - always carry the action out;
* ``victim`` - the other player with the most chests in fleet and crew;
* ``chest`` - purple first, then a colour of a set it lacks, then white, then any;
* ``token`` - the treasure token with the most coins.

Ties go to the first option, so the bot is deterministic; its seed is kept for the
registry's signature. A decision of another name is refused (an ``ArgumentError``): rules
that ask it are not the dice game's, and its rules of thumb would play them blindly.
"""

from __future__ import annotations

from ...errors import ArgumentError

__all__ = ["DiceHeuristicBot"]

_SET = ("yellow", "blue", "red")
#: the decisions of the dice game's rules, each judged by the method of its name
_DECISIONS = ("keep", "face", "bonus", "act", "victim", "chest", "token")


class DiceHeuristicBot:
    """Plays the dice game by the rules of thumb of this module."""

    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.seed = seed

    def choose(self, knowledge):
        actions = knowledge.legal_actions()
        if len(actions) == 1:
            return actions[0]
        v = knowledge.view
        name = v["decision"]["name"]
        judge = getattr(self, "_" + name, None) if name in _DECISIONS else None
        if judge is None:  # not the dice game's decision: its rules of thumb do not apply
            raise ArgumentError(f"the dice game's heuristic bot has no rule of thumb for the "
                                f"decision {name!r:.40}: these rules are not the dice game's "
                                f"(play them with ismcts or random)")
        me = knowledge.seat
        scores = [judge(v, me, a.args[0][1], knowledge.rules) for a in actions]
        return actions[scores.index(max(scores))]

    # -- what things are worth ---------------------------------------------------------

    @staticmethod
    def _worth(v: dict, me: int, side: str) -> float:
        """What carrying out ``side`` is worth to seat ``me`` now."""
        tracks, zones = v["tracks"], v["zones"]
        others = [s for s in range(v["players"]) if s != me]
        if side == "expand":
            return (8 - tracks["fleet"][me]) / 2
        if side == "recruit":
            return (8 - tracks["crew"][me]) / 2
        if side == "board":
            return max(zones["fleet"][s].get("count", 0) for s in others) / 1.5
        if side == "raid":
            return max(zones["crew"][s].get("count", 0) for s in others) / 1.5
        return 1.5  # search: a chest and a token

    def _keep(self, v, me, option, rules) -> float:
        if option is None:
            return 0.0
        side, letters = option
        kit = rules.tables["kit"]
        if side == kit.wild:
            return max(self._worth(v, me, s) for s, _ in kit.faces["A"] if s != kit.wild) \
                + 2.5 * len(letters)
        pips = sum(kit.faces[letter][kit.face_of(letter, side)][1] for letter in letters)
        return pips + 2 * len(letters) + self._worth(v, me, side)

    def _face(self, v, me, side, rules) -> float:
        return self._worth(v, me, side)

    def _bonus(self, v, me, side, rules) -> float:
        mine = v["zones"]["actions"][me].get("tokens", [])
        return 10 * sum(1 for d in mine if d["side"] == side) + self._worth(v, me, side)

    def _act(self, v, me, value, rules) -> float:
        return 1.0 if value else 0.0

    def _victim(self, v, me, seat, rules) -> float:
        if seat is None:
            return -1.0
        zones = v["zones"]
        return zones["fleet"][seat].get("count", 0) + zones["crew"][seat].get("count", 0)

    def _chest(self, v, me, colour, rules) -> float:
        if colour == "purple":
            return 3.0
        mine = [t for area in ("island", "crew", "fleet", "tortuga")
                for t in v["zones"][area][me].get("tokens", [])]
        if colour in _SET:
            return 2.0 if mine.count(colour) <= min(mine.count(c) for c in _SET) else 1.0
        return 1.5 if colour == "white" else 0.0

    def _token(self, v, me, token, rules) -> float:
        return float(rules.tables["kit"].values.get(token, 0))
