"""The built-in SSH server (cli/players/ssh_server.py): a real server on 127.0.0.1 at an
ephemeral port, reached by the system's OpenSSH ``ssh`` client with throwaway keys —
one-shot commands, interactive sessions with and without a terminal, and what must be
refused. The pure bookkeeping (failed logins, the per-player rate) is checked with a
clock the test turns."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import subprocess
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import attrs
import pexpect
import pytest
from player_support import SSH
from ssh_support import (
    BO_PASSPHRASE,
    FAST,
    PASSPHRASE,
    SHARED,
    Served,
    err,
    out,
    terminal,
    words,
)

from cli.players.ssh_login import Settings, host_key_path, load_host_key
from cli.players.ssh_server import Server
from conflict import saved as conflicts

pytestmark = pytest.mark.skipif(not SSH.exists(), reason="needs OpenSSH's ssh client")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    made = Served(tmp_path_factory.mktemp("served"), SHARED)
    yield made
    made.close()


@pytest.fixture
def fresh(tmp_path: Path) -> Iterator[Served]:
    made = Served(tmp_path)
    yield made
    made.close()



# --- one line and out ---------------------------------------------------------------------


def test_a_one_shot_roll_exits_0_and_is_recorded_as_the_player(served: Served) -> None:
    done = served.ssh("ada", "roll", "5", "for", "the", "door", key="ada")
    assert done.returncode == 0, err(done)
    assert "Roll · pool of 5" in out(done) and "For the door" in out(done)
    with served.table() as table:
        entry = table.rolls(who="ada")[-1]
    assert (entry.purpose, entry.roll.asked) == ("the door", 5)
    shown = [int(c) for c in out(done).split("Dice", 1)[1].split("\n")[0] if c.isdigit()]
    assert sorted(shown) == sorted(f for f in entry.roll.faces if f != 6)


def test_exec_of_anything_but_a_player_shell_verb_exits_2(served: Served) -> None:
    with served.table() as table:
        before = len(table.rolls())
    for command in (["rm", "-rf", "/"], ["sh", "-c", "id"], ["bash"], ["undo"],
                    ["scp", "-t", "/tmp"], ["test", "1", "contest"]):
        done = served.ssh("ada", *command, key="ada")
        assert done.returncode == 2, command
        assert "is not a command here" in " ".join(err(done).split())
        assert out(done) == ""
    # A verb that is refused by the rules also ends with 2, and says why on one line.
    done = served.ssh("ada", "roll", "99", key="ada")
    assert done.returncode == 2 and "R-DICE-1" in err(done)
    with served.table() as table:
        assert len(table.rolls()) == before


def test_an_unknown_word_is_refused_alike_in_one_line_and_in_the_shell(fresh: Served
                                                                       ) -> None:
    """A word that starts no command reads the same whether sent as one line over
    ``ssh`` or typed in the shell, at a Conflict or at a game: one sentence, with the
    command it most likely meant (R-HW-5: at House War, its steps)."""
    from game_seat_support import cli

    said = {
        "rol 5": "! 'rol' is not a command here; did you mean 'roll'?",
        "clear": "! 'clear' is not a command here; type ? for help",
    }
    for line, refusal in said.items():
        done = fresh.ssh("ada", *line.split(), key="ada")
        assert (done.returncode, " ".join(err(done).split()), out(done)) == (
            2, refusal, ""), line
    ada = terminal(fresh, "ada")
    try:
        for line, refusal in said.items():
            ada.sendline(line)
            ada.expect_exact("\r\n> ")
            assert " ".join(ada.before.split()) == f"{line} {refusal}", line
    finally:
        ada.close(force=True)
    cli(fresh.path, "hw", "new", "--players", "3", "--length", "short", "--houses",
        "Kell", "Lekal", "Venture")
    at_game = "! 'colect' is not a command here; did you mean 'collect'?"
    done = fresh.ssh("kell", "colect", key="kell")
    assert (done.returncode, " ".join(err(done).split())) == (2, at_game)
    kell = terminal(fresh, "kell")
    try:
        kell.sendline("colect")
        kell.expect_exact("\r\nhw> ")
        assert " ".join(kell.before.split()) == f"colect {at_game}"
    finally:
        kell.close(force=True)


def test_a_narrator_gets_the_narrators_commands(served: Served) -> None:
    done = served.ssh("gm", "reveal", "haze", key="gm")
    assert done.returncode == 0, err(done)
    assert " ".join(out(done).split()) == "Players now see: Hazekillers of House Orrell"
    done = served.ssh("gm", "hide", "haze", key="gm")
    assert done.returncode == 0


# --- who may join ---------------------------------------------------------------------------


def test_unknown_keys_and_names_are_refused(served: Served) -> None:
    for user, key in (("ada", "eve"), ("eve", "eve"), ("ada", "dee"), ("root", "ada")):
        done = served.ssh(user, "roll", "2", key=key)
        assert done.returncode == 255 and "Permission denied" in err(done), (user, key)


def test_a_passphrase_lets_the_player_in_and_a_wrong_one_does_not(fresh: Served) -> None:
    done = fresh.ssh("kell", "roll", "3", passphrase=PASSPHRASE)
    assert done.returncode == 0, err(done)
    done = fresh.ssh("kell", "roll", "3", passphrase="ash-mist-coin-vial-lens-43")
    assert done.returncode == 255 and "Permission denied" in err(done)
    # A phone's keyboard capitalises and adds a space: still the same passphrase.
    done = fresh.ssh("kell", "roll", "3", passphrase="Ash-Mist-Coin-Vial-Lens-42 ")
    assert done.returncode == 0, err(done)
    with fresh.table() as table:
        assert [e.who for e in table.rolls()] == ["kell", "kell"]
        stored = table.player("kell").passphrase_hash or ""
    assert PASSPHRASE not in stored and stored.startswith("$scrypt$")


def test_wrong_passphrases_never_keep_out_a_valid_key(fresh: Served) -> None:
    # Twice the failures that refuse passphrases, for bo, from the address everyone
    # shares here (a café's NAT).
    for _ in range(2 * FAST.refuse_after):
        done = fresh.ssh("bo", "roll", "2", passphrase="wrong", source="127.0.0.1")
        assert done.returncode == 255
    for who in ("ada", "dee", "kell"):  # listed keys get in from that very address
        done = fresh.ssh(who, "roll", "2", key=who, source="127.0.0.1")
        assert done.returncode == 0, (who, err(done))
    # Unknown keys are still refused.
    for user, key in (("ada", "eve"), ("bo", "ada"), ("eve", "eve")):
        done = fresh.ssh(user, "roll", "2", key=key, source="127.0.0.1")
        assert done.returncode == 255 and "Permission denied" in err(done), (user, key)


def test_repeated_wrong_passphrases_refuse_that_name_from_that_address_only(
        fresh: Served) -> None:
    # A stranger at 127.0.0.2 fails kell's passphrase until refused.
    for _ in range(FAST.refuse_after):
        done = fresh.ssh("kell", "roll", "2", passphrase="wrong", source="127.0.0.2")
        assert done.returncode == 255
    # From there, kell's right passphrase is refused now: that is the stranger's lot.
    assert fresh.ssh("kell", "roll", "2", passphrase=PASSPHRASE,
                     source="127.0.0.2").returncode == 255
    # Kell is not locked out: by key from anywhere, by passphrase from elsewhere.
    assert fresh.ssh("kell", "roll", "2", key="kell", source="127.0.0.2").returncode == 0
    done = fresh.ssh("kell", "roll", "2", passphrase=PASSPHRASE, source="127.0.0.3")
    assert done.returncode == 0, err(done)
    # Nor is another passphrase player behind the stranger's address.
    done = fresh.ssh("bo", "roll", "2", passphrase=BO_PASSPHRASE, source="127.0.0.2")
    assert done.returncode == 0, err(done)
    with fresh.table() as table:
        assert [e.who for e in table.rolls()] == ["kell", "kell", "bo"]


def test_a_flood_of_connections_from_one_address_keeps_no_one_else_out(
        tmp_path: Path) -> None:
    settings = attrs.evolve(FAST, logins_per_address=3)
    served = Served(tmp_path, settings)
    flood: list[socket.socket] = []
    try:
        # 127.0.0.2 opens connections and never logs in: the first three are kept
        # waiting for a login, the fourth is closed at once.
        for _ in range(settings.logins_per_address + 1):
            conn = socket.create_connection(("127.0.0.1", served.port), timeout=10,
                                            source_address=("127.0.0.2", 0))
            flood.append(conn)
        said = b""
        while chunk := flood[-1].recv(256):  # until the server closes it
            said += chunk
        assert b"Disconnected" in said
        flood[0].settimeout(0.5)
        assert flood[0].recv(256).startswith(b"SSH-")  # the server's greeting
        with pytest.raises(TimeoutError):
            flood[0].recv(256)  # and no more: still open, waiting for a login
        # Players elsewhere, and a player already logged in, are not kept out.
        done = served.ssh("ada", "roll", "2", key="ada", source="127.0.0.3")
        assert done.returncode == 0, err(done)
        done = served.ssh("dee", "roll", "2", key="dee", source="127.0.0.1")
        assert done.returncode == 0, err(done)
        # Once the flood hangs up, that address may log in again.
        for conn in flood:
            conn.close()
        deadline = time.monotonic() + 5
        while served.server.logging_in and time.monotonic() < deadline:
            time.sleep(0.05)
        done = served.ssh("ada", "roll", "2", key="ada", source="127.0.0.2")
        assert done.returncode == 0, err(done)
        assert served.server.logging_in == {}
    finally:
        for conn in flood:
            conn.close()
        served.close()


def test_idle_connections_from_eight_addresses_keep_no_player_out(tmp_path: Path) -> None:
    """64 connections from 8 addresses that never log in (8 each, as many as one
    address may keep): at most 32 logins wait at once, the newest closing the oldest;
    a player with a key at a ninth address, and one with a passphrase at a tenth,
    get in at once, not after the idle ones' 30 s."""
    served = Served(tmp_path, FAST)
    idle: list[socket.socket] = []

    async def waiting() -> dict[str, int]:
        return served.server.logging_in

    try:
        for number in range(64):
            conn = socket.create_connection(("127.0.0.1", served.port), timeout=10,
                                            source_address=(f"127.0.0.{2 + number % 8}", 0))
            idle.append(conn)
            conn.recv(4)  # the server's greeting: it has counted this one
        counts = served.run(waiting())
        assert sum(counts.values()) == FAST.logins_at_once == 32
        assert counts == {f"127.0.0.{n}": 4 for n in range(2, 10)}
        done = served.ssh("ada", "roll", "2", key="ada", source="127.0.0.10")
        assert done.returncode == 0, err(done)
        done = served.ssh("kell", "roll", "2", passphrase=PASSPHRASE, source="127.0.0.11")
        assert done.returncode == 0, err(done)
        idle[0].settimeout(5)
        with contextlib.suppress(ConnectionError):
            while idle[0].recv(256):  # the oldest was closed to make room
                pass
    finally:
        for conn in idle:
            conn.close()
        served.close()


