"""The SSH server's bookkeeping (cli/players/ssh_limits.py), with a clock the test turns:
failed passphrases slowed and refused, lines a second per player, connections turned
away or closed to make room, keys compared."""

from __future__ import annotations

from cli.players.ssh_limits import Doorway, Logins, RateLimit, Throttle, key_id


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


def test_buckets_filled_up_again_are_forgotten() -> None:
    now = [0.0]
    bucket = RateLimit(rate=4, burst=16, clock=lambda: now[0])
    for number in range(1000):
        assert bucket.allow(f"198.51.100.{number}")
    assert len(bucket) == 1000
    now[0] = 5  # every bucket is full again after 4 s
    assert bucket.allow("203.0.113.9")
    assert len(bucket) == 1


def doorway(now: list[float], **limits: float) -> Doorway[str]:
    settings = {"connections": 64, "logins": 32, "per_address": 8, "rate": 4.0, "burst": 16,
                **limits}
    return Doorway(clock=lambda: now[0], **settings)  # type: ignore[arg-type]


def test_an_address_opening_connections_too_fast_is_turned_away_before_a_word() -> None:
    """The DHEat flood (CVE-2002-20001): an address opening connections one after the
    other gets a burst of them, then 4 a second, whatever it does with them."""
    now = [0.0]
    door = doorway(now)
    let_in = 0
    for number in range(38):  # an audit's rate test: 38 connections at once
        who = f"c{number}"
        if door.arrive(who, "10.0.0.1") == []:
            let_in += 1
        door.gone(who)  # it hangs up at once
    assert let_in == 16
    assert door.arrive("other", "10.0.0.2") == []  # every other address as before
    now[0] = 1.0
    assert [door.arrive(f"d{n}", "10.0.0.1") == [] for n in range(5)] == [True] * 4 + [False]


def test_idle_logins_from_many_addresses_make_room_oldest_of_the_busiest_first() -> None:
    """64 idle connections from 8 addresses: at most 32 wait at once, each newcomer
    closing the one waiting longest at the address with the most waiting; a player at
    a ninth address gets in, and is never the one closed while others wait more."""
    now = [0.0]
    door = doorway(now, rate=1000, burst=1000)  # each address opens them slowly enough
    closed: list[str] = []
    for number in range(64):
        now[0] += 0.01
        closed += door.arrive(f"idle{number}", f"10.0.0.{2 + number % 8}")
    assert door.open() == 32 and sum(door.waiting().values()) == 32
    assert closed == [f"idle{number}" for number in range(32)]  # the oldest went first
    assert max(door.waiting().values()) == 4
    now[0] += 0.01
    assert door.arrive("player", "10.0.0.10") == ["idle32"]
    for number in range(64, 200):  # the idle ones keep coming
        now[0] += 0.01
        assert "player" not in door.arrive(f"idle{number}", f"10.0.0.{2 + number % 8}")
    assert door.waiting()["10.0.0.10"] == 1
    door.logged_in("player")
    assert "10.0.0.10" not in door.waiting() and sum(door.waiting().values()) == 31
    assert door.open() == 32


def test_one_address_may_keep_8_logins_waiting_and_is_turned_away_past_them() -> None:
    now = [0.0]
    door = doorway(now)
    assert [door.arrive(f"c{n}", "10.0.0.1") for n in range(9)] == [[]] * 8 + [["c8"]]
    assert door.waiting() == {"10.0.0.1": 8}
    door.gone("c0")
    assert door.arrive("c9", "10.0.0.1") == []


def test_a_login_signing_with_a_known_key_is_not_closed_to_make_room() -> None:
    now = [0.0]
    door = doorway(now, logins=3, per_address=3)
    assert door.arrive("kell", "10.0.0.1") == []
    door.known("kell")  # offered a key listed for kell: about to sign with it
    for number in range(9):
        now[0] += 1
        assert "kell" not in door.arrive(f"idle{number}", f"10.0.0.{2 + number}")
    assert door.waiting()["10.0.0.1"] == 1
    # A public key is no secret: one who offers it and never signs keeps no place.
    now[0] += 1
    door.known("kell")
    assert door.arrive("idle9", "10.0.0.20") == ["kell"]


def test_when_every_place_is_a_players_the_newcomer_is_turned_away() -> None:
    now = [0.0]
    door = doorway(now, connections=3)
    for name in ("ada", "bo", "dee"):
        assert door.arrive(name, f"10.0.0.{len(name)}") == []
        door.logged_in(name)
    assert door.arrive("eve", "10.0.0.9") == ["eve"]
    assert door.open() == 3
    door.gone("ada")
    assert door.arrive("eve", "10.0.0.9") == []
