"""Who a narration or board is made for (core.viewer)."""

from __future__ import annotations

from core.viewer import NARRATOR, TABLE, Role, player


def test_the_narrator_sees_every_name_and_the_table_only_what_was_revealed() -> None:
    assert NARRATOR.sees_all and NARRATOR.may_see("prelate")
    assert not TABLE.sees_all and not TABLE.may_see("prelate")
    assert TABLE.revealing(["prelate"]).may_see("prelate")


def test_a_player_sees_what_they_play_and_what_was_revealed_and_nothing_else() -> None:
    tamsin = player(["tamsin vey"], revealed=["brannoch"])
    assert tamsin.role is Role.PLAYER
    assert tamsin.may_see("tamsin vey") and tamsin.may_see("brannoch")
    assert not tamsin.may_see("the hollow prelate")
    assert not tamsin.sees_all
