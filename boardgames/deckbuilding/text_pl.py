"""The Deckbuilding Game's texts in Polish (R-DBG-8), key for key as the English ones
in :mod:`boardgames.deckbuilding.text`, which says how they are written."""

from __future__ import annotations

__all__ = ["PL"]

PL: dict[str, str] = {
    # --- błędne wartości ---
    "bad.name": "„{field:term}” {field:agree:musi/muszą} być nazwą z 1–{most} znaków w "
                "jednym wierszu, bez spacji na początku i końcu, podano {value}",
    "bad.number": "„{field:term}” {field:agree:musi/muszą} być liczbą całkowitą "
                  "{low}–{high}, podano {value}",
    "bad.text": "„{field:term}” {field:agree:musi/muszą} być {allowed:allowed.}, podano "
                "{value}",
    # Co przyjmuje nazwa: słowami jednej reguły tekstu (core.text.ALLOWED), po „być”
    "allowed.one_line": "tekstem w jednym wierszu, bez znaków sterujących",
    "allowed.lines": "tekstem bez znaków sterujących (tabulatory i nowe wiersze są "
                     "dozwolone)",
    "allowed.overrides": "tekstem bez znaków sterujących kierunkiem (U+202A–U+202E, "
                         "U+2066–U+2069)",
    "allowed.marks": "tekstem bez znaczników kierunku (U+061C, U+200E, U+200F)",
    "allowed.invisible": "tekstem bez niewidocznych znaków (spacji o zerowej szerokości, "
                         "łączników, wypełniaczy)",
    "allowed.format": "tekstem bez znaków formatujących (np. U+FFF9–U+FFFB, "
                      "U+13430–U+1343F)",
    "allowed.unshown": "tekstem bez znaków do użytku prywatnego ani nieprzypisanych",
    "term.adversary": "adwersarz",
    "term.amount": "liczba",
    "term.atium": "atium",
    "term.attacker": "atakujący",
    "term.blocked": "+zablokowane obrażenia",
    "term.by": "wyostrzenie",
    "term.count": "liczba",
    "term.damage": "+obrażenia",
    "term.missions": "+misje",
    "term.mode": "tryb gry",
    "term.name": "nazwa",
    "term.player": "gracz",
    "term.players": "+gracze",
    "term.points": "+punkty",
    "term.rewards": "+nagrody",
    "term.shields": "+tarcze",
    "term.shown": "pokazana dominacja",
    "term.to": "następny właściciel celu",
    "term.token": "żeton",
    "term.ups": "+wzrosty dominacji",
    "term.ups_below_4": "+wzrosty poniżej 4",
    "term.steps": "+pola",
    "term.metal": "metal",
    "term.end": "ostatnie pole toru treningu",
    "term.training": "tor treningu",
    "term.rules": "+zasady",
    "term.burns": "+pola spaleń",
    "term.abilities": "+pola zdolności",
    "bad.choice": "„{field:term}” {field:agree:musi/muszą} być jednym z: {allowed}; podano {value}",
    "bad.list": "„{field:term}” {field:agree:musi/muszą} być listą, podano {value}",
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
    "bad.collective": "wspólne obrażenia ({amount}) dzieli się między graczy w grze, na "
                      "całe części dające razem tę liczbę; podano {shares} (razem {total})",
    "bad.training": "„{field:term}” toru treningu: {count:pole|pola|pól}, każde 2–{end} "
                    "i każde inne, podano {value}",
    # --- odmowy ---
    "no_player": "nie ma gracza {name} (gracze: {players:list})",
    "no_player_close": "nie ma gracza {name} — czy chodzi o {close}?",
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
    "drawn_already": "karta Ostatniego Imperatora gracza {name} jest już dobrana: w każdej "
                     "turze dobiera się jedną, a tura kończy się teraz ({end})",
    "deck_empty": "talia Ostatniego Imperatora jest pusta: zakończ turę – Ostatni "
                  "Imperator wygrywa",
    "edict_rows": "przy {players:graczu|graczach|graczach} w grze ten edykt podnosi "
                  "dominację {ups:raz|razy|razy}, więc podaj {ups:rząd|rzędy|rzędów}, "
                  "podano {shown}: rząd to liczba w rzędzie toru dominacji, do którego "
                  "przesuwa się karta Ostatniego Imperatora (0: jednorazowy atak)",
    "no_adversary": "w grze nie ma adwersarza nr {number} (w grze: {numbers})",
    "no_mission": "nie ma misji {value} (misje: {names:list})",
    "no_mission_close": "nie ma misji {value} — czy chodzi o {close}?",
    "no_adversary_named": "w grze nie ma adwersarza {value} (w grze: {numbers})",
    "no_adversary_close": "w grze nie ma adwersarza {value} — czy chodzi o {close}? (w "
                          "grze: {numbers})",
    "adversary_ambiguous": "w grze jest więcej niż jeden adwersarz o nazwie {value}: "
                           "podaj jego numer ({numbers})",
    "shield_needs": "tarcza {shield} adwersarza {name} wymaga co najmniej "
                    "{need:obrażenia|obrażeń|obrażeń}, podano {damage}",
    "draw_first": "{name} musi dobrać kartę Ostatniego Imperatora przed końcem tury: "
                  "edykt ({edict}) albo adwersarza ({adversary})",
    "not_an_event": "to nie jest zdarzenie tej gry: {value}",
    "not_started": "najpierw przygotuj grę (new)",
    "game_over": "gra się skończyła; zmienić ją może tylko cofnięcie",
    "choose_first": "{name} musi najpierw wybrać, kto dostanie cel i pozostałe obrażenia "
                    "({leftover:obrażenie|obrażenia|obrażeń})",
    "choose_first_table": "najpierw wybierzcie, kto dostanie cel",
    "old_rules": "ta gra została przygotowana, zanim śledzono tor treningu, metale i "
                 "obrażenia tury, więc nie są w niej śledzone",
    "metal_used": "żeton {metal:metal_gen.} gracza {name} był już użyty w tej turze: każdego "
                  "żetonu używa się raz na turę",
    "metal_flared": "żeton {metal:metal_gen.} gracza {name} jest rozjarzony: najpierw go odśwież",
    "burns_used": "gracz {name} zużywa już wszystkie spalenia dozwolone w tej turze "
                  "({allowed}): zamiast tego rozjarz {metal:metal_acc.}",
    "not_flared": "żeton {metal:metal_gen.} gracza {name} nie jest rozjarzony",
    "atium_burns": "graczowi {name} zostało w tej turze {left:spalenie|spalenia|spaleń}, "
                   "a każdy żeton atium zużywa jedno, więc nie {want}: atium nie można "
                   "rozjarzyć",
    "after_draw": "karta Ostatniego Imperatora gracza {name} jest już dobrana: w tej "
                  "turze nie ma już obrażeń ani kart do użycia",
    "not_enough_damage": "graczowi {name} zostało w tej turze "
                         "{have:obrażenie|obrażenia|obrażeń} do użycia, nie {want}",
    "ally_after_players": "obrażenia gracza {name} przeciw graczom są już użyte: "
                          "sojuszników atakuje się przed graczami",
    "flare_burns_left": "{name} ma jeszcze spalenia w tej turze, a rozjarza się tylko "
                        "żetony ponad limit spaleń: spal {metal:metal_acc.} zamiast tego "
                        "(użyto {used} z {allowed:spalenia|spaleń|spaleń})",
    "damage_after_players": "obrażenia gracza {name} przeciw graczom są już użyte: to "
                            "ostatnie użycie obrażeń w turze, więc w tej turze nie zdobywa "
                            "się już obrażeń",
    "sense_coop": "{by} nie może zagrać wyostrzenia na gracza {name}: w grze "
                  "kooperacyjnej i solo wyostrzenie gracza nie ma na kogo działać "
                  "(rozstrzygnięcie)",
    # --- opisy ---
    "say.mission": "misja {number}",
    "say.mission_named": "misja {number} ({name})",
    "say.seat": "{name} {health}",
    "say.seat_boxings": "{name} {health} z {count:skrzyńcem|skrzyńcami|skrzyńcami}",
    "say.new_competitive": "nowa gra rywalizacyjna, zdrowie: {seats:list}",
    "say.new_target": "nowa gra rywalizacyjna, zdrowie: {seats:list}; cel ma {holder}",
    "say.new_coop": "nowa gra kooperacyjna, zdrowie: {seats:list}; Ostatni Imperator: "
                    "{health:punkt zdrowia|punkty zdrowia|punktów zdrowia}, dominacja "
                    "{dominance}, w talii "
                    "{deck:karta|karty|kart}",
    "say.new_solo": "nowa gra solo, zdrowie: {seats:list}; Ostatni Imperator: "
                    "{health:punkt zdrowia|punkty zdrowia|punktów zdrowia}, dominacja "
                    "{dominance}, w talii {deck:karta|karty|kart}",
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
    "say.confrontation": "{name} zagrywa 4 atium na karcie Konfrontacja (w tym żetony: "
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
                 "{old} → {new}{attacks}; Ostatni Imperator leczy "
                 "{heal:punkt zdrowia|punkty zdrowia|punktów zdrowia} za nieukończone "
                 "misje ({missions}): {health_old} → {health_new}; rozpatrz dodatkowy "
                 "efekt i usuń 2 karty z targu (talia Ostatniego Imperatora: "
                 "{deck:karta|karty|kart})",
    "say.one_time_attack": "rozpatrz teraz {count:~jednorazowy atak|oba jednorazowe "
                           "ataki|oba jednorazowe ataki} na graczy, jak pokazuje tor "
                           "dominacji: każdy trafiony gracz otrzymuje obrażenia "
                           "({command} GRACZ N)",
    "say.adversary": "{name} dobiera adwersarza nr {number}, {adversary}, tarcze: "
                     "{shields} (talia Ostatniego Imperatora: {deck:karta|karty|kart})",
    "say.shield_hit": "{name} niszczy tarczę {shield} adwersarza {adversary} (nr {number}), "
                      "zadając {damage:obrażenie|obrażenia|obrażeń}",
    "say.shield_remove": "{name} usuwa tarczę {shield} adwersarza {adversary} "
                         "(nr {number}) efektem odrzucenia sojusznika",
    "say.shields_left": ", do zniszczenia: {count:tarcza|tarcze|tarcz}",
    "say.adversary_defeated": "; adwersarz {adversary} zostaje pokonany i trafia na stos "
                              "kart odrzuconych Ostatniego Imperatora",
    "say.end_turn": "koniec tury gracza {name}; tura {number}: {next}",
    "say.damage_lost": "niewykorzystane obrażenia gracza {name} "
                       "({left:obrażenie|obrażenia|obrażeń}) przepadają",
    "say.training": "{name} awansuje na torze treningu, pole {old} → {new}",
    "say.training_end": "{name} awansuje poza ostatnie pole toru treningu",
    "say.training_rewards": " — {rewards:list}",
    "say.train_burns": "teraz {count:spalenie|spalenia|spaleń} na turę",
    "say.train_ability": "odblokowano {ability}",
    "say.train_atium": "{count:żeton atium|żetony atium|żetonów atium} (atium: {total})",
    "say.burns_gain": "{name} może w tej turze spalić o {count} więcej (użyto {used} z "
                      "{allowed:spalenia|spaleń|spaleń})",
    "say.burns_gain_lasting": "{name} może w każdej turze spalić o {count} więcej "
                              "(dozwolone: {allowed:spalenie|spalenia|spaleń})",
    "say.burn": "{name} spala {metal} (użyto {used} z {allowed:spalenia|spaleń|spaleń})",
    "say.flare": "{name} rozjarza {metal}: żeton zostaje odwrócony do odświeżenia "
                 "(rozjarzone: {flared:list})",
    "say.refresh": "{name} odświeża {metal}",
    "say.damage_gain": "{name} zdobywa {amount:obrażenie|obrażenia|obrażeń} (do użycia w "
                       "tej turze: {total})",
    "say.ally_attack": "{name} zadaje sojusznikowi {amount:obrażenie|obrażenia|obrażeń} "
                       "(do użycia zostaje {left})",
    "ability.I": "zdolność I",
    "ability.II": "zdolność II",
    "ability.III": "zdolność III",
    "ability.eliminate": "druga zdolność",
    "ability.atium": "efekt atium",
    "ability_acc.I": "zdolność I",
    "ability_acc.II": "zdolność II",
    "ability_acc.III": "zdolność III",
    "ability_acc.eliminate": "drugą zdolność",
    "ability_acc.atium": "efekt atium",
    "metal.tin": "cyna",
    "metal.pewter": "cynołów",
    "metal.iron": "żelazo",
    "metal.steel": "stal",
    "metal.zinc": "cynk",
    "metal.brass": "mosiądz",
    "metal.copper": "miedź",
    "metal.bronze": "brąz",
    "metal_acc.tin": "cynę",
    "metal_acc.pewter": "cynołów",
    "metal_acc.iron": "żelazo",
    "metal_acc.steel": "stal",
    "metal_acc.zinc": "cynk",
    "metal_acc.brass": "mosiądz",
    "metal_acc.copper": "miedź",
    "metal_acc.bronze": "brąz",
    "metal_gen.tin": "cyny",
    "metal_gen.pewter": "cynołowiu",
    "metal_gen.iron": "żelaza",
    "metal_gen.steel": "stali",
    "metal_gen.zinc": "cynku",
    "metal_gen.brass": "mosiądzu",
    "metal_gen.copper": "miedzi",
    "metal_gen.bronze": "brązu",
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
    "say.solo_win_lord_ruler": "{name} wygrywa: zdrowie Ostatniego Imperatora spada do 0",
    "say.solo_loss_deck": "{name} przegrywa: talia Ostatniego Imperatora się wyczerpała",
    "say.solo_loss_all_out": "{name} przegrywa: odpada z gry",
    # --- ekrany (boardgames.deckbuilding.screen) ---
    "screen.title": "{name} · tura {number}",
    "screen.mode_competitive": "gra rywalizacyjna",
    "screen.mode_coop": "gra kooperacyjna",
    "screen.mode_solo": "gra solo",
    "screen.legend": "▶ teraz gra",
    "screen.players": "Gracz",
    "screen.health": "Zdrowie",
    "screen.boxings": "Skrz.",
    "screen.atium": "Atium",
    "screen.target": "cel",
    "screen.out": "poza grą",
    "screen.active_turn": "tura gracza {name}: {coins:moneta|monety|monet}, do wydania "
                          "{points:punkt misji|punkty misji|punktów misji}",
    "screen.sense_left": "wyostrzenie anuluje jeszcze {count}",
    "screen.attacked": "obrażenia dla graczy już zadane",
    "screen.may_pass": "{name} może przekazać cel",
    "screen.mission_head": "{mission}: "
                           "{count:~nagroda na polu|nagrody na polach|nagród na polach} {steps}",
    "screen.highest": "najwyżej",
    "screen.lowest": "najniżej",
    "screen.highest_lowest": "najwyżej i najniżej",
    "screen.start": "obszar startowy",
    "screen.top": "szczyt, nr {place}",
    "screen.lord_ruler": "Ostatni Imperator {health}/{most} · dominacja {dominance}",
    "screen.deck": "talia Ostatniego Imperatora: {deck:karta|karty|kart}; pokonani "
                   "adwersarze: {defeated}",
    "screen.adversaries": "Adwersarze",
    "screen.adversary": "{number} {name} (przed graczem {owner}): tarcze {shields}",
    "screen.destroyed": "zniszczona",
    "screen.next_turn": "tura {number} — {name}",
    "screen.next_end": "{name} ma już dobraną kartę Ostatniego Imperatora: {end} kończy "
                       "turę {number}",
    "screen.next_draw": "{name} dobiera kartę Ostatniego Imperatora ({edict} {rows} "
                        "RZĄD… albo {adversary} NAZWA TARCZA…), potem {end}",
    "screen.with_param": "z parametrem {param}",
    "screen.next_out": "{name} nie bierze już udziału w grze: zakończ turę",
    "screen.adversary_effects": "najpierw, na koniec tury: efekty {names:list}",
    "screen.damage_left": "{damage:obrażenie|obrażenia|obrażeń} do użycia",
    "screen.training": "Trening i metale",
    "screen.training_row": "{name}: pole {step}/{end}, spalenia {used}/{allowed}",
    "screen.abilities": "odblokowane: {abilities:list}",
    "screen.flared": "rozjarzone: {metals:list}",
    "screen.over": "gra się skończyła: {result}",
    "screen.summary": "tura {number}, gra {name}",
    "screen.words_next": "Dalej",
    "screen.words_meanwhile": "W międzyczasie",
    "screen.words_undone": "Cofnięto",
    "screen.words_undone_by": "cofnięto ruch gracza {who}",
    "screen.words_not_yours": "ostatni ruch w grze {name} należy do gracza {who}, nie do "
                              "ciebie: niczego nie cofnięto (undo {anyone} cofa go mimo to)",
    "screen.no_game": "w bazie nie ma jeszcze gry: zacznij ją poleceniem {command}",
    "screen.nothing_to_undo": "w grze {name} nie ma czego cofnąć",
    "screen.setup_kept": "zostało tylko przygotowanie gry, którego się nie cofa: zacznij "
                         "nową grę poleceniem {command}",
    "screen.unknown_game": "nie ma gry {typed} (gry: {names:list})",
    "screen.ambiguous": "{typed} może oznaczać: {names:list}; wpisz więcej liter",
    "summary.player": "{name}: zdrowie {health}; {missions}",
    "summary.out": "{name}: odpada z gry (zdrowie {health}); {missions}",
    "summary.step": "{mission} pole {step}",
    "summary.start": "{mission} obszar startowy",
    "summary.top": "{mission} szczyt",
    "summary.head": "Podsumowanie",
}
