"""The built-in SSH server's bookkeeping, pure and clocked: failed passphrases and what
they cost (:class:`Throttle`, :class:`Logins`), lines a second per player
(:class:`RateLimit`), and public keys compared by what identifies them (:func:`key_id`).
No network here: :mod:`cli.players.ssh_server` asks, and tests turn the clock.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from characters.names import name_key


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
    takes one token, or is refused when the bucket is empty."""

    def __init__(self, rate: float, burst: int,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, key: str) -> bool:
        """Take a token for ``key`` if there is one."""
        now = self.clock()
        tokens, then = self._buckets.get(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        if tokens < 1:
            self._buckets[key] = (tokens, now)
            return False
        self._buckets[key] = (tokens - 1, now)
        return True


def key_id(line: str) -> str:
    """An OpenSSH public key line reduced to what identifies the key: type and data."""
    return " ".join(line.split()[:2])
