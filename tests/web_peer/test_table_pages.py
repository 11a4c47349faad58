"""The pages of a table of phones (app.peer.pages): pure functions of plain values."""

from __future__ import annotations

import dataclasses

from app.peer import pages
from app.play.config import AwayChoice
from app.score.keepsafe import Facts
from app.score.page_state import Screen
from app.score.showing import screen_of
from app.score.step import State
from app.score.store import Drafts, Shelf
from app.score.visit import Visit
from app.score.where import Where
from app.tree import El, find, keys_of
from scorekeeper import RoundDraft, Sheet, link, new_sheet

OFFER = "CAATAE4IARZTKRCHDBIVMRKQLF2FU52UKF2EOYTONBSGS5LPPBDHU33KABAQTKWCQ2RWDDW2F7X43IW7AQAEDO7ERPM2C3IAKS4Y4B"


def by_id(node: El, id_: str) -> El | None:
    found = find(node, id=id_)
    return found[0] if found else None


HOST = pages.HostPage("s1", "Ana, Beto", True, True, (), "", False, "", False, "")


def test_a_browser_without_webrtc_says_so_and_offers_no_invitation() -> None:
    page = pages.host_page(dataclasses.replace(HOST, webrtc=False))
    keys = keys_of(page)
    assert "table.no_webrtc" in keys and "table.add" not in keys
    assert by_id(page, "table-invite") is None


def test_an_invitation_shows_its_qr_code_its_text_and_where_the_answer_goes() -> None:
    page = pages.host_page(dataclasses.replace(HOST, code=OFFER, inviting=True, error="corrupt"))
    qr = by_id(page, "table-qr-title")
    assert qr is not None
    svg = next(e for e in page.walk() if e.tag == "svg")
    assert int(svg.attr("data-version") or 0) <= 10  # a link a phone's camera reads across a table
    shown = by_id(page, "table-offer-code")
    assert shown is not None and "".join(str(c) for c in shown.children).replace(" ", "") == OFFER
    assert by_id(page, "table-code") is not None and by_id(page, "table-scan") is not None
    assert "table.err.corrupt" in keys_of(page)


def test_a_games_host_page_speaks_of_hands_played_not_of_a_sheet() -> None:
    assert "table.host_lead" in keys_of(pages.host_page(HOST))
    game = keys_of(pages.host_page(dataclasses.replace(HOST, away=AwayChoice())))
    assert "play.phones.host_lead" in game and "table.host_lead" not in game


def test_no_camera_no_scan_button() -> None:
    page = pages.host_page(dataclasses.replace(HOST, code=OFFER, inviting=True, camera=False))
    assert by_id(page, "table-scan") is None and by_id(page, "table-code") is not None


def test_the_guests_are_listed_with_their_state() -> None:
    guests = (pages.GuestLine("Beto", True), pages.GuestLine("", False))
    page = pages.host_page(dataclasses.replace(HOST, guests=guests))
    listed = by_id(page, "table-guests")
    assert listed is not None
    assert [item.attr("class") for item in listed.children if not isinstance(item, str)] == [
        "table-guest",
        "table-guest table-away",
    ]
    assert {"table.connected", "table.away", "table.watching", "table.stop"} <= set(keys_of(page))
    silent = pages.host_page(dataclasses.replace(HOST, guests=(pages.GuestLine("Beto", False, True),)))
    assert "table.reconnecting" in keys_of(silent)


def test_a_player_whose_phone_is_gone_gets_a_rejoin_code_shown_by_itself() -> None:
    page = pages.host_page(dataclasses.replace(HOST, rejoin=(pages.Rejoin("Beto", OFFER, 3),)))
    assert by_id(page, "table-rejoin-3") is not None and "table.rejoin_title" in keys_of(page)


def entry(sheet: Sheet, draft: RoundDraft | None = None) -> Screen:
    """The keeper's screen of the next round of `sheet` (what a guest's screen shows), with `draft` entered."""
    shelf = Shelf().put("s", sheet, 0)
    if draft is not None:
        shelf = shelf.with_drafts("s", Drafts(next=draft))
    return screen_of(State(shelf, Visit(Where("round", "s"))), Facts(), lambda: "https://uno.invalid/")


GUEST = pages.GuestView(None, "", None, False, 0, None)


