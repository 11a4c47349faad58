"""The pages of a table of phones (app.peer.pages): pure functions of plain values."""

from __future__ import annotations

import dataclasses

from app.peer import pages
from app.peer.following import Following
from app.tree import El, find, keys_of
from scorekeeper import link, new_sheet

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
    assert int(svg.attr("data-version") or 0) <= 10  # a phone reads it across a table
    shown = by_id(page, "table-offer-code")
    assert shown is not None and "".join(str(c) for c in shown.children).replace(" ", "") == OFFER
    assert by_id(page, "table-code") is not None and by_id(page, "table-scan") is not None
    assert "table.err.corrupt" in keys_of(page)


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


GUEST = pages.GuestPage(True, True, "scan", "", False, False, "", False, "", None, "", None, False, 0, None)


def test_a_guest_goes_from_the_host_code_to_its_own_hand() -> None:
    assert by_id(pages.guest_page(GUEST), "table-code") is not None
    answer = pages.guest_page(dataclasses.replace(GUEST, step="answer", code=OFFER))
    assert by_id(answer, "table-answer-code") is not None
    sheet = new_sheet(["Ana", "Beto", "<b>Caro</b>"]).choose_dealer(0)
    following = Following()
    following.take({"sheet": link.encode(sheet), "entry": {"open": True, "round": 1, "draft": None}}, True, 1)
    live = dataclasses.replace(
        GUEST, step="sheet", connected=True, sheet=sheet, seat=None, entering=False, entry=following.screen()
    )
    who = by_id(pages.guest_page(live), "table-who")
    assert who is not None and by_id(who, "table-claim-2") is not None
    mine = pages.guest_page(dataclasses.replace(live, seat=1, entering=True, round=1))
    assert by_id(mine, "table-you") is not None and by_id(mine, "score-hand-1") is not None
    assert by_id(mine, "score-hand-0") is None  # only its own hand


def test_a_guest_that_lost_the_host_can_rejoin_and_keeps_the_last_sheet() -> None:
    sheet = new_sheet(["Ana", "Beto"]).choose_dealer(0)
    page = pages.guest_page(dataclasses.replace(GUEST, step="sheet", connected=False, sheet=sheet))
    status = by_id(page, "table-status")
    assert status is not None and status.attr("data-state") == "lost"
    assert by_id(page, "table-code") is not None and by_id(page, "score-link-standings") is not None
    ended = pages.guest_page(dataclasses.replace(GUEST, step="sheet", ended=True, sheet=sheet))
    assert by_id(ended, "table-code") is None and "table.ended" in keys_of(ended)


def test_a_guest_sees_the_other_hands_arrive_and_what_the_round_adds() -> None:
    sheet = new_sheet(["Ana", "Beto", "<b>Caro</b>", "Dani"]).choose_dealer(0)
    draft = sheet.blank_draft().with_winner(0).with_text(2, "12")
    following = Following()
    following.take(
        {"sheet": link.encode(sheet), "entry": {"open": True, "round": 1, "draft": draft.to_dict()}}, True, 1
    )
    live = dataclasses.replace(
        GUEST, step="sheet", connected=True, sheet=sheet, seat=1, entering=True, round=1, entry=following.screen()
    )
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
