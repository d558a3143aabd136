"""``mistborn deckbuilding --help`` in Polish (R-DBG-8): the group's summary, each
command's short and long help and the help of the options the commands share, in the
Polish edition's terms. :class:`~cli.boardgames.deckbuilding.DeckbuildingGroup` shows
them when Polish is asked for (``--lang pl`` before the command, or a Polish locale).
"""

from __future__ import annotations

import copy
import types
from typing import TypeVar

import click

C = TypeVar("C", bound=click.Command)

GROUP = """Mistborn: gra deckbuildingowa obok kart: liczniki zdrowia, tory misji,
cel, monety, skrzyńce, atium, tor treningu i metale, a w grze kooperacyjnej
Ostatni Imperator — zapisane w bazie, z cofaniem. --lang en mówi po angielsku.

\b
Początek: new --players vin kel marsh
          new -p vin elend --coop
Tura:     points 3; spend 2 1 0;
          sense 2; coins 4;
          boxings buy; combat 7;
          ally 3; attack 4; end-turn
Metale:   train; burn tin;
          flare pewter;
          refresh pewter; burns 1
Zdrowie:  damage vin 5; heal vin 3
Cel:      pass marsh; target elend
Kooperacja: combat 9; shield 1 3;
          lord attack 6;
          edict --rows 2;
          adversary NAZWA 5 X;
          collective 10
Podgląd:  show; log     Pomyłka: undo

Graczy wskazuje dowolny jednoznaczny początek imienia. Działa aktywny gracz,
chyba że podano --player."""

