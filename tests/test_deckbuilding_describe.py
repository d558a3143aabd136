"""Every Deckbuilding Game event as one sentence (`describe`), worked out by hand from
the rules and the texts: what changed, and what followed (eliminations, the Target,
rewards reached, the end of the game), in English and, for a few, Polish."""

from __future__ import annotations

import pytest

from boardgames import deckbuilding as dbg
from boardgames.deckbuilding import (
    Attack,
    AttackLordRuler,
    Blocked,
    BuyBoxings,
    CashBoxings,
    ChooseTarget,
    Confrontation,
    Damage,
    DominanceUp,
    DrawAdversary,
    Edict,
    EndTurn,
    GainBurns,
    GainCoins,
    GainDamage,
    GainMission,
    GainTokens,
    Heal,
    HealLordRuler,
    HitShield,
    MissionSpec,
    Mode,
    PassTarget,
    RemoveShield,
    Sense,
    SpendCoins,
    SpendMission,
    Token,
    UseAtium,
)
from boardgames.session import Session


class Table:
    """A session that describes each event pushed."""

    def __init__(self, players: tuple[str, ...], mode: Mode = Mode.COMPETITIVE,
                 missions: tuple[MissionSpec, ...] | None = None) -> None:
        self.session: Session[dbg.Game, dbg.Event] = dbg.start(players, mode, missions)

    def say(self, event: dbg.Event, lang: str = "en") -> str:
        if isinstance(event, (Attack, AttackLordRuler, HitShield)):
            # The turn's cards gave the damage used (R-DBG-11): told apart, not here.
            used = event.damage if isinstance(event, HitShield) else event.amount
            who = event.attacker if isinstance(event, Attack) else event.player
            self.session.push(GainDamage(who, used))
        before = self.session.state
        after = self.session.push(event)
        return dbg.describe(before, event, after, lang)

    def new(self, lang: str = "en") -> str:
        return dbg.describe(dbg.BLANK, self.session.events[0], self.session.state, lang)


def test_a_competitive_turn_told_event_by_event() -> None:
    table = Table(("Vin", "Kelsier", "Marsh"),
                  missions=(MissionSpec("Eyes", (4, 8)), MissionSpec(), MissionSpec()))
    assert table.new() == ("New competitive game, health: Vin 36, Kelsier 38 and Marsh 40; "
                           "Marsh holds the Target;"
                           " Vin moves up the Training track, step 1 → 2: ability I unlocked.")
    assert table.say(GainMission("Vin", 5)) == "Vin gains 5 Mission points (5 to spend)."
    assert table.say(SpendMission("Vin", (4, 1, 0))) == (
        "Vin spends 5 Mission points: Mission 1 (Eyes) step 0 → 4 and Mission 2 step "
        "0 → 1 (0 left to spend); reaches the step 4 reward of Mission 1 (Eyes) with its "
        "first-player reward.")
    assert table.say(Sense("Vin", 2, by="Kelsier")) == (
        "Kelsier plays Sense 2 on Vin: 0 Mission points cancelled, 2 more to cancel this "
        "turn.")
    assert table.say(GainMission("Vin", 3)) == (
        "Vin gains 3 Mission points, of which Sense cancels 2 (1 to spend).")
    assert table.say(Attack("Vin", 6, (Blocked("Marsh", 1),))) == (
        "Vin attacks Marsh, who holds the Target, with 6 damage: Marsh 40 → 35 "
        "(blocked: Marsh 1); Marsh may pass the Target.")
    assert table.say(PassTarget("Kelsier")) == "Marsh passes the Target to Kelsier."
    assert table.say(GainCoins("Vin", 5)) == "Vin gains 5 coins (5 this turn)."
    assert table.say(BuyBoxings("Vin", 2)) == (
        "Vin buys 2 Boxings for 4 coins (Boxings: 2, coins: 1).")
    assert table.say(CashBoxings("Vin")) == (
        "Vin cashes 1 Boxing for 1 coin (Boxings: 1, coins: 2).")
    assert table.say(SpendCoins("Vin", 2)) == "Vin spends 2 coins (0 left this turn)."
    assert table.say(GainTokens("Vin", Token.ATIUM)) == "Vin gains 1 Atium token (Atium: 1)."
    assert table.say(GainTokens("Vin", Token.BOXING, 2)) == "Vin gains 2 Boxings (Boxings: 3)."
    assert table.say(UseAtium("Vin")) == "Vin uses 1 Atium token (Atium left: 0)."
    assert table.say(Heal("Vin", 3)) == "Vin heals 3: 36 → 39."
    assert table.say(Heal("Vin", 3)) == "Vin heals 3: 39 → 40 (health never exceeds 40)."
    assert table.say(Damage("Vin", 4)) == "Vin takes 4 damage: 40 → 36."
    assert table.say(EndTurn()) == ("Vin's turn ends; turn 2: Kelsier; Kelsier moves up the "
                                    "Training track, step 1 → 2: ability I unlocked.")


