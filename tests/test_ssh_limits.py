"""The SSH server's bookkeeping (cli/players/ssh_limits.py), with a clock the test turns:
failed passphrases slowed and refused, lines a second per player, keys compared."""

from __future__ import annotations

from cli.players.ssh_limits import Logins, RateLimit, Throttle, key_id


def test_failed_logins_are_slowed_then_refused_then_forgiven() -> None:
    now = [0.0]
    throttle = Throttle(slow_after=3, refuse_after=6, window=60, refuse_for=300,
                        longest=8, clock=lambda: now[0])
    delays = []
    for _ in range(5):
        delays.append(throttle.delay("address 10.0.0.1"))
        throttle.failed("address 10.0.0.1", "name kell")
    assert delays == [0, 0, 0, 0.5, 1.0]
    assert not throttle.refused("address 10.0.0.1")
    throttle.failed("address 10.0.0.1", "name kell")
    assert throttle.refused("address 10.0.0.1") and throttle.refused("name kell")
    assert not throttle.refused("address 10.0.0.2", "name ada")
    now[0] = 299
    assert throttle.refused("name kell")
    now[0] = 301
    assert not throttle.refused("address 10.0.0.1", "name kell")
    assert throttle.delay("address 10.0.0.1") == 0  # old failures forgotten


def test_a_players_lines_come_from_a_bucket_refilled_each_second() -> None:
    now = [0.0]
    bucket = RateLimit(rate=2, burst=3, clock=lambda: now[0])
    assert [bucket.allow("ada") for _ in range(4)] == [True, True, True, False]
    assert bucket.allow("dee")  # each player has their own
    now[0] = 0.5
    assert bucket.allow("ada") and not bucket.allow("ada")


def test_a_stranger_failing_for_kell_is_refused_and_kell_and_the_cafe_are_not() -> None:
    now = [0.0]
    logins = Logins(Throttle(slow_after=3, refuse_after=6, window=60, refuse_for=300,
                             longest=8, clock=lambda: now[0]))
    for _ in range(6):
        assert not logins.refused("203.0.113.9", "kell")
        logins.failed("203.0.113.9", "KELL")  # the name as typed, any case
    assert logins.refused("203.0.113.9", "kell")  # the stranger, for kell
    assert not logins.refused("203.0.113.9", "bo")  # others behind that address
    assert not logins.refused("198.51.100.7", "kell")  # kell from elsewhere
    # Slowed, though, by the worse of the address's and the name's failures: 6 of each.
    assert logins.delay("198.51.100.7", "kell") == 4.0
    assert logins.delay("203.0.113.9", "bo") == 4.0
    assert logins.delay("198.51.100.7", "bo") == 0.0
    now[0] = 301
    assert not logins.refused("203.0.113.9", "kell")


def test_names_typed_once_by_strangers_are_forgotten_after_a_window() -> None:
    now = [0.0]
    throttle = Throttle(slow_after=3, refuse_after=6, window=60, refuse_for=300,
                        clock=lambda: now[0])
    for number in range(1000):
        throttle.failed(f"name stranger{number}")
    throttle.failed("name kell")
    assert len(throttle._failures) == 1001
    now[0] = 61
    throttle.failed("name kell")
    assert list(throttle._failures) == ["name kell"]


def test_a_key_is_known_by_its_type_and_data_not_its_comment() -> None:
    assert key_id("ssh-ed25519 AAAAC3Nz ada@phone\n") == "ssh-ed25519 AAAAC3Nz"
    assert key_id("ssh-ed25519   AAAAC3Nz") == key_id("ssh-ed25519 AAAAC3Nz other")
