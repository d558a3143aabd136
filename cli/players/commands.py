"""``mistborn player``: who may join the table, and the player shell on this machine.

* ``player invite NAME --key FILE`` / ``--passphrase``, ``player list``, ``player revoke``:
  the Narrator's list of players (the SSH user name is the player's name).
* ``player --as NAME``: the player shell (:mod:`cli.players.shell`) at a local prompt, or
  under OpenSSH's forced commands (``command="mistborn player --as vin --db …"`` in
  ``authorized_keys``), where ``$SSH_ORIGINAL_COMMAND`` holds a one-shot line: it runs,
  prints, and exits 0 (a line that is no player-shell verb, or that is refused: 2).

The local prompt is the standard library's ``input`` (with ``readline`` when the
platform has it): prompt_toolkit would add about 100 ms to every start for nothing a
line shell needs. Others' rolls and steps appear while the prompt waits, read by a
thread with its own connection to the table. ``q`` or the end of the input leaves it
(status 0); Ctrl-C stops it as it stops every command (``mistborn: interrupted``,
status 130).
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from cli.common.errors import fail
from cli.common.help_layout import Group
from cli.common.output import echo_wrapped, json_option, plain, print_json
from cli.common.table_option import complete_character, open_table, table_option, table_path
from core.errors import shown, shown_path
from core.text import printable

if TYPE_CHECKING:
    from cli.players.shell import PlayerShell
    from table import Player, Table

ORIGINAL_COMMAND = "SSH_ORIGINAL_COMMAND"
_SSH_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}")
PASSPHRASE_WORDS = 5
WORDS = ("ash mist coin vial lens iron tin pewter zinc brass copper gold bronze steel glass "
         "spike lamp rope veil keep well roof gate tower ledge cloak dagger horse river "
         "bridge market canal forge kiln loom salt bread wine ink quill map key lock chain "
         "ring bell drum flute harp mask coat boot hat cane")


@click.group(cls=Group, invoke_without_command=True,
             context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--as", "who", metavar="PLAYER", help="Open the player shell as PLAYER.")
@click.option("--plain", "plain_mode", is_flag=True,
              help="ASCII without colour, for clients that mangle Unicode or escape codes.")
@table_option
@click.pass_context
def player(ctx: click.Context, who: str | None, plain_mode: bool) -> None:
    """The players who may join over SSH, and the player shell.

    \b
    Invite: invite vin --key vin.pub
            invite kell --passphrase
    See:    list
    Stop:   revoke vin
    Play:   player --as vin

    Under OpenSSH, put in ~/.ssh/authorized_keys:
    restrict,pty,command="mistborn player --as vin --db PATH" ssh-ed25519 AAAA…
    """
    if ctx.invoked_subcommand is not None:
        if who is not None:
            fail("--as opens the player shell; give it without a subcommand")
        return
    if who is None:
        click.echo(ctx.get_help())
        return
    sys.exit(run_shell(table_path(), who, plain_mode=plain_mode))


# --- the shell on this machine ----------------------------------------------------------------


def _width() -> int:
    import shutil

    return shutil.get_terminal_size((40, 24)).columns


def run_shell(path: Path, who: str, *, plain_mode: bool = False) -> int:
    """Run the player shell as ``who``: one line from ``$SSH_ORIGINAL_COMMAND``, or
    interactively. Returns the exit status."""
    from cli.players.one_line import refused
    from cli.players.shell import PlayerShell
    from table import UnknownPlayer

    line = os.environ.get(ORIGINAL_COMMAND)
    color = sys.stdout.isatty() and not os.environ.get("NO_COLOR")
    try:
        shell = PlayerShell(path, who, width=_width(), plain=plain_mode, color=color,
                            news=False)
    except UnknownPlayer:  # under a forced command, a stranger: never name the players
        fail(f"{plain(who)[:60]!r} is not invited to this table "
             "(mistborn player list shows who is)")
    try:
        if line is not None and line.strip():
            why = refused(shell, line)
            if why is not None:
                click.echo(why, err=True)
                return 2
            reply = shell.handle(line)
            click.echo(reply.text, nl=False, err=reply.status != 0)
            return reply.status
        return _interactive(shell, path)
    finally:
        shell.close()


def _interactive(shell: PlayerShell, path: Path) -> int:
    watcher = _Watcher(shell, path)
    with contextlib.suppress(ImportError):  # every POSIX Python has it
        # Line editing and history for input(), and Tab as over SSH.
        _Tab(shell, watcher.lock).install()
    click.echo(shell.welcome(), nl=False)
    # Ctrl-C is the prompt's: the system hands a signal to any thread that takes it, and
    # taken by the news thread it left the prompt waiting in readline for another key.
    # The thread is started with it blocked, and keeps it so.
    taken = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        watcher.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, taken)
    try:
        while True:
            try:
                line = input(shell.prompt())
            except EOFError:
                click.echo()
                return 0
            if not sys.stdin.isatty():  # no terminal echoed it: the transcript shows it
                click.echo(printable(line))
            shell.width = _width()
            with watcher.lock:  # the news waits: a step the reply tells is no news
                reply = shell.handle(line)
                click.echo(reply.text, nl=False)
            if reply.quit:
                return reply.status  # 2: the player was revoked
    except KeyboardInterrupt:  # as every command: "mistborn: interrupted", status 130
        raise  # on a line of its own: input() has ended the line the ^C stands on
    finally:
        watcher.stop()


class _Tab:
    """Tab at the local prompt, as over SSH: readline completes the line before the
    cursor with the words the shell finds (:meth:`PlayerShell.completions`), and does
    with them what a phone's Tab does (:func:`cli.players.ssh_editor.tab`): the one
    answer and a space; what several begin with; else the list of them below the line.
    The whole line before the cursor is readline's word, for an answer may replace
    more than the last word (``tamsin v`` → ``Tamsin Vey``). The table is read with
    the news waiting (``lock``), as for a line."""

    def __init__(self, shell: PlayerShell, lock: threading.Lock) -> None:
        import readline  # ImportError: no line editing here, nor Tab

        self.readline = readline
        self.shell = shell
        self.lock = lock
        self.found: list[str] = []
        self.listed: tuple[str, ...] = ()

    def install(self) -> None:
        readline = self.readline
        readline.set_completer_delims("")
        readline.set_completer(self.complete)
        readline.set_completion_display_matches_hook(self.show)
        if "libedit" in (readline.__doc__ or ""):  # macOS's Python: editline's words
            readline.parse_and_bind("bind ^I rl_complete")
        else:  # several answers are listed at the first Tab that adds nothing
            readline.parse_and_bind("tab: complete")
            readline.parse_and_bind("set show-all-if-ambiguous on")

    def complete(self, typed: str, state: int) -> str | None:
        """readline's completer: the ``state``-th line ``typed`` may become."""
        if state == 0:
            self.found = self._find(typed)
        return self.found[state] if state < len(self.found) else None

    def _find(self, typed: str) -> list[str]:
        from cli.players.ssh_editor import tab

        try:
            with self.lock:
                answer = tab(typed, self.shell.completions(typed))
        except Exception:  # a busy or damaged table: nothing to offer, as over SSH
            return []
        if answer is None:
            return []
        if answer.put is not None:  # one line: readline puts it in place
            return [typed[:answer.start] + answer.put]
        # Several: readline lists them (show draws the shell's words, never these) and
        # keeps the line as typed, since the lines it is given begin with it and differ
        # in the next character (a number: 0, 1 … or 00, 01 … 10, 11).
        self.listed = answer.listed
        digits = len(str(len(answer.listed) - 1))
        return [f"{typed}{number:0{digits}d}" for number in range(len(answer.listed))]

    def show(self, _substitution: str, _matches: Sequence[str], _longest: int) -> None:
        """readline's hook to list several answers: the shell's words, in columns
        that fit the screen, then the prompt and the line again, the cursor where it
        was."""
        from rich.cells import cell_len

        from cli.players.ssh_editor import columns

        line = self.readline.get_line_buffer()
        after = cell_len(line[self.readline.get_endidx():])
        listing = columns(list(self.listed), _width()).replace("\r\n", "\n")
        sys.stdout.write(f"\n{listing}\n{self.shell.prompt()}{line}"
                         + (f"\x1b[{after}D" if after else ""))
        sys.stdout.flush()