def test_the_fourth_seat_and_a_two_player_game() -> None:
    four = Table(("Vin", "Kelsier", "Marsh", "Sazed"))
    assert four.new() == ("New competitive game, health: Vin 36, Kelsier 38, Marsh 40 and "
                          "Sazed 40 with 1 Boxing; Sazed holds the Target;"
                          " Vin moves up the Training track, step 1 → 2: ability I unlocked.")
    assert four.new("pl") == ("Nowa gra rywalizacyjna, zdrowie: Vin 36, Kelsier 38, "
                              "Marsh 40 i Sazed 40 z 1 skrzyńcem; cel ma Sazed; Vin "
                              "awansuje na torze treningu, pole 1 → 2 — odblokowano "
                              "zdolność I.")
    two = Table(("Vin", "Kelsier"))
    assert two.new() == ("New competitive game, health: Vin 36 and Kelsier 38; Vin moves up "
                         "the Training track, step 1 → 2: ability I unlocked.")
    assert two.say(Attack("Vin", 30)) == "Vin attacks Kelsier with 30 damage: Kelsier 38 → 8."
    two.say(EndTurn())
    assert two.say(Attack("Kelsier", 2, (Blocked("Vin", 2),))) == (
        "Kelsier attacks Vin with 2 damage: no health lost (blocked: Vin 2).")
    two.say(EndTurn())
    assert two.say(Attack("Vin", 9)) == (
        "Vin attacks Kelsier with 9 damage: Kelsier 8 → 0; Kelsier is out of the game; "
        "Vin wins as the last player alive.")


def test_the_target_after_its_holder_falls() -> None:
    table = Table(("Vin", "Kelsier", "Marsh", "Sazed"))
    assert table.say(Damage("Sazed", 35)) == "Sazed takes 35 damage: 40 → 5."
    assert table.say(Attack("Vin", 12)) == (
        "Vin attacks Sazed, who holds the Target, with 12 damage: Sazed 5 → 0; Sazed is "
        "out of the game; Vin chooses who takes the Target and 7 damage left over.")
    assert table.say(ChooseTarget("Marsh", 2)) == (
        "Vin gives the Target to Marsh with the damage left over (7): Marsh 40 → 35; "
        "Marsh may pass the Target.")
    table.say(EndTurn())
    assert table.say(Damage("Marsh", 35)) == (
        "Marsh takes 35 damage: 35 → 0; Marsh is out of the game; the Target leaves the "
        "game.")


def test_leftover_damage_lost_when_two_players_remain() -> None:
    table = Table(("Vin", "Kelsier", "Marsh"))
    table.say(Damage("Marsh", 37))
    assert table.say(Attack("Vin", 10)) == (
        "Vin attacks Marsh, who holds the Target, with 10 damage: Marsh 3 → 0; Marsh is "
        "out of the game; the Target leaves the game and the damage left over (7) is "
        "lost.")


def test_the_holder_eliminating_two_at_once() -> None:
    table = Table(("Vin", "Kelsier", "Marsh", "Sazed"))
    table.say(Damage("Vin", 33))
    table.say(Damage("Kelsier", 35))
    for _ in range(3):
        table.say(EndTurn())
    assert table.say(Attack("Sazed", 3)) == (
        "Sazed, holding the Target, deals 3 damage to every other player: Vin 3 → 0, "
        "Kelsier 3 → 0 and Marsh 40 → 37; Vin and Kelsier are out of the game; the "
        "Target leaves the game.")