COMMANDS: dict[str, tuple[str, str]] = {
    "new": ("Nowa gra: gracze, kooperacja albo solo.",
            "Zaczyna grę i czyni ją bieżącą (R-DBG-1): zdrowie według miejsc (36, +2, +4, "
            "+4 i skrzyniec), cel u ostatniego gracza przy 3–4 graczach; w grze "
            "kooperacyjnej i solo Ostatni Imperator ma 48 punktów zdrowia, dominację 1 i "
            "36 kart w talii. Kostki stoją na pierwszym polu toru treningu, kostka "
            "pierwszego gracza od razu awansuje (R-DBG-9); --training podaje pola nagród "
            "toru. Nazwę gry daje --game NAZWA."),
    "damage": ("Gracz otrzymuje obrażenia (nie atak).",
               "GRACZ otrzymuje N obrażeń, które nie są atakiem gracza: od Ostatniego "
               "Imperatora, adwersarza, karty (R-DBG-1). Przy 0 gracz odpada z gry."),
    "heal": ("Gracz odzyskuje zdrowie (najwyżej 40).",
             "GRACZ odzyskuje N punktów zdrowia; nigdy ponad 40 (R-DBG-1)."),
    "points": ("Aktywny gracz zdobywa punkty misji.",
               "Aktywny gracz zdobywa N punktów misji; wyostrzenie z tej tury anuluje je "
               "najpierw (R-DBG-3)."),
    "spend": ("Wydaj punkty misji na 3 tory.",
              "Wydaje punkty misji na 3 tory (R-DBG-3): trzy liczby, po jednej na misję "
              "(spend 2 1 0), albo MISJA=PUNKTY z numerem lub nazwą misji (spend 1=2 3=1). "
              "Kostka z obszaru startowego trafia pierwszym punktem na najniższe pole."),
    "sense": ("Wyostrzenie N anuluje punkty misji.",
              "Wyostrzenie N na aktywnego gracza anuluje N jego punktów misji w tej turze, "
              "najpierw niewydane (R-DBG-3). W grze kooperacyjnej i solo tylko z efektu, "
              "nie od gracza (rozstrzygnięcie)."),
    "attack": ("Obrażenia aktywnego gracza przeciw graczom.",
               "N obrażeń aktywnego gracza przeciw graczom, raz na koniec tury (R-DBG-4), "
               "z obrażeń zdobytych w tej turze (R-DBG-11): we właściciela celu; "
               "właściciel celu rani pełną siłą wszystkich pozostałych; bez celu — "
               "jedynego przeciwnika."),
    "target": ("Daj cel po upadku jego właściciela.",
               "Gdy właściciel celu odpadł, daje cel GRACZOWI, który otrzymuje pozostałe "
               "obrażenia (R-DBG-4)."),
    "pass": ("Właściciel celu przekazuje cel.",
             "Właściciel celu przekazuje go GRACZOWI: gdy w tej turze obrażenia innego "
             "gracza dosięgły jego zdrowia i wszystkie zostały użyte (R-DBG-4)."),
    "coins": ("Monety tej tury: zdobądź N, wydaj -N.",
              "Monety na tę turę: zdobądź N albo wydaj N przez -N (R-DBG-5). Monety nie "
              "przechodzą na następną turę."),
    "boxings": ("Kup, wymień lub zdobądź skrzyńce.",
                "Skrzyńce (R-DBG-5): kup N po 2 monety, wymień N po 1 monecie albo zdobądź "
                "N z efektu. Nigdy nie przepadają."),
    "atium": ("Zdobądź lub zużyj żetony atium.",
              "Żetony atium (R-DBG-5): zdobądź N albo zużyj N (każdy raz); w swojej turze "
              "każdy zużyty żeton zajmuje jedno spalenie."),
    "confront": ("4 atium na karcie Konfrontacja: wygrana.",
                 "Aktywny gracz zagrywa 4 atium na karcie Konfrontacja i wygrywa (w grze "
                 "kooperacyjnej wygrywają wszyscy) (R-DBG-7)."),
    "train": ("Trening: awans na torze treningu.",
              "Efekt treningu (karta, misja) przesuwa kostkę aktywnego gracza o N pól "
              "w górę toru treningu; osiągnięte nagrody przychodzą od razu: spalenia, "
              "zdolności, atium (R-DBG-9). Awans na początku tury dzieje się sam."),
    "burns": ("Więcej spaleń: w tej turze albo --lasting.",
              "Aktywny gracz może spalić N żetonów metali więcej w tej turze (karta) albo "
              "w każdej turze z --lasting (R-DBG-10)."),
    "burn": ("Spal żeton metalu (albo atium).",
             "Spala żeton METALU (tin, pewter, iron, steel, zinc, brass, copper, bronze; "
             "wystarczy jednoznaczny początek) w ramach spaleń tej tury; każdy żeton raz "
             "na turę (R-DBG-10). burn atium zużywa żeton atium, który też zajmuje "
             "spalenie."),
    "flare": ("Rozjarz żeton metalu ponad spalenia.",
              "Rozjarza żeton METALU: użyty ponad dozwolone spalenia, zostaje odwrócony po "
              "turze do odświeżenia; atium nie można rozjarzyć (R-DBG-10)."),
    "refresh": ("Odśwież rozjarzony żeton metalu.",
                "Odświeża rozjarzony żeton METALU (odrzucona karta z jego pary albo efekt "
                "odświeżenia); użyty już w tej turze, nie zostanie użyty ponownie "
                "(R-DBG-10)."),
    "combat": ("Obrażenia zdobyte w tej turze.",
               "Aktywny gracz zdobywa N obrażeń z kart tej tury. Używa ich po kartach: na "
               "sojuszników (ally), tarcze i Ostatniego Imperatora (shield, lord attack), "
               "potem na graczy (attack) — nigdy więcej, niż zdobył; reszta przepada na "
               "koniec tury; po ataku na graczy nie zdobywa się już żadnych, a po karcie "
               "Ostatniego Imperatora nie używa się żadnych (R-DBG-11)."),
    "ally": ("Użyj obrażeń na sojusznika innego gracza.",
             "Aktywny gracz używa N obrażeń tej tury na sojusznika innego gracza (co "
             "najmniej jego obrony), zanim zaatakuje graczy; tylko w grze "
             "rywalizacyjnej (R-DBG-11)."),
    "collective": ("Wspólne obrażenia podzielone między graczy.",
                   "Wspólne obrażenia N z edyktu lub adwersarza, podzielone między graczy w "
                   "grze, jak zechcą (vin=6 kel=4), razem N; bez podziału — jak "
                   "najrówniej, od aktywnego gracza (R-DBG-2)."),
    "lord": ("Kooperacja: rań lub lecz Ostatniego Imperatora.",
             "Ostatni Imperator otrzymuje N obrażeń od aktywnego gracza, z obrażeń tej "
             "tury (przy 0 gracze wygrywają), albo leczy N z efektu, nigdy ponad 48 "
             "(R-DBG-2)."),
    "dominance": ("Kooperacja: dominacja o rząd w górę.",
                  "Karta Ostatniego Imperatora zsuwa się o rząd na torze dominacji; RZĄD "
                  "to liczba widoczna w nowym rzędzie albo 0 dla jednorazowego ataku "
                  "(jego obrażenia wpisz przez damage) (R-DBG-2). Dominacja to najwyższa "
                  "widoczna liczba, najwyżej 6."),
    "edict": ("Kooperacja: dobrany i rozpatrzony edykt.",
              "Aktywny gracz dobiera edykt, rozpatrywany po kolei (R-DBG-2): wzrost "
              "dominacji (--ups, a --below-4 przy mniej niż 4 graczach; --rows: co "
              "pokazuje każdy rząd), dodatkowy efekt (na stole), Ostatni Imperator leczy "
              "10 za każdą nieukończoną misję, 2 karty z targu usunięte (na stole)."),
    "adversary": ("Kooperacja: dobrany adwersarz.",
                  "Aktywny gracz dobiera adwersarza NAZWA i kładzie go przed sobą, z jego "
                  "1–3 TARCZAMI od lewej: liczby albo X dla dominacji (R-DBG-6)."),
    "shield": ("Kooperacja: zniszcz tarczę adwersarza.",
               "Niszczy skrajną lewą stojącą tarczę ADWERSARZA (numer lub nazwa) "
               "OBRAŻENIAMI z tej tury, co najmniej wartością tarczy (X: dominacja), albo "
               "przez --kill (R-DBG-6, R-DBG-11). Ostatnia tarcza pokonuje adwersarza."),
    "end-turn": ("Zakończ turę; tura następnego gracza.",
                 "Kończy turę: punkty misji i wyostrzenie wygasają, monety i niezużyte "
                 "obrażenia przepadają, a turę zaczyna następny gracz w grze, awansując "
                 "na torze treningu. W grze kooperacyjnej najpierw dobierz kartę "
                 "Ostatniego Imperatora i wpisz ją przez edict albo adversary; gdy nie "
                 "ma czego dobrać, gracze przegrywają (R-DBG-7)."),
    "undo": ("Cofnij swój ostatni krok (historia go zachowuje).",
             "Cofa ostatni krok gry, jeśli to twój krok (--as albo $MISTBORN_AS); "
             "--anyone cofa go bez względu na autora. Zostaje w dzienniku jako cofnięty. "
             "Przygotowania gry nie cofa się nigdy."),
    "show": ("Wszystkie liczniki i tory, najwyżej/najniżej.",
             "Wszystkie liczniki i tory: zdrowie, skrzyńce i atium (▶ czyja tura, cel, kto "
             "odpadł), monety i punkty misji tej tury, tor treningu, spalenia i "
             "rozjarzone metale, każdy tor misji z najwyżej i najniżej stojącymi, a w "
             "grze kooperacyjnej Ostatni Imperator, jego talia i adwersarze."),
    "list": ("Gry zapisane w bazie.", "Wypisuje gry zapisane w bazie."),
    "use": ("Uczyń inną grę bieżącą.", "Czyni grę NAZWA bieżącą."),
    "log": ("Zdarzenia gry: kto i kiedy.",
            "Zdarzenia gry, z autorem i czasem; cofnięte zostają, oznaczone. Z --player "
            "NAME: historia gracza — jego kroki, jego tury i to, co mu zrobiono."),
}
"""Each command's (short help, help) in Polish."""

