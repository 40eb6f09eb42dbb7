"""Tools for rules lawyers: scenarios, explained outcomes, narration, coverage, diffs, replays.

===============  ==============================================================
``scenario``     the scenario file format: loading and checking it
``position``     positions given explicitly, the rest from a setup or a save
``runner``       playing a scenario and checking its expectations
``explanation``  a scenario's trace, each change with the clause behind it
``narration``    sentences for log events and actions (a table by event kind)
``coverage``     which scenarios and tests exercise each clause
``diff``         what one ruleset changes against another, rule by rule
``replay``       replay records: rebuilding a game from its seed and actions
===============  ==============================================================
"""