def test_the_table_chooses_when_no_player_felled_the_holder() -> None:
    table = Table(("Vin", "Kelsier", "Marsh", "Sazed"))
    assert table.say(Damage("Sazed", 40)) == (
        "Sazed takes 40 damage: 40 → 0; Sazed is out of the game; the players choose who "
        "takes the Target.")
    assert table.say(ChooseTarget("Kelsier")) == "The Target goes to Kelsier."
    assert table.say(Attack("Vin", 1)) == (
        "Vin attacks Kelsier, who holds the Target, with 1 damage: Kelsier 38 → 37; "
        "Kelsier may pass the Target.")


def test_a_co_op_game_told_event_by_event() -> None:
    table = Table(("Vin", "Elend"), Mode.COOP)
    assert table.new() == ("New co-op game, health: Vin 36 and Elend 36; the Lord Ruler at "
                           "48, Dominance 1, 36 cards in his deck;"
                           " Vin moves up the Training track, step 1 → 2: ability I unlocked.")
    assert table.say(AttackLordRuler("Vin", 8)) == (
        "Vin deals 8 damage to the Lord Ruler: 48 → 40.")
    assert table.say(DominanceUp(3)) == "Dominance up one row, showing 3: Dominance 1 → 3."
    assert table.say(DominanceUp(dbg.ATTACK_ROW)) == (
        "Dominance up one row, to a one-time attack: Dominance stays 3; resolve the "
        "one-time attack on the players now, as the Dominance track shows: each player "
        "hit takes its damage (damage NAME N).")
    assert table.say(Edict(1, (2,))) == (
        "Vin draws an Edict: Dominance up 1 row, 3 → 3; the Lord Ruler heals 30 for "
        "Missions not completed (3): 40 → 48; resolve its extra effect and clear 2 Market "
        "cards (Lord Ruler deck: 35 cards).")
    assert table.say(EndTurn()) == ("Vin's turn ends; turn 2: Elend; Elend moves up the "
                                    "Training track, step 1 → 2: ability I unlocked.")
    assert table.say(DrawAdversary("Inquisitor", ("2", "X"))) == (
        "Elend draws Adversary 1, Inquisitor, shields 2, X (Lord Ruler deck: 34 cards).")
    assert table.say(Damage("Elend", 36)) == (
        "Elend takes 36 damage: 36 → 0; Elend is out of the game.")
    assert table.say(EndTurn()) == ("Elend's turn ends; turn 3: Vin; Vin moves up the "
                                    "Training track, step 2 → 3: 1 Atium token (Atium: 1).")
    # The turn's damage is used before its Lord Ruler card (R-DBG-11): Vin's turn now.
    assert table.say(HitShield("Vin", 1, 3)) == (
        "Vin destroys shield 1 of Inquisitor (Adversary 1) with 3 damage, 1 shield left.")
    assert table.say(RemoveShield("Vin", 1)) == (
        "Vin removes shield 2 of Inquisitor (Adversary 1) with a kill-an-Ally effect; "
        "Inquisitor is defeated and goes to the Lord Ruler's discard pile.")
    assert table.say(AttackLordRuler("Vin", 10)) == (
        "Vin deals 10 damage to the Lord Ruler: 48 → 38.")
    assert table.say(HealLordRuler(5)) == "The Lord Ruler heals 5: 38 → 43."
    table.say(GainTokens("Vin", Token.ATIUM, 3))
    table.say(GainBurns("Vin", 3))  # each Atium token takes a Burn (R-DBG-5)
    assert table.say(Confrontation("Vin")) == (
        "Vin plays 4 Atium on Confrontation (tokens among them: 4); the players win by "
        "Confrontation.")