OPTIONS = {
    "--db": "Plik bazy (inaczej $MISTBORN_DB, inaczej plik w katalogu danych).",
    "--game": "Która gra (domyślnie bieżąca); przy new: jej nazwa.",
    "--as": "Kto pisze, do dziennika (inaczej $MISTBORN_AS, inaczej login).",
    "--lang": "en albo pl (domyślnie pl przy polskim locale, inaczej en).",
    "--json": "Wypisz jeden dokument JSON i nic więcej.",
    "--player": "Kto działa (domyślnie aktywny gracz).",
    "log --player": "Tylko kroki gracza NAME: przez niego zapisane, z jego tur albo "
                    "te, które go wskazują lub zmieniają (co mu zrobiono).",
    "--help": "Pokaż tę pomoc i zakończ.",
    "--players": "Gracze w kolejności miejsc, od pierwszego gracza.",
    "--coop": "Kooperacja: razem przeciw Ostatniemu Imperatorowi.",
    "--solo": "Solo: jeden gracz przeciw Ostatniemu Imperatorowi.",
    "--missions": "3 misje, każda NAZWA albo NAZWA:POLA jej nagród w połowie toru "
                  "(np. 'Pits:4,8'); domyślnie misje 1–3.",
    "--training": "Tor treningu z planszy, gdzie różni się od domyślnego: end=16 "
                  "burns=4,7,12 abilities=2,5,11,9,14 atium=3,6,8,10,13,15.",
    "--anyone": "Cofnij ostatni krok, nawet jeśli pisał go ktoś inny.",
    "--last": "Ile ostatnich zdarzeń pokazać.",
    "--by": "Kto je zagrał (domyślnie efekt).",
    "--blocked": "Obrażenia, które nie dosięgły zdrowia gracza (chmura, obrońcy): "
                 "marsh=2.",
    "target --blocked": "Pozostałe obrażenia, które nie dosięgły zdrowia GRACZA.",
    "--atium": "Ile z 4 to żetony atium (reszta: karty atium).",
    "--lasting": "Na każdą turę od teraz (stała nagroda misji), nie tylko na tę.",
    "--ups": "Ile razy podnosi dominację.",
    "--below-4": "Ile razy więcej przy mniej niż 4 graczach.",
    "--rows": "Co pokazuje każdy odsłonięty rząd (0: jednorazowy atak).",
    "--kill": "Zamiast tego tarczę usuwa efekt odrzucenia sojusznika.",
}
"""The Polish help of options, by their long name (``COMMAND --name`` where one
command's differs)."""


