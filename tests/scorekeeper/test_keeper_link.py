"""Sheet links (scorekeeper.link): any sheet round-trips exactly, damage of any kind is refused
with its code, and the links fit: an evening of tapped hands in under 1,000 characters, a 10-player
40-round sheet in one QR code (or reported as too long for one)."""

from __future__ import annotations

import base64
import random
import zlib

import pytest
from hypothesis import given
from hypothesis import strategies as st
from keeper_helpers import BASE, NAMES, body_of, deal, draft_of_deal, evening, make_sheet, options_st, reseal, rngs

from scorekeeper import KeeperError, LoadError, Options, Sheet, SheetError, new_sheet
from scorekeeper.link import (  # a version 1 library token, made as it was
    ALL_ROUTE,
    LIBRARY_VERSION,
    QR_MAX_BYTES,
    ROUTE,
    _seal,
    _write_sheet,
    _Writer,
    decode,
    decode_all,
    decode_library,
    encode,
    encode_library,
    fits_qr,
    kind_of,
    route_of,
    sheet_link,
    view_of,
)
from scorekeeper.people import Roster
from uno_core.rules import teams_fit

# any names the keeper takes: emoji, HTML, accents, scripts other than Latin
name_st = st.one_of(
    st.sampled_from(["<img src=x onerror=alert(1)>", "Zoë 🃏", "👨‍👩‍👧", "&amp; \"q\" 'a'", "李", "Ana"]),
    st.text(st.characters(exclude_categories=("Cc", "Cs", "Zs", "Zl", "Zp")), min_size=1, max_size=32),
)


@st.composite
def any_sheet(draw: st.DrawFn) -> Sheet:
    """Any sheet: 0..10 players of any names, any options, dealer chosen or drawn or none, any rounds."""
    options = Options.from_dict(draw(options_st))
    names = draw(st.lists(name_st, max_size=10, unique_by=str.casefold))
    sheet = Sheet(options=options)
    for name in names:
        try:
            sheet = sheet.add_player(name)
        except KeeperError:
            continue  # a name clean_name refuses or folds into another: not a sheet
    count = len(sheet.players)
    if count and draw(st.booleans()):
        seat = draw(st.integers(0, count - 1))
        sheet = sheet.draw_dealer(_Fixed(seat)) if draw(st.booleans()) else sheet.choose_dealer(seat)
    sheet = sheet.with_entry_mode(draw(st.sampled_from(["total", "cards"])))
    if sheet.setup_problems() or (options.teams and not teams_fit(count)):
        return sheet
    rng = draw(rngs)
    for _ in range(draw(st.integers(0, 12))):
        winner = rng.randrange(count)
        try:
            sheet = sheet.add_round(draft_of_deal(deal(rng, count, winner, 8), winner, rng, options.wild_points))
        except SheetError:
            break  # the match is over
    return sheet


class _Fixed:
    def __init__(self, seat: int) -> None:
        self.seat = seat

    def randrange(self, stop: int, /) -> int:
        return self.seat


@given(any_sheet())
def test_any_sheet_round_trips_exactly_with_its_view(sheet: Sheet) -> None:
    link = sheet_link(BASE + "#/score", sheet)
    assert link.startswith(BASE + ROUTE + "k1.")
    opened = decode(link)
    assert opened.sheet == sheet  # entry mode, dealer drawn, card order, names: everything
    assert opened.view == view_of(sheet)
    assert opened.agrees
    assert decode("#" + link.split("#", 1)[1]).sheet == sheet  # the fragment alone, as the page has it
    assert decode(encode(sheet)).sheet == sheet  # the bare token


def test_names_with_html_and_emoji_come_back_as_they_were() -> None:
    names = ["<img src=x onerror=alert(1)>", "Zoë 🃏", "👨‍👩‍👧"]
    sheet = new_sheet(names).choose_dealer(2)
    assert decode(sheet_link(BASE, sheet)).sheet.players == tuple(names)


