"""The effect DSL: its grammar, typed syntax tree, compiler, vocabulary and machine.

DSL text from the rules data is parsed (``grammar.lark`` -> :mod:`.syntax`, a
frozen typed AST with ``file:line:col`` spans), checked and compiled once at load
time (:mod:`.compiler`) into flat instructions, and run step by step by the
:mod:`.machine` over a step's work area. The vocabulary is two tables of small
Python functions named like the words they implement: :mod:`.verbs` (statements
that change the game, standing on :mod:`tortuga_rules.procedures`) and
:mod:`.functions` (queries), both described by :mod:`.words`.
"""