def test_a_guest_says_who_it_is_then_sees_only_its_own_hand() -> None:
    assert "table.waiting" in keys_of(pages.guest_page(GUEST))
    sheet = new_sheet(["Ana", "Beto", "<b>Caro</b>"]).choose_dealer(0)
    live = dataclasses.replace(GUEST, sheet=sheet, entry=entry(sheet), taken=frozenset({0}))
    who = by_id(pages.guest_page(live), "table-who")
    assert who is not None and by_id(who, "table-claim-2") is not None
    assert by_id(who, "table-claim-0") is not None and by_id(who, "table-claim-0").attr("disabled") is not None  # type: ignore[union-attr]
    mine = pages.guest_page(dataclasses.replace(live, seat=1, entering=True, round=1))
    assert by_id(mine, "table-you") is not None and by_id(mine, "score-hand-1") is not None
    assert by_id(mine, "score-hand-0") is None  # only its own hand


def test_a_guest_keeps_the_last_sheet_when_the_host_ends() -> None:
    sheet = new_sheet(["Ana", "Beto"]).choose_dealer(0)
    ended = pages.guest_page(dataclasses.replace(GUEST, sheet=sheet, ended=True, token=link.encode(sheet)))
    status = by_id(ended, "table-status")
    assert status is not None and status.attr("data-state") == "ended" and "table.ended" in keys_of(ended)
    assert by_id(ended, "score-link-standings") is not None and by_id(ended, "table-keep") is not None


def test_a_guest_sees_the_other_hands_arrive_and_what_the_round_adds() -> None:
    sheet = new_sheet(["Ana", "Beto", "<b>Caro</b>", "Dani"]).choose_dealer(0)
    draft = sheet.blank_draft().with_winner(0).with_text(2, "12")
    live = dataclasses.replace(GUEST, sheet=sheet, seat=1, entering=True, round=1, entry=entry(sheet, draft))
    assert by_id(pages.guest_page(live), "table-round") is None  # only while the host enters a round
    page = pages.guest_page(dataclasses.replace(live, round_open=True))
    round_ = by_id(page, "table-round")
    assert round_ is not None
    rows = [item for item in round_.walk() if item.tag == "li"]
    assert [row.children[0].children for row in rows] == [("Ana",), ("<b>Caro</b>",), ("Dani",)]  # not Beto's own
    assert [keys_of(row) for row in rows] == [{"score.went_out"}, {"score.points"}, {"table.not_yet"}]
    assert {"table.other_hands", "score.preview"} <= set(keys_of(round_))
    preview = by_id(round_, "score-preview")
    assert preview is not None and "Ana +12" in str(list(preview.walk())[-1].children)
    watching = pages.guest_page(dataclasses.replace(live, seat=None, entering=False, round_open=True))
    round_ = by_id(watching, "table-round")
    assert round_ is not None and "table.all_hands" in keys_of(round_)
    assert len([item for item in round_.walk() if item.tag == "li"]) == 4


def test_a_big_screen_shows_the_standings_alone_and_says_where_the_round_is() -> None:
    sheet = new_sheet(["Ana", "Beto", "<b>Caro</b>"]).choose_dealer(0)
    sheet = sheet.add_round(sheet.blank_draft().with_winner(1).with_text(0, "20").with_text(2, "7"))
    live = dataclasses.replace(GUEST, sheet=sheet, title="Friday", seat=None)
    offer = by_id(pages.guest_page(live), "table-big-on")
    assert offer is not None and offer.attr("data-act") == "table.big" and offer.attr("data-checked") == "true"
    assert offer.attr("data-fullscreen") == "on"  # the page asks for the whole screen in the tap itself
    big = pages.guest_page(dataclasses.replace(live, big=True))
    assert by_id(big, "table-who") is None and by_id(big, "score-link-standings") is None  # nothing but the standings
    names = [item.children[0] for item in big.walk() if item.attr("class") == "sk-who-name"]
    assert names == ["Beto", "Ana", "<b>Caro</b>"]  # ranked: Beto has 27, the others 0 (a tie in seat order)
    assert {"table.big_played", "score.deals_now"} <= set(keys_of(big))
    leave = by_id(big, "table-big-off")
    assert leave is not None and leave.attr("data-checked") == "false" and leave.attr("data-fullscreen") == "off"
    entering = pages.guest_page(dataclasses.replace(live, big=True, round_open=True, round=2))
    assert "table.big_entering" in keys_of(entering)
    done = sheet.set_options(target=25)  # Beto's 27 reach it (R-SCORE-4)
    final = pages.guest_page(dataclasses.replace(live, sheet=done, big=True))
    assert "table.big_final" in keys_of(final) and "score.badge_winner" in keys_of(final)
    assert "score.deals_now" not in keys_of(final)
