"""The games the engine plays, one package each; importing this registers them all.

The core never imports a game: each package registers its
:class:`~tortuga_rules.model.games.GameKind` in :mod:`tortuga_rules.model.games` when it
is imported, and the package's facade imports this module. Games never import each other.
"""

from . import tortuga1667  # noqa: F401 - registers Tortuga 1667
from . import tortuga_dice  # noqa: F401 - registers the Tortuga dice game

__all__: list = []
