"""The line editor of the SSH server against prompt_toolkit's, per line typed.

``mistborn serve`` echoes and edits each player's line itself
(``cli/players/ssh_editor.py``). prompt_toolkit, a dependency already, ships an
asyncssh integration (``prompt_toolkit.contrib.ssh``) whose sessions run a
``PromptSession`` a line over a pipe input and a VT100 output into the channel. This
times both on the same work, in one process with no network: a 40×30 terminal, a roll
typed as one chunk and Enter (``r 5 for p1-N``), then the same with the news of
another player's roll printed above the prompt meanwhile (prompt_toolkit's
``run_in_terminal``; the server's ``clear`` and ``redraw``). Prints the median and p99
wall time and the median CPU time a line for each.

    python bench/ssh_line_editors.py [--lines 300]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from cli.players.ssh_editor import LineEditor

NEWS = "Action 2: Tamsin Vey rolls 5 3 6 3 6\r\n"


class Sink:
    """A channel that keeps only a count of what was written."""

    encoding = "utf-8"

    def __init__(self) -> None:
        self.written = 0

    def write(self, text: str) -> int:
        self.written += len(text)
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


def report(name: str, wall: list[float], cpu: list[float]) -> None:
    wall.sort()
    print(f"{name}: a line median {statistics.median(wall):.3f} ms, "
          f"p99 {wall[int(len(wall) * 0.99)]:.3f} ms; CPU median {statistics.median(cpu):.3f} ms")


async def prompt_toolkit_lines(lines: int, news: bool) -> None:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import run_in_terminal
    from prompt_toolkit.application.current import create_app_session
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.history import InMemoryHistory
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.vt100 import Vt100_Output

    sink = Sink()
    output = Vt100_Output(sink, lambda: Size(rows=30, columns=40), term="xterm",  # type: ignore[arg-type]
                          enable_cpr=False)
    wall, cpu = [], []
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=output):
        session: PromptSession[str] = PromptSession(history=InMemoryHistory())
        for number in range(lines):
            started, cpu_started = time.perf_counter(), time.process_time()
            line = asyncio.ensure_future(session.prompt_async("> "))
            await asyncio.sleep(0)
            if news:
                await run_in_terminal(lambda: sink.write(NEWS))
            pipe.send_text(f"r 5 for p1-{number}\r")
            await line
            wall.append((time.perf_counter() - started) * 1000)
            cpu.append((time.process_time() - cpu_started) * 1000)
    report(f"prompt_toolkit PromptSession{', news' if news else ''}", wall, cpu)


def own_lines(lines: int, news: bool) -> None:
    sink = Sink()
    editor = LineEditor(terminal=True, longest=4096, width=40)
    wall, cpu = [], []
    for number in range(lines):
        started, cpu_started = time.perf_counter(), time.process_time()
        sink.write(editor.prompt)
        if news:
            sink.write(editor.clear() + NEWS + editor.redraw())
        echo, done = editor.feed(f"r 5 for p1-{number}\r")
        sink.write(echo)
        assert done == [f"r 5 for p1-{number}"]
        wall.append((time.perf_counter() - started) * 1000)
        cpu.append((time.process_time() - cpu_started) * 1000)
    report(f"the server's LineEditor{', news' if news else ''}", wall, cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=300)
    lines = parser.parse_args().lines
    for news in (False, True):
        own_lines(lines, news)
        asyncio.run(prompt_toolkit_lines(lines, news))


if __name__ == "__main__":
    main()
