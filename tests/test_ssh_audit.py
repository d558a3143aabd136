"""What ``mistborn serve`` offers on the wire: audited by ``ssh-audit`` (a test
dependency) against the real server on a real socket, and negotiated algorithm by
algorithm by the system's OpenSSH client: a modern set only (post-quantum hybrids and
X25519, AES-GCM and AES-CTR, SHA-2 encrypt-then-MAC, no compression), new connections
throttled per address so the audit's DHEat rate test (CVE-2002-20001) passes, and an
OpenSSH 8 client's defaults still connect. docs/security.md states the same."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import attrs
import pytest
from asyncssh.kex import get_kex_algs
from player_support import SSH
from ssh_support import SHARED, Served, err

from cli.players.ssh_login import DEFAULT_SETTINGS
from cli.players.ssh_server import CIPHERS, COMPRESSION, KEX, MACS, offered

pytestmark = pytest.mark.skipif(not SSH.exists(), reason="needs OpenSSH's ssh client")

ROOT = Path(__file__).resolve().parent.parent

DOORWAY = attrs.evolve(SHARED, connections_per_second=DEFAULT_SETTINGS.connections_per_second,
                       connection_burst=DEFAULT_SETTINGS.connection_burst)
"""The tests' settings with the real throttle of new connections."""


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    made = Served(tmp_path_factory.mktemp("audited"), SHARED)
    yield made
    made.close()


def ssh_audit() -> str:
    found = Path(sys.executable).with_name("ssh-audit")
    if found.exists():
        return str(found)
    on_path = shutil.which("ssh-audit")
    if on_path is None:
        pytest.fail("ssh-audit is a test dependency: pip install -e '.[test]'")
    return on_path


def offered_by_openssh(option: str) -> set[str]:
    """What the system's ssh client can offer for ``option`` (``ssh -Q``)."""
    query = {"KexAlgorithms": "kex", "Ciphers": "cipher", "MACs": "mac"}[option]
    listed = subprocess.run([str(SSH), "-Q", query], capture_output=True, text=True,
                            check=True).stdout
    return set(listed.split())


def test_ssh_audit_finds_nothing_to_fail_and_no_connection_rate_to_note(
        tmp_path: Path) -> None:
    """ssh-audit's standard audit, its DHEat rate test included (it runs it since
    curve25519-sha256 is offered): no [fail] on any algorithm, no note."""
    served = Served(tmp_path, DOORWAY)
    try:
        done = subprocess.run([ssh_audit(), "-j", "-p", str(served.port), "127.0.0.1"],
                              capture_output=True, text=True, timeout=120, check=False)
    finally:
        served.close()
    report = json.loads(done.stdout)
    failed = {entry["algorithm"]: entry["notes"]["fail"]
              for part in ("kex", "key", "enc", "mac") for entry in report[part]
              if entry.get("notes", {}).get("fail")}
    assert failed == {}
    assert report["additional_notes"] == []  # the DHEat rate note among them
    assert report["compression"] == ["none"]
    kex = [entry["algorithm"] for entry in report["kex"]]
    assert "curve25519-sha256" in kex  # so the rate test ran
    assert "kex-strict-s-v00@openssh.com" in kex  # Terrapin's counter-measure
    assert [entry["algorithm"] for entry in report["mac"]] == list(MACS)
    assert [entry["algorithm"] for entry in report["enc"]] == list(CIPHERS)


