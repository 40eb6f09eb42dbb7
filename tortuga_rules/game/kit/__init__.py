"""The component kit's game-loop side, and the map of the whole kit.

The component kit is the generic equipment a game may be written on in data alone (the
Tortuga dice game is; see docs/new-game.md). Each layer holds its own piece of it, so the
layers' one-way imports hold; this subpackage is the kit's game-loop side, and this list
is where all of it is found:

- ``model/kit.py`` (layer 1): its values - :class:`~tortuga_rules.model.kit.Kit` (the
  equipment a rules file declares), ``KitState`` (the state, every field declared with
  who may see it) and ``KIT_EVENTS`` (its log catalogue);
- ``procedures/kit.py`` (layer 2): its rule procedures over the step's workspace - tracks,
  counters, zones, bags, dice, secret choices, scores;
- ``dsl/kit.py`` (layer 3): its DSL words and ``VOCABULARY`` (docs/words-kit.md is
  generated from them);
- ``data/kit.py`` (layer 4): its builder, a rules file with ``components`` compiled
  (checked against ``schema/kit/kit.schema.json``);
- ``game/kit/`` (layer 5, here): ``loop`` (setup, per-seat view, position checks,
  returns, heuristic, side), ``words`` (its narrator), ``determinize``, ``space``
  (numbered actions and observations), ``position`` (scenario positions) and ``kind``
  (``kit_game``: a kit game's ``GameKind`` made of those parts; ``KIT_FAMILY``: a rules
  file naming a new game);
- outside the Python layers: its schemas in ``schema/kit/`` (rules, saves, views), the
  dice game's rules in ``variants/tortuga-dice/``, and its native side in the Rust crate
  (docs/engine.md).

Nothing is imported here: a module of the kit is imported by its own name.
"""