def test_co_op_in_polish() -> None:
    table = Table(("Vin", "Elend"), Mode.COOP)
    assert table.say(DominanceUp(2), "pl") == (
        "Wzrost dominacji o rząd, widać 2: dominacja 1 → 2.")
    assert table.say(Edict(2, (dbg.ATTACK_ROW, 3)), "pl") == (
        "Vin dobiera edykt: dominacja wzrasta o 2 rzędy, 2 → 3; rozpatrz teraz "
        "jednorazowy atak na graczy, jak pokazuje tor dominacji: każdy trafiony gracz "
        "otrzymuje obrażenia (damage GRACZ N); Ostatni Imperator leczy "
        "30 punktów zdrowia za nieukończone misje (3): 48 → 48; rozpatrz dodatkowy efekt "
        "i usuń 2 karty z targu (talia Ostatniego Imperatora: 35 kart).")
    table.say(EndTurn())
    assert table.say(DrawAdversary("Inkwizytor", ("X", "4")), "pl") == (
        "Elend dobiera adwersarza nr 1, Inkwizytor, tarcze: X, 4 (talia Ostatniego "
        "Imperatora: 34 karty).")
    table.say(EndTurn())  # damage is used before the Lord Ruler card (R-DBG-11)
    assert table.say(HitShield("Vin", 1, 3), "pl") == (
        "Vin niszczy tarczę 1 adwersarza Inkwizytor (nr 1), zadając 3 obrażenia, do "
        "zniszczenia: 1 tarcza.")
    assert table.say(AttackLordRuler("Vin", 48), "pl") == (
        "Vin zadaje Ostatniemu Imperatorowi 48 obrażeń: 48 → 0; gracze wygrywają: "
        "zdrowie Ostatniego Imperatora spada do 0.")


def test_game_ends_told() -> None:
    solo = Table(("Vin",), Mode.SOLO)
    assert solo.new() == ("New solo game, health: Vin 36; the Lord Ruler at 48, Dominance "
                          "1, 36 cards in his deck;"
                          " Vin moves up the Training track, step 1 → 2: ability I unlocked.")
    for _ in range(36):
        solo.say(DrawAdversary("Obligator", ("1",)))
        solo.say(EndTurn())
    assert solo.say(EndTurn()) == (
        "Vin must draw a Lord Ruler card and none is left; Vin loses: the Lord Ruler deck "
        "is empty.")
    duo = Table(("Vin", "Elend"), Mode.COOP)
    duo.say(Damage("Elend", 40))
    assert duo.say(Damage("Vin", 36), "pl") == (
        "Vin otrzymuje 36 obrażeń: 36 → 0; Vin odpada z gry; gracze przegrywają: nikt nie "
        "pozostał w grze.")
    race = Table(("Vin", "Kelsier", "Marsh"))
    race.say(GainMission("Vin", 36))
    assert race.say(SpendMission("Vin", (12, 12, 12))) == (
        "Vin spends 36 Mission points: Mission 1 step 0 → 12, Mission 2 step 0 → 12 and "
        "Mission 3 step 0 → 12 (0 left to spend); reaches the top of Mission 1 first, "
        "with its reward and the one-time first-player reward, the top of Mission 2 "
        "first, with its reward and the one-time first-player reward and the top of "
        "Mission 3 first, with its reward and the one-time first-player reward; Vin "
        "wins: the top of all 3 Mission tracks.")
    duel = Table(("Vin", "Kelsier", "Marsh"))
    duel.say(GainTokens("Vin", Token.ATIUM, 4))
    duel.say(GainBurns("Vin", 3))  # each Atium token takes a Burn (R-DBG-5)
    assert duel.say(Confrontation("Vin", 4), "pl") == (
        "Vin zagrywa 4 atium na karcie Konfrontacja (w tym żetony: 4); Vin wygrywa dzięki "
        "Konfrontacji.")


def test_polish_numbers_in_descriptions() -> None:
    table = Table(("Vin", "Kelsier", "Marsh"))
    assert table.say(GainMission("Vin", 1), "pl") == (
        "Vin zdobywa 1 punkt misji (do wydania: 1).")
    assert table.say(GainMission("Vin", 2), "pl") == (
        "Vin zdobywa 2 punkty misji (do wydania: 3).")
    assert table.say(GainMission("Vin", 22), "pl") == (
        "Vin zdobywa 22 punkty misji (do wydania: 25).")
    assert table.say(GainCoins("Vin", 5), "pl") == "Vin zdobywa 5 monet (w tej turze: 5)."
    assert table.say(BuyBoxings("Vin", 2), "pl") == (
        "Vin kupuje 2 skrzyńce za 4 monety (skrzyńce: 2, monety: 1).")
    assert table.say(GainTokens("Vin", Token.ATIUM, 5), "pl") == (
        "Vin zdobywa 5 żetonów atium (atium: 5).")
    assert table.say(Heal("Vin", 1), "pl") == "Vin odzyskuje 1 punkt zdrowia: 36 → 37."
    assert table.say(Sense("Vin", 3, by="Marsh"), "pl") == (
        "Marsh zagrywa wyostrzenie 3 na gracza Vin: anulowano 3 punkty misji, do "
        "anulowania w tej turze: 0.")


