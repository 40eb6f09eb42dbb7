"""The ``tortuga-rules`` command line: the top layer, which nothing in the library imports.

Each command is a module of this package with ``add_parser(subparsers)`` and
``run(args) -> exit status``; :mod:`.main` lists them and turns every
:class:`~tortuga_rules.errors.TortugaError` into a one-line message and exit
status 2.
"""

from .main import main

__all__ = ["main"]
