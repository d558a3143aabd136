"""The whole ``mistborn conflict`` group: set-up and the board (:mod:`cli.conflict.group`),
the step commands (made from :mod:`conflict.intents.step_table`), the guided round, the
live board and the written account (:mod:`cli.conflict.views`), and the simulation of
who wins (:mod:`cli.conflict.simulate`). The command table loads this module; the group imports
each of the others when one of its commands is first used."""

from cli.conflict.group import conflict

__all__ = ["conflict"]
