"""The commands typed most, answered before click loads (start-up time: importing click
alone takes as long as a whole roll may).

``mistborn roll 5``, ``roll 4 -d 2 --seed 7``, ``roll 5 --as Vin --for lock``,
``odds 4 -d 2`` and ``odds 5 vs 4``, ``conflict show`` and the board games' ``show``
from the view stored beside the stream (:mod:`cli.quick_show`), ``stuffed odds`` and
``stuffed keep`` (:mod:`cli.quick_stuffed`), ``char list`` and its ``--json`` from the
roster's kept listing (:mod:`cli.quick_char`): when the words typed are one of these
plain forms — each option at most once, written as its own word, every value one the
command takes — :func:`answered` runs the same library calls as the click command and
draws the same screen (:mod:`cli.common.light`). Anything else — help, ``--json`` (but
``char list``'s), ``--db``, ``--faces``, ``-d2``, a value out of range, shell
completion asking — is left to the click group (:mod:`cli.main`), which says what is
wrong in its own words; so is
everything when ``$MISTBORN_WAIT`` is set (the group checks it). A refusal by the
library while recording (a name refused) is reported as the group reports it: one
line, exit status 2. ``tests/test_quick.py`` runs the same words both ways.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from conflict.dice import Roll

__all__ = ["answered", "printable_anywhere", "sizes_readable", "utf8"]

_TAKING = {"-d": "difficulty", "--difficulty": "difficulty", "--seed": "seed",
           "--as": "who", "--for": "purpose"}
"""The options the plain forms take, each with a value (one word after it)."""

_MOST_SEED = 2**63 - 1


def printable_anywhere() -> None:
    """On a terminal or pipe that cannot take UTF-8 (``LANG=C`` with no UTF-8 fallback,
    ``PYTHONIOENCODING=ascii``), print what it can and a ``?`` for the rest (dice
    glyphs, bars, dashes) rather than stop with an encoding error."""
    for stream in (sys.stdout, sys.stderr):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("-", "")
        if encoding not in ("utf8", "utf_8") and hasattr(stream, "reconfigure"):
            with contextlib.suppress(ValueError, OSError):  # closed or detached
                stream.reconfigure(errors="replace")


def sizes_readable() -> None:
    """Drop a ``COLUMNS`` or ``LINES`` that Python calls digits but is no number
    (``COLUMNS=²``): Rich would stop on it with a traceback; unset, the terminal's size
    counts, as for any other value that is not a number."""
    for name in ("COLUMNS", "LINES"):
        value = os.environ.get(name, "")
        if value.isdigit() and not value.isdecimal():
            del os.environ[name]


def utf8(text: str) -> bool:
    """Whether an argument was valid UTF-8 (Python keeps invalid bytes as lone
    surrogates, which no terminal or table can take)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _digits(word: str, most: int) -> int | None:
    """``word`` as a whole number 0–``most`` written in ASCII digits alone."""
    if word.isascii() and word.isdigit() and len(word) <= 20 and int(word) <= most:
        return int(word)
    return None


def _read(words: Sequence[str]) -> tuple[list[str], dict[str, str]] | None:
    """The arguments and the options (by name) of ``words``; ``None`` unless every
    option is one of :data:`_TAKING`, given once, followed by a value that is no
    option."""
    arguments: list[str] = []
    options: dict[str, str] = {}
    at = 0
    while at < len(words):
        word = words[at]
        if word.startswith("-"):
            name = _TAKING.get(word)
            if name is None or name in options or at + 1 == len(words) \
                    or words[at + 1].startswith("-"):
                return None
            options[name] = words[at + 1]
            at += 2
        else:
            arguments.append(word)
            at += 1
    return arguments, options


def _roll(arguments: list[str], options: dict[str, str]) -> Callable[[], None] | None:
    """``roll N`` with ``-d``, ``--seed``, ``--as`` and ``--for``."""
    from cli.common.pools import MAX_ROLL

    pool = _digits(arguments[0], MAX_ROLL) if len(arguments) == 1 else None
    difficulty = _digits(options.get("difficulty", "0"), 5)
    seed = _digits(options.get("seed", "0"), _MOST_SEED)
    given = difficulty if "difficulty" in options else None
    seeded = seed if "seed" in options else None
    who = options.get("who")
    if pool is None or difficulty is None or seed is None \
            or ("purpose" in options and who is None) \
            or (who is not None and (os.environ.get("MISTBORN_WAIT", "").strip()
                                     or not who.strip())):
        return None

    def run() -> None:
        import random

        from cli.common.light import show
        from cli.conflict.roll_screen import screen_lines
        from conflict.dice import roll

        judged = roll(pool, difficulty=given,
                      rng=random.Random(seeded) if seeded is not None else None)
        if who is not None:
            _record(judged, who, options.get("purpose", ""))
        show(lambda width: screen_lines(judged, by_hand=False, seed=seeded, width=width))

    return run


