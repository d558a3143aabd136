"""The `mistborn` command line: click commands and Rich screens over the library."""

import sys

from cli.version import __version__

__all__ = ["__version__", "run"]


def run() -> None:
    """The ``mistborn`` console script. ``mistborn --version`` answers before anything
    is imported (it is asked for by scripts and installers, often); everything else goes
    to the click group in :mod:`cli.main`."""
    if sys.argv[1:] == ["--version"]:
        print(f"mistborn, version {__version__}")
        return
    from cli.main import main

    main()