class _Watcher(threading.Thread):
    """Shows others' rolls and steps while the prompt waits: a second shell of the same
    player on its own connection (SQLite connections stay in their thread) formats the
    news; what the player is typing is drawn again below it."""

    def __init__(self, shell: PlayerShell, path: Path) -> None:
        super().__init__(daemon=True, name="mistborn-news")
        self.shell = shell
        self.path = path
        self.lock = threading.Lock()
        self._stop = threading.Event()

    def stop(self) -> None:
        self._stop.set()

    def run(self) -> None:
        from cli.players.shell import PlayerShell

        try:
            news = PlayerShell(self.path, self.shell.name, news=True)
        except Exception:  # the shell itself reports a missing table or player
            return
        try:
            version = news.table.data_version()
            while not self._stop.wait(0.3):
                now = news.table.data_version()
                if now == version and not news.due():  # due: a game's timer ran out
                    continue
                version = now
                with self.lock:  # not while a line is handled (its reply tells its steps)
                    news.follow(self.shell)
                    text = news.news()
                    if text and not self._stop.is_set():
                        self._show(text)
        except Exception:  # never let the news thread break the prompt
            return
        finally:
            news.close()

    def _show(self, text: str) -> None:
        """Write ``text`` above the prompt and what is typed after it (the lock held)."""
        try:
            import readline

            typed = readline.get_line_buffer()
        except ImportError:  # pragma: no cover
            typed = ""
        prompt = self.shell.prompt()
        start = "\r\x1b[K" if sys.stdout.isatty() and not self.shell.plain else "\n"
        sys.stdout.write(f"{start}{text}{prompt}{typed}")
        sys.stdout.flush()