def _record(judged: Roll, who: str, purpose: str) -> None:
    """The roll written to the table's roll log, as ``roll --as`` writes it (the table
    named by ``$MISTBORN_DB``, else the one in the data directory)."""
    from cli.common.table_file import named_table
    from cli.common.who import logged_name
    from table import DEFAULT_WAIT, Table, default_path

    chosen = os.environ.get("MISTBORN_DB")
    path = named_table(chosen) if chosen else default_path(make_folder=True)
    with Table(path, create=True, wait=DEFAULT_WAIT) as table:
        table.record_roll(judged, who=logged_name(table, who), purpose=purpose)


def _odds(arguments: list[str], options: dict[str, str]) -> Callable[[], None] | None:
    """``odds N`` and ``odds A vs D``, with ``-d``."""
    from conflict.odds import MAX_ODDS_POOL

    if set(options) - {"difficulty"}:
        return None
    difficulty = _digits(options.get("difficulty", "0"), 5)
    read = [_digits(word, MAX_ODDS_POOL) for word in arguments[::2]]
    pools = [pool for pool in read if pool is not None]
    if difficulty is None or len(pools) < len(read) or not (
            len(arguments) == 1 or (len(arguments) == 3
                                    and arguments[1].lower() in {"vs", "v", "vs."})):
        return None
    given = difficulty if "difficulty" in options else None

    def run() -> None:
        from cli.common.light import show
        from cli.conflict.odds_screens import contest_lines, pool_lines
        from conflict.odds import contest_odds, pool_odds

        if len(pools) == 1:
            result = pool_odds(pools[0])
            show(lambda width: pool_lines(result, given, width))
        else:
            contest = contest_odds(pools[0], pools[1], difficulty)
            show(lambda width: contest_lines(contest, width))

    return run


_COMMANDS = {"roll": _roll, "odds": _odds}

_FIRST = {*_COMMANDS, "char", "conflict", "stuffed", "dbg", "deckbuilding", "hw", "housewar"}
"""The first words of the plain forms (the groups' as :data:`cli.quick_show.GROUPS`)."""


def answered(words: Sequence[str]) -> bool:
    """Answer ``words`` (the arguments after ``mistborn``) here if they are one of the
    plain forms; ``False``, having done nothing, to leave them to the click group."""
    if not words or words[0] not in _FIRST or not all(map(utf8, words)) or any(
            name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ):
        return False
    sizes_readable()  # the forms' readers lay out for the width
    run = _found(words)
    if run is None:
        return False
    from cli.common.errors import output_closed

    output_closed()
    printable_anywhere()
    _answer(run)
    return True


def _found(words: Sequence[str]) -> Callable[[], None] | None:
    """What answers ``words``, if they are one of the plain forms (each front door's
    reader loaded only for its own words: start-up time)."""
    if words[0] in _COMMANDS:
        return _command(words)
    if words[0] == "char":
        from cli.quick_char import listed

        return listed(words[1:])
    if words[1:2] == ["show"]:
        from cli.quick_show import shown

        return shown(words[0], words[1:])
    if words[0] == "stuffed":
        from cli.quick_stuffed import stuffed

        return stuffed(words[1:])
    return None


def _command(words: Sequence[str]) -> Callable[[], None] | None:
    """What answers a plain ``roll`` or ``odds``; ``None`` for any other form."""
    read = _read(words[1:])
    if read is None or not read[0]:
        return None
    return _COMMANDS[words[0]](*read)


def _answer(run: Callable[[], None]) -> None:
    """``run``, its refusals and interruptions said as the click group says them."""
    from cli.common.errors import one_line, output_failed, said, user_errors

    try:
        run()
    except BrokenPipeError:
        sys.exit(1)
    except OSError as error:  # the output could not be written (a full disk)?
        output_failed(error)
    except KeyboardInterrupt:
        print(file=sys.stderr)  # the new line click writes first
        print("mistborn: interrupted", file=sys.stderr)
        sys.exit(130)
    except user_errors() as error:
        print(f"mistborn: {one_line(said(error))}", file=sys.stderr)
        sys.exit(2)
