"""``mistborn player`` (cli/players/commands.py): inviting, listing and revoking players; the
player shell at a local prompt (driven through a real terminal by pexpect) and under
OpenSSH's forced commands (``$SSH_ORIGINAL_COMMAND``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from cli_support import one_line_refusal
from click.testing import CliRunner, Result
from game_seat_support import HOUSES, HW_SETUP, cli, seated
from player_support import ROOT, SSH_KEYGEN, make_key, make_table
from table_support import plain

from cli.main import main
from table import Table, check_passphrase

MISTBORN = [sys.executable, "-c", "import sys; from cli.main import main; "
            "sys.argv = ['mistborn'] + sys.argv[1:]; main()"]


def run(db: Path, *args: str) -> Result:
    return CliRunner().invoke(main, list(args), env={"MISTBORN_DB": str(db), "COLUMNS": "40",
                                                      "NO_COLOR": "1"})


def ok(db: Path, *args: str) -> str:
    result = run(db, *args)
    assert result.exit_code == 0, result.output
    return result.stdout


def refused(db: Path, *args: str) -> str:
    return one_line_refusal(run(db, *args))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    path = tmp_path / "t.db"
    make_table(path).close()
    return path


# --- the list of players ---------------------------------------------------------------------


@pytest.mark.skipif(not SSH_KEYGEN.exists(), reason="needs OpenSSH's ssh-keygen")
def test_invite_by_key_list_and_revoke(db: Path, tmp_path: Path) -> None:
    key = make_key(tmp_path, "vin")
    out = ok(db, "player", "invite", "vin", "--key", f"{key}.pub", "--character", "tamsin")
    assert out.splitlines()[0] == "Invited vin, playing Tamsin Vey."
    with Table(db) as table:
        vin = table.player("vin")
    assert vin.characters == ("Tamsin Vey",) and vin.passphrase_hash is None
    assert vin.keys == (" ".join(Path(f"{key}.pub").read_text().split()),)
    listed = ok(db, "player", "list")
    assert "vin: Tamsin Vey (1 key)" in listed and "gm · Narrator: no character" in listed
    assert json.loads(ok(db, "player", "list", "--json"))[-1]["name"] == "vin"
    assert ok(db, "player", "revoke", "vin") == "vin may no longer join.\n"
    assert "vin" not in ok(db, "player", "list")
    assert "vin · revoked" in ok(db, "player", "list", "--all")
    assert "no player named 'vin'" in refused(db, "player", "revoke", "vin")


def test_invite_and_list_read_at_a_phones_40_columns(db: Path) -> None:
    """Screens must read at 40 columns: the invitation of a Narrator who plays two
    characters, its passphrase and the list of players wrap between words, and the
    passphrase stays whole on a line of its own, to be copied as it is."""
    out = ok(db, "player", "invite", "zed", "--passphrase", "--narrator",
             "--character", "tamsin", "--character", "brannoch")
    lines = out.splitlines()
    assert " ".join(out.split()).startswith(
        "Invited zed as a Narrator, playing Tamsin Vey, Brannoch. Their passphrase, "
        "shown this once: ")
    secret = lines[lines.index("Their passphrase, shown this once:") + 1].strip()
    assert len(secret.split("-")) == 6
    listed = ok(db, "player", "list")
    assert "zed · Narrator: Tamsin Vey, Brannoch (passphrase)" in " ".join(listed.split())
    assert all(len(line) <= 40 for line in (out + listed).splitlines()), out + listed
    empty = db.parent / "empty.db"
    make_table(empty).close()
    with Table(empty) as table:
        for each in table.players():
            table.revoke_player(each.name)
    none = ok(empty, "player", "list")
    assert " ".join(none.split()) == ("No players yet. Invite one: mistborn player invite "
                                      "vin --key vin.pub")
    assert all(len(line) <= 40 for line in none.splitlines()), none


def test_a_passphrase_is_printed_once_and_only_its_hash_is_kept(db: Path) -> None:
    out = ok(db, "player", "invite", "kell", "--passphrase", "--narrator")
    secret = out.split("Their passphrase, shown this once:\n  ", 1)[1].split("\n", 1)[0]
    assert len(secret.split("-")) == 6
    stored = plain(db, "SELECT passphrase_hash FROM players WHERE name = 'kell'")[0][0]
    assert isinstance(stored, str) and secret not in stored
    assert check_passphrase(secret, stored) and not check_passphrase(secret + "x", stored)
    dump = b"".join(path.read_bytes() for path in db.parent.glob("t.db*"))
    assert secret.encode() not in dump
    assert secret not in ok(db, "player", "list") + ok(db, "player", "list", "--json")
    other = ok(db, "player", "invite", "wax", "--passphrase")
    assert other.split("shown this once:\n  ", 1)[1].split("\n", 1)[0] != secret


def test_names_that_could_pass_for_someone_else_are_refused(db: Path, tmp_path: Path) -> None:
    # A player's name is their SSH user name; nobody may pass for another player or
    # for a character they do not play. (Invited by key: a passphrase's scrypt is
    # another test's.)
    key = f"{make_key(tmp_path, 'phone')}.pub"
    assert "is the name of 'Brannoch', whom this player does not play" in refused(
        db, "player", "invite", "brannoch", "--key", key)
    ok(db, "player", "invite", "Brannoch", "--key", key, "--character", "brannoch")
    for taken in ("tamsin", "vey", "Tamsin-Vey", "tamsinvey", "tamsin.vey"):
        assert "could be taken for 'Tamsin Vey', whom this player does not play" in refused(
            db, "player", "invite", taken, "--key", key), taken
    ok(db, "player", "invite", "tam", "--key", key)  # a beginning is not a name
    ok(db, "player", "invite", "tamsin", "--key", key, "--character", "tamsin")  # hers
    ok(db, "player", "invite", "kern", "--key", key)
    assert "looks like the player 'kern'" in refused(db, "player", "invite", "kem",
                                                      "--key", key)  # "rn" reads as "m"
    assert "SSH user name" in refused(db, "player", "invite", "adа",
                                      "--key", key)  # Cyrillic а: never a user name
    assert "SSH user name" in refused(db, "player", "invite", "Vin Venture", "--key", key)
    assert "SSH user name" in refused(db, "player", "invite", "--key", key, "--", "-oPro=x")
    assert "already" in refused(db, "player", "invite", "ADA", "--key", key)
    assert "no character named 'marsh'" in refused(db, "player", "invite", "zed",
                                                   "--key", key, "--character", "marsh")
    assert "--key PUBKEY_FILE or --passphrase" in refused(db, "player", "invite", "zed")


def test_a_bad_key_file_is_refused_on_one_line(db: Path, tmp_path: Path) -> None:
    junk = tmp_path / "junk.pub"
    junk.write_text("ssh-ed25519 not-base64 me\n")
    assert "a public key must be one line like" in refused(db, "player", "invite", "zed",
                                                           "--key", str(junk))
    assert "cannot be read: No such file" in refused(db, "player", "invite", "zed", "--key",
                                                     str(tmp_path / "missing.pub"))


# --- OpenSSH's forced command --------------------------------------------------------------


def forced(db: Path, who: str, line: str | None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "MISTBORN_DB": str(db), "COLUMNS": "40"}
    env.pop("SSH_ORIGINAL_COMMAND", None)
    if line is not None:
        env["SSH_ORIGINAL_COMMAND"] = line
    return subprocess.run([*MISTBORN, "player", "--as", who], env=env, capture_output=True,
                          text=True, timeout=60, check=False, stdin=subprocess.DEVNULL,
                          cwd=ROOT)


def test_a_forced_command_runs_the_one_line_and_exits_0(db: Path) -> None:
    done = forced(db, "ada", "r 5 for the lock")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Roll · pool of 5\n") and "For the lock" in done.stdout
    with Table(db) as table:
        assert [(e.who, e.purpose) for e in table.rolls()] == [("ada", "the lock")]


def test_a_forced_command_that_is_no_verb_or_is_refused_exits_2(db: Path) -> None:
    for line in ("ls -la", "bash", "scp -t /etc", "undo", "rsync --server ."):
        done = forced(db, "ada", line)
        assert done.returncode == 2 and done.stdout == "", line
        assert "is not a command here" in " ".join(done.stderr.split())
    done = forced(db, "ada", "d attack haze 5")
    assert done.returncode == 2 and done.stderr.startswith("! it is not your move")
    done = forced(db, "gm", "reveal prelate")
    assert done.returncode == 0 and "Players now see: The Hollow Prelate" in done.stdout


def test_a_forced_command_for_a_revoked_or_unknown_player_names_no_other(db: Path) -> None:
    with Table(db) as table:
        table.revoke_player("dee")
        others = [p.name for p in table.players()]
    for who, line in (("dee", "r 2"), ("dee", None), ("nobody", "r 2"), ("ad", "r 2")):
        done = forced(db, who, line)
        assert done.returncode == 2 and done.stdout == "", who
        assert done.stderr == (f"mistborn: '{who}' is not invited to this table "
                               "(mistborn player list shows who is)\n")
        assert not any(f"'{name}'" in done.stderr for name in others if name != who)


# --- the local prompt ---------------------------------------------------------------------


def local_prompt(db: Path) -> pexpect.spawn:
    """``mistborn player --as ada`` on a terminal 40 columns wide, at its first prompt."""
    env = {**os.environ, "MISTBORN_DB": str(db), "TERM": "xterm"}
    env.pop("SSH_ORIGINAL_COMMAND", None)
    child = pexpect.spawn(MISTBORN[0], [*MISTBORN[1:], "player", "--as", "ada"], env=env,
                          encoding="utf-8", dimensions=(40, 40), timeout=20, cwd=str(ROOT))
    try:
        child.expect("Welcome, ada")
        child.expect("> ")
    except BaseException:
        child.close(force=True)
        raise
    return child


def test_the_local_prompt_shows_others_rolls_while_it_waits(db: Path) -> None:
    child = local_prompt(db)
    try:
        child.sendline("r 3 for the vault")
        child.expect("For the vault")
        child.expect("> ")
        child.send("boa")  # half typed: the news must not eat it
        ok(db, "roll", "4", "--as", "dee", "--for", "spying")
        child.expect("dee rolls 4 for spying")
        child.expect("> boa")
        child.sendline("rd")  # "board"
        child.expect("Rooftops")
        child.sendline("q")
        child.expect("Bye.")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_ctrl_c_at_the_local_prompt_stops_it_as_every_command_with_130(db: Path) -> None:
    """docs/reliability.md: "Ctrl-C stops any command at once with exit status 130" — the
    player shell at a local prompt too, with the one line every command says, whether
    the line is empty or half typed."""
    # "x" rubbed out: a line left empty, once readline is reading. Each key is sent once
    # the one before it is echoed: readline, as Python runs it, sees an interrupt only
    # while it waits for a key, not while it handles one.
    for keys in ((("x", "x"), ("\x7f", "\x1b[K")), (("r 3 for", "r 3 for"),)):
        child = local_prompt(db)
        try:
            for typed, echoed in keys:
                child.send(typed)
                child.expect_exact(echoed)  # read before the interrupt drops it
            child.sendintr()  # what Ctrl-C at the terminal sends
            child.expect("mistborn: interrupted\r\n")
            after = child.before
            child.expect(pexpect.EOF)
        finally:
            child.close(force=True)
        assert child.exitstatus == 130, keys
        # On a line of its own, right after the one interrupted: no empty line between.
        assert after.endswith("\r\n") and not after.endswith("\r\n\r\n"), after
        assert "Traceback" not in after


def test_tab_at_the_local_prompt_completes_as_over_ssh(db: Path) -> None:
    """docs/players/index.md: either way the player gets "the same shell", and
    "`mistborn player --as NAME` opens it too" — Tab included, as "Typing on a phone"
    tells it: the one answer and a space (a name of several words, typed in any case,
    in place of the words typed), else the answers listed below the line, which
    stays as it was; what is completed is the line the shell runs."""
    from cli.players.shell import PlayerShell
    from cli.players.ssh_editor import columns

    with Table(db) as table:  # the words the SSH shell offers for "r"
        offered = [c.text for c in PlayerShell(table, "ada").completions("r")]
    assert offered == ["react", "roll"]
    child = local_prompt(db)
    try:
        child.send("pl\t")
        child.expect_exact("plain ")
        child.send("\x15r\t")  # Ctrl-U, then a verb two answers begin
        child.expect_exact(f"\r\n{columns(offered, 40)}\r\n> r")
        child.send("\x15s tamsin v\t")
        child.expect_exact("Tamsin Vey ")
        child.send("\r")
        child.expect("Tamsin Vey")  # the sheet, shown for the completed line
        child.expect("> ")
        assert "!" not in child.before, child.before  # no refusal
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0


def test_r_hw_5_the_local_prompt_tells_a_players_own_game_step_once(tmp_path: Path) -> None:
    # The reply tells the player's own step; the news beside the prompt tells only what
    # others did (here the host's next step for the seat), never the player's step again.
    path = tmp_path / "t.db"
    seated(path, ("venture",), HOUSES, *HW_SETUP).close()
    env = {**os.environ, "MISTBORN_DB": str(path), "TERM": "xterm"}
    env.pop("SSH_ORIGINAL_COMMAND", None)
    child = pexpect.spawn(MISTBORN[0], [*MISTBORN[1:], "player", "--as", "venture"],
                          env=env, encoding="utf-8", dimensions=(40, 40), timeout=20,
                          cwd=str(ROOT))
    try:
        child.expect("hw> ")
        child.sendline("collect")
        child.expect("Venture collects")
        child.expect("hw> ")
        cli(path, "hw", "worsen", "famine", "riot", "ashfall", "disobedience")
        child.expect("Famine worsens")  # the host's step: news
        told = child.before
        child.expect("hw> ")
        child.sendline("q")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    assert "collects" not in told, told


def test_the_local_prompt_of_a_player_revoked_meanwhile_ends_with_one_plain_line(
        db: Path) -> None:
    env = {**os.environ, "MISTBORN_DB": str(db), "TERM": "xterm"}
    env.pop("SSH_ORIGINAL_COMMAND", None)
    child = pexpect.spawn(MISTBORN[0], [*MISTBORN[1:], "player", "--as", "dee"], env=env,
                          encoding="utf-8", dimensions=(40, 40), timeout=20, cwd=str(ROOT))
    try:
        child.expect("Welcome, dee")
        child.expect("> ")
        with Table(db) as table:
            table.revoke_player("dee")
        child.sendline("r 2")
        child.expect("Your invitation was withdrawn.")
        said = child.before  # what came back for the line: its echo, no one's name
        child.expect(pexpect.EOF)
        assert said.split() == ["r", "2"]
    finally:
        child.close(force=True)
    assert child.exitstatus == 2
