"""Every text of the Deckbuilding Game's library in English and Polish (R-DBG-8).

Keys starting ``bad.`` are malformed values, ``say.`` the pieces of event descriptions
(:mod:`boardgames.deckbuilding.describe`), ``screen.`` what screens show and say
(:mod:`boardgames.deckbuilding.screen`), the rest refusals by the rules. The Polish
texts use the Polish edition's terms (licznik zdrowia, misja / tor misji / punkty
misji, Ostatni Imperator, dominacja, edykt, adwersarz, tarcze, cel, skrzyniec / skrzyńce,
atium, wyostrzenie for Sense, Konfrontacja) and keep the English rules where the two
editions' wording differs. Player names stay in the nominative ("graczowi Vin") and
sentences avoid past-tense verbs, whose Polish forms would need the player's gender.
"""

from __future__ import annotations

from boardgames.locales import Catalog, LocalizedBadValue, LocalizedRuleViolation, Param

EN: dict[str, str] = {
    # --- malformed values ---
    "bad.name": "{field:term} must be a name of 1–{most} characters on one line, without "
                "spaces at either end, got {value}",
    "bad.number": "{field:term} must be a whole number {low}–{high}, got {value}",
    "term.adversary": "the Adversary",
    "term.amount": "the amount",
    "term.atium": "the Atium",
    "term.attacker": "the attacker",
    "term.blocked": "the damage blocked",
    "term.by": "the Sense",
    "term.count": "the number",
    "term.damage": "the damage",
    "term.missions": "the Missions",
    "term.mode": "the mode",
    "term.name": "the name",
    "term.player": "the player",
    "term.players": "the players",
    "term.points": "the points",
    "term.rewards": "the rewards",
    "term.shields": "the shields",
    "term.shown": "the Dominance shown",
    "term.to": "the next holder",
    "term.token": "the token",
    "term.ups": "the Dominance rises",
    "term.ups_below_4": "the rises below 4",
    "bad.choice": "{field:term} must be one of: {allowed}; got {value}",
    "bad.list": "{field:term} must be a list, got {value}",
    "bad.rewards": "Mission reward steps must rise, each 1–11, got {value}",
    "bad.player_count": "a competitive or co-op game has 2–4 players, got {count}",
    "bad.player_count_solo": "a solo game has 1 player, got {count}",
    "bad.duplicate_player": "two players share a name: {names:list} (names must differ "
                            "in more than case)",
    "bad.look_alike": "{name} looks like {existing} already at the table ({why}); choose "
                      "another name",
    "bad.missions": "a game has 3 Missions, got {count}",
    "bad.duplicate_mission": "two Missions share a name: {names:list}",
    "bad.spend": "Mission points are spent as 3 whole numbers 0–12, one per Mission, not "
                 "all 0; got {value}",
    "bad.blocked_twice": "a player is listed twice as blocking damage: {value}",
    "bad.blocked_more": "{name} cannot block {blocked} of an attack of {amount}",
    "bad.edict_ups": "an Edict moves Dominance up 1–2 times in all, got {ups} + {below} "
                     "with fewer than 4 players",
    "bad.shield_count": "an Adversary has 1–3 shields, got {count}",
    "bad.shield": "a shield is a whole number 1–999 or X, got {value}",
    # --- refusals ---
    "no_player": "no player called {name} (players: {players:list})",
    "not_coop": "there is no Lord Ruler in a competitive game (co-op and solo only)",
    "player_out": "{name} is out of the game",
    "not_your_turn": "it is {active}'s turn, not {name}'s",
    "coop_no_attack": "in a co-op or solo game players never attack each other",
    "already_started": "this game is already set up",
    "sense_self": "{name} cannot play Sense on themselves",
    "not_enough_points": "{name} has {have:Mission point|Mission points} to spend, "
                         "not {want}",
    "past_top": "{name} is {left:step|steps} from the top of Mission {mission}, so cannot "
                "spend {want} there",
    "attacked_already": "{name}'s damage at players was already used this turn: it is "
                        "used once, at the end of the turn",
    "blocked_not_hit": "this attack does not hit {name}, so there is nothing to block",
    "no_choice": "no one is choosing who takes the Target now",
    "choose_self": "{name} must give the Target to another player",
    "blocked_leftover": "only {leftover} damage is left over, {blocked} cannot be blocked",
    "no_target": "the Target is not in play (competitive games with 3 or more players "
                 "alive only)",
    "may_not_pass": "{name} may pass the Target only after taking damage to health from "
                    "another player this turn, once all of it is used",
    "pass_self": "{name} already holds the Target",
    "not_enough_coins": "{name} has {have:coin|coins} this turn, not {want}",
    "boxing_price": "{name} has {have:coin|coins}, and {count:Boxing|Boxings} at 2 coins "
                    "each cost {price}",
    "not_enough_boxings": "{name} has {have:Boxing|Boxings}, not {want}",
    "not_enough_atium": "{name} has {have:Atium token|Atium tokens}, not {want}",
    "draw_out": "{name} is out of the game: no Lord Ruler card is drawn this turn",
    "deck_empty": "the Lord Ruler deck is empty: end the turn, and the players lose",
    "edict_rows": "with {players:player|players} alive this Edict moves Dominance up "
                  "{ups:time|times}, so give {ups:row|rows}, got {shown}",
    "no_adversary": "no Adversary number {number} is in play (in play: {numbers})",
    "no_mission": "no Mission {value} (Missions: {names:list})",
    "no_adversary_named": "no Adversary {value} is in play (in play: {numbers})",
    "adversary_ambiguous": "more than one Adversary in play is called {value}: give its "
                           "number ({numbers})",
    "shield_needs": "shield {shield} of {name} needs at least {need:damage|damage}, "
                    "got {damage}",
    "draw_first": "{name} must draw a Lord Ruler card before the turn ends",
    "not_an_event": "not a Deckbuilding Game event: {value}",
    "not_started": "set up the game first (new)",
    "game_over": "the game is over; only undo can change it",
    "choose_first": "{name} must first choose who takes the Target and "
                    "{leftover:damage|damage} left over",
    "choose_first_table": "first choose who takes the Target",
    # --- descriptions ---
    "say.mission": "Mission {number}",
    "say.mission_named": "Mission {number} ({name})",
    "say.seat": "{name} {health}",
    "say.seat_boxings": "{name} {health} with {count:Boxing|Boxings}",
    "say.new_competitive": "new competitive game, health: {seats:list}",
    "say.new_target": "new competitive game, health: {seats:list}; {holder} holds the "
                      "Target",
    "say.new_coop": "new co-op game, health: {seats:list}; the Lord Ruler at {health}, "
                    "Dominance {dominance}, {deck:card|cards} in his deck",
    "say.new_solo": "new solo game, health: {seats:list}; the Lord Ruler at {health}, "
                    "Dominance {dominance}, {deck:card|cards} in his deck",
    "say.mission_gain": "{name} gains {points:Mission point|Mission points} "
                        "({total} to spend)",
    "say.mission_gain_sensed": "{name} gains {points:Mission point|Mission points}, of "
                               "which Sense cancels {cancelled} ({total} to spend)",
    "say.mission_move": "{mission} step {old} → {new}",
    "say.mission_spend": "{name} spends {points:Mission point|Mission points}: "
                         "{moves:list} ({left} left to spend)",
    "say.rewards": "; reaches {rewards:list}",
    "say.mission_of": "Mission {number}",
    "say.mission_named_of": "Mission {number} ({name})",
    "say.reward_mid": "the step {step} reward of {mission}",
    "say.reward_mid_first": "the step {step} reward of {mission} with its first-player "
                            "reward",
    "say.reward_top": "the top of {mission} with its reward",
    "say.reward_top_first": "the top of {mission} first, with its reward and the "
                            "one-time first-player reward",
    "say.sense": "Sense {amount} on {name}: {cancelled:Mission point|Mission points} "
                 "cancelled, {later} more to cancel this turn",
    "say.sense_by": "{by} plays Sense {amount} on {name}: "
                    "{cancelled:Mission point|Mission points} cancelled, {later} more to "
                    "cancel this turn",
    "say.health_change": "{name} {old} → {new}",
    "say.no_harm": "no health lost",
    "say.attack": "{name} attacks {victim} with {amount:damage|damage}: {changes:list}",
    "say.attack_target": "{name} attacks {holder}, who holds the Target, with "
                         "{amount:damage|damage}: {changes:list}",
    "say.attack_all": "{name}, holding the Target, deals {amount:damage|damage} to every "
                      "other player: {changes:list}",
    "say.blocked": "{name} {amount}",
    "say.blocked_list": " (blocked: {items:list})",
    "say.choose": "{chooser} gives the Target to {name}",
    "say.choose_table": "the Target goes to {name}",
    "say.choose_hit": "{chooser} gives the Target to {name} with the damage left over "
                      "({leftover}): {changes:list}",
    "say.pass": "{name} passes the Target to {to}",
    "say.damage": "{name} takes {amount:damage|damage}: {old} → {new}",
    "say.heal": "{name} heals {amount}: {old} → {new}",
    "say.heal_capped": "{name} heals {amount}: {old} → {new} (health never exceeds {cap})",
    "say.coins_gain": "{name} gains {amount:coin|coins} ({total} this turn)",
    "say.coins_spend": "{name} spends {amount:coin|coins} ({total} left this turn)",
    "say.boxing_buy": "{name} buys {count:Boxing|Boxings} for {coins:coin|coins} "
                      "(Boxings: {total}, coins: {left})",
    "say.boxing_cash": "{name} cashes {count:Boxing|Boxings} for {coins:coin|coins} "
                       "(Boxings: {total}, coins: {left})",
    "say.gain_boxings": "{name} gains {count:Boxing|Boxings} (Boxings: {total})",
    "say.gain_atium": "{name} gains {count:Atium token|Atium tokens} (Atium: {total})",
    "say.use_atium": "{name} uses {count:Atium token|Atium tokens} (Atium left: {total})",
    "say.confrontation": "{name} plays 4 Atium on Confrontation (tokens among them: "
                         "{tokens})",
    "say.lord_ruler_attack": "{name} deals {amount:damage|damage} to the Lord Ruler: "
                             "{old} → {new}",
    "say.lord_ruler_heal": "the Lord Ruler heals {amount}: {old} → {new}",
    "say.dominance_row": "Dominance up one row, showing {shown}: Dominance {old} → {new}",
    "say.dominance_attack_row": "Dominance up one row, to a one-time attack: Dominance "
                                "stays {dominance}",
    "say.edict": "{name} draws an Edict: Dominance up {rows:row|rows}, {old} → {new}; "
                 "the Lord Ruler heals {heal} for Missions not completed ({missions}): "
                 "{health_old} → {health_new}; resolve its extra effect and clear 2 "
                 "Market cards (Lord Ruler deck: {deck:card|cards})",
    "say.adversary": "{name} draws Adversary {number}, {adversary}, shields {shields} "
                     "(Lord Ruler deck: {deck:card|cards})",
    "say.shield_hit": "{name} destroys shield {shield} of {adversary} (Adversary "
                      "{number}) with {damage:damage|damage}",
    "say.shield_remove": "{name} removes shield {shield} of {adversary} (Adversary "
                         "{number}) with a kill-an-Ally effect",
    "say.shields_left": ", {count:shield|shields} left",
    "say.adversary_defeated": "; {adversary} is defeated and goes to the Lord Ruler's "
                              "discard pile",
    "say.end_turn": "{name}'s turn ends; turn {number}: {next}",
    "say.deck_exhausted": "{name} must draw a Lord Ruler card and none is left",
    "say.eliminated": "{names:list} {count:~is|are} out of the game",
    "say.target_choice": "{name} chooses who takes the Target and "
                         "{leftover:damage|damage} left over",
    "say.target_choice_table": "the players choose who takes the Target",
    "say.target_gone": "the Target leaves the game",
    "say.target_gone_lost": "the Target leaves the game and the damage left over "
                            "({leftover}) is lost",
    "say.may_pass": "{name} may pass the Target",
    "say.win_missions": "{name} wins: the top of all 3 Mission tracks",
    "say.win_last": "{name} wins as the last player alive",
    "say.win_confrontation": "{name} wins by Confrontation",
    "say.coop_win_confrontation": "the players win by Confrontation",
    "say.coop_win_lord_ruler": "the players win: the Lord Ruler is at 0",
    "say.coop_loss_deck": "the players lose: the Lord Ruler deck is empty",
    "say.coop_loss_all_out": "the players lose: no one is left in the game",
    # --- screens (boardgames.deckbuilding.screen) ---
    "screen.title": "{name} · turn {number}",
    "screen.mode_competitive": "competitive",
    "screen.mode_coop": "co-op",
    "screen.mode_solo": "solo",
    "screen.legend": "▶ plays now",
    "screen.players": "Player",
    "screen.health": "Health",
    "screen.boxings": "Box",
    "screen.atium": "Atium",
    "screen.target": "Target",
    "screen.out": "out",
    "screen.active_turn": "{name}'s turn: {coins:coin|coins}, "
                          "{points:Mission point|Mission points} to spend",
    "screen.sense_left": "Sense cancels {count} more",
    "screen.attacked": "damage at players used",
    "screen.may_pass": "{name} may pass the Target",
    "screen.mission_head": "{mission}: rewards at {steps}",
    "screen.highest": "highest",
    "screen.lowest": "lowest",
    "screen.highest_lowest": "highest and lowest",
    "screen.start": "start area",
    "screen.top": "top, no. {place}",
    "screen.lord_ruler": "Lord Ruler {health}/{most} · Dominance {dominance}",
    "screen.deck": "Lord Ruler deck: {deck:card|cards}; Adversaries defeated: {defeated}",
    "screen.adversaries": "Adversaries",
    "screen.adversary": "{number} {name} (before {owner}): shields {shields}",
    "screen.destroyed": "destroyed",
    "screen.next_turn": "{name} plays turn {number}",
    "screen.next_draw": "{name} draws a Lord Ruler card, then ends the turn",
    "screen.over": "the game is over: {result}",
    "screen.summary": "turn {number}, {name} to play",
    "screen.words_next": "Next",
    "screen.words_meanwhile": "Meanwhile",
    "screen.words_undone": "Undone",
    "screen.words_undone_by": "{who}'s step was undone",
    "screen.no_game": "there is no Deckbuilding Game in the table yet: start one with "
                      "{command}",
    "screen.nothing_to_undo": "nothing to undo in {name}",
    "screen.setup_kept": "only the set-up is left, and it is not undone: start another "
                         "game with {command}",
    "screen.unknown_game": "no game named {typed} (games: {names:list})",
    "screen.ambiguous": "{typed} could be {names:list}: type more of the name",
}


