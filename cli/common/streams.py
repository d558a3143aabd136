"""What the twin commands of the Conflicts (``mistborn conflict``) and of the board games
(``mistborn stuffed``, ``deckbuilding``, ``housewar``) share, written once: ``new``,
``undo``, ``log``, ``list``, ``use`` and ``show`` each work on a saved stream of events
in the table, and say it the same way.

* who writes (``--as``, else ``$MISTBORN_AS``, else the login name): :func:`who_option`,
  :func:`writer`, and the name the log keeps for it, :func:`logged_name`;
* the report of a write: what other writers did meanwhile (:func:`meanwhile_lines`),
  the library's sentence for each event written and what comes next, as lines
  (:func:`report_lines`) or one JSON document (:func:`report_json`);
* the streams of a kind in the table, the current one marked (:func:`list_streams`),
  and taking one as current (:func:`use_stream`);
* the last steps (:func:`last_steps`) and the whole history, undone steps included and
  told against the steps kept before them (:func:`history`, :func:`taken_back`).

What differs stays with each front door: its words (the Deckbuilding Game speaks
Polish too), its JSON fields, how it finds a stream by name. Light at import: no Rich,
no SQLite, no game code.
"""

from __future__ import annotations

import bisect
import getpass
import os
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from cli.common.decorators import F
from cli.common.output import echo_wrapped, json_option, plain, print_json
from cli.common.table_option import open_table, table_option
from cli.common.values import Whole
from cli.common.who import WHO_ENV
from cli.common.who import logged_name as logged_name  # read here before it moved

if TYPE_CHECKING:
    from table import Entry, StreamInfo, Table
    from table.sessions import Loaded, Recorded

S = TypeVar("S")
E = TypeVar("E")

KIND_WORDS: Mapping[str, str] = {
    "conflict": "conflict", "stuffed": "stuffed", "deckbuilding": "deckbuilding",
    "dbg": "deckbuilding", "housewar": "housewar", "hw": "housewar"}
"""The words the command line takes for a kind of game, as its groups are named:
each kind, and the short names ``dbg`` and ``hw``."""

SHORT_WORDS: Mapping[str, str] = {"conflict": "conflict", "stuffed": "stuffed",
                                  "deckbuilding": "dbg", "housewar": "hw"}
"""The shortest word the command line takes for each kind of game."""

_WHO_KEY = "mistborn_conflict.who"

ENGLISH: Mapping[str, str] = {"next": "Next", "meanwhile": "Meanwhile", "undone": "Undone",
                              "undone_by": "{who}'s step was undone",
                              "not_yours": "the last step of {name} is {who}'s, not yours: "
                                           "nothing undone (undo {anyone} takes it back)"}
"""The few words of a report, in English: ``next``, ``meanwhile``, ``undone``,
``undone_by`` (a template with ``{who}``) and ``not_yours`` (the refusal of an undo of
someone else's step, a template with ``{name}``, ``{who}`` and ``{anyone}``, the
door's word for undoing it anyway)."""


# --- which stream, who writes --------------------------------------------------------------


