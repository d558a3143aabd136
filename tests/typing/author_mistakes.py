"""Mistakes a tool author makes, which ``mypy --strict`` must catch (checked by CI).

Each line below is wrong, and carries the ``type: ignore`` for the error mypy reports.
If the library's types stop catching one, that ignore goes unused and ``mypy --strict``
(``warn_unused_ignores``) fails CI: the types have stopped protecting the author.
"""

from conflict import (
    Act,
    ApplyDamage,
    Conflict,
    DeclarationKind,
    Declare,
    Defend,
    React,
    RollDice,
    SetTest,
    TakeIt,
)

Act("Kelsier", 5)  # type: ignore[call-arg]
TakeIt("Guards", 2)  # type: ignore[call-arg]
TakeIt("Guards")  # type: ignore[call-arg]
Defend("Vin", 1, 3)  # type: ignore[call-arg]
React("Vin", 1, "Steelpush")  # type: ignore[call-arg]
ApplyDamage(2)  # type: ignore[call-arg]
SetTest(1, True)  # type: ignore[call-arg]
RollDice(1, [[1, 2]])  # type: ignore[call-arg]
Declare("Guards", DeclarationKind.ACTION, "Vin", dice=3)  # type: ignore[call-arg]

now = Conflict().next()
print(now.option)  # type: ignore[union-attr]  # narrow by now.expect first

# Every constructor is typed as it validates: a wrong value is refused before it runs.
from boardgames import deckbuilding as dbg  # noqa: E402
from boardgames import housewar as hw  # noqa: E402
from boardgames import stuffed  # noqa: E402
from conflict import Start  # noqa: E402

hw.Pass(42, take=3.5)  # type: ignore[arg-type]
hw.Sheet(house=None, income=[1, 2])  # type: ignore[arg-type]
hw.Start(3, length=2)  # type: ignore[arg-type]
Start(nature=12345)  # type: ignore[arg-type]
dbg.SpendMission("Vin", points=[1, "2", 0])  # type: ignore[list-item]
stuffed.Roll(faces=8)  # type: ignore[arg-type]
