"""Shared by the tests of the player shell, the ``mistborn player`` command and the SSH
server: a table with the example crew and opposition, a Conflict under way, players
invited, and throwaway SSH keys made by OpenSSH's own ``ssh-keygen``."""

from __future__ import annotations

import subprocess
from pathlib import Path

from characters.files import read
from conflict import saved as conflicts
from conflict.events import Nature
from table import Table

ROOT = Path(__file__).resolve().parent.parent
SSH = Path("/usr/bin/ssh")
SSH_KEYGEN = Path("/usr/bin/ssh-keygen")


def make_table(path: Path) -> Table:
    """The example crew and opposition, a Conflict on the rooftops with Tamsin,
    Brannoch, the Hazekillers and the Hollow Prelate, and four players."""
    table = Table(path)
    table.add([c for f in sorted((ROOT / "examples").glob("*.toml")) for c in read(f)])
    conflicts.start(table, "Rooftops", Nature.PHYSICAL, stakes="the atium cache", who="gm")
    joining = [(table.get(n), side, False) for n, side in (
        ("Tamsin Vey", "crew"), ("Brannoch", "crew"),
        ("Hazekillers of House Orrell", "opposition"), ("The Hollow Prelate", "opposition"))]
    conflicts.add(table, "Rooftops", joining, who="gm")
    table.invite_player("ada", keys=[], passphrase_hash=None, characters=["Tamsin Vey"])
    table.invite_player("dee", characters=["Brannoch"])
    table.invite_player("gm", narrator=True)
    table.invite_player("bo", characters=["Orrin Haskel", "Lady Veradine Casswell"])
    return table


def make_key(folder: Path, name: str) -> Path:
    """A new ed25519 key pair with no passphrase: returns the private key's path (the
    public key is beside it, ``.pub``)."""
    path = folder / name
    subprocess.run([str(SSH_KEYGEN), "-q", "-t", "ed25519", "-N", "", "-C", name, "-f",
                    str(path)], check=True, capture_output=True)
    return path
