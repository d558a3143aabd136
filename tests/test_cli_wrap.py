"""Every screen reads at a phone's 40 columns: each command's plain output, on an empty
table and on a table with a long-named Villain, a Conflict played through and a game of
each board game, holds no line wider than 40 cells (``rich.cells.cell_len``) but a single
word longer than its line, alone on it — a word is never cut, and a long name breaks
after a hyphen. Sentences go through the one wrapper (cli/common/output.echo_wrapped),
screens through Rich and :func:`cli.common.output.hanging`.

Documents written for other programs or files are not screens and are left as they are:
``--json``, ``table export`` (CSV), ``char export`` (TOML) and ``conflict export``
(Markdown). ``serve``'s start-up lines are read by scripts; ``conflict run`` and
``watch`` are checked at a terminal of their own (tests/test_run_guided.py,
tests/test_watch_fit.py)."""

from __future__ import annotations

import re
from pathlib import Path

from cli_support import overflowing, run

from table import Table

LONG = "Supercalifragilisticexpialidocious-Lord-of-the-Ashen-Wastes"  # 59: a legal name
BLADE = "Glassbone-greatsword-of-the-Ashen-Wastes-and-the-far-north"
POWER = "Bloodforged-steel-spike-through-the-heart-of-the-Lord"
WORD = "x" * 105  # no hyphen to break at: stands alone, whole

SHEET = f"""[[character]]
name = "{LONG}"
kind = "villain"
powers = [{{ name = "{POWER}", rating = 7 }}]
equipment = [{{ name = "{BLADE}", damage = 2 }}]
reactions = [{{ name = "Pull-the-iron-from-the-hands-of-the-foe", dice = 3 }}]

[character.attributes]
physique = 4
charm = 3
wits = 2

[character.standings]
resources = 2
influence = 3
spirit = 3

[character.resiliences]
health = 8
reputation = 6
willpower = 6
"""

EMPTY_TABLE = [
    ["log"], ["conflict", "list"], ["char", "list"], ["stuffed", "list"], ["hw", "list"],
    ["dbg", "list"], ["player", "list"], ["table", "path"],
    ["roll", "4", "--faces", "5,5,2,6"], ["roll", "12", "--seed", "3", "--difficulty", "2"],
    ["odds", "4"], ["odds", "5", "vs", "4"], ["stuffed", "odds", "ch:2,i,r"],
    ["stuffed", "keep", "ch:2,i,r", "--from", "c", "c", "e", "ch", "ch", "i", "b", "b"],
    ["hw", "pay", "--hold", "2f", "1m", "1a", "--cost", "3", "food"], ["demo"],
]

