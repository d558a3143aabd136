"""The whole ``mistborn conflict`` group: set-up and the board (:mod:`cli.conflict.group`),
the step commands (:mod:`cli.conflict.steps`), the guided round, the live board and the
written account (:mod:`cli.conflict.views`), and the simulation of who wins
(:mod:`cli.conflict.simulate`). The command table loads this module."""

from cli.conflict import simulate as conflict_simulate
from cli.conflict import steps as conflict_steps
from cli.conflict import views as conflict_views
from cli.conflict.group import conflict

__all__ = ["conflict"]

# Their commands are on the group.
assert conflict_simulate.__name__ and conflict_steps.__name__ and conflict_views.__name__
