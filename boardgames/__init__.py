"""Table companions for three board games: Stuffed, Mistborn: The Deckbuilding Game and
Mistborn: House War.

Pure code, one module per game, plus what they share: bounded counters
(:mod:`boardgames.counters`) and a session of events with undo and replay
(:mod:`boardgames.session`). Nothing here prints, touches a database or imports the
Conflict engine; the command line and the table database build on it.
"""

from boardgames.counters import Bounded
from boardgames.errors import BadValue, GameError, RuleViolation
from boardgames.session import Codec, Session

__all__ = ["BadValue", "Bounded", "Codec", "GameError", "RuleViolation", "Session"]
