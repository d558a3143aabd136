"""The `mistborn` command line: click commands and Rich screens over the library."""

import sys

__version__ = "0.2.0"


def run() -> None:
    """The ``mistborn`` console script. ``mistborn --version`` answers before anything
    is imported (it is asked for by scripts and installers, often); everything else goes
    to the click group in :mod:`cli.main`."""
    if sys.argv[1:] == ["--version"]:
        print(f"mistborn, version {__version__}")
        return
    from cli.main import main

    main()