C = "conflict"
CONFLICT = [
    ["char", "import", "--examples"], ["char", "list"], ["char", "show", "prelate"],
    ["char", "show", "haze"], ["char", "set", "brannoch", f"notes={WORD}"],
    ["char", "set", "tamsin", "player=Ann-of-the-long-name-from-the-Fourth-Octant"],
    [C, "new", "Canal of the very long name indeed", "--physical", "--stakes",
     "the ledger of House Orrell and all its secret debts"],
    [C, "add", "brannoch", "tamsin"], [C, "add", LONG, "prelate", "hazekillers"],
    [C, "list"], [C, "show"],
    [C, "declare", "super", "attack", "3", "--target", "brannoch", "--with", "glassbone"],
    [C, "declare", "haze", "attack", "4", "-t", "tamsin"],
    [C, "declare", "brannoch", "attack", "5", "--target", "super", "--with", "staff"],
    [C, "declare", "tamsin", "defense", "3"], [C, "declare", "prelate", "defense", "4"],
    [C, "test", "3", "--contest"], [C, "swap", "3", "willpower"], [C, "swap", "3", "health"],
    [C, "show"], [C, "show", "--players"],
    [C, "act", "brannoch"], [C, "defend", "super", "2"],
    [C, "roll", "--faces", "5,5,6,6,2", "--against", "1,2"], [C, "damage"], [C, "undo"],
    [C, "damage", "--nudges", "1"],
    [C, "act", "haze"], [C, "react", "tamsin", "push"],
    [C, "roll", "--faces", "4,4,1,2", "--against", "5,5,1"],
    [C, "reveal", "super"], [C, "reveal", "super", "--hide"], [C, "show", "--players"],
    [C, "hold", "super"], [C, "end-round"],
    [C, "simulate", "--runs", "20", "--seed", "1", "--workers", "1"],
    [C, "new", "Other", "--social"], [C, "list"], [C, "use", "canal"],
    [C, "defeat", "super", "--reason", "flees into the mists of the Ashen Wastes"],
    [C, "end", "the lord of the ashen wastes flees"], [C, "show"], [C, "list"],
    ["log"], ["log", "-p", "super"], ["log", "-p", "brannoch", "-c", "canal"],
    ["log", "--last", "4"], ["roll", "5", "--seed", "2", "--as", LONG, "--for",
                             "the lock of the Ashen-Wastes-treasury"],
    ["char", "damage", "super", "health", "2"], ["char", "heal", "super", "health", "1"],
    ["char", "show", "super"], ["char", "list"], ["char", "rm", "super", "--yes"],
]

GAMES = [
    ["stuffed", "new", "-p", "ann:charisma", "bo-of-the-long-name-of-the-wastes:resource",
     "--mission", "Heist", "--teammates", "2", "--mercenaries", "1", "--combo", "ch:2,i",
     "--game", "Stuffed-in-the-Ashen-Wastes-of-the-Final-Empire"],
    ["stuffed", "roll", "-f", "c,c,c,ch,ch,i,b,r"], ["stuffed", "spend", "c:3"],
    ["stuffed", "recruit", "grunt", "--needs", "ch:2", "-a", "r"], ["stuffed", "keep", "ch:2,i"],
    ["stuffed", "show"], ["stuffed", "end-turn"],
    ["stuffed", "roll", "-f", "e e e e b b i r", "--as", "bo"],
    ["stuffed", "reroll", "b", "b", "-f", "e", "i", "--as", "bo"],
    ["stuffed", "spend", "4-kind", "--as", "bo"],
    ["stuffed", "play", "Spy", "--coins", "2", "--as", "bo"],
    ["stuffed", "buy", "card", "--as", "bo"], ["stuffed", "end-turn", "--as", "bo"],
    ["stuffed", "offer", "Lurcher", "--mercenary", "-a", "i", "--needs", "c:2"],
    ["stuffed", "roll", "-f", "c c c c c ch ch i"], ["stuffed", "buy", "coin"],
    ["stuffed", "recruit", "lurch"], ["stuffed", "mission"], ["stuffed", "show"],
    ["stuffed", "log"], ["stuffed", "log", "-p", "bo"], ["stuffed", "list"],
    ["dbg", "new", "--players", "Vin", "Kelsier", "Marsh-the-Inquisitor-of-the-long-name",
     "Elend"],
    ["dbg", "points", "4"], ["dbg", "spend", "2", "1", "1"], ["dbg", "coins", "4"],
    ["dbg", "boxings", "buy", "2"], ["dbg", "combat", "10"], ["dbg", "attack", "10"],
    ["dbg", "pass", "kel"], ["dbg", "end-turn"], ["dbg", "combat", "8"],
    ["dbg", "attack", "8", "--blocked", "marsh=3"], ["dbg", "burn", "tin"],
    ["dbg", "train"], ["dbg", "show"], ["dbg", "undo"], ["dbg", "log"],
    ["dbg", "new", "-p", "Vin", "Elend", "--coop"], ["dbg", "combat", "20"],
    ["dbg", "lord", "attack", "20"], ["dbg", "adversary", "Inquisitor", "5", "x"],
    ["dbg", "end-turn"], ["dbg", "show"], ["dbg", "list"],
    ["dbg", "new", "-p", "Vin", "Elend", "--lang", "pl"], ["dbg", "show"],
    ["hw", "new", "--players", "3", "--length", "short", "--houses", "Venture", "Lekal",
     "Hasting-of-the-very-long-name-of-Luthadel"],
    ["hw", "sheet", "venture", "2f", "1m", "--cards", "1"], ["hw", "sheet", "lekal", "1s"],
    ["hw", "sheet", "hasting", "1w"],
    ["hw", "add", "Ashfall", "-u", "2", "--setup", "--cost", "2", "food", "--favor", "4"],
    ["hw", "add", "Riot of the skaa in the Canton of Orthodoxy", "-u", "IV", "--setup"],
    ["hw", "add", "Famine", "--urgency", "1", "--setup"], ["hw", "collect"],
    ["hw", "worsen", "famine", "ashfall", "riot"], ["hw", "unrest", "1"],
    ["hw", "add", "Lord Ruler", "-u", "1"], ["hw", "pass", "--take", "atium"],
    ["hw", "face-down", "venture", "Heir"], ["hw", "timer", "3"],
    ["hw", "pay", "--house", "ven", "--problem", "ash"], ["hw", "show"], ["hw", "end-turn"],
    ["hw", "log"], ["hw", "log", "-p", "hasting"], ["hw", "list"],
    ["stuffed", "list"], ["stuffed", "use", "stuffed-in"],
    ["player", "invite", "ann", "--passphrase", "--character", "tamsin"], ["player", "list"],
    ["table", "path"], ["log", "--last", "3"],
]


