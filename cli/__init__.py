"""The `mistborn` command line: click commands and Rich screens over the library, one
subpackage per front door (:mod:`cli.conflict`, :mod:`cli.boardgames`,
:mod:`cli.players`) over what they share (:mod:`cli.common`).

Imports inside functions are kept for start-up time only: a command imports Rich, the
table and the rules it needs when it runs, so ``mistborn --version``, ``roll`` and
``--help`` load nothing else. ``tests/test_layout.py`` checks that each one puts off a
module not loaded yet, and counts it in the import graph, which has no cycle.
"""

from cli.version import __version__

__all__ = ["__version__", "run"]


def run() -> None:
    """The ``mistborn`` console script: the click group of :mod:`cli.main`."""
    from cli.main import main

    main()
