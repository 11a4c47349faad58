"""English and Spanish texts for every error code (``message(error, lang)``).

Templates use the error's params by name (``{limit}``); a UI may use them or its own texts.
Round numbers in params are 1-based, as shown to people; seats are 0-based indexes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .errors import KeeperError

LANGUAGES = ("en", "es")

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        # setup
        "name_blank": "Enter a name.",
        "name_too_long": "A name can have at most {limit} characters.",
        "name_taken": "{name!r} is already playing.",
        "name_bad_char": "A name cannot contain control characters.",
        "too_many_players": "At most {limit} players.",
        "too_few_players": "At least {minimum} players are needed ({count} so far).",
        "teams_need_even": "Teams need an even number of players, at least 4 ({count} now).",
        "no_such_seat": "There is no player number {seat} (there are {count}).",
        "bad_order": "That is not an order of the {count} players.",
        "game_started": "Players can only be added, removed or reordered before the first round.",
        "no_dealer": "Choose who deals first.",
        "bad_option": "{option} cannot be {value!r}; allowed: {allowed}.",
        "bad_target": "The target must be a whole number from {minimum} to {maximum}.",
        "bad_wild_points": "A Wild is worth 50 or 40 points.",
        "title_too_long": "A title can have at most {limit} characters.",
        # round entry
        "no_winner": "Choose who went out.",
        "wrong_hand_count": "{count} hands given for {players} players.",
        "blank_hand": "Enter this hand's points (0 is allowed) or its cards.",
        "not_a_number": "{text!r} is not a whole number of points.",
        "negative": "Points cannot be negative.",
        "not_a_card": "{text!r} is not a card.",
        "winner_hand_not_empty": "The player who went out has no cards left.",
        "too_many_copies": "{count} × {card} entered in this round; the deck has only {limit}.",
        "too_many_cards": "{count} cards entered; the deck has {limit} besides the last card played.",
        "not_enough_cards": "Only {left} card(s) are left for {hands} typed hand(s) and the last card played.",
        "total_too_high": "{total} is more than the cards left can make (at most {max}).",
        "total_impossible": "No hand of the cards left adds up to exactly {total}.",
        "totals_too_high": "The hands add up to {total}; the cards left make at most {max}.",
        "totals_impossible": "These {hands} typed totals ({total} in all) cannot all be made from the cards left.",
        "round_rejected": "The round was not saved.",
        # sheet
        "match_over": "The match is over; start a new game to play on.",
        "no_rounds": "There is no round yet.",
        "no_such_round": "There is no round {round} (there are {count}).",
        "ends_match_early": "With this change the match would have ended after round {round}, "
        "before the {later} later round(s); delete those first.",
        # load
        "not_json": "This file is not a score sheet (it is not valid JSON).",
        "not_a_sheet": "This file is not an UNO score sheet.",
        "unsupported_version": "This sheet was saved by a newer version (format {version}); "
        "this app reads format {supported}.",
        "damaged": "This file is damaged (its checksum does not match its content).",
        "bad_field": "This file is damaged: {path} should be {expected}.",
        "invalid_sheet": "This file is damaged: {detail}",
        "duplicate_id": "Two saved games have the id {id!r}.",
        "no_such_sheet": "There is no saved game with the id {id!r}.",
    },
    "es": {
        "name_blank": "Escribe un nombre.",
        "name_too_long": "Un nombre puede tener como máximo {limit} caracteres.",
        "name_taken": "{name!r} ya está jugando.",
        "name_bad_char": "Un nombre no puede contener caracteres de control.",
        "too_many_players": "Como máximo {limit} jugadores.",
        "too_few_players": "Hacen falta al menos {minimum} jugadores (hay {count}).",
        "teams_need_even": "Los equipos necesitan un número par de jugadores, al menos 4 (hay {count}).",
        "no_such_seat": "No hay jugador número {seat} (hay {count}).",
        "bad_order": "Ese no es un orden de los {count} jugadores.",
        "game_started": "Solo se pueden añadir, quitar o reordenar jugadores antes de la primera ronda.",
        "no_dealer": "Elige quién reparte primero.",
        "bad_option": "{option} no puede ser {value!r}; valores posibles: {allowed}.",
        "bad_target": "El objetivo debe ser un número entero de {minimum} a {maximum}.",
        "bad_wild_points": "Un Comodín vale 50 o 40 puntos.",
        "title_too_long": "Un título puede tener como máximo {limit} caracteres.",
        "no_winner": "Elige quién se quedó sin cartas.",
        "wrong_hand_count": "{count} manos para {players} jugadores.",
        "blank_hand": "Escribe los puntos de esta mano (0 vale) o sus cartas.",
        "not_a_number": "{text!r} no es un número entero de puntos.",
        "negative": "Los puntos no pueden ser negativos.",
        "not_a_card": "{text!r} no es una carta.",
        "winner_hand_not_empty": "Quien se quedó sin cartas no tiene mano.",
        "too_many_copies": "{count} × {card} en esta ronda; la baraja solo tiene {limit}.",
        "too_many_cards": "{count} cartas; la baraja tiene {limit} además de la última carta jugada.",
        "not_enough_cards": "Solo quedan {left} carta(s) para {hands} mano(s) escritas y la última carta jugada.",
        "total_too_high": "{total} es más de lo que pueden sumar las cartas que quedan (como máximo {max}).",
        "total_impossible": "Ninguna mano con las cartas que quedan suma exactamente {total}.",
        "totals_too_high": "Las manos suman {total}; las cartas que quedan suman como máximo {max}.",
        "totals_impossible": (
            "Estos {hands} totales ({total} en total) no pueden salir a la vez de las cartas que quedan."
        ),
        "round_rejected": "La ronda no se ha guardado.",
        "match_over": "La partida ha terminado; empieza una nueva para seguir.",
        "no_rounds": "Todavía no hay ninguna ronda.",
        "no_such_round": "No hay ronda {round} (hay {count}).",
        "ends_match_early": "Con este cambio la partida habría terminado en la ronda {round}, "
        "antes de las {later} rondas siguientes; bórralas primero.",
        "not_json": "Este archivo no es una hoja de puntos (no es JSON válido).",
        "not_a_sheet": "Este archivo no es una hoja de puntos de UNO.",
        "unsupported_version": "Esta hoja es de una versión más nueva (formato {version}); "
        "esta aplicación lee el formato {supported}.",
        "damaged": "Este archivo está dañado (la suma de control no coincide).",
        "bad_field": "Este archivo está dañado: {path} debería ser {expected}.",
        "invalid_sheet": "Este archivo está dañado: {detail}",
        "duplicate_id": "Dos partidas guardadas tienen el id {id!r}.",
        "no_such_sheet": "No hay ninguna partida guardada con el id {id!r}.",
    },
}


def message(error: KeeperError, lang: str = "en") -> str:
    """The error as a sentence in ``lang`` (``"en"`` or ``"es"``; unknown languages fall back to English)."""
    table = MESSAGES.get(lang, MESSAGES["en"])
    template = table.get(error.code) or MESSAGES["en"].get(error.code)
    if template is None:
        return error.code
    params: dict[str, Any] = {"seat": error.seat, **error.params}
    try:
        return template.format(**params)
    except (KeyError, IndexError, ValueError):
        return f"{error.code} {params}"