def test_leftover_that_fells_the_next_holder_too() -> None:
    table = Table(("Vin", "Kelsier", "Marsh", "Sazed"))
    table.say(Damage("Sazed", 38))
    table.say(EndTurn())
    table.say(Damage("Vin", 30))
    assert table.say(Attack("Kelsier", 15)) == (
        "Kelsier attacks Sazed, who holds the Target, with 15 damage: Sazed 2 → 0; Sazed "
        "is out of the game; Kelsier chooses who takes the Target and 13 damage left "
        "over.")
    assert table.say(ChooseTarget("Vin"), "pl") == (
        "Kelsier przekazuje cel graczowi Vin wraz z pozostałymi obrażeniami (13): "
        "Vin 6 → 0; Vin odpada z gry; figurka celu opuszcza grę, a pozostałe obrażenia "
        "(7) przepadają.")


# --- reminders, the Polish edition's words, a seat's spelling ----------------------------


def test_r_dbg_2_a_row_of_one_time_attack_says_what_it_does() -> None:
    """The rulebook: "To move Dominance up, slide the Lord Ruler card one space down on
    his Dominance card, revealing and completing the revealed effect immediately", and
    "Some movements on that track just activate one time attacks on the players." An
    Edict's row 0 says so: the attack is resolved now, its damage entered by player."""
    table = Table(("Vin", "Elend"), Mode.COOP)
    assert table.say(Edict(1, (dbg.ATTACK_ROW,))) == (
        "Vin draws an Edict: Dominance up 1 row, 1 → 1; resolve the one-time attack on "
        "the players now, as the Dominance track shows: each player hit takes its damage "
        "(damage NAME N); the Lord Ruler heals 30 for Missions not completed (3): 48 → "
        "48; resolve its extra effect and clear 2 Market cards (Lord Ruler deck: 35 "
        "cards).")
    table.say(EndTurn())
    two = table.say(Edict(2, (dbg.ATTACK_ROW, dbg.ATTACK_ROW)), "pl")
    assert "; rozpatrz teraz oba jednorazowe ataki na graczy, jak pokazuje tor " \
           "dominacji: każdy trafiony gracz otrzymuje obrażenia (damage GRACZ N); " in two
    table.say(EndTurn())
    assert "one-time attack" not in table.say(Edict(1, (2,)))


def test_r_dbg_7_a_solo_game_ends_for_its_one_player() -> None:
    """The rulebook's solo game ends as the co-op one: "The Lord Ruler reaches 0
    health, in which case the Rebels triumph and the Final Empire is destroyed" — in
    solo the one player wins (or loses), not "the players"."""
    solo = Table(("Vin",), Mode.SOLO)
    assert solo.say(AttackLordRuler("Vin", 48)) == (
        "Vin deals 48 damage to the Lord Ruler: 48 → 0; Vin wins: the Lord Ruler is at 0.")
    polish = Table(("Vin",), Mode.SOLO)
    assert polish.say(AttackLordRuler("Vin", 48), "pl").endswith(
        "; Vin wygrywa: zdrowie Ostatniego Imperatora spada do 0.")
    out = Table(("Vin",), Mode.SOLO)
    assert out.say(Damage("Vin", 36)) == (
        "Vin takes 36 damage: 36 → 0; Vin is out of the game; Vin loses: out of the game.")
    confronting = Table(("Vin",), Mode.SOLO)
    confronting.say(GainTokens("Vin", Token.ATIUM, 4))
    confronting.say(GainBurns("Vin", 3))
    assert confronting.say(Confrontation("Vin"), "pl").endswith(
        "; Vin wygrywa dzięki Konfrontacji.")


