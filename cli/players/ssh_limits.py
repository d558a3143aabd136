"""The built-in SSH server's bookkeeping, pure and clocked: failed passphrases and what
they cost (:class:`Throttle`, :class:`Logins`), lines a second per player
(:class:`RateLimit`), connections coming in and not logged in yet (:class:`Doorway`),
and public keys compared by what identifies them (:func:`key_id`).
No network here: :mod:`cli.players.ssh_server` asks, and tests turn the clock.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

from characters.names import name_key

T = TypeVar("T", bound=Hashable)


class Throttle:
    """Failed logins counted per key (an address, a name) within ``window`` seconds:
    after ``slow_after`` each answer waits (0.5 s, doubling, at most ``longest``);
    after ``refuse_after`` every attempt is refused for ``refuse_for`` seconds."""

    def __init__(self, *, slow_after: int, refuse_after: int, window: float,
                 refuse_for: float, longest: float = 8.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.slow_after, self.refuse_after = slow_after, refuse_after
        self.window, self.refuse_for, self.longest = window, refuse_for, longest
        self.clock = clock
        self._failures: dict[str, list[float]] = {}
        self._refused_until: dict[str, float] = {}
        self._swept = clock()

    def _recent(self, key: str) -> list[float]:
        now = self.clock()
        kept = [t for t in self._failures.get(key, []) if now - t < self.window]
        if kept:
            self._failures[key] = kept
        else:
            self._failures.pop(key, None)
        return kept

    def _sweep(self, now: float) -> None:
        # Names typed by strangers are never asked about again: forget them once a
        # window has passed, so that memory stays bounded by the recent failures.
        if now - self._swept < self.window:
            return
        self._swept = now
        for key in [k for k, times in self._failures.items() if now - times[-1] >= self.window
                    and self._refused_until.get(k, now) <= now]:
            del self._failures[key]
        for key in [k for k, until in self._refused_until.items() if until <= now]:
            del self._refused_until[key]

    def failed(self, *keys: str) -> None:
        """One failure for each of ``keys``."""
        now = self.clock()
        self._sweep(now)
        for key in keys:
            recent = self._recent(key)
            recent.append(now)
            self._failures[key] = recent
            if len(recent) >= self.refuse_after:
                self._refused_until[key] = now + self.refuse_for

    def forgive(self, *keys: str) -> None:
        """Take back the last failure of each of ``keys`` (an attempt counted before it
        was checked, then found right), and the refusal it brought."""
        for key in keys:
            recent = self._recent(key)
            if recent:
                recent.pop()
            if len(recent) < self.refuse_after:
                self._refused_until.pop(key, None)

    def refused(self, *keys: str) -> bool:
        """Whether any of ``keys`` is refused for now."""
        now = self.clock()
        for key in keys:
            until = self._refused_until.get(key)
            if until is not None:
                if now < until:
                    return True
                del self._refused_until[key]
                self._failures.pop(key, None)
        return False

    def delay(self, *keys: str) -> float:
        """How long to wait before answering an attempt for ``keys``."""
        worst = max((len(self._recent(key)) for key in keys), default=0)
        if worst < self.slow_after:
            return 0.0
        return float(min(self.longest, 0.5 * 2 ** (worst - self.slow_after)))


class Logins:
    """Which passphrase attempts the server answers, and how soon, over a
    :class:`Throttle`. Keys are not its business: a key cannot be guessed, so a listed
    key always lets its player in and an unknown one is refused, neither ever counted,
    slowed or refused for anyone's failures.

    A wrong passphrase counts against its address, its name, and the two together.
    The answer to an attempt waits by the worse of the address's and the name's counts
    (guessing from one place, or at one player from many, is slow). An address and name
    together are refused for a while after ``refuse_after`` failures: the one who keeps
    failing is stopped, while the rest of a café behind the same address, and the
    player themself from anywhere else, still get in, if a little slowly.
    """

    def __init__(self, throttle: Throttle) -> None:
        self.throttle = throttle

    @staticmethod
    def _keys(address: str, name: str) -> tuple[str, str, str]:
        key = name_key(name)
        return f"address {address}", f"name {key}", f"address {address} name {key}"

    def delay(self, address: str, name: str) -> float:
        """How long to wait before checking a passphrase for ``name`` from ``address``."""
        by_address, by_name, _both = self._keys(address, name)
        return self.throttle.delay(by_address, by_name)

    def refused(self, address: str, name: str) -> bool:
        """Whether passphrases for ``name`` from ``address`` are refused for now."""
        return self.throttle.refused(self._keys(address, name)[2])

    def failed(self, address: str, name: str) -> None:
        """A passphrase attempt for ``name`` from ``address``, counted as wrong until
        :meth:`forgive` says otherwise."""
        self.throttle.failed(*self._keys(address, name))

    def forgive(self, address: str, name: str) -> None:
        """The attempt last counted for ``name`` from ``address`` was right."""
        self.throttle.forgive(*self._keys(address, name))


class RateLimit:
    """A bucket of ``burst`` tokens per key, refilled at ``rate`` a second: a line
    takes one token, or is refused when the bucket is empty. Buckets filled up again
    are forgotten now and then, so that memory stays bounded by the recent keys."""

    def __init__(self, rate: float, burst: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._buckets: dict[str, tuple[float, float]] = {}
        self._swept = clock()

    def _sweep(self, now: float) -> None:
        if now - self._swept < self.burst / self.rate:  # the time a bucket takes to fill
            return
        self._swept = now
        for key in [k for k, (tokens, then) in self._buckets.items()
                    if tokens + (now - then) * self.rate >= self.burst]:
            del self._buckets[key]

    def __len__(self) -> int:
        return len(self._buckets)

    def allow(self, key: str) -> bool:
        """Take a token for ``key`` if there is one."""
        now = self.clock()
        self._sweep(now)
        tokens, then = self._buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return False
        self._buckets[key] = (tokens - 1, now)
        return True


class Doorway(Generic[T]):
    """The connections of a server and those of them not logged in yet (*logins*), by
    the address each comes from: which to turn away or close as each arrives.

    A connection is turned away at once, before the server says a word, when its
    address opened more than ``burst`` in a row, refilled at ``rate`` a second (a
    flood, or an audit's rate test: each would cost the server a key exchange), or
    already has ``per_address`` logins waiting. Otherwise it is let in and, when that
    makes more than ``logins`` waiting in all or more than ``connections`` open, the
    server makes room by closing one that is still logging in: from the address that
    has the most waiting, the one waiting longest. A login that has offered a key
    listed for its player (:meth:`known`) is not closed to make room for ``grace``
    seconds, time enough to sign with it, so idle connections from many addresses keep
    no player with a key out (and a stranger offering a player's public key, which is
    no secret, keeps a place no longer); only when nothing can be closed is the
    newcomer turned away (every place is a player's).
    """

    def __init__(self, *, connections: int, logins: int, per_address: int, rate: float,
                 burst: int, grace: float = 10.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.connections, self.logins, self.per_address = connections, logins, per_address
        self.grace, self.clock = grace, clock
        self.arrivals = RateLimit(rate, burst, clock)
        self._open: set[T] = set()
        # address, since, and when it offered a key listed for its player (or None)
        self._waiting: dict[T, tuple[str, float, float | None]] = {}

    def waiting(self) -> dict[str, int]:
        """How many logins wait, by address."""
        return dict(Counter(address for address, _, _ in self._waiting.values()))

    def open(self) -> int:
        """How many connections are open."""
        return len(self._open)

    def arrive(self, new: T, address: str) -> list[T]:
        """``new`` has connected from ``address``: the connections to close now, ``new``
        itself when it is turned away, or older logins that make room for it."""
        self._open.add(new)
        if not self.arrivals.allow(address) or \
                self.waiting().get(address, 0) >= self.per_address:
            self.gone(new)
            return [new]
        self._waiting[new] = (address, self.clock(), None)
        closed: list[T] = []
        while len(self._waiting) > self.logins or len(self._open) > self.connections:
            room = self._room()
            closed.append(new if room is None else room)
            self.gone(closed[-1])
            if closed[-1] is new:
                break
        return closed

    def _room(self) -> T | None:
        """The login to close to make room: the one waiting longest at the address with
        the most waiting, never one signing with a key known for its player."""
        now = self.clock()
        anonymous = [(who, address, since) for who, (address, since, known)
                     in self._waiting.items() if known is None or now - known >= self.grace]
        if not anonymous:
            return None
        counts = Counter(address for _, address, _ in anonymous)
        return min(anonymous, key=lambda item: (-counts[item[1]], item[2]))[0]

    def known(self, who: T) -> None:
        """``who`` offered a key listed for its player: its login is let finish (the
        first offer starts its ``grace``)."""
        if who in self._waiting:
            address, since, known = self._waiting[who]
            self._waiting[who] = (address, since, self.clock() if known is None else known)

    def logged_in(self, who: T) -> None:
        """``who`` has logged in: it waits no more."""
        self._waiting.pop(who, None)

    def gone(self, who: T) -> None:
        """``who`` was closed, or hung up."""
        self._waiting.pop(who, None)
        self._open.discard(who)


def key_id(line: str) -> str:
    """An OpenSSH public key line reduced to what identifies the key: type and data."""
    return " ".join(line.split()[:2])