PL: dict[str, str] = {
    # --- błędne wartości ---
    "bad.name": "„{field:term}” musi być nazwą z 1–{most} znaków w jednym wierszu, bez spacji "
                "na początku i końcu, podano {value}",
    "bad.number": "„{field:term}” musi być liczbą całkowitą {low}–{high}, podano {value}",
    "term.adversary": "Przeciwnik",
    "term.amount": "liczba",
    "term.atium": "atium",
    "term.attacker": "atakujący",
    "term.blocked": "zablokowane obrażenia",
    "term.by": "wyczucie",
    "term.count": "liczba",
    "term.damage": "obrażenia",
    "term.missions": "misje",
    "term.mode": "tryb gry",
    "term.name": "nazwa",
    "term.player": "gracz",
    "term.players": "gracze",
    "term.points": "punkty",
    "term.rewards": "nagrody",
    "term.shields": "tarcze",
    "term.shown": "pokazana dominacja",
    "term.to": "następny posiadacz celu",
    "term.token": "żeton",
    "term.ups": "wzrosty dominacji",
    "term.ups_below_4": "wzrosty poniżej 4",
    "bad.choice": "„{field:term}” musi być jednym z: {allowed}; podano {value}",
    "bad.list": "„{field:term}” musi być listą, podano {value}",
    "bad.rewards": "pola nagród misji muszą rosnąć, każde 1–11, podano {value}",
    "bad.player_count": "gra rywalizacyjna lub kooperacyjna ma od 2 do 4 graczy, "
                        "podano: {count}",
    "bad.player_count_solo": "gra solo ma 1 gracza, podano: {count}",
    "bad.duplicate_player": "dwóch graczy ma tę samą nazwę: {names:list} (nazwy muszą "
                            "się różnić nie tylko wielkością liter)",
    "bad.look_alike": "{name} wygląda jak {existing}, już obecne przy stole ({why}); "
                      "wybierz inną nazwę",
    "bad.missions": "w grze są 3 misje, podano: {count}",
    "bad.duplicate_mission": "dwie misje mają tę samą nazwę: {names:list}",
    "bad.spend": "punkty misji wydaje się jako 3 liczby całkowite 0–12, po jednej na "
                 "misję, nie same zera; podano {value}",
    "bad.blocked_twice": "gracz występuje dwa razy wśród blokujących obrażenia: {value}",
    "bad.blocked_more": "{name} nie może zablokować {blocked} z ataku o sile {amount}",
    "bad.edict_ups": "edykt podnosi dominację łącznie 1–2 razy, podano {ups} + {below} "
                     "przy mniej niż 4 graczach",
    "bad.shield_count": "adwersarz ma 1–3 tarcze, podano: {count}",
    "bad.shield": "tarcza to liczba całkowita 1–999 albo X, podano {value}",
    # --- odmowy ---
    "no_player": "nie ma gracza {name} (gracze: {players:list})",
    "not_coop": "w grze rywalizacyjnej nie ma Ostatniego Imperatora (tylko w grze "
                "kooperacyjnej i solo)",
    "player_out": "{name} nie bierze już udziału w grze",
    "not_your_turn": "trwa tura gracza {active}, nie gracza {name}",
    "coop_no_attack": "w grze kooperacyjnej i solo gracze nigdy nie atakują siebie "
                      "nawzajem",
    "already_started": "ta gra jest już przygotowana",
    "sense_self": "{name} nie może zagrać wyostrzenia na siebie",
    "not_enough_points": "{name} ma do wydania "
                         "{have:punkt misji|punkty misji|punktów misji}, nie {want}",
    "past_top": "{name} ma {left:pole|pola|pól} do szczytu toru misji {mission}, więc nie "
                "może tam wydać {want}",
    "attacked_already": "obrażenia gracza {name} dla graczy zostały już w tej turze "
                        "zadane: zadaje się je raz, na końcu tury",
    "blocked_not_hit": "ten atak nie trafia gracza {name}, więc nie ma czego blokować",
    "no_choice": "nikt teraz nie wybiera, kto dostanie cel",
    "choose_self": "{name} musi przekazać cel innemu graczowi",
    "blocked_leftover": "pozostałe obrażenia: {leftover}; nie można zablokować {blocked}",
    "no_target": "cel nie jest w grze (tylko w grze rywalizacyjnej, w której pozostaje "
                 "co najmniej 3 graczy)",
    "may_not_pass": "{name} może przekazać cel dopiero po otrzymaniu w tej turze obrażeń "
                    "od innego gracza, gdy wszystkie obrażenia zostaną zadane",
    "pass_self": "{name} ma już cel",
    "not_enough_coins": "{name} ma w tej turze {have:monetę|monety|monet}, nie {want}",
    "boxing_price": "{name} ma {have:monetę|monety|monet}, a zakup "
                    "({count:skrzyniec|skrzyńce|skrzyńców} po 2 monety) kosztuje {price}",
    "not_enough_boxings": "{name} ma {have:skrzyńca|skrzyńce|skrzyńców}, nie {want}",
    "not_enough_atium": "{name} ma {have:żeton atium|żetony atium|żetonów atium}, "
                        "nie {want}",
    "draw_out": "{name} nie bierze już udziału w grze: w tej turze nie dobiera się karty "
                "Ostatniego Imperatora",
    "deck_empty": "talia Ostatniego Imperatora jest pusta: zakończ turę – gracze "
                  "przegrywają",
    "edict_rows": "przy {players:graczu|graczach|graczach} w grze ten edykt podnosi "
                  "dominację {ups:raz|razy|razy}, więc podaj {ups:rząd|rzędy|rzędów}, "
                  "podano {shown}",
    "no_adversary": "w grze nie ma adwersarza nr {number} (w grze: {numbers})",
    "no_mission": "nie ma misji {value} (misje: {names:list})",
    "no_adversary_named": "w grze nie ma adwersarza {value} (w grze: {numbers})",
    "adversary_ambiguous": "w grze jest więcej niż jeden adwersarz o nazwie {value}: "
                           "podaj jego numer ({numbers})",
    "shield_needs": "tarcza {shield} adwersarza {name} wymaga co najmniej "
                    "{need:obrażenia|obrażeń|obrażeń}, podano {damage}",
    "draw_first": "{name} musi dobrać kartę Ostatniego Imperatora przed końcem tury",
    "not_an_event": "to nie jest zdarzenie tej gry: {value}",
    "not_started": "najpierw przygotuj grę (new)",
    "game_over": "gra się skończyła; zmienić ją może tylko cofnięcie",
    "choose_first": "{name} musi najpierw wybrać, kto dostanie cel i pozostałe obrażenia "
                    "({leftover:obrażenie|obrażenia|obrażeń})",
    "choose_first_table": "najpierw wybierzcie, kto dostanie cel",
    # --- opisy ---
    "say.mission": "misja {number}",
    "say.mission_named": "misja {number} ({name})",
    "say.seat": "{name} {health}",
    "say.seat_boxings": "{name} {health} z {count:skrzyńcem|skrzyńcami|skrzyńcami}",
    "say.new_competitive": "nowa gra rywalizacyjna, zdrowie: {seats:list}",
    "say.new_target": "nowa gra rywalizacyjna, zdrowie: {seats:list}; cel ma {holder}",
    "say.new_coop": "nowa gra kooperacyjna, zdrowie: {seats:list}; Ostatni Imperator: "
                    "{health} zdrowia, dominacja {dominance}, w talii "
                    "{deck:karta|karty|kart}",
    "say.new_solo": "nowa gra solo, zdrowie: {seats:list}; Ostatni Imperator: {health} "
                    "zdrowia, dominacja {dominance}, w talii {deck:karta|karty|kart}",
    "say.mission_gain": "{name} zdobywa {points:punkt misji|punkty misji|punktów misji} "
                        "(do wydania: {total})",
    "say.mission_gain_sensed": "{name} zdobywa "
                               "{points:punkt misji|punkty misji|punktów misji}, z czego "
                               "wyostrzenie anuluje {cancelled} (do wydania: {total})",
    "say.mission_move": "{mission}, pole {old} → {new}",
    "say.mission_spend": "{name} wydaje {points:punkt misji|punkty misji|punktów misji}: "
                         "{moves:list} (do wydania: {left})",
    "say.rewards": "; zdobywa {rewards:list}",
    "say.mission_of": "misji {number}",
    "say.mission_named_of": "misji {number} ({name})",
    "say.reward_mid": "nagrodę pola {step} {mission}",
    "say.reward_mid_first": "nagrodę pola {step} {mission} wraz z nagrodą dla 1. gracza",
    "say.reward_top": "szczyt toru {mission} z nagrodą szczytu",
    "say.reward_top_first": "szczyt toru {mission} jako pierwszy gracz, z nagrodą "
                            "szczytu i jednorazową nagrodą dla 1. gracza",
    "say.sense": "wyostrzenie {amount} na gracza {name}: anulowano "
                 "{cancelled:punkt misji|punkty misji|punktów misji}, do anulowania w tej "
                 "turze: {later}",
    "say.sense_by": "{by} zagrywa wyostrzenie {amount} na gracza {name}: anulowano "
                    "{cancelled:punkt misji|punkty misji|punktów misji}, do anulowania w "
                    "tej turze: {later}",
    "say.health_change": "{name} {old} → {new}",
    "say.no_harm": "nikt nie traci zdrowia",
    "say.attack": "{name} atakuje gracza {victim}, zadając "
                  "{amount:obrażenie|obrażenia|obrażeń}: {changes:list}",
    "say.attack_target": "{name} atakuje gracza z celem ({holder}), zadając "
                         "{amount:obrażenie|obrażenia|obrażeń}: {changes:list}",
    "say.attack_all": "{name}, mając cel, zadaje "
                      "{amount:obrażenie|obrażenia|obrażeń} każdemu innemu graczowi: "
                      "{changes:list}",
    "say.blocked": "{name} {amount}",
    "say.blocked_list": " (zablokowane: {items:list})",
    "say.choose": "{chooser} przekazuje cel graczowi {name}",
    "say.choose_table": "cel przechodzi do gracza {name}",
    "say.choose_hit": "{chooser} przekazuje cel graczowi {name} wraz z pozostałymi "
                      "obrażeniami ({leftover}): {changes:list}",
    "say.pass": "{name} przekazuje cel graczowi {to}",
    "say.damage": "{name} otrzymuje {amount:obrażenie|obrażenia|obrażeń}: {old} → {new}",
    "say.heal": "{name} odzyskuje {amount:punkt zdrowia|punkty zdrowia|punktów zdrowia}: "
                "{old} → {new}",
    "say.heal_capped": "{name} odzyskuje "
                       "{amount:punkt zdrowia|punkty zdrowia|punktów zdrowia}: "
                       "{old} → {new} (zdrowie nigdy nie przekracza {cap})",
    "say.coins_gain": "{name} zdobywa {amount:monetę|monety|monet} (w tej turze: {total})",
    "say.coins_spend": "{name} wydaje {amount:monetę|monety|monet} (zostaje w tej turze: "
                       "{total})",
    "say.boxing_buy": "{name} kupuje {count:skrzyńca|skrzyńce|skrzyńców} za "
                      "{coins:monetę|monety|monet} (skrzyńce: {total}, monety: {left})",
    "say.boxing_cash": "{name} wymienia {count:skrzyńca|skrzyńce|skrzyńców} na "
                       "{coins:monetę|monety|monet} (skrzyńce: {total}, monety: {left})",
    "say.gain_boxings": "{name} zdobywa {count:skrzyńca|skrzyńce|skrzyńców} "
                        "(skrzyńce: {total})",
    "say.gain_atium": "{name} zdobywa {count:żeton atium|żetony atium|żetonów atium} "
                      "(atium: {total})",
    "say.use_atium": "{name} zużywa {count:żeton atium|żetony atium|żetonów atium} "
                     "(zostaje atium: {total})",
    "say.confrontation": "{name} zagrywa 4 atium na kartę Konfrontacja (w tym żetony: "
                         "{tokens})",
    "say.lord_ruler_attack": "{name} zadaje Ostatniemu Imperatorowi "
                             "{amount:obrażenie|obrażenia|obrażeń}: {old} → {new}",
    "say.lord_ruler_heal": "Ostatni Imperator odzyskuje "
                           "{amount:punkt zdrowia|punkty zdrowia|punktów zdrowia}: "
                           "{old} → {new}",
    "say.dominance_row": "wzrost dominacji o rząd, widać {shown}: dominacja {old} → {new}",
    "say.dominance_attack_row": "wzrost dominacji o rząd, z jednorazowym atakiem: "
                                "dominacja pozostaje {dominance}",
    "say.edict": "{name} dobiera edykt: dominacja wzrasta o {rows:rząd|rzędy|rzędów}, "
                 "{old} → {new}; Ostatni Imperator leczy "
                 "{heal:punkt zdrowia|punkty zdrowia|punktów zdrowia} za nieukończone "
                 "misje ({missions}): {health_old} → {health_new}; rozpatrz dodatkowy "
                 "efekt i usuń 2 karty z targu (talia Ostatniego Imperatora: "
                 "{deck:karta|karty|kart})",
    "say.adversary": "{name} dobiera adwersarza nr {number}, {adversary}, tarcze: "
                     "{shields} (talia Ostatniego Imperatora: {deck:karta|karty|kart})",
    "say.shield_hit": "{name} niszczy tarczę {shield} adwersarza {adversary} (nr {number}), "
                      "zadając {damage:obrażenie|obrażenia|obrażeń}",
    "say.shield_remove": "{name} usuwa tarczę {shield} adwersarza {adversary} "
                         "(nr {number}) efektem zabicia sojusznika",
    "say.shields_left": ", do zniszczenia: {count:tarcza|tarcze|tarcz}",
    "say.adversary_defeated": "; adwersarz {adversary} zostaje pokonany i trafia na stos "
                              "kart odrzuconych Ostatniego Imperatora",
    "say.end_turn": "koniec tury gracza {name}; tura {number}: {next}",
    "say.deck_exhausted": "{name} musi dobrać kartę Ostatniego Imperatora, a talia jest "
                          "pusta",
    "say.eliminated": "{names:list} {count:~odpada|odpadają|odpadają} z gry",
    "say.target_choice": "{name} wybiera, kto dostanie cel i pozostałe obrażenia "
                         "({leftover:obrażenie|obrażenia|obrażeń})",
    "say.target_choice_table": "gracze wybierają, kto dostanie cel",
    "say.target_gone": "figurka celu opuszcza grę",
    "say.target_gone_lost": "figurka celu opuszcza grę, a pozostałe obrażenia "
                            "({leftover}) przepadają",
    "say.may_pass": "{name} może przekazać cel",
    "say.win_missions": "{name} wygrywa: szczyt wszystkich 3 torów misji",
    "say.win_last": "{name} wygrywa jako ostatni gracz w grze",
    "say.win_confrontation": "{name} wygrywa dzięki Konfrontacji",
    "say.coop_win_confrontation": "gracze wygrywają dzięki Konfrontacji",
    "say.coop_win_lord_ruler": "gracze wygrywają: zdrowie Ostatniego Imperatora spada "
                               "do 0",
    "say.coop_loss_deck": "gracze przegrywają: talia Ostatniego Imperatora się "
                          "wyczerpała",
    "say.coop_loss_all_out": "gracze przegrywają: nikt nie pozostał w grze",
    # --- ekrany (boardgames.deckbuilding.screen) ---
    "screen.title": "{name} · tura {number}",
    "screen.mode_competitive": "gra rywalizacyjna",
    "screen.mode_coop": "gra kooperacyjna",
    "screen.mode_solo": "gra jednoosobowa",
    "screen.legend": "▶ teraz gra",
    "screen.players": "Gracz",
    "screen.health": "Zdrowie",
    "screen.boxings": "Skrz.",
    "screen.atium": "atium",
    "screen.target": "cel",
    "screen.out": "poza grą",
    "screen.active_turn": "tura gracza {name}: {coins:moneta|monety|monet}, do wydania "
                          "{points:punkt misji|punkty misji|punktów misji}",
    "screen.sense_left": "wyostrzenie anuluje jeszcze {count}",
    "screen.attacked": "obrażenia dla graczy już zadane",
    "screen.may_pass": "{name} może przekazać cel",
    "screen.mission_head": "{mission}: nagrody na polach {steps}",
    "screen.highest": "najwyżej",
    "screen.lowest": "najniżej",
    "screen.highest_lowest": "najwyżej i najniżej",
    "screen.start": "pole startowe",
    "screen.top": "szczyt, nr {place}",
    "screen.lord_ruler": "Ostatni Imperator {health}/{most} · dominacja {dominance}",
    "screen.deck": "talia Ostatniego Imperatora: {deck:karta|karty|kart}; pokonani "
                   "adwersarze: {defeated}",
    "screen.adversaries": "Adwersarze",
    "screen.adversary": "{number} {name} (przed graczem {owner}): tarcze {shields}",
    "screen.destroyed": "zniszczona",
    "screen.next_turn": "turę {number} gra {name}",
    "screen.next_draw": "{name} dobiera kartę Ostatniego Imperatora, potem kończy turę",
    "screen.over": "gra się skończyła: {result}",
    "screen.summary": "tura {number}, gra {name}",
    "screen.words_next": "Dalej",
    "screen.words_meanwhile": "W międzyczasie",
    "screen.words_undone": "Cofnięto",
    "screen.words_undone_by": "cofnięto ruch gracza {who}",
    "screen.no_game": "w bazie nie ma jeszcze gry: zacznij ją poleceniem {command}",
    "screen.nothing_to_undo": "w grze {name} nie ma czego cofnąć",
    "screen.setup_kept": "zostało tylko przygotowanie gry, którego się nie cofa: zacznij "
                         "nową grę poleceniem {command}",
    "screen.unknown_game": "nie ma gry {typed} (gry: {names:list})",
    "screen.ambiguous": "{typed} może oznaczać: {names:list}; wpisz więcej liter",
}

CATALOG = Catalog("deckbuilding", {"en": EN, "pl": PL})
"""The Deckbuilding Game's texts in English and Polish."""


def bad_value(key: str, rule: str | None, **params: Param) -> LocalizedBadValue:
    """A malformed value, said by catalog key ``key``."""
    return LocalizedBadValue(CATALOG, key, params, rule=rule)


def violation(key: str, rule: str | None, **params: Param) -> LocalizedRuleViolation:
    """A refusal by rule ``rule``, said by catalog key ``key``."""
    return LocalizedRuleViolation(CATALOG, key, params, rule=rule)
