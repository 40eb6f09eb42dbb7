"""Loading saved games: the JSON structure, the ruleset they were saved under, consistency.

Importing this module installs :func:`state_from_data` as the loader behind
:meth:`GameState.from_json <tortuga_rules.model.state.GameState.from_json>`.
"""

from __future__ import annotations

from ..data.schema import validator
from ..errors import SaveGameError
from ..model.state import SAVE_FORMAT, GameState, install_loader
from .invariants import problems

__all__ = ["state_from_data"]


def state_from_data(data, ruleset) -> GameState:
    """Rebuild and check a state from :meth:`GameState.to_data` output."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise SaveGameError(f"not a saved game: expected an object with "
                            f"\"format\": \"{SAVE_FORMAT}\"")
    if data.get("ruleset") != ruleset.id or data.get("ruleset_hash") != ruleset.hash:
        raise SaveGameError(
            f"this game was saved under ruleset {data.get('ruleset')!r} "
            f"(hash {data.get('ruleset_hash')}), not under {ruleset.id!r} (hash {ruleset.hash}); "
            "load it with the ruleset it was saved under")
    errors = sorted(validator("savegame").iter_errors(data),
                    key=lambda e: list(map(str, e.absolute_path)))
    if errors:
        lines = [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"
                 for e in errors[:20]]
        raise SaveGameError("not a valid saved game:\n" + "\n".join(lines))
    try:
        state = GameState._decode_fields(data, ruleset)
        found = problems(state)
    except (KeyError, TypeError, ValueError, IndexError) as exc:
        raise SaveGameError(f"not a valid saved game: {exc!r}") from None
    if found:
        raise SaveGameError("impossible position:\n" + "\n".join(found))
    return state


install_loader(state_from_data)
