"""``mistborn serve``: the built-in SSH server, so players join from their phones with
any SSH client and the Narrator needs no system accounts (see :mod:`cli.players.ssh_server`,
imported only when the server starts)."""

from __future__ import annotations

from pathlib import Path

import click

from cli.common.errors import fail
from cli.common.help_layout import Command
from cli.common.table_option import open_table, table_option, table_path
from cli.common.values import Number, Whole


@click.command(cls=Command, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--host", default="0.0.0.0", show_default=True,
              help="The address to listen on (127.0.0.1: this machine only).")
@click.option("--port", default=2222, show_default=True, type=Whole(0, 65535),
              help="The port to listen on.")
@click.option("--host-key", type=click.Path(dir_okay=False, path_type=Path),
              metavar="FILE", help="The server's private host key (default: beside the "
                                   "table file; made the first time, mode 0600).")
@click.option("--rate", default=8.0, show_default=True, type=Number(0.1, 10_000),
              metavar="N", help="Lines a second each player may send (a burst of twice "
                                "that is allowed); more are refused, so nobody can starve "
                                "the others.")
@table_option
def serve(host: str, port: int, host_key: Path | None, rate: float) -> None:
    """Serve the table over SSH to the players invited with mistborn player invite.

    \b
    Join:     ssh -p 2222 vin@HOST
    One line: ssh -p 2222 vin@HOST r 5
    """
    from cli.players import serving
    from cli.players.ssh_login import Settings
    from cli.players.ssh_server import serve as run

    try:  # first: an address or port that cannot be had leaves nothing made
        serving.try_listen(host, port)
    except (OSError, UnicodeError) as error:
        fail(serving.cannot_listen(host, port, error))
    with open_table():  # made and brought up to date here, before anyone joins
        pass
    settings = Settings(lines_per_second=rate, line_burst=max(16, round(2 * rate)))
    run(table_path(), host=host, port=port, host_key=host_key, settings=settings,
        announce=lambda line: click.echo(line, nl=True))
