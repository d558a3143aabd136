"""The whole ``mistborn conflict`` group: set-up and the board (:mod:`cli.conflicts`),
the step commands (:mod:`cli.conflict_steps`), the guided round, the live board and the
written account (:mod:`cli.conflict_views`), and the simulation of who wins
(:mod:`cli.conflict_simulate`). The command table loads this module."""

from cli import conflict_simulate, conflict_steps, conflict_views
from cli.conflicts import conflict

__all__ = ["conflict"]

# Their commands are on the group.
assert conflict_simulate.__name__ and conflict_steps.__name__ and conflict_views.__name__