def test_hanging_up_on_a_slowed_answer_counts_as_a_failure(tmp_path: Path) -> None:
    settings = attrs.evolve(FAST, slow_after=1, refuse_after=4, longest_delay=10)
    served = Served(tmp_path, settings)
    logins = served.server.logins

    async def fail(times: int) -> None:
        for _ in range(times):
            logins.failed("127.0.0.2", "kell")

    async def refused() -> bool:
        return logins.refused("127.0.0.2", "kell")

    try:
        served.run(fail(settings.refuse_after - 1))  # the next answer waits 2 s
        with pytest.raises(subprocess.TimeoutExpired):  # the guesser hangs up at 1 s
            served.ssh("kell", "roll", "2", passphrase="guess", source="127.0.0.2",
                       timeout=1)
        deadline = time.monotonic() + 5
        while not served.run(refused()) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert served.run(refused())
    finally:
        served.close()


def test_the_host_key_is_made_once_private_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "table.db.ssh_host_ed25519_key"
    first = load_host_key(path)
    assert path.stat().st_mode & 0o777 == 0o600
    assert load_host_key(path).get_fingerprint() == first.get_fingerprint()


# --- what a session may not do -------------------------------------------------------------


def test_sftp_subsystems_and_forwarding_are_refused(served: Served) -> None:
    done = served.ssh("ada", "sftp", key="ada", extra=["-s"])
    assert done.returncode == 255 and "subsystem request failed" in err(done)
    done = served.ssh("ada", "other", key="ada", extra=["-s"])
    assert done.returncode != 0
    done = served.ssh("ada", key="ada", extra=["-W", f"127.0.0.1:{served.port}"])
    assert done.returncode == 255 and "stdio forwarding failed" in err(done)
    done = served.ssh("ada", "roll", "2", key="ada",
                      extra=["-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9"])
    assert done.returncode == 255 and "forwarding failed" in err(done)