# --- the list of players --------------------------------------------------------------------


def _squashed(text: str) -> str:
    from characters.names import name_key

    return "".join(ch for ch in name_key(text) if ch.isalnum())


def check_player_name(table: Table, name: str, characters: Sequence[str]) -> None:
    """A player's name is their SSH user name: letters, digits, ``.``, ``_`` and ``-``.
    It may not be, or look like, another player's name, nor a character's name that
    this player does not play (a roll by "vin" must not pass for one by Vin)."""
    from characters.names import look_alike, name_key

    if not _SSH_NAME.fullmatch(name):
        fail(f"a player's name is their SSH user name: 1–32 letters, digits, '.', '_' or "
             f"'-', starting with a letter or digit; got {shown(name)}")
    played = {name_key(c) for c in characters}
    others = [p.name for p in table.players()]
    alike = look_alike(name, others)
    if alike is not None:
        fail(f"{name!r} looks like the player {alike!r}; choose a name that does not")
    for character in table.names():
        if name_key(character) in played:
            continue
        same = name_key(character) == name_key(name)
        if same or look_alike(name, [character]):
            fail(f"{name!r} {'is' if same else 'looks like'} the name of {character!r}, "
                 f"whom this player does not play; choose another name")
        # "tamsin", "vey", "tamsin-vey" and "TamsinVey" would all read as Tamsin Vey in
        # a roll or the log: the whole name or any word of it, whatever joins them.
        squashed = _squashed(name)
        if squashed == _squashed(character) or squashed in {
                _squashed(word) for word in re.split(r"[\s._'-]+", character)}:
            fail(f"{name!r} could be taken for {character!r}, whom this player does not "
                 f"play; choose another name")


def _passphrase() -> str:
    """Five random words from a small list, e.g. ``ash-lens-mist-coin-vial``."""
    import secrets

    words = WORDS.split()
    return "-".join(secrets.choice(words) for _ in range(PASSPHRASE_WORDS)) + \
        f"-{secrets.randbelow(90) + 10}"


def _player_json(found: Player) -> dict[str, Any]:
    return {"name": found.name, "characters": list(found.characters),
            "narrator": found.narrator, "keys": len(found.keys),
            "passphrase": found.passphrase_hash is not None,
            "invited": found.created_at.isoformat(),
            "revoked": found.revoked_at.isoformat() if found.revoked_at else None}


@player.command("invite", short_help="Let a player join by SSH key or passphrase.")
@click.argument("name")
@click.option("--key", "keys", multiple=True, type=click.Path(dir_okay=False, path_type=Path),
              metavar="PUBKEY_FILE", help="Their public key file (id_ed25519.pub); repeat "
                                          "for more, or give an authorized_keys file.")
