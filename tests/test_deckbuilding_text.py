"""R-DBG-8: every text of the Deckbuilding Game's library exists in English and Polish,
with the Polish edition's terms and Polish number agreement; errors carry a key and
read in either language. Also the shared helpers of `boardgames.locales` they use."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from boardgames import deckbuilding as dbg
from boardgames.deckbuilding import Attack, Damage, EndTurn, GainDamage, Heal, Mode, SpendMission
from boardgames.deckbuilding.text import CATALOG, EN, PL
from boardgames.errors import BadValue, GameError, RuleViolation
from boardgames.locales import (
    Catalog,
    LocalizedBadValue,
    LocalizedRuleViolation,
    fields,
    join_names,
    localize,
    plural,
    plural_en,
    plural_pl,
)
from boardgames.session import Session

ROOT = Path(__file__).resolve().parent.parent
MODULES = sorted((ROOT / "boardgames").glob("deckbuilding/*.py"))

# --- the plural helper --------------------------------------------------------------------


@pytest.mark.parametrize(("n", "expected"), [
    (0, "punktów"), (1, "punkt"), (2, "punkty"), (3, "punkty"), (4, "punkty"),
    (5, "punktów"), (11, "punktów"), (12, "punktów"), (13, "punktów"), (14, "punktów"),
    (21, "punktów"), (22, "punkty"), (24, "punkty"), (25, "punktów"), (102, "punkty"),
    (112, "punktów"), (114, "punktów"), (122, "punkty"), (-2, "punkty"),
])
def test_r_dbg_8_polish_plural_forms(n: int, expected: str) -> None:
    assert plural_pl(n, "punkt", "punkty", "punktów") == expected


def test_r_dbg_8_english_plural_forms() -> None:
    assert [plural_en(n, "point", "points") for n in (0, 1, 2, 12)] == [
        "points", "point", "points", "points"]


def test_r_dbg_8_templates_write_number_and_noun_together() -> None:
    catalog = Catalog("t", {"en": {"k": "{n:point|points}; {n:~is|are}; {names:list}"},
                            "pl": {"k": "{n:punkt|punkty|punktów}; {names:list}"}})
    assert catalog.render("k", {"n": 5, "names": ("A", "B", "C")}, "pl") == \
        "5 punktów; A, B i C"
    assert catalog.render("k", {"n": 1, "names": ("A",)}, "en") == "1 point; is; A"
    assert catalog.render("k", {"n": 2, "names": ("A", "B")}, "en") == "2 points; are; A and B"
    assert join_names("pl", ()) == ""
    with pytest.raises(ValueError, match="3 noun forms"):
        plural("pl", 2, ("a", "b"))
    with pytest.raises(BadValue, match="language"):
        catalog.render("k", {"n": 1, "names": ()}, "de")
    with pytest.raises(ValueError, match="lacks"):
        Catalog("t", {"en": {}})


# --- the catalog --------------------------------------------------------------------------


def test_r_dbg_8_every_key_exists_in_both_languages() -> None:
    assert set(EN) == set(PL)
    assert len(EN) > 100


def test_r_dbg_8_both_languages_use_the_same_parameters() -> None:
    # Same names; a list in one is a list in the other. A number may carry its noun in
    # one language and stand alone in the other ("heals 5", "odzyskuje 5 punktów").
    differ = []
    for key in sorted(EN):
        english, polish = fields(EN[key]), fields(PL[key])
        lists = {name for name, kind in english.items() if kind == "list"}
        if set(english) != set(polish) or lists != {
                name for name, kind in polish.items() if kind == "list"}:
            differ.append(key)
    assert differ == [], f"English and Polish ask for different parameters in {differ}"


def _sample(template: str) -> dict[str, object]:
    params: dict[str, object] = {}
    for name, kind in fields(template).items():
        params[name] = {"list": ("Vin", "Kelsier"), "plural": 5}.get(kind, 7)
    return params


def test_r_dbg_8_every_text_renders_on_one_line() -> None:
    broken = []
    for key in sorted(EN):
        for lang in ("en", "pl"):
            text = CATALOG.render(key, _sample(EN[key]), lang)  # type: ignore[arg-type]
            if "\n" in text or "{" in text or "}" in text:
                broken.append(f"{lang}:{key}: {text!r}")
    assert broken == []


def _keys_used() -> set[str]:
    """Keys passed as literals to violation(...) and bad_value(...) in the modules."""
    used: set[str] = set()
    for path in MODULES:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("violation", "bad_value")):
                first = node.args[0]
                options = [first.body, first.orelse] if isinstance(first, ast.IfExp) else [first]
                for option in options:
                    assert isinstance(option, ast.Constant), f"{path.name}: key not a literal"
                    assert isinstance(option.value, str)
                    used.add(option.value)
    return used


def test_r_dbg_8_every_error_key_raised_is_in_the_catalog() -> None:
    used = _keys_used()
    assert used and used <= set(EN)


def test_r_dbg_8_every_catalog_key_is_used_somewhere() -> None:
    literals: set[str] = set()
    for path in MODULES:
        if path.name == "text.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                literals.add(node.value)
    # A template names a value in words by a key prefix ({metal:metal_gen.}).
    prefixes = {spec for template in EN.values()
                for _text, _name, spec, _conversion in string.Formatter().parse(template)
                if spec and spec.endswith(".")}
    unused = {k for k in EN if k.removeprefix("say.") not in literals
              and k[:k.index(".") + 1] not in prefixes}
    assert not {k for k in unused if not k.startswith("term.")}  # terms: the test below


def test_r_dbg_8_every_field_an_event_checks_has_a_term_and_no_other() -> None:
    # A refusal names the field it refused in words ("the amount", "liczba"), never
    # as the attribute's identifier.
    import attrs

    import boardgames.deckbuilding.events as events

    checked = {field.name for value in vars(events).values()
               if isinstance(value, type) and attrs.has(value)
               for field in attrs.fields(value) if field.validator is not None}
    checked |= {"rewards", "players", "points", "shown", "missions", "shields",  # by hand
                "burns", "abilities"}
    terms = {k.removeprefix("term.") for k in EN if k.startswith("term.")}
    assert terms == checked


POLISH_TERMS = {
    "not_coop": "Ostatniego Imperatora",
    "say.new_coop": "Ostatni Imperator",
    "say.dominance_row": "dominacja",
    "say.edict": "edykt",
    "say.adversary": "adwersarza",
    "say.shields_left": "tarcz",
    "say.pass": "cel",
    "say.gain_boxings": "skrzyńce",
    "boxing_price": "skrzyniec|skrzyńce|skrzyńców",
    "say.gain_atium": "żeton atium",
    "say.mission_gain": "punkty misji",
    "past_top": "szczytu toru misji",
    "say.sense": "wyostrzenie",
    "say.confrontation": "Konfrontacja",
}


@pytest.mark.parametrize(("key", "term"), sorted(POLISH_TERMS.items()))
def test_r_dbg_8_polish_texts_use_the_polish_editions_terms(key: str, term: str) -> None:
    assert term in PL[key]


def test_r_dbg_8_polish_texts_are_not_english() -> None:
    same = [k for k in EN if EN[k] == PL[k]]
    # Only texts made of names and numbers alone may read the same.
    # ...and "Atium", the column's header: the same word in both editions.
    assert set(same) <= {"say.seat", "say.health_change", "say.blocked", "screen.atium"}
    words = re.compile(r"\b(the|and|with|player|players|turn|damage)\b")
    assert not [k for k in PL if words.search(re.sub(r"\{[^}]*\}", "", PL[k]))]


# --- errors in either language ---------------------------------------------------------------


def _error(session: Session[dbg.Game, dbg.Event], event: dbg.Event) -> GameError:
    with pytest.raises(GameError) as caught:
        session.push(event)
    return caught.value


def test_r_dbg_8_a_refusal_reads_in_english_and_polish() -> None:
    session = dbg.start(["Vin", "Kelsier", "Marsh"])
    error = _error(session, Heal("Elend", 2))
    assert isinstance(error, LocalizedRuleViolation) and isinstance(error, RuleViolation)
    assert error.key == "no_player" and error.rule == "R-DBG-1"
    assert str(error) == "R-DBG-1: no player called 'Elend' (players: Vin, Kelsier and Marsh)"
    assert localize(error, "pl") == (
        "R-DBG-1: nie ma gracza 'Elend' (gracze: Vin, Kelsier i Marsh)")
    assert localize(error) == str(error)


def test_r_dbg_8_polish_numbers_agree_in_refusals() -> None:
    session = dbg.start(["Vin", "Kelsier"])
    session.push(dbg.GainMission("Vin", 2))
    error = _error(session, SpendMission("Vin", (3, 0, 0)))
    assert localize(error, "pl") == ("R-DBG-3: Vin ma do wydania 2 punkty misji, nie 3")
    assert str(error) == "R-DBG-3: Vin has 2 Mission points to spend, not 3"
    session.push(SpendMission("Vin", (2, 0, 0)))
    session.push(dbg.GainMission("Vin", 5))
    session.push(SpendMission("Vin", (5, 0, 0)))
    session.push(dbg.GainMission("Vin", 9))
    error = _error(session, SpendMission("Vin", (6, 0, 0)))
    assert localize(error, "pl") == ("R-DBG-3: Vin ma 5 pól do szczytu toru misji 1, więc "
                                     "nie może tam wydać 6")
    error = _error(session, dbg.BuyBoxings("Vin", 1))
    assert localize(error, "pl") == ("R-DBG-5: Vin ma 0 monet, a zakup (1 skrzyniec po 2 "
                                     "monety) kosztuje 2")


def test_r_dbg_8_a_malformed_value_reads_in_polish() -> None:
    with pytest.raises(BadValue) as caught:
        Damage("Vin", 0)
    assert isinstance(caught.value, LocalizedBadValue)
    assert localize(caught.value, "pl") == (
        "R-DBG-1: „liczba” musi być liczbą całkowitą 1–999, podano 0")


def test_r_dbg_8_a_name_the_text_rule_refuses_reads_in_its_words_in_both_languages() -> None:
    """R-DBG-1's names are held to the one text rule (core/text.py) and refused in its
    words, as every other game's names are: in Polish, the same words translated, one
    for each way a text breaks the rule."""
    from core.text import ALLOWED

    assert {k: v for k, v in EN.items() if k.startswith("allowed.")} == {
        f"allowed.{key}": wording for key, wording in ALLOWED.items()}
    with pytest.raises(BadValue) as caught:
        dbg.NewGame(("A\ufff9x", "Kelsier"))
    assert isinstance(caught.value, LocalizedBadValue)
    assert str(caught.value) == (
        "R-DBG-1: the players must be text without format characters (such as "
        "U+FFF9–U+FFFB, U+13430–U+1343F), got 'A\\ufff9x'")
    assert localize(caught.value, "pl") == (
        "R-DBG-1: „gracze” muszą być tekstem bez znaków formatujących (np. U+FFF9–U+FFFB, "
        "U+13430–U+1343F), podano 'A\\ufff9x'")


def test_r_dbg_8_errors_without_a_key_stay_english_and_languages_are_checked() -> None:
    plain = RuleViolation("nothing to undo", rule=None)
    assert localize(plain, "pl") == "nothing to undo"
    with pytest.raises(BadValue, match="language"):
        localize(plain, "fr")


def test_r_dbg_8_the_holders_damage_is_full_not_shared() -> None:
    # The Polish text says the holder's damage is dealt "po równo" (equally); the
    # English rule stands: every other player takes the full amount.
    session = dbg.start(["Vin", "Kelsier", "Marsh"])
    session.push(EndTurn())
    session.push(EndTurn())
    session.push(GainDamage("Marsh", 6))
    before = session.state
    event = Attack("Marsh", 6)
    after = session.push(event)
    assert [p.health for p in after.players] == [30, 32, 40]
    text = dbg.describe(before, event, after, "pl")
    assert text == ("Marsh, mając cel, zadaje 6 obrażeń każdemu innemu graczowi: "
                    "Vin 36 → 30 i Kelsier 38 → 32.")
    assert "po równo" not in text


def test_r_dbg_8_descriptions_of_a_co_op_set_up_in_polish() -> None:
    session = dbg.start(["Vin", "Elend"], Mode.COOP)
    event = session.events[0]
    assert dbg.describe(dbg.BLANK, event, session.state, "pl") == (
        "Nowa gra kooperacyjna, zdrowie: Vin 36 i Elend 36; Ostatni Imperator: 48 "
        "punktów zdrowia, dominacja 1, w talii 36 kart; Vin awansuje na torze treningu, pole "
        "1 → 2 — odblokowano zdolność I.")
    with pytest.raises(BadValue):
        dbg.describe(dbg.BLANK, event, session.state, "de")


def test_r_dbg_8_the_polish_rulebooks_own_words() -> None:
    # The start area is not a step; the Lord Ruler's health in points; one reward "na
    # polu"; an Ally discarded; the card Confrontation; the Target's owner; "solo";
    # a plural field with a plural verb; the next turn said as the rulebook says it.
    from boardgames.deckbuilding.screen import board, next_line

    solo = dbg.start(["Vin"], Mode.SOLO)
    lines = [line.text for line in board(solo.state, "Gra", "pl", 72)]
    assert "Gra · tura 1 · gra solo" in lines
    assert "Misja 1: nagroda na polu 12" in lines and "  Vin  0 obszar startowy" in lines
    assert "  Gracz Zdrowie Skrz. Atium" in lines
    assert "48 punktów zdrowia" in dbg.describe(dbg.BLANK, solo.events[0], solo.state, "pl")
    assert next_line(solo.state, "pl").startswith("Vin dobiera kartę")
    assert next_line(dbg.start(["Vin", "Marsh"]).state, "pl") == "tura 1 — Vin"
    assert "efektem odrzucenia sojusznika" in PL["say.shield_remove"]
    assert "na karcie Konfrontacja" in PL["say.confrontation"]
    assert PL["term.to"] == "następny właściciel celu"
    with pytest.raises(LocalizedBadValue) as caught:
        SpendMission("Vin", (1, 2))
    assert localize(caught.value, "pl").startswith("R-DBG-3: punkty misji wydaje się")
    with pytest.raises(LocalizedBadValue) as caught:
        dbg.TrainingLayout(16, ("4", 7, 12))  # type: ignore[arg-type]
    assert localize(caught.value, "pl").startswith(
        "R-DBG-9: „pola spaleń” muszą być liczbą całkowitą 2–16")
    with pytest.raises(LocalizedBadValue) as caught:
        Heal("Vin", 0)
    assert localize(caught.value, "pl").startswith("R-DBG-1: „liczba” musi być")