OPENSSH_8_0 = {
    "KexAlgorithms": "curve25519-sha256,curve25519-sha256@libssh.org,ecdh-sha2-nistp256,"
                     "ecdh-sha2-nistp384,ecdh-sha2-nistp521,diffie-hellman-group-exchange-"
                     "sha256,diffie-hellman-group16-sha512,diffie-hellman-group18-sha512,"
                     "diffie-hellman-group14-sha256,diffie-hellman-group14-sha1",
    "Ciphers": "chacha20-poly1305@openssh.com,aes128-ctr,aes192-ctr,aes256-ctr,"
               "aes128-gcm@openssh.com,aes256-gcm@openssh.com",
    "MACs": "umac-64-etm@openssh.com,umac-128-etm@openssh.com,hmac-sha2-256-etm@openssh.com,"
            "hmac-sha2-512-etm@openssh.com,hmac-sha1-etm@openssh.com,umac-64@openssh.com,"
            "umac-128@openssh.com,hmac-sha2-256,hmac-sha2-512,hmac-sha1",
}
"""What OpenSSH 8.0's client offers by default (its ssh_config manual)."""


def with_options(options: dict[str, str]) -> list[str]:
    return [arg for name, value in options.items() for arg in ("-o", f"{name}={value}")]


def test_an_openssh_8_client_with_its_defaults_connects(served: Served) -> None:
    done = served.ssh("ada", "roll", "2", key="ada", extra=with_options(OPENSSH_8_0))
    assert done.returncode == 0, err(done)


@pytest.mark.parametrize(("option", "algorithm"), [
    *(("KexAlgorithms", name) for name in offered(KEX, get_kex_algs())),
    *(("Ciphers", name) for name in CIPHERS), *(("MACs", name) for name in MACS)])
def test_each_algorithm_offered_is_negotiated_alone(served: Served, option: str,
                                                     algorithm: str) -> None:
    if algorithm not in offered_by_openssh(option):
        pytest.skip(f"this OpenSSH client has no {algorithm}")
    options = {option: algorithm, **({"Ciphers": "aes128-ctr"} if option == "MACs" else {})}
    done = served.ssh("ada", "roll", "2", key="ada", extra=with_options(options))
    assert done.returncode == 0, err(done)


@pytest.mark.parametrize(("option", "algorithm"), [
    ("KexAlgorithms", "diffie-hellman-group14-sha1"),
    ("KexAlgorithms", "diffie-hellman-group1-sha1"),
    ("KexAlgorithms", "diffie-hellman-group-exchange-sha256"),
    ("KexAlgorithms", "diffie-hellman-group14-sha256"),
    ("KexAlgorithms", "diffie-hellman-group16-sha512"),
    ("KexAlgorithms", "ecdh-sha2-nistp256"),
    ("Ciphers", "aes128-cbc"), ("Ciphers", "chacha20-poly1305@openssh.com"),
    ("MACs", "hmac-sha1"), ("MACs", "hmac-sha1-etm@openssh.com"), ("MACs", "hmac-sha2-256"),
    ("MACs", "umac-64-etm@openssh.com"), ("MACs", "umac-64@openssh.com"),
])
def test_sha1_nist_curves_small_groups_and_mac_then_encrypt_are_refused(
        served: Served, option: str, algorithm: str) -> None:
    options = {option: algorithm, **({"Ciphers": "aes128-ctr"} if option == "MACs" else {})}
    done = served.ssh("ada", "roll", "2", key="ada", extra=["-v", *with_options(options)])
    assert done.returncode == 255
    assert "Unable to negotiate" in err(done) and "no matching" in err(done), err(done)


def test_the_security_page_names_every_algorithm_and_limit() -> None:
    page = (ROOT / "docs" / "security.md").read_text(encoding="utf-8")
    for name in (*KEX, *CIPHERS, *MACS):
        assert f"`{name}`" in page, name
    assert "| Compression | none |" in page and COMPRESSION == ("none",)
    s = DEFAULT_SETTINGS
    for name, value in (("max_connections", s.max_connections),
                        ("logins_at_once", s.logins_at_once),
                        ("logins_per_address", s.logins_per_address),
                        ("connections_per_second", s.connections_per_second),
                        ("connection_burst", s.connection_burst),
                        ("login_timeout", s.login_timeout)):
        assert re.search(rf"`Settings\.{name}` = {value:g}(?![\d.])", page), name
