"""The save format of one sheet: a JSON-ready dict with a format tag, a version and a checksum.

``save(sheet)`` gives::

    {"format": "uno-scorekeeper-sheet", "version": 2, "checksum": "<sha256 hex>",
     "sheet": {"players": ["Ana", ...], "options": {...}, "first_dealer": 0, "dealer_drawn": false,
               "rounds": [{"winner": 1, "hands": [{"total": 12}, null, {"cards": ["R7", "W"]}]}],
               "entry_mode": "cards"}}

``load(data)`` checks all of it strictly (the checksum is SHA-256 of the canonical JSON of
``"sheet"``) and returns a new ``Sheet``, or raises ``LoadError`` and changes nothing.

Versions: 1 had no ``"entry_mode"`` (read as ``"total"``, the only mode then remembered); 2 adds it; 3 adds
``"people"``, each seat's person id or null (``Sheet.people``), and ``"story"`` when the sheet has one (its place,
notes and the time of its first round: ``scorekeeper.story``). A sheet of version 1 or 2 was kept on this phone
before people had ids: each seat gets ``name_person(name)``, so one name is one person across the old sheets, the
same on every read. ``load`` reads all three; ``save`` writes the newest; a newer version is refused
(``unsupported_version``).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from uno_core.cards import Card
from uno_core.errors import NotationError

from .entry import Mode
from .errors import KeeperError, LoadError
from .model import Hand, Round
from .options import Options
from .sheet import Sheet
from .story import Story

FORMAT = "uno-scorekeeper-sheet"
VERSION = 3
READS = (1, 2, 3)  # every version `load` migrates from
SHEET_KEYS = {1: {"players", "options", "first_dealer", "dealer_drawn", "rounds"}}
SHEET_KEYS[2] = SHEET_KEYS[1] | {"entry_mode"}
SHEET_KEYS[3] = SHEET_KEYS[2] | {"people"}


def name_person(name: str) -> str:
    """The person id of a player of a sheet saved before people had ids: the name, case folded (``"~ana"``)."""
    return "~" + name.casefold()


def canonical_json(data: Any) -> str:
    """Sorted keys, no spaces, UTF-8 text: the form that checksums are taken of."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False)


def checksum(data: Any) -> str:
    return hashlib.sha256(canonical_json(data).encode("utf-8")).hexdigest()


def sheet_data(sheet: Sheet) -> dict[str, Any]:
    """The ``"sheet"`` part of a save: plain JSON types only."""
    return {
        "players": list(sheet.players),
        "options": sheet.options.to_dict(),
        "first_dealer": sheet.first_dealer,
        "dealer_drawn": sheet.dealer_drawn,
        "rounds": [
            {"winner": round_.winner, "hands": [_hand_data(hand) for hand in round_.hands]} for round_ in sheet.rounds
        ],
        "entry_mode": sheet.entry_mode.value,
        "people": list(sheet.people),
    } | ({} if sheet.story.empty else {"story": sheet.story.to_data()})


def _hand_data(hand: Hand | None) -> dict[str, Any] | None:
    if hand is None:
        return None
    if hand.cards is not None:
        return {"cards": [str(card) for card in hand.cards]}
    return {"total": hand.total}


def save(sheet: Sheet) -> dict[str, Any]:
    """The JSON-ready save of ``sheet``."""
    data = sheet_data(sheet)
    return {"format": FORMAT, "version": VERSION, "checksum": checksum(data), "sheet": data}


def dumps(sheet: Sheet) -> str:
    """``save(sheet)`` as JSON text (for a file to export)."""
    return json.dumps(save(sheet), ensure_ascii=False, indent=1)


def loads(text: str | bytes) -> Sheet:
    """A sheet from JSON text; ``LoadError`` (``not_json`` ...) if it is not a valid save."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError):
        raise LoadError("not_json") from None
    return load(data)


def load(data: Any) -> Sheet:
    """The sheet of a save (as from ``json.loads``); strict: ``LoadError`` on anything wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise LoadError("not_a_sheet")
    version = data.get("version")
    if type(version) is int and version > VERSION:
        raise LoadError("unsupported_version", version=version, supported=VERSION)
    if type(version) is not int or version not in READS:
        raise LoadError("bad_field", path="version", expected=" or ".join(map(str, READS)))
    _keys(data, {"format", "version", "checksum", "sheet"}, "")
    body = data["sheet"]
    stamp = data["checksum"]
    try:
        expected = checksum(body)
    except (TypeError, ValueError, RecursionError):
        raise LoadError("bad_field", path="sheet", expected="JSON data") from None
    if not isinstance(stamp, str) or stamp != expected:
        raise LoadError("damaged")
    return parse_sheet(body, version)


