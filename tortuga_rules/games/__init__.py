"""The games the engine plays, one package each; importing this registers them all.

The core never imports a game: each package registers its
:class:`~tortuga_rules.model.games.GameKind` in :mod:`tortuga_rules.model.games` when it
is imported, and the package's facade imports this module. Games never import each other.
A game written on the component kit in data alone needs no package: the kit's family,
registered here, makes its ``GameKind`` when the loader first reads its file.
"""

from ..game.kit.kind import KIT_FAMILY
from ..model.games import register_family
from . import tortuga1667  # noqa: F401 - registers Tortuga 1667
from . import tortuga_dice  # noqa: F401 - registers the Tortuga dice game

# a rules file on the component kit naming a new game is a game of its own, with no Python
register_family(KIT_FAMILY)

__all__: list = []