def cut_in(names: tuple[str, ...], text: str) -> list[str]:
    """The pieces of ``names`` in ``text`` that begin or end inside one of a name's words
    (``…-Lor`` / ``d-of-…``): a long name is broken after its hyphens only."""

    def whole(piece: str, name: str) -> bool:
        bounds = {0, len(name)} | {at + 1 for at, char in enumerate(name) if char == "-"}
        return any(at in bounds and at + len(piece) in bounds
                   for at in range(len(name)) if name.startswith(piece, at))

    return [piece for piece in re.findall(r"[\w-]+", text)
            if ("-" in piece or len(piece) >= 8) and any(piece in name for name in names)
            and not any(whole(piece, name) for name in names)]


def test_every_command_s_screen_reads_at_40_columns(tmp_path: Path) -> None:
    """R-CON-2, R-STF-1, R-DBG-1, R-HW-5: ``added Hazekillers of House Orrell (8 Extras)``
    (44 columns), the empty lists (50–71) and a long name's sentences (59–68) were
    printed past the edge, and ``conflict show`` cut the name as ``…-Lor`` /
    ``d-of-the-Ashen-Wastes``. A word with no hyphen, ``char set``'s 105 letters, has no
    place to break: it stands whole on a line of its own."""
    db = tmp_path / "table.db"
    Table(db).close()  # an empty table
    sheet = tmp_path / "long.toml"
    sheet.write_text(SHEET, encoding="utf-8")
    too_wide: dict[str, list[str]] = {}
    cut: dict[str, list[str]] = {}
    for args in [*EMPTY_TABLE, ["char", "import", str(sheet)], *CONFLICT, *GAMES]:
        done = run(db, *args, columns=40)
        command = " ".join(args)
        assert done.exit_code == 0, (command, done.output)
        wide = overflowing(done.stdout)
        if wide:
            too_wide[command] = wide
        broken = cut_in((LONG, BLADE, POWER), done.stdout)
        if broken:
            cut[command] = broken
    assert too_wide == {}
    assert cut == {}
    # The word with no hyphen stands whole on a line of its own.
    said = run(db, "char", "set", "brannoch", f"notes={WORD}!", columns=40).stdout
    assert f"\n  {WORD}!\n" in said and overflowing(said) == []
