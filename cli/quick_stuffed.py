"""``mistborn stuffed odds`` and ``stuffed keep``, answered before click loads
(start-up time, see :mod:`cli.quick`) in their plain forms.

``stuffed odds COMBO…`` with ``--from DICE…``, ``-r R`` and ``--dice N``, and ``stuffed
keep COMBO… --from DICE…`` with ``-r R``, each option at most once, after the
combination: :func:`stuffed` reads them as the click commands do (the dice split at
commas too), works out the same chances (:mod:`cli.boardgames.stuffed_advice`) and
draws the same lines (:mod:`cli.boardgames.stuffed_lines`) with
:mod:`cli.common.light`. Anything else — ``--pay``, ``--die``, ``--json``, ``keep``
without ``--from`` (it reads the game), a combination or dice the game refuses, a
value out of range — is left to the click command, which says what is wrong in its
own words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from boardgames.stuffed.dice import Combo, Symbol

__all__ = ["stuffed"]

_OPTIONS = {"odds": {"--from": "from", "-r": "rerolls", "--rerolls": "rerolls",
                     "--dice": "dice"},
            "keep": {"--from": "from", "-r": "rerolls", "--rerolls": "rerolls"}}
"""The options each plain form takes, by the name they are read under."""

_MOST = {"rerolls": 8, "dice": 8}
_LEAST = {"rerolls": 0, "dice": 1}


def _option_like(word: str) -> bool:
    """Whether the click command reads ``word`` as an option."""
    return word.startswith("-") and len(word) > 1


def _read(words: Sequence[str], taken: dict[str, str]
          ) -> tuple[list[str], dict[str, list[str]]] | None:
    """The combination's words and the options' values of ``words`` (after ``odds``
    or ``keep``); ``None`` unless every option is one ``taken``, given once after the
    combination, ``--from`` followed by its dice and any other by one value."""
    at = 0
    while at < len(words) and not words[at].startswith("-"):
        at += 1
    combo, options = list(words[:at]), dict[str, list[str]]()
    while at < len(words):
        name = taken.get(words[at])
        if name is None or name in options:
            return None
        values: list[str] = []
        at += 1
        while at < len(words) and not _option_like(words[at]) \
                and (name == "from" or not values):
            values.append(words[at])
            at += 1
        if not values:
            return None
        options[name] = values
    return (combo, options) if combo else None


def _number(options: dict[str, list[str]], name: str, default: int) -> int | None:
    """The value of the option ``name`` in its range, else ``None``."""
    if name not in options:
        return default
    word = options[name][0]
    if word.isascii() and word.isdigit() and len(word) == 1 \
            and _LEAST[name] <= int(word) <= _MOST[name]:
        return int(word)
    return None


def stuffed(words: Sequence[str]) -> Callable[[], None] | None:
    """What answers ``mistborn stuffed WORDS…`` if they are a plain ``odds`` or
    ``keep``; ``None`` to leave them to click."""
    if not words or words[0] not in _OPTIONS:
        return None
    read = _read(words[1:], _OPTIONS[words[0]])
    if read is None:
        return None
    combo, options = read
    rerolls, dice = _number(options, "rerolls", 1), _number(options, "dice", 8)
    typed = [part.strip() for item in options.get("from", ()) for part in item.split(",")
             if part.strip()]
    if rerolls is None or dice is None or ("from" in options and not typed) \
            or (words[0] == "keep" and not typed):
        return None
    try:
        from boardgames.stuffed.dice import parse_combo, parse_symbols

        wanted = parse_combo(" ".join(combo))
        faces = parse_symbols(" ".join(typed)) if typed else None
    except Exception:  # a refusal is the click command's to say, as it says it
        return None
    if words[0] == "odds":
        return _odds(wanted, faces, dice, rerolls)
    return _keep(wanted, list(enumerate(faces or (), start=1)), rerolls)


def _odds(wanted: Combo, faces: tuple[Symbol, ...] | None, dice: int, rerolls: int
          ) -> Callable[[], None]:
    def run() -> None:
        from boardgames.stuffed.dice import DEFAULT_DIE
        from cli.boardgames.stuffed_advice import odds_chances
        from cli.boardgames.stuffed_lines import odds_lines
        from cli.common.light import show

        chances, source = odds_chances(wanted, faces, dice, rerolls, DEFAULT_DIE)
        show(lambda width: odds_lines(wanted.words, wanted.short, source, chances, width))

    return run


def _keep(wanted: Combo, dice: list[tuple[int, Symbol]], rerolls: int) -> Callable[[], None]:
    def run() -> None:
        from boardgames.stuffed.dice import DEFAULT_DIE
        from cli.boardgames.stuffed_advice import keep_chances
        from cli.boardgames.stuffed_lines import keep_lines
        from cli.common.light import show

        best, chances = keep_chances(wanted, dice, rerolls, DEFAULT_DIE, [])
        show(lambda width: keep_lines(best, dice, chances, width))

    return run