def short(name: str, english: str) -> str:
    """The Polish short help of the command ``name`` (its English one if none)."""
    return COMMANDS.get(name, (english, ""))[0]


def polish(command: click.Command) -> click.Command:
    """A copy of ``command`` whose help, short help and shared options' help are
    Polish; the command itself is left as it is."""
    texts = COMMANDS.get(command.name or "")
    if texts is None:
        return command
    clone = copy.copy(command)
    clone.short_help, clone.help = texts
    return speaking_polish(clone)


def _usage(self: click.Command, ctx: click.Context, formatter: click.HelpFormatter) -> None:
    formatter.write_usage(ctx.command_path, " ".join(self.collect_usage_pieces(ctx)),
                          prefix="Użycie: ")


def _options(self: click.Command, ctx: click.Context, formatter: click.HelpFormatter) -> None:
    rows = []
    for param in self.get_params(ctx):
        if not isinstance(param, click.Option):
            continue  # arguments are named in the usage line and the help text
        record = param.get_help_record(ctx)
        if record is not None:
            rows.append((record[0], _option_help(self.name, param) or record[1]))
    if rows:
        with formatter.section("Opcje"):
            formatter.write_dl(rows)
    if isinstance(self, click.Group):
        self.format_commands(ctx, formatter)


def _option_help(command: str | None, option: click.Option) -> str | None:
    for name in option.opts + option.secondary_opts:
        found = OPTIONS.get(f"{command} {name}") or OPTIONS.get(name)
        if found:
            return found
    return None


def speaking_polish(command: C) -> C:
    """``command`` (a copy) laying its help page out under Polish headings, ``Użycie:``
    and ``Opcje``, with its options' help in Polish."""
    setattr(command, "format_usage", types.MethodType(_usage, command))  # noqa: B010
    setattr(command, "format_options", types.MethodType(_options, command))  # noqa: B010
    return command