def test_r_dbg_8_metals_in_the_polish_case_a_verb_asks() -> None:
    """The Polish rulebook: "Spalając stal, możesz nadać monetom prędkość pocisku,
    cynołów wzmocni twoją siłę ponad ludzkie ograniczenia, a cyna wyostrzy zmysły",
    "spaliłeś żelazo" and "Karty cyny": a metal burned is in the accusative ("spala
    cynę"), a token's metal in the genitive ("żeton cyny")."""
    from boardgames.deckbuilding import Burn, Flare, Metal, Refresh
    from boardgames.errors import RuleViolation

    burned = {Metal.TIN: "cynę", Metal.PEWTER: "cynołów", Metal.IRON: "żelazo",
              Metal.STEEL: "stal", Metal.ZINC: "cynk", Metal.BRASS: "mosiądz",
              Metal.COPPER: "miedź", Metal.BRONZE: "brąz"}
    for metal, word in burned.items():
        table = Table(("Vin", "Kelsier"))
        assert table.say(Burn("Vin", metal), "pl") == (
            f"Vin spala {word} (użyto 1 z 1 spalenia).")
    table = Table(("Vin", "Kelsier"))
    table.say(Burn("Vin", Metal.IRON))
    assert table.say(Flare("Vin", Metal.TIN), "pl") == (
        "Vin rozjarza cynę: żeton zostaje odwrócony do odświeżenia (rozjarzone: cyna).")
    assert table.say(Refresh("Vin", Metal.TIN), "pl") == "Vin odświeża cynę."
    refusals = {Burn("Vin", Metal.TIN): "R-DBG-10: żeton cyny gracza Vin był już użyty w "
                                         "tej turze: każdego żetonu używa się raz na turę",
                Burn("Vin", Metal.COPPER): "R-DBG-10: gracz Vin zużywa już wszystkie "
                                           "spalenia dozwolone w tej turze (1): zamiast "
                                           "tego rozjarz miedź",
                Refresh("Vin", Metal.PEWTER): "R-DBG-10: żeton cynołowiu gracza Vin nie "
                                              "jest rozjarzony"}
    for event, text in refusals.items():
        with pytest.raises(RuleViolation) as caught:
            table.session.push(event)
        assert dbg.localize(caught.value, "pl") == text


def test_r_dbg_9_the_second_ability_by_the_polish_rulebooks_name() -> None:
    """The Polish rulebook: "Druga zdolność: Każda postać ma taką samą drugą zdolność.
    Raz na turę możesz usunąć zakupioną przez siebie kartę z targu." Unlocked, it is
    "drugą zdolność"; on the board, "druga zdolność"."""
    from boardgames.deckbuilding import Train
    from boardgames.deckbuilding.screen import board

    table = Table(("Vin", "Kelsier"))
    assert table.say(Train("Vin", 7), "pl").endswith(
        "odblokowano zdolność II, odblokowano drugą zdolność i 3 żetony atium (atium: 3).")
    lines = " ".join(" ".join(line.text.split())
                     for line in board(table.session.state, "G", "pl", 72))
    assert "odblokowane: zdolność I, zdolność II i druga zdolność" in lines
    assert "eliminacji przy zakupie" not in lines


def test_r_dbg_1_a_seat_is_spelled_as_the_players_typed_it() -> None:
    """The rulebook names players by their character ("The Vin player completes their
    turn"); the table by the names it typed: "ada" stays "ada" at the head of a
    sentence, as in "ada plays turn 1", while a sentence that begins otherwise still
    begins with a capital."""
    from boardgames.deckbuilding.ending import final_summary
    from boardgames.deckbuilding.screen import board, next_line

    table = Table(("ada", "bo"))
    assert table.new().startswith("New competitive game, health: ada 36 and bo 38; ada ")
    assert table.say(GainMission("ada", 3)) == "ada gains 3 Mission points (3 to spend)."
    assert table.say(GainMission("ada", 1), "pl").startswith("ada zdobywa 1 punkt misji")
    assert next_line(table.session.state) == "ada plays turn 1"
    lines = [line.text for line in board(table.session.state, "G", "en", 72)]
    assert any(line.startswith("ada's turn: 0 coins") for line in lines)
    table.say(EndTurn())
    assert table.say(Attack("bo", 36)).startswith("bo attacks ada with 36 damage")
    assert final_summary(table.session.state)[0] == "bo wins as the last player alive"