def test_a_view_that_differs_from_the_tally_is_told() -> None:
    """A link whose carried standings are not what this keeper computes decodes, and says it disagrees."""
    sheet = evening(3, 2, 5)
    body = bytearray(body_of(encode(sheet))[:-4])
    view = view_of(sheet)
    total = view.standings[0].total
    # the first standing's total, zigzag varint, sits after its seats and rank: find and bump it
    marker = bytes([1, view.standings[0].seats[0], view.standings[0].rank])
    at = body.index(marker, len(body) - 40) + len(marker)
    assert body[at] | (body[at + 1] << 7 if body[at] & 0x80 else 0) != 0 or total == 0
    body[at] ^= 2  # total +- 1
    opened = decode(reseal(bytes(body)))
    assert opened.sheet == sheet
    assert not opened.agrees


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("", "link_not_ours"),
        ("https://example.com/#/play", "link_not_ours"),
        ("https://example.com/#/score/link/hello", "link_not_ours"),
        ("#/score/link/x1.AAAA", "link_not_ours"),
        ("#/score/link/k0.AAAA", "link_not_ours"),
        ("#/score/link/k2.AAAA", "link_newer"),
        ("#/score/link/k17.anything at all", "link_newer"),
        ("#/score/link/k1.", "link_truncated"),
        ("#/score/link/k1.////", "link_not_ours"),  # not base64url
    ],
)
def test_foreign_and_newer_links_are_refused_by_code(text: str, code: str) -> None:
    with pytest.raises(LoadError) as caught:
        decode(text)
    assert caught.value.code == code
    assert caught.value.field == "link"


def test_a_newer_version_is_told_apart_from_damage() -> None:
    token = encode(evening(4, 3, 6))
    with pytest.raises(LoadError) as caught:
        decode("k2." + token.split(".", 1)[1])
    assert caught.value.code == "link_newer"
    assert caught.value.params == {"version": 2, "supported": 1}


@given(st.data())
def test_every_cut_of_a_link_is_refused_as_truncated_or_corrupt(data: st.DataObject) -> None:
    token = encode(evening(4, 9, 10))
    cut = data.draw(st.integers(3, len(token) - 1))
    with pytest.raises(LoadError) as caught:
        decode(token[:cut])
    assert caught.value.code in {"link_truncated", "link_corrupt"}


