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

from boardgames.deckbuilding.text_pl import PL
from boardgames.locales import Catalog, LocalizedBadValue, LocalizedRuleViolation, Param
from core.text import ALLOWED

__all__ = ["CATALOG", "COMMANDS", "EN", "bad_value", "violation", "violation_of"]

EN: dict[str, str] = {
    # --- malformed values ---
    "bad.name": "{field:term} must be a name of 1–{most} characters on one line, without "
                "spaces at either end, got {value}",
    "bad.number": "{field:term} must be a whole number {low}–{high}, got {value}",
    "bad.text": "{field:term} must be {allowed:allowed.}, got {value}",
    # What a name takes, in the one text rule's words (core.text.ALLOWED)
    **{f"allowed.{key}": wording for key, wording in ALLOWED.items()},
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
    "term.steps": "the steps",
    "term.metal": "the metal",
    "term.end": "the Training track's last step",
    "term.training": "the Training track",
    "term.rules": "the rules",
    "term.burns": "the Burn steps",
    "term.abilities": "the ability steps",
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
    "bad.collective": "shared damage of {amount} must be split among players still in "
                      "the game, in whole shares adding up to it; got {shares} (total "
                      "{total})",
    "bad.training": "{field:term} of the Training track must be {count:step|steps}, "
                    "each 2–{end} and all different, got {value}",
    # --- refusals ---
    "no_player": "no player called {name} (players: {players:list})",
    "no_player_close": "no player called {name} — did you mean {close}?",
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
    "deck_empty": "the Lord Ruler deck is empty: end the turn, and the Lord Ruler wins",
    "drawn_already": "{name} has drawn this turn's Lord Ruler card: one is drawn each "
                     "turn, and the turn ends next ({end})",
    "edict_rows": "with {players:player|players} alive this Edict moves Dominance up "
                  "{ups:time|times}, so give {ups:row|rows}, got {shown}: each row the "
                  "number the Dominance track shows on the row the Lord Ruler card moves "
                  "to (0 for a one-time attack)",
    "no_adversary": "no Adversary number {number} is in play (in play: {numbers})",
    "no_mission": "no Mission {value} (Missions: {names:list})",
    "no_mission_close": "no Mission {value} — did you mean {close}?",
    "no_adversary_named": "no Adversary {value} is in play (in play: {numbers})",
    "no_adversary_close": "no Adversary {value} is in play — did you mean {close}? (in "
                          "play: {numbers})",
    "adversary_ambiguous": "more than one Adversary in play is called {value}: give its "
                           "number ({numbers})",
    "shield_needs": "shield {shield} of {name} needs at least {need:damage|damage}, "
                    "got {damage}",
    "draw_first": "{name} must draw a Lord Ruler card before the turn ends: an Edict "
                  "({edict}) or an Adversary ({adversary})",
    "not_an_event": "not a Deckbuilding Game event: {value}",
    "not_started": "set up the game first (new)",
    "game_over": "the game is over; only undo can change it",
    "choose_first": "{name} must first choose who takes the Target and "
                    "{leftover:damage|damage} left over",
    "choose_first_table": "first choose who takes the Target",
    "old_rules": "this game was set up before the Training track, metals and the turn's "
                 "damage were kept, so they are not kept in it",
    "metal_used": "{name}'s {metal:metal.} token was already used this turn: each token "
                  "is used once a turn",
    "metal_flared": "{name}'s {metal:metal.} token is Flared: refresh it first",
    "burns_used": "{name} has used all {allowed:Burn|Burns} allowed this turn: Flare "
                  "{metal:metal.} instead",
    "not_flared": "{name}'s {metal:metal.} token is not Flared",
    "atium_burns": "{name} has {left:Burn|Burns} left this turn and each Atium token uses "
                   "one, so not {want}: Atium can't be Flared",
    "after_draw": "{name} has drawn the Lord Ruler card: the turn has no more damage or "
                  "cards to use",
    "not_enough_damage": "{name} has {have:damage point|damage points} left to use this "
                         "turn, not {want}",
    "ally_after_players": "{name}'s damage at players was used: Allies are attacked "
                          "before players",
    "flare_burns_left": "{name} may still Burn {metal:metal_acc.}: Flaring is for tokens "
                        "above the Burn limit, so burn it instead ({used} of {allowed} "
                        "Burns used)",  # fewer used than allowed: never 1 of 1
    "damage_after_players": "{name}'s damage at players was used: it is the turn's last "
                            "use of damage, so no more is gained this turn",
    "sense_coop": "{by} cannot play Sense on {name}: in co-op and solo a player's Sense "
                  "has no one to act on (ruling)",
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
    "say.edict": "{name} draws an Edict: Dominance up {rows:row|rows}, {old} → {new}{attacks}; "
                 "the Lord Ruler heals {heal} for Missions not completed ({missions}): "
                 "{health_old} → {health_new}; resolve its extra effect and clear 2 "
                 "Market cards (Lord Ruler deck: {deck:card|cards})",
    "say.one_time_attack": "resolve {count:~the one-time attack|both one-time attacks} on "
                           "the players now, as the Dominance track shows: each player "
                           "hit takes its damage ({command} NAME N)",
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
    "say.damage_lost": "{name}'s unused {left:damage point|damage points} {left:~is|are} "
                       "lost",
    "say.training": "{name} moves up the Training track, step {old} → {new}",
    "say.training_end": "{name} moves up from the end of the Training track",
    "say.training_rewards": ": {rewards:list}",
    "say.train_burns": "{count:Burn|Burns} a turn now",
    "say.train_ability": "{ability} unlocked",
    "say.train_atium": "{count:Atium token|Atium tokens} (Atium: {total})",
    "say.burns_gain": "{name} may Burn {count} more this turn ({used} of "
                      "{allowed:Burn|Burns} used)",
    "say.burns_gain_lasting": "{name} may Burn {count} more every turn "
                              "({allowed:Burn|Burns} allowed)",
    "say.burn": "{name} Burns {metal} ({used} of {allowed:Burn|Burns} used)",
    "say.flare": "{name} Flares {metal}: it stays flipped until refreshed (Flared: "
                 "{flared:list})",
    "say.refresh": "{name} refreshes {metal}",
    "say.damage_gain": "{name} gains {amount:damage point|damage points} ({total} to "
                       "use this turn)",
    "say.ally_attack": "{name} uses {amount:damage point|damage points} on an Ally "
                       "({left} left to use)",
    "ability.I": "ability I",
    "ability.II": "ability II",
    "ability.III": "ability III",
    "ability.eliminate": "the buy-and-eliminate ability",
    "ability.atium": "the Atium effect",
    "ability_acc.I": "ability I",
    "ability_acc.II": "ability II",
    "ability_acc.III": "ability III",
    "ability_acc.eliminate": "the buy-and-eliminate ability",
    "ability_acc.atium": "the Atium effect",
    "metal.tin": "tin",
    "metal.pewter": "pewter",
    "metal.iron": "iron",
    "metal.steel": "steel",
    "metal.zinc": "zinc",
    "metal.brass": "brass",
    "metal.copper": "copper",
    "metal.bronze": "bronze",
    "metal_acc.tin": "tin",
    "metal_acc.pewter": "pewter",
    "metal_acc.iron": "iron",
    "metal_acc.steel": "steel",
    "metal_acc.zinc": "zinc",
    "metal_acc.brass": "brass",
    "metal_acc.copper": "copper",
    "metal_acc.bronze": "bronze",
    "metal_gen.tin": "tin",
    "metal_gen.pewter": "pewter",
    "metal_gen.iron": "iron",
    "metal_gen.steel": "steel",
    "metal_gen.zinc": "zinc",
    "metal_gen.brass": "brass",
    "metal_gen.copper": "copper",
    "metal_gen.bronze": "bronze",
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
    "say.solo_win_lord_ruler": "{name} wins: the Lord Ruler is at 0",
    "say.solo_loss_deck": "{name} loses: the Lord Ruler deck is empty",
    "say.solo_loss_all_out": "{name} loses: out of the game",
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
    "screen.mission_head": "{mission}: {count:~reward|rewards} at {steps}",
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
    "screen.next_end": "{name} has drawn the Lord Ruler card: {end} ends turn {number}",
    "screen.next_draw": "{name} draws a Lord Ruler card ({edict} {rows} ROW…, or "
                        "{adversary} NAME SHIELD…), then {end}",
    "screen.with_param": "with {param}",
    "screen.next_out": "{name} is out of the game: end the turn",
    "screen.adversary_effects": "first, at the end of the turn: the effects of "
                                "{names:list}",
    "screen.damage_left": "{damage:damage point|damage points} to use",
    "screen.training": "Training and metals",
    "screen.training_row": "{name}: step {step}/{end}, Burns {used}/{allowed}",
    "screen.abilities": "unlocked: {abilities:list}",
    "screen.flared": "Flared: {metals:list}",
    "screen.over": "the game is over: {result}",
    "screen.summary": "turn {number}, {name} to play",
    "screen.words_next": "Next",
    "screen.words_meanwhile": "Meanwhile",
    "screen.words_undone": "Undone",
    "screen.words_undone_by": "{who}'s step was undone",
    "screen.words_not_yours": "the last step of {name} is {who}'s, not yours: nothing "
                              "undone (undo {anyone} takes it back)",
    "screen.no_game": "there is no Deckbuilding Game in the table yet: start one with "
                      "{command}",
    "screen.nothing_to_undo": "nothing to undo in {name}",
    "screen.setup_kept": "only the set-up is left, and it is not undone: start another "
                         "game with {command}",
    "screen.unknown_game": "no game named {typed} (games: {names:list})",
    "screen.ambiguous": "{typed} could be {names:list}: type more of the name",
    "summary.player": "{name}: health {health}; {missions}",
    "summary.out": "{name}: eliminated (health {health}); {missions}",
    "summary.step": "{mission} step {step}",
    "summary.start": "{mission} start area",
    "summary.top": "{mission} top",
    "summary.head": "Summary",
}


CATALOG = Catalog("deckbuilding", {"en": EN, "pl": PL})

COMMANDS: dict[str, Param] = {"edict": "edict", "adversary": "adversary", "end": "end-turn"}
"""The commands the texts name, passed to them as they are typed in every language."""
"""The Deckbuilding Game's texts in English and Polish."""


def bad_value(key: str, rule: str | None, **params: Param) -> LocalizedBadValue:
    """A malformed value, said by catalog key ``key``."""
    return LocalizedBadValue(CATALOG, key, params, rule=rule)


def violation(key: str, rule: str | None, **params: Param) -> LocalizedRuleViolation:
    """A refusal by rule ``rule``, said by catalog key ``key``."""
    return LocalizedRuleViolation(CATALOG, key, params, rule=rule)


def violation_of(about: str, key: str, rule: str | None, **params: Param
                 ) -> LocalizedRuleViolation:
    """:func:`violation` about the step's parameter ``about`` (by its table name: each
    front door words it)."""
    return LocalizedRuleViolation(CATALOG, key, params, rule=rule, param=about)