def parse_sheet(body: Any, version: int = VERSION) -> Sheet:
    """The ``"sheet"`` part of a save of ``version``, checked field by field and then as a whole."""
    has_story = version >= 3 and isinstance(body, dict) and "story" in body  # optional: only when there is one
    _keys(body, SHEET_KEYS[version] | ({"story"} if has_story else set()), "sheet")
    mode = body.get("entry_mode", Mode.TOTAL.value)
    if not isinstance(mode, str) or mode not in {item.value for item in Mode}:
        raise LoadError("bad_field", path="sheet.entry_mode", expected='"total" or "cards"')
    players = _list(body["players"], "sheet.players")
    for index, name in enumerate(players):
        _type(name, str, f"sheet.players[{index}]", "a text")
    if not isinstance(body["options"], dict):
        raise LoadError("bad_field", path="sheet.options", expected="an object")
    dealer = body["first_dealer"]
    if dealer is not None:
        _type(dealer, int, "sheet.first_dealer", "a seat number or null")
    _type(body["dealer_drawn"], bool, "sheet.dealer_drawn", "true or false")
    rounds = tuple(
        _round(item, f"sheet.rounds[{index}]") for index, item in enumerate(_list(body["rounds"], "sheet.rounds"))
    )
    if version >= 3:
        people = _list(body["people"], "sheet.people")
        for index, person in enumerate(people):
            if person is not None:
                _type(person, str, f"sheet.people[{index}]", "a person id or null")
    else:
        people = [name_person(name) for name in players]
    story = Story.from_data(body["story"], "sheet.story") if has_story else Story()
    try:
        options = Options.from_dict(body["options"])
        return Sheet(tuple(players), options, dealer, body["dealer_drawn"], rounds, Mode(mode), tuple(people), story)
    except KeeperError as error:
        raise LoadError("invalid_sheet", detail=str(error), reason=error.code) from None


def _round(item: Any, path: str) -> Round:
    _keys(item, {"winner", "hands"}, path)
    _type(item["winner"], int, f"{path}.winner", "a seat number")
    hands = _list(item["hands"], f"{path}.hands")
    return Round(item["winner"], tuple(_hand(hand, f"{path}.hands[{index}]") for index, hand in enumerate(hands)))


def _hand(item: Any, path: str) -> Hand | None:
    if item is None:
        return None
    if not isinstance(item, dict) or len(item) != 1 or not set(item) <= {"total", "cards"}:
        raise LoadError("bad_field", path=path, expected='null, {"total": n} or {"cards": [...]}')
    if "total" in item:
        _type(item["total"], int, f"{path}.total", "a whole number")
        return Hand.of_total(item["total"])
    codes = _list(item["cards"], f"{path}.cards")
    cards: list[Card] = []
    for index, code in enumerate(codes):
        try:
            cards.append(Card.parse(code) if isinstance(code, str) else Card.parse(repr(code)))
        except NotationError:
            raise LoadError("bad_field", path=f"{path}.cards[{index}]", expected="a card code (R7, W+4...)") from None
    return Hand.of_cards(cards)


def _keys(item: Any, keys: set[str], path: str) -> None:
    if not isinstance(item, dict):
        raise LoadError("bad_field", path=path or "the file", expected="an object")
    if set(item) != keys:
        odd = sorted(map(str, set(item) ^ keys))
        raise LoadError(
            "bad_field", path=f"{path}.{odd[0]}" if path else odd[0], expected="present" if odd[0] in keys else "absent"
        )


def _list(item: Any, path: str) -> list[Any]:
    if not isinstance(item, list):
        raise LoadError("bad_field", path=path, expected="a list")
    return item


def _type(value: Any, kind: type, path: str, expected: str) -> None:
    if type(value) is not kind:
        raise LoadError("bad_field", path=path, expected=expected)