@click.option("--passphrase", is_flag=True,
              help="Make a passphrase, print it once, keep only a salted hash.")
@click.option("--character", "characters", multiple=True, metavar="CHAR",
              shell_complete=complete_character,
              help="A character they play (any unique beginning or word of its name).")
@click.option("--narrator", is_flag=True, help="They get the Narrator's commands.")
@table_option
@json_option
def invite(name: str, keys: Sequence[Path], passphrase: bool, characters: Sequence[str],
           narrator: bool, as_json: bool) -> None:
    """Invite NAME (their SSH user name) by public key, by passphrase, or both."""
    from characters.lookup import resolve
    from core.files import read as read_file
    from table import hash_passphrase
    from table.players import KEY_FILE_MOST

    if not keys and not passphrase:
        fail("say how they log in: --key PUBKEY_FILE or --passphrase")
    texts = []
    for path in keys:
        # Through the one reader: a pipe or a device is refused at once, never waited
        # on or read without end; a key file is small.
        data = read_file(path, what="the key file", limit=KEY_FILE_MOST)
        try:
            texts.append(data.decode("utf-8"))
        except UnicodeDecodeError as error:
            fail(f"the key file {shown_path(path)} is not UTF-8 text "
                 f"(byte {error.start + 1})")
    with open_table() as table:
        roster = table.names()
        chosen = [resolve(typed, roster) for typed in characters]
        check_player_name(table, name, chosen)
        secret = _passphrase() if passphrase else None
        made = table.invite_player(name, keys=texts, characters=chosen, narrator=narrator,
                                   passphrase_hash=hash_passphrase(secret) if secret else None)
    if as_json:
        print_json({**_player_json(made), **({"passphrase_once": secret} if secret else {})})
        return
    playing = ", ".join(made.characters) or "no character yet"
    role = " as a Narrator" if made.narrator else ""
    echo_wrapped(f"Invited {plain(made.name)}{role}, playing {plain(playing)}.")
    if secret:
        # On a line of its own, whole, however narrow the screen: copied as it is.
        click.echo("Their passphrase, shown this once:")
        click.echo(f"  {secret}")
    for line in join_lines(made.name):
        echo_wrapped(line)


def join_lines(name: str) -> list[str]:
    """How the player ``name`` joins: the port of the server running over this table,
    else the port ``mistborn serve`` listens on by default, and how to choose another."""
    from cli.players import serving

    found = serving.running(table_path())
    port = serving.DEFAULT_PORT if found is None else found.port
    lines = [f"They join with: ssh -p {port} {name}@THIS-MACHINE"]
    if found is None:
        lines.append(f"No server runs over this table yet: {port} is the port mistborn "
                     f"serve listens on unless given another (serve --port N).")
    return lines


@player.command("list", short_help="The players who may join.")
@click.option("--all", "everyone", is_flag=True, help="Revoked players too.")
@table_option
@json_option
def list_(everyone: bool, as_json: bool) -> None:
    """The players who may join, with what they play and how they log in."""
    with open_table(create=False) as table:
        found = table.players(include_revoked=everyone)
    if as_json:
        print_json([_player_json(p) for p in found])
        return
    if not found:
        echo_wrapped("No players yet. Invite one: mistborn player invite vin --key vin.pub")
        return
    for each in found:
        how = [f"{len(each.keys)} key{'s' if len(each.keys) != 1 else ''}"] if each.keys \
            else []
        if each.passphrase_hash:
            how.append("passphrase")
        role = " · Narrator" if each.narrator else ""
        gone = " · revoked" if each.revoked else ""
        playing = ", ".join(each.characters) or "no character"
        echo_wrapped(f"{plain(each.name)}{role}{gone}: {plain(playing)} ({', '.join(how)})")


@player.command("revoke", short_help="Stop a player from joining.")
@click.argument("name")
@table_option
@json_option
def revoke(name: str, as_json: bool) -> None:
    """Stop NAME from joining (the list keeps them, marked revoked). Sessions they have
    open end at their next line."""
    with open_table(create=False) as table:
        gone = table.revoke_player(name)
    if as_json:
        print_json(_player_json(gone))
        return
    click.echo(f"{plain(gone.name)} may no longer join.")
