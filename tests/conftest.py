"""Shared test set-up: the hypothesis profiles (``default``, quick, what the README's
command runs; ``deep``, chosen with ``HYPOTHESIS_PROFILE=deep``; CI runs both: see
``profiles.py``), how many workers run the suite, and Ctrl-C as a terminal gives it."""

from __future__ import annotations

import os
import signal

import profiles
import pytest
from hypothesis import settings

profiles.register()
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))



def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """After a run that held the layout's tests (the whole suite), the functions past 60
    lines, if any: a smell to mend, which fails nothing (:mod:`layout_support`). A run
    of other files does not pay for reading every module again."""
    from pathlib import Path

    from layout_support import LONG, long_functions

    ran = (report.nodeid for reports in terminalreporter.stats.values()
           for report in reports if hasattr(report, "nodeid"))
    if not any(nodeid.startswith("tests/test_layout.py") for nodeid in ran):
        return
    found = long_functions(Path(__file__).resolve().parent.parent)
    if found:
        terminalreporter.section(f"functions past {LONG} lines: a smell to mend")
        for line in found:
            terminalreporter.write_line(line)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: one worker more than the machine has cores. Many tests wait on
    something besides the processor (a terminal's answer, the SSH server, a child
    process starting), and the extra worker keeps the cores busy meanwhile: on 2 cores
    the suite takes some 15% less time than with a worker a core."""
    return (os.cpu_count() or 1) + 1


# Tests press Ctrl-C in the programs they start (a pseudo-terminal's ^C, or SIGINT) and
# expect exit status 130, as from a terminal, where the foreground job's SIGINT is
# never ignored. A suite started in the background by a shell without job control
# inherits SIGINT ignored, and every program it starts would too (an ignored signal
# survives exec; a handler does not): so this process handles it again.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
