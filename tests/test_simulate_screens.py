"""The simulation's report on screen (cli/conflict/simulate_screens.py): its content at 40 and
120 columns, stored text printed as it is, and the same facts as JSON."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from rich.console import Console

from characters import Attributes, ExtraGroup, Resilience, Resiliences, Sheet, Standings
from cli.conflict.simulate_screens import chance_bar, percent, report_json, report_view, sparkline
from conflict import AddParticipant, Conflict, Nature, Start
from conflict.simulate import Report, Tally, simulate
from conflict.state import State

ROOT = Path(__file__).resolve().parent.parent


def fight(hero_name: str = "Vin", side: str = "crew") -> State:
    conflict = Conflict()
    conflict.push(Start(Nature.PHYSICAL))
    conflict.push(AddParticipant(Sheet(
        name=hero_name, kind="hero", attributes=Attributes(4, 3, 4), standings=Standings(3, 3, 3),
        resiliences=Resiliences(Resilience(4), Resilience(5), Resilience(5))), side))
    conflict.push(AddParticipant(ExtraGroup(
        name="Guards", count=5, attributes=Attributes(3, 2, 3)), "ministry"))
    return conflict.state


def rendered(report: Report, columns: int) -> str:
    console = Console(width=columns, file=io.StringIO(), no_color=True, emoji=False)
    with console.capture() as captured:
        console.print(report_view(report, columns))
    return captured.get()


@pytest.fixture(scope="module")
def report() -> Report:
    return simulate(fight(), runs=300, rounds=3, seed=4, workers=1,
                    policies={"ministry": "reckless"})


@pytest.mark.parametrize("columns", [40, 120])
def test_the_report_reads_at_40_and_120_columns(report: Report, columns: int) -> None:
    text = rendered(report, columns)
    assert max(len(line) for line in text.splitlines()) <= columns
    assert text.startswith("Who wins this fight?")
    assert "300 runs" in text and "seed 4" in text
    crew, ministry = report.side("crew").win, report.side("ministry").win
    for chance in (crew, ministry):
        assert percent(chance.value) in text
        assert f"95%: {percent(chance.low)}–{percent(chance.high)}" in text
    assert "crew · default policy" in text and "ministry · reckless policy" in text
    vin = report.participant("Vin")
    assert f"defeated {percent(vin.defeated.value)}" in text
    guards = report.participant("Guards")
    assert f"wiped out {percent(guards.defeated.value)}" in text
    assert "Guards (5 Extras)" in text
    lost = guards.extras_lost
    assert lost is not None
    assert f"Extras lost 0 {sparkline(lost, 40)[:3]}" in text
    assert f"mean {lost.mean:.1f}" in text
    health = vin.damage_to("health")
    assert health is not None and health.most > 0
    assert "Health lost 0 " in text and "Reputation lost" not in text
    assert f"Rounds: {report.rounds.mean:.1f} on average" in text
    if report.unfinished.count:
        assert f"Undecided after 3 rounds: {percent(report.unfinished.value)}" in text


def test_a_participant_never_hurt_says_so() -> None:
    quiet = simulate(fight(), runs=25, rounds=1, seed=1, workers=1,
                     policies={"ministry": _hold})
    assert "no damage in any run" in rendered(quiet, 40)


def _hold(state: object, answer: object) -> object:
    from conflict.whatnow import Expect

    if answer.expect is Expect.DECLARE:  # type: ignore[attr-defined]
        return answer.option.no_roll()  # type: ignore[attr-defined]
    return answer.take_it.event()  # type: ignore[attr-defined]


def test_stored_text_is_printed_as_it_is() -> None:
    odd = simulate(fight("[bold]Vin[/bold]", side="[red]crew"), runs=25, rounds=2, seed=1,
                   workers=1)
    text = rendered(odd, 120)
    assert "[bold]Vin[/bold] (hero)" in text
    assert "[red]crew · default policy" in text


def test_json_has_the_same_facts(report: Report) -> None:
    data = json.loads(json.dumps(report_json(report)))
    assert data == json.loads(json.dumps(report.to_json()))
    assert data["sides"][0]["win"]["chance"] == report.side("crew").win.value
    assert data["participants"][1]["extras_lost"]["counts"] == list(
        report.participant("Guards").extras_lost.counts)  # type: ignore[union-attr]


def test_bars_and_sparklines_known_answers() -> None:
    # 20 cells: full to 45% (9 cells), shaded to 55% (2 cells), light beyond.
    assert chance_bar(0.5, 0.45, 0.55, 20) == "█" * 9 + "▒" * 2 + "░" * 9
    assert chance_bar(1.0, 0.98, 1.0, 10) == "█" * 9 + "▒"
    assert chance_bar(0.0, 0.0, 0.01, 10) == "▒" + "░" * 9
    assert chance_bar(0.3, 0.3, 0.3, 10) == "███▒░░░░░░"  # the estimate stays visible
    assert sparkline(Tally((0, 7, 0, 14)), 10) == "·▅·█"  # half the top: level 3.5 → 4
    assert sparkline(Tally((5, 0, 0)), 10) == "█"
    # 2, 3 and 4 share the last block (10 runs): 1 of 10 is level round(0.7) = 1.
    assert sparkline(Tally((1, 1, 1, 1, 8)), 3) == "▂▂█"
    assert percent(0.0002) == "<0.1%" and percent(0.9999) == ">99.9%"
    assert percent(0.0) == "0.0%" and percent(1.0) == "100.0%"


def test_importing_the_screens_does_not_load_rich() -> None:
    code = ("import sys, cli.conflict.simulate_screens; "
            "print(any(m == 'rich' or m.startswith('rich.') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=ROOT)
    assert out.stdout.strip() == "False"