def test_x11_forwarding_is_refused(served: Served) -> None:
    env_display = os.environ.get("DISPLAY")
    os.environ["DISPLAY"] = ":0"
    try:
        done = served.ssh("ada", "roll", "2", key="ada",
                          extra=["-X", "-o", "LogLevel=INFO"])
    finally:
        if env_display is None:
            os.environ.pop("DISPLAY", None)
        else:
            os.environ["DISPLAY"] = env_display
    assert "X11 forwarding request failed" in err(done)
    assert done.returncode == 0  # the roll itself went ahead, with nothing forwarded


def test_agent_forwarding_is_refused(fresh: Served, tmp_path: Path) -> None:
    # OpenSSH asks for agent forwarding without waiting for an answer, so the client
    # cannot tell: the server's side of the session must hold no agent.
    socket_path = tmp_path / "agent.sock"
    agent = subprocess.Popen(["ssh-agent", "-D", "-a", str(socket_path)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        # The agent's socket may exist a moment before it listens: ask until it answers.
        env = {**os.environ, "SSH_AUTH_SOCK": str(socket_path)}
        deadline = time.monotonic() + 10
        while True:
            added = subprocess.run(["ssh-add", str(fresh.keys["ada"])], env=env,
                                   capture_output=True, text=True)
            if added.returncode == 0 or time.monotonic() > deadline:
                break
            time.sleep(0.05)
        assert added.returncode == 0, added.stderr
        options = [o if o != "LogLevel=ERROR" else "LogLevel=DEBUG1"
                   for o in fresh.options("ada")[1:]]
        child = pexpect.spawn(str(SSH), [*options, "-A", "-tt", "ada@127.0.0.1"], env=env,
                              encoding="utf-8", dimensions=(50, 60), timeout=15)
        try:
            child.expect("Requesting authentication agent forwarding")
            child.expect("Type \\? for help")
            child.expect("> ")

            async def agent_paths() -> list[str | None]:
                return [session.process.get_extra_info("connection").get_agent_path()
                        for session in fresh.server.sessions.get("ada", ())]

            assert fresh.run(agent_paths()) == [None]
            child.sendline("r 2")
            child.expect("Result")  # the session itself goes on
        finally:
            child.close(force=True)
    finally:
        agent.terminate()
        agent.wait(10)


def test_a_player_cannot_act_for_anothers_character_over_ssh(fresh: Served) -> None:
    assert fresh.ssh("gm", "d", "as", "haze", "attack", "tamsin", "5", key="gm").returncode == 0
    assert fresh.ssh("ada", "d", "attack", "haze", "5", key="ada").returncode == 0
    with fresh.table() as table:
        version = conflicts.load(table)[1].version
    done = fresh.ssh("ada", "d", "as", "brannoch", "defense", "4", key="ada")
    assert done.returncode == 2 and "you do not play Brannoch" in err(done)
    done = fresh.ssh("ada", "d", "defense", "4", key="ada")  # Brannoch's move, not hers
    assert done.returncode == 2 and "it is not your move to declare" in err(done)
    done = fresh.ssh("ada", "reveal", "prelate", key="ada")
    assert done.returncode == 2 and "'reveal' is not a command here" in err(done)
    with fresh.table() as table:
        assert conflicts.load(table)[1].version == version
        assert table.revealed("conflict", "Rooftops") == ()


def test_junk_long_lines_and_bad_text_are_refused_and_the_session_goes_on(
        served: Served) -> None:
    lines = (b"x" * 250 + b"\n" + b"r 2 \xff\xfe\n" + b"r\x01\x02 2\x1b[31m\n"
             + b"y" * 10_000 + b"\n" + bytes(range(256)) + b"\n" + b"r 2 for still here\n"
             + b"q\n")
    done = served.ssh("dee", key="dee", extra=["-T"], stdin=lines)
    text = " ".join(out(done).split())
    assert "the most is 200" in text
    assert "that line was not UTF-8 text" in text
    assert "control characters" in text
    assert "longer than 4096 characters" in text
    assert "For still here" in text and "Bye." in text
    assert done.returncode == 0
    # The server and the others carry on.
    assert served.ssh("ada", "roll", "2", key="ada").returncode == 0


def test_a_flooding_player_cannot_starve_the_others(tmp_path: Path) -> None:
    settings = Settings(lines_per_second=5, line_burst=5, news_interval=0.05)
    served = Served(tmp_path, settings)
    try:
        flood = subprocess.Popen([*served.options("dee"), "-T", "dee@127.0.0.1"],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, start_new_session=True)
        assert flood.stdin is not None
        started = time.monotonic()
        flood.stdin.write(b"r 2 for flood\n" * 400)
        flood.stdin.flush()
        rolled = [served.ssh("ada", "roll", "3", "for", "me", key="ada") for _ in range(3)]
        flood.stdin.write(b"q\n")
        flood.stdin.close()
        flooded = flood.stdout.read().decode() if flood.stdout else ""
        flood.wait(30)
        elapsed = time.monotonic() - started
        assert all(done.returncode == 0 for done in rolled)
        with served.table() as table:
            theirs = [e for e in table.rolls() if e.purpose == "flood"]
            mine = [e for e in table.rolls() if e.purpose == "me"]
        assert len(mine) == 3
        assert "too fast: wait, then type it again" in flooded
        # Never more than the bucket holds plus what it refilled meanwhile.
        assert 5 <= len(theirs) <= 5 + settings.lines_per_second * elapsed + 1
    finally:
        served.close()


def test_keepalives_clear_a_session_whose_phone_went_away(fresh: Served) -> None:
    phone = subprocess.Popen([*fresh.options("ada"), "-T", "-o", "ServerAliveInterval=0",
                              "ada@127.0.0.1"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             start_new_session=True)
    try:
        deadline = time.monotonic() + 10
        while not fresh.server.sessions and time.monotonic() < deadline:
            time.sleep(0.05)
        assert fresh.server.sessions
        os.kill(phone.pid, signal.SIGSTOP)  # the phone stops answering, the socket stays
        deadline = time.monotonic() + 10
        while fresh.server.sessions and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not fresh.server.sessions
    finally:
        os.kill(phone.pid, signal.SIGKILL)
        phone.wait(10)


# --- playing ----------------------------------------------------------------------------------


def test_a_round_played_from_phones_with_the_narrators_steps_appearing(fresh: Served) -> None:
    ada, dee = terminal(fresh, "ada"), terminal(fresh, "dee")
    try:
        assert fresh.ssh("gm", "d", "as", "haze", "attack", "tamsin", "5",
                         key="gm").returncode == 0
        ada.expect(words("Hazekillers of House Orrell declare an attack on Tamsin Vey"))
        ada.expect(words("Your move: declare"))
        ada.sendline("d attack haze 5 with glass")
        ada.expect(words("Next: Brannoch declares"))
        dee.expect(words("Tamsin Vey declares an attack"))
        dee.sendline("d defense 4")
        dee.expect(words("Next: The Hollow Prelate declares"))
        assert fresh.ssh("gm", "d", "as", "prelate", "attack", "brannoch", "4",
                         key="gm").returncode == 0
        ada.expect(words("Your move: act"))
        ada.sendline("a 3")
        ada.expect(words("Tamsin Vey attacks Hazekillers of House Orrell: 3 dice"))
        assert fresh.ssh("gm", "t", "as", "haze", key="gm").returncode == 0
        ada.expect(words("Your move: roll"))
        ada.sendline("roll")
        ada.expect(words("Action 2: Tamsin Vey rolls"))
        ada.expect("> ")
        with fresh.table() as table:
            hit = conflicts.load(table)[1].state.pending == 2  # the attack succeeded
        if hit:
            assert "Your move: damage (dmg," in " ".join(ada.before.split())
            ada.sendline("dmg")
            ada.expect(words("of Hazekillers of House Orrell fall"))
        assert fresh.ssh("gm", "a", "as", "haze", "5", key="gm").returncode == 0
        ada.expect(words("Your move: defend"))
        ada.sendline("def")
        ada.expect(words("Tamsin Vey defends against action 1"))
        dee.expect(words("Tamsin Vey defends against action 1"))
        ada.sendline("plain")
        ada.expect("ASCII, no colour")
        ada.setwinsize(50, 72)  # a phone turned sideways: the board reflows
        ada.sendline("b")
        # One row at 72 columns; at 40 the status goes on a line of its own.
        ada.expect("The Hollow Prelate \\(opposition\\) +A4  \\d+(?:st|nd|rd|th) to act\r\n")
        ada.sendline("q")
        ada.expect(words("Bye."))
        ada.expect(pexpect.EOF)
    finally:
        ada.close(force=True)
        dee.close(force=True)
    with fresh.table() as table:
        state = conflicts.load(table)[1].state
        assert state.participant("Tamsin Vey").round.defense_dice == 0


def test_stored_text_reaches_other_phones_as_plain_text(fresh: Served) -> None:
    dee = terminal(fresh, "dee")
    try:
        done = fresh.ssh("ada", "r", "2", "for", "[blink]boo[/blink]", "\\x1b[2J", key="ada")
        assert done.returncode == 0, err(done)
        dee.expect("ada rolls 2 for")
        dee.expect("> ")
        seen = dee.before
        assert "[blink]boo[/blink]" in seen and "\\x1b[2J" in seen
        assert "\x1b[5m" not in seen and "\x1b[2J" not in seen
    finally:
        dee.close(force=True)


def test_reconnecting_shows_the_board_and_the_last_result_and_sessions_may_be_several(
        fresh: Served) -> None:
    first = terminal(fresh, "ada")
    second = terminal(fresh, "ada")
    try:
        first.sendline("r 6 for the wall")
        first.expect("For the wall")
        second.sendline("r 2")
        second.expect("Result")
        with fresh.table() as table:
            assert [e.purpose for e in table.rolls(who="ada")] == ["the wall", ""]
    finally:
        first.close(force=True)  # the phone drops
        second.close(force=True)
    again = pexpect.spawn(str(SSH), [*fresh.options("ada")[1:], "-tt", "ada@127.0.0.1"],
                          encoding="utf-8", dimensions=(50, 40), timeout=15)
    try:
        again.expect("Rooftops")
        again.expect("Your last result")
        again.expect("Type \\? for help")
    finally:
        again.close(force=True)


def test_a_fifth_session_closes_the_one_heard_from_longest_ago(fresh: Served) -> None:
    # Phones drop off without a word; the player, back on a new connection, must not
    # wait for keepalives to clear the old ones.
    assert FAST.sessions_per_player == 4
    open_ones = [terminal(fresh, "ada") for _ in range(4)]
    try:
        for child in open_ones[1:]:  # the first phone has gone quiet; the others talk
            child.sendline("r 2")
            child.expect("Result")
        fifth = terminal(fresh, "ada")
        open_ones[0].expect("You opened another session; this one is closed.")
        open_ones[0].expect(pexpect.EOF)
        fifth.sendline("r 2")
        fifth.expect("Result")
        for child in open_ones[1:]:  # the others go on
            child.sendline("r 3")
            child.expect("Result")
        assert fresh.ssh("dee", "r", "2", key="dee").returncode == 0  # others unaffected
        fifth.close(force=True)
    finally:
        for child in open_ones:
            child.close(force=True)


def test_a_typed_bidi_override_is_echoed_escaped_and_the_line_refused(served: Served
                                                                     ) -> None:
    ada = terminal(served, "ada")
    try:
        ada.send("r 2 for \u202eevil\r")
        ada.expect("control characters")
        seen = ada.before
        assert "\u202e" not in seen and "r 2 for \\u202eevil" in seen
        ada.sendline("q")
        ada.expect(pexpect.EOF)
    finally:
        ada.close(force=True)


# --- a revoked player ---------------------------------------------------------------------


def _names_in(text: str, names: Sequence[str]) -> list[str]:
    return [name for name in names if re.search(rf"\b{re.escape(name)}\b", text)]


def test_a_revoked_player_is_told_so_at_the_next_line_and_no_other_name(
        fresh: Served) -> None:
    dee = terminal(fresh, "dee")
    try:
        with fresh.table() as table:
            table.revoke_player("dee")
            others = [p.name for p in table.players()]
        dee.sendline("r 2")
        dee.expect("Your invitation was withdrawn.")
        dee.expect(pexpect.EOF)
        assert _names_in(dee.before, others) == []
    finally:
        dee.close(force=True)
    assert dee.exitstatus == 2
    with fresh.table() as table:
        assert table.rolls(who="dee") == []


def test_a_revoked_players_session_ends_when_the_table_moves(fresh: Served) -> None:
    dee = terminal(fresh, "dee")
    try:
        with fresh.table() as table:
            table.revoke_player("dee")
        assert fresh.ssh("ada", "r", "2", "for", "the", "door", key="ada").returncode == 0
        dee.expect("Your invitation was withdrawn.")  # nothing typed: the news ends it
        dee.expect(pexpect.EOF)
        assert "the door" not in dee.before and "ada" not in dee.before
    finally:
        dee.close(force=True)


class _RevokingServer(Server):
    """Revokes a player the moment their passphrase hash has been read: the session
    then starts for a player who is no longer invited."""

    def hash_of(self, username: str) -> str | None:
        found = super().hash_of(username)
        if found is not None:
            self.worker.table.revoke_player(username)
        return found


def test_a_player_revoked_while_logging_in_is_told_no_other_name(tmp_path: Path) -> None:
    served = Served(tmp_path)
    served.run(served.server.close())
    served.server = _RevokingServer(served.path, host_key_path(served.path), FAST)
    served.port = served.run(served.server.start("127.0.0.1", 0))
    try:
        done = served.ssh("kell", "roll", "2", passphrase=PASSPHRASE)
        assert done.returncode == 2
        assert err(done) == "mistborn: Your invitation was withdrawn.\n"
    finally:
        served.close()


def test_passphrases_tried_in_parallel_are_counted_as_they_come(fresh: Served) -> None:
    # Attempts made at once are counted before any is answered: the limit
    # (refuse_after) holds for them as for attempts one after another.
    from cli.players.ssh_login import Login

    async def tried(passphrases: list[str], address: str) -> list[bool]:
        logins = [Login(fresh.server) for _ in passphrases]
        for login in logins:
            login.address = address
        return list(await asyncio.gather(*(
            login.validate_password("kell", passphrase)
            for login, passphrase in zip(logins, passphrases, strict=True))))

    limit = FAST.refuse_after
    assert fresh.run(tried(["wrong"] * (limit - 1), "127.0.0.2")) == [False] * (limit - 1)
    # More wrong ones at once, and the right one after them: past the limit, refused.
    assert fresh.run(tried(["wrong"] * limit + [PASSPHRASE], "127.0.0.2")) == \
        [False] * (limit + 1)
    # A right one is taken back as it is found: from elsewhere, right ones in parallel
    # with fewer wrong ones than the limit all get in, and leave no count behind.
    assert fresh.run(tried(["wrong", PASSPHRASE, PASSPHRASE], "127.0.0.3")) == \
        [False, True, True]
    assert fresh.run(tried(["wrong"] * (limit - 2) + [PASSPHRASE], "127.0.0.3"))[-1]


def test_a_damaged_player_row_refuses_that_login_logs_a_line_and_serves_the_others(
        fresh: Served) -> None:
    """Issue 18, item 2: ``players.public_keys`` = ``garbage`` in the file."""
    import sqlite3

    logged: list[str] = []
    fresh.server.log = logged.append
    conn = sqlite3.connect(fresh.path)
    with conn:
        conn.execute("UPDATE players SET public_keys = 'garbage' WHERE name = 'ada'")
        conn.execute("UPDATE players SET passphrase_hash = '[[[[' WHERE name = 'kell'")
    conn.close()
    done = fresh.ssh("ada", "roll", "5", key="ada")
    assert done.returncode == 255 and "Permission denied" in err(done)
    done = fresh.ssh("kell", "roll", "5", passphrase=PASSPHRASE)
    assert done.returncode == 255 and "Permission denied" in err(done)
    assert sorted(set(logged)) == [  # once or more for each try
        "mistborn: login refused for 'ada': the table file "
        f"{str(fresh.path)!r} is damaged: players row 'ada': public_keys is not valid "
        "JSON (Expecting value); restore a copy of the file",
        "mistborn: login refused for 'kell': the table file "
        f"{str(fresh.path)!r} is damaged: players row 'kell': passphrase_hash is the "
        "text '[[[[', not a passphrase hash made by this program; restore a copy of the file",
    ]
    done = fresh.ssh("dee", "roll", "5", key="dee")
    assert done.returncode == 0, err(done)


def test_a_narrators_step_typed_by_a_player_says_whose_it_is(fresh: Served) -> None:
    """A player who types a step only the Narrator takes at a Conflict (undo, end,
    reveal, the turn's calls) is told it is the Narrator's, at a phone's 40 columns and
    in one line over ssh, instead of being sent to a help that never lists it; nothing
    is written, and a word that is no step at all is refused as before."""
    with fresh.table() as table:
        version = conflicts.load(table)[1].version
    said = {line: f"! '{line.split()[0]}' is not a command here: it is the Narrator's"
            for line in ("undo", "end we win", "reveal prelate", "defeat brannoch",
                         "endround")}
    said["fly"] = "! 'fly' is not a command here; type ? for help"
    for line, refusal in said.items():
        done = fresh.ssh("ada", *line.split(), key="ada")
        assert (done.returncode, " ".join(err(done).split()), out(done)) == (
            2, refusal, ""), line
    ada = terminal(fresh, "ada", columns=40)
    try:
        for line, refusal in said.items():
            ada.sendline(line)
            ada.expect_exact("\r\n> ")
            assert " ".join(ada.before.split()) == f"{line} {refusal}", line
            assert all(len(row) <= 40 for row in ada.before.split("\r\n")), ada.before
    finally:
        ada.close(force=True)
    with fresh.table() as table:
        assert conflicts.load(table)[1].version == version
