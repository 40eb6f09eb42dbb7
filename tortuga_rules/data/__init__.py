"""Rules data: YAML files validated by JSON Schemas and compiled into a :class:`Ruleset`.

==============  ===============================================================
``loader``      :func:`load_ruleset`: the pipeline, and the once-per-process cache
``sources``     bundled folders (importlib.resources), names and paths
``yamlsource``  YAML with the ``file:line:col`` of every value
``reader``      reading, validating and compiling while collecting every problem
``schema``      the JSON Schemas and their errors as located problems
``variants``    compositions: a ruleset with variants merged, options resolved
``overlay``     the merge of one variant's changes, keeping each value's source
``cards``       the card files: vote cards, event cards and the rules they bring
``sections``    the ruleset file's sections: players, setup, board, turn, actions, votes
``build``       the build that runs the sections and assembles the :class:`Ruleset`
``ruleset``     the compiled values: Ruleset, Clause, ActionDef, VoteDef, cards, Board
==============  ===============================================================
"""