def test_a_link_cut_short_says_truncated() -> None:
    token = encode(evening(4, 9, 10))
    for cut in (len(token) // 2, len(token) - 8):
        with pytest.raises(LoadError) as caught:
            decode(token[:cut])
        assert caught.value.code == "link_truncated"


@given(st.data())
def test_any_changed_character_is_refused_or_decodes_to_the_same_sheet(data: st.DataObject) -> None:
    """A typo in the data part: refused (the checksum, deflate or the reader catches it), never another sheet."""
    sheet = evening(4, 5, 8)
    token = encode(sheet)
    at = data.draw(st.integers(3, len(token) - 1))
    char = data.draw(st.sampled_from("AQgw09_-zZ"))
    changed = token[:at] + char + token[at + 1 :]
    try:
        assert decode(changed).sheet == sheet  # a change in the last character's unused bits
    except LoadError as error:
        assert error.code in {"link_corrupt", "link_truncated"}


def test_damage_is_refused_as_corrupt() -> None:
    sheet = evening(4, 3, 6)
    token = encode(sheet)
    body = body_of(token)
    two = bytes([1, ord("A"), 1, ord("B")])  # two players, A and B
    cases = {
        "checksum": (token[:-6] + ("AAAAAA" if token[-6:] != "AAAAAA" else "BBBBBB"), None),
        "flipped byte": ("k1." + _b64(_deflate(body[:10] + bytes([body[10] ^ 0x40]) + body[11:])), None),
        "trailing bytes": (reseal(body[:-4] + b"\0"), "trailing bytes"),
        "ends early": (reseal(body[:-6]), "ends early"),
        "a card that is none": (reseal(bytes([0, 0x80, 100, 2, *two, 0, 1, 0, 4, 54])), "card"),
        "a target scorekeeper refuses": (reseal(bytes([0, 0, 0, 0, 0])), "bad_target"),
        "a winner who is not seated": (reseal(bytes([0, 0x80, 100, 2, *two, 0, 1, 5, 0, 3])), "round_rejected"),
        "another kind": (reseal(bytes([7]) + body[1:-4]), "kind"),
        "not deflate": ("k1." + _b64(b"\xff" * 40), None),
        "deflate and more": ("k1." + _b64(_deflate(body) + b"extra"), None),
    }
    for what, (bad, reason) in cases.items():
        with pytest.raises(LoadError) as caught:
            decode(bad)
        assert caught.value.code == "link_corrupt", what
        assert reason is None or caught.value.params.get("reason") == reason, (what, caught.value.params)


def test_a_deflate_bomb_is_refused_without_inflating_it_all() -> None:
    with pytest.raises(LoadError) as caught:
        decode("k1." + _b64(_deflate(b"\0" * (3 << 20))))
    assert caught.value.code == "link_corrupt"


def _deflate(data: bytes) -> bytes:
    packer = zlib.compressobj(9, zlib.DEFLATED, -15)
    return packer.compress(data) + packer.flush()


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_a_library_token_carries_every_titled_sheet() -> None:
    entries = (("Friday", evening(4, 3, 6)), ("Zoë 🃏 <b>", make_sheet(2, 1)), ("empty", new_sheet()))
    token = encode_library(entries)
    assert kind_of(token) == 1 and kind_of(encode(evening(2, 1, 3))) == 0
    assert decode_library(token) == entries
    with pytest.raises(LoadError) as caught:
        decode(token)  # a library is not a sheet
    assert caught.value.code == "link_corrupt"
    with pytest.raises(LoadError) as caught:
        decode_library(encode(entries[0][1]))
    assert caught.value.code == "link_corrupt"


def test_a_library_token_carries_the_people_and_the_regulars_and_an_old_one_still_opens() -> None:
    friday = make_sheet(2, 0).with_people(("~ana", None))
    roster = Roster(names={"~ana": "Anita"}, merged={"~bob": "~ana"}, forgotten=frozenset({"~cy"}))
    token = encode_library((("Friday", friday),), roster)
    assert token.startswith(f"k{LIBRARY_VERSION}.") and LIBRARY_VERSION == 2
    entries, found = decode_all(token)
    assert entries == (("Friday", friday),) and entries[0][1].people == ("~ana", None) and found == roster
    old = _Writer()  # a library token of version 1: no people, no roster
    old.data.append(1)
    old.uint(1)
    old.text("Friday")
    _write_sheet(old, friday)
    entries, found = decode_all(_seal(bytes(old.data), 1))
    assert entries[0][1].people == (None, None) and entries[0][1].same_game(friday) and found == Roster()
    with pytest.raises(LoadError) as caught:
        decode_all("k3." + token.split(".", 1)[1])
    assert caught.value.code == "link_newer"


def test_an_evening_of_tapped_hands_gives_a_link_under_1000_characters() -> None:
    for seed in range(20):
        sheet = evening(4, 9, 12, seed)
        assert all(hand is None or hand.is_cards for round_ in sheet.rounds for hand in round_.hands)
        link = sheet_link(BASE, sheet)
        assert len(link) < 1000, (seed, len(link))
        assert decode(link).sheet == sheet


def test_a_10_player_40_round_sheet_fits_one_qr_code_or_is_reported_too_long() -> None:
    usual = evening(10, 40, 7)  # every hand tapped, up to 7 cards left in each
    link = sheet_link(BASE, usual)
    assert len(link.encode()) <= QR_MAX_BYTES and fits_qr(link)
    assert decode(link).sheet == usual
    typed = evening(10, 40, 7).with_entry_mode("total")
    assert fits_qr(sheet_link(BASE, typed))
    huge = evening(10, 40, 14)  # up to 14 cards in every hand of every round: too much for one code
    link = sheet_link(BASE, huge)
    assert len(link.encode()) > QR_MAX_BYTES and not fits_qr(link)
    assert decode(link).sheet == huge  # the link itself still carries it


def test_names_fill_the_standings_seats_in_team_games() -> None:
    sheet = make_sheet(4, 0, teams=True, target=100_000)
    rng = random.Random(3)
    sheet = sheet.add_round(draft_of_deal(deal(rng, 4, 1), 1, rng))
    view = decode(encode(sheet)).view
    assert sorted(seat for standing in view.standings for seat in standing.seats) == [0, 1, 2, 3]
    assert len(view.rounds[0].gained) == 2
    assert NAMES[0] in sheet.players


def test_a_pasted_link_opens_the_page_of_its_kind() -> None:
    sheet_token = encode(evening(3, 2, 5))
    all_token = encode_library((("Friday", evening(2, 1, 3)),))
    broken = f"https://uno.example/app/#/score/link/{sheet_token[:30]}\n{sheet_token[30:60]} {sheet_token[60:]}"
    for text in (
        f"https://uno.example/app/#/score/link/{sheet_token}",
        f"  #/score/link/{sheet_token}\n",
        sheet_token,
        broken,
    ):
        assert route_of(text) == ROUTE + sheet_token
    for text in (f"http://127.0.0.1:8000/#/score/all/{all_token}", all_token):
        assert route_of(text) == ALL_ROUTE + all_token
    for text, code in (
        ("", "link_empty"),
        ("   ", "link_empty"),
        ("https://example.com/#/play", "link_not_ours"),
        ("hello", "link_not_ours"),
        (f"#/score/link/{sheet_token[:-9]}", "link_truncated"),
    ):
        with pytest.raises(LoadError) as caught:
            route_of(text)
        assert caught.value.code == code, text
