"""Shared test set-up: the hypothesis profiles (``default``, quick, what the README's
command runs; ``deep``, chosen with ``HYPOTHESIS_PROFILE=deep``; CI runs both: see
``profiles.py``), and Ctrl-C as a terminal gives it."""

from __future__ import annotations

import os
import signal

import profiles
from hypothesis import settings

profiles.register()
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

# Tests press Ctrl-C in the programs they start (a pseudo-terminal's ^C, or SIGINT) and
# expect exit status 130, as from a terminal, where the foreground job's SIGINT is
# never ignored. A suite started in the background by a shell without job control
# inherits SIGINT ignored, and every program it starts would too (an ignored signal
# survives exec; a handler does not): so this process handles it again.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