def remember(key: str) -> Callable[[click.Context, click.Parameter, str | None], None]:
    """An option's callback that keeps the name given with it in the command's context
    under ``key`` (for :func:`remembered`), refusing an empty one."""

    def keep(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
        if value is not None:
            if not value.strip():
                raise click.UsageError(f"{param.opts[0]} needs a name, got an empty one", ctx)
            ctx.meta[key] = value

    return keep


def remembered(key: str) -> str | None:
    """The name kept under ``key`` by :func:`remember`, if one was given."""
    value = click.get_current_context().meta.get(key)
    return value if isinstance(value, str) else None


def stream_options(which: Callable[[F], F]) -> Callable[[F], F]:
    """The options every command on a stream takes: ``--db``, ``which`` stream
    (``--conflict``, ``--game``), ``--as`` and ``--json``."""

    def add(function: F) -> F:
        return table_option(which(who_option(json_option(function))))

    return add


def who_option(function: F) -> F:
    """``--as NAME``: who is writing, for the log."""
    return click.option("--as", "who", metavar="NAME", expose_value=False,
                        callback=remember(_WHO_KEY),
                        help=f"Who is writing, for the log (else ${WHO_ENV}, else your "
                             f"login name).")(function)


def log_last(lines: str) -> Callable[[F], F]:
    """``--last N``: a log's last N ``lines`` only (1 to 100,000; default every one)."""
    return click.option("--last", type=Whole(1, 100_000), metavar="N",
                        help=f"Only the last N {lines}.")


def writer(table: Table | None = None) -> str:
    """Who writes: ``--as``, else ``$MISTBORN_AS`` (as :func:`logged_name` keeps it,
    looked up in ``table``, else in the table this command uses), else the login name."""
    value = remembered(_WHO_KEY) or os.environ.get(WHO_ENV)
    if value and str(value).strip():
        if table is not None:
            return logged_name(table, str(value))
        from cli.common.errors import UserError  # light; kept off the top (start-up)

        try:
            with open_table(create=False) as mine:
                return logged_name(mine, str(value))
        except UserError:  # a near miss of a name in the table
            raise
        except Exception:  # no table to look in (yet): the name as typed
            return str(value).strip()
    try:
        return getpass.getuser()
    except (OSError, KeyError):
        return "narrator"


# --- reports ------------------------------------------------------------------------------


def meanwhile_lines(recorded: Recorded[Any, Any], kind_of: Callable[[dict[str, Any]], str],
                    words: Mapping[str, str] = ENGLISH) -> list[str]:
    """What other writers did since this one last looked: each step written meanwhile
    (``WHO: KIND``, ``kind_of`` its stored event), then each step of theirs undone."""
    lines = [f"{entry.who}: {kind_of(entry.event)}" for entry in recorded.meanwhile]
    lines += [words["undone_by"].format(who=entry.who) for entry in recorded.taken_back]
    return lines


def report_lines(said: Sequence[str], next_line: str, *, meanwhile: Sequence[str] = (),
                 words: Mapping[str, str] = ENGLISH) -> list[str]:
    """The lines of a write's report: what changed meanwhile, the library's sentences,
    then what comes next (``next_line``, made safe to print by the caller)."""
    return [*(f"{words['meanwhile']}: {plain(line)}" for line in meanwhile),
            *(plain(line) for line in said), f"{words['next']}: {next_line}"]


def report_json(said: Sequence[str], events: Sequence[dict[str, Any]], next_: object,
                version: int, *, meanwhile: Sequence[str] = (), game: str | None = None,
                extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """A write's report as one JSON document: the stream's name (``game``, for a board
    game), the sentences, the events as stored, what changed meanwhile, what comes
    next, the stream's version, and the front door's ``extra`` fields."""
    head = {} if game is None else {"game": game}
    return {**head, "said": list(said), "events": list(events), "meanwhile": list(meanwhile),
            "next": next_, "version": version, **(extra or {})}


# --- list and use ----------------------------------------------------------------------------


def list_streams(kind: str, row: Callable[[Table, StreamInfo], dict[str, Any]], *,
                 as_json: bool, empty: str, text: Callable[[dict[str, Any]], str]) -> None:
    """Print the streams of ``kind`` in the table, one ``row`` each (``name`` and
    ``current`` among its fields), the current one marked ``*`` and said by ``text``;
    ``empty`` when there is none; or the rows as JSON."""
    from table import DamagedRow

    rows: list[dict[str, Any]] = []
    with open_table(create=False) as table:
        for info in table.streams(kind):
            try:
                rows.append(row(table, info))
            except DamagedRow as error:  # that game alone: the others are listed
                rows.append({"name": info.name, "current": info.current,
                             "damaged": f"{error.table} row {error.row}: {error.column} "
                                        f"{error.reason}; {error.advice}"})
    if as_json:
        print_json(rows)
        return
    if not rows:
        echo_wrapped(empty)
        return
    for found in rows:
        mark = "*" if found["current"] else " "
        said = f"damaged: {found['damaged']}" if "damaged" in found else text(found)
        echo_wrapped(f"{mark} {plain(found['name'])} — {said}")


def use_stream(kind: str, typed: str, find: Callable[[Table, str], str], *, what: str,
               as_json: bool) -> None:
    """Make the stream of ``kind`` that ``typed`` means (``find``) the current one."""
    with open_table(create=False) as table:
        info = table.set_current(kind, find(table, typed))
    if as_json:
        print_json({"current": info.name})
        return
    echo_wrapped(f"{plain(info.name)} is now the current {what}.")


# --- the last steps and the history ------------------------------------------------------------


def last_steps(states: Sequence[S], events: Sequence[E], count: int,
               describe: Callable[[S, E, S], str]) -> list[str]:
    """The sentences of the last ``count`` events (none when ``count`` is 0)."""
    start = max(0, len(events) - count) if count else len(events)
    return [describe(states[i], events[i], states[i + 1]) for i in range(start, len(events))]


def taken_back(before: S, event: dict[str, Any], *, decode: Callable[[dict[str, Any]], E],
               apply: Callable[[S, E], S], describe: Callable[[S, E, S], str],
               brief: Callable[[dict[str, Any]], str],
               errors: type[Exception] | tuple[type[Exception], ...]) -> str:
    """The sentence of a step taken back, told against the stream as the steps kept
    before it leave it (as it stood when the step was made, unless an earlier step was
    undone later); ``brief`` — a few words — when it no longer applies there."""
    try:
        decoded = decode(event)
        return describe(before, decoded, apply(before, decoded))
    except errors:
        return brief(event)


def history(everything: Sequence[Entry], loaded: Loaded[S, E],
            describe: Callable[[S, E, S], str], told: Callable[[S, dict[str, Any]], str]
            ) -> list[tuple[Entry, str]]:
    """Every entry of a stream (``everything``: undone ones included) with its
    sentence: a live step's from the stream ``loaded``; an undone one's by ``told``,
    against the state the live steps before it leave (see :func:`taken_back`)."""
    said = {entry.seq: describe(loaded.states[i], loaded.events[i], loaded.states[i + 1])
            for i, entry in enumerate(loaded.entries)}
    live = [entry.seq for entry in loaded.entries]
    return [(entry, said.get(entry.seq)
             or told(loaded.states[bisect.bisect(live, entry.seq)], entry.event))
            for entry in everything]
