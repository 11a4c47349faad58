"""Sheet links in the keeper: the link page's QR code and link, opening a link on another phone
(read-only, then "keep"), the same link again copying nothing, a newer link updating an older copy, bad links
changing nothing, and the shared standings ending with the link."""

from __future__ import annotations

import dataclasses

from score_ui_helpers import Keeper, Translator, go, make_keeper
from test_keeper import enter_round, new_game
from test_keeper_checks import words

from app.score.pages import render
from app.score.store import LIBRARY_KEY, MemoryStorage
from app.tree import find
from scorekeeper import Story
from scorekeeper.link import ROUTE, decode
from tests.scorekeeper.keeper_helpers import body_of, evening, reseal


def played(keeper: Keeper, rounds: int = 2) -> str:
    sheet_id = new_game(keeper, ["Ana", "<b>Ben</b>", "Zoë 🃏"])
    for number in range(rounds):
        enter_round(keeper, number % 3, {seat: str(5 + number) for seat in range(3) if seat != number % 3})
    go(keeper, f"#/score/{sheet_id}")
    return sheet_id


def link_of(keeper: Keeper, sheet_id: str) -> str:
    go(keeper, f"#/score/{sheet_id}/link")
    page = render(keeper.screen())
    (field,) = find(page, id="score-link-text")
    return field.attr("value") or ""


def test_the_link_page_shows_a_qr_code_and_the_link_of_the_sheet(keeper: Keeper, tr: Translator) -> None:
    sheet_id = played(keeper)
    page = render(keeper.screen())
    assert find(page, id="score-link")[0].attr("href") == f"#/score/{sheet_id}/link"
    link = link_of(keeper, sheet_id)
    assert link.startswith("https://uno.invalid/" + ROUTE)
    assert decode(link).sheet.same_game(keeper.sheet())
    page = render(keeper.screen())
    (svg,) = [node for node in page.walk() if node.tag == "svg" and node.attr("class") == "sk-qr"]
    assert svg.attr("aria-labelledby") == "score-qr-title"
    effect = keeper.act("score.share-link")
    assert effect.share == link
    keeper.shared("copied")
    assert words(find(render(keeper.screen()), id="score-flash")[0], tr) == "Link copied to the clipboard."
    assert not tr.missing


def test_shared_standings_end_with_the_link(keeper: Keeper) -> None:
    played(keeper)
    text = keeper.act("score.share").share or ""
    assert text.splitlines()[0].startswith("UNO scores after 2 round(s)")
    assert decode(text.splitlines()[-1]).sheet.same_game(keeper.sheet())  # a link says nothing of who people are


def open_link(keeper: Keeper, link: str) -> None:
    go(keeper, "#" + link.split("#", 1)[1])


def test_a_link_opens_read_only_on_another_phone_and_keep_imports_it_once(keeper: Keeper, tr: Translator) -> None:
    link = link_of(keeper, played(keeper))
    sheet = keeper.sheet()
    other_storage = MemoryStorage()
    other = make_keeper(other_storage, tr)
    open_link(other, link)
    page = render(other.screen())
    assert other.screen().found is not None
    standings = words(find(page, id="score-link-standings")[0], tr)
    assert standings == "1. <b>Ben</b> 12 2. Ana 10 3. Zoë 🃏 0"
    assert not find(page, id="score-link-differs")
    assert not find(page, data_act="score.undo")  # read-only: no actions of a saved sheet
    assert other_storage.get(LIBRARY_KEY) is None  # opening stores nothing
    effect = other.act("score.keep")
    assert effect.go is not None
    go(other, effect.go)
    # not in the record until the person says who they are; a link carries the score, not the evening's story
    assert other.sheet() == dataclasses.replace(sheet.with_people(()), story=Story())
    assert len(other.store.library.entries) == 1
    # the same link again: it is here, nothing copied
    open_link(other, link)
    page = render(other.screen())
    assert words(find(page, id="score-open-saved")[0], tr) == "Open it"
    effect = other.act("score.keep")
    assert effect.go == f"#/score/{other.store.library.entries[0].id}"
    assert len(other.store.library.entries) == 1
    assert not tr.missing


def test_a_newer_link_offers_to_update_the_older_copy(keeper: Keeper, tr: Translator) -> None:
    sheet_id = played(keeper, 1)
    old_link = link_of(keeper, sheet_id)
    go(keeper, f"#/score/{sheet_id}/round")
    enter_round(keeper, 1, {0: "7", 2: "9"})
    new_link = link_of(keeper, sheet_id)
    other = make_keeper(MemoryStorage(), tr)
    open_link(other, old_link)
    go(other, other.act("score.keep").go or "")
    kept_id = other.where.sheet_id
    open_link(other, new_link)
    page = render(other.screen())
    assert "An older copy of this game is on this phone (1 rounds; this link has 2)." in words(page, tr)
    effect = other.act("score.keep-update")
    assert effect.go == f"#/score/{kept_id}"
    go(other, effect.go)
    assert other.sheet().same_game(keeper.sheet()) and len(other.store.library.entries) == 1
    # the old link now: this phone has the newer copy; keeping it makes another game
    open_link(other, old_link)
    assert "This phone has a newer copy of this game (2 rounds)." in words(render(other.screen()), tr)


def test_bad_links_say_why_and_change_nothing(keeper: Keeper, tr: Translator) -> None:
    link = link_of(keeper, played(keeper))
    storage = MemoryStorage()
    other = make_keeper(storage, tr)
    cases = {
        link[: len(link) // 2]: "This link is cut short. Copy all of it and try again.",
        link.replace(
            "/k1.", "/k9."
        ): "This link was made by a newer version of the app. Update the app, then open it again.",
        link[:-12] + "AAAAAAAAAAAA": "This link is damaged. Ask for it again.",
        "https://x.io/#/score/link/hello": "This is not a link to an UNO score sheet.",
    }
    for bad, message in cases.items():
        open_link(other, bad)
        page = render(other.screen())
        assert words(find(page, id="score-link-error")[0], tr) == message, bad
        assert not find(page, data_act="score.keep")
        other.act("score.keep")
        assert storage.get(LIBRARY_KEY) is None
    tr.lang = "es"
    open_link(other, link[:40])
    assert "No se cambió nada" in words(render(other.screen()), tr)
    assert not tr.missing


def test_a_link_whose_standings_differ_from_the_tally_says_so(keeper: Keeper, tr: Translator) -> None:
    link = link_of(keeper, played(keeper))
    body = bytearray(body_of(link.split("/score/link/", 1)[1])[:-4])
    body[-1] ^= 2  # the last round's last gain, +-1 (zigzag varint)
    other = make_keeper(MemoryStorage(), tr)
    open_link(other, "#/score/link/" + reseal(bytes(body)))
    page = render(other.screen())
    assert words(find(page, id="score-link-differs")[0], tr).startswith("The standings in this link differ")
    assert find(page, id="score-keep")  # the sheet itself is sound: it can be kept


def test_a_sheet_too_long_for_a_qr_code_offers_its_link_and_file(keeper: Keeper, tr: Translator) -> None:
    keeper.store.put("big", evening(10, 40, 14), 1)
    go(keeper, "#/score/big/link")
    page = render(keeper.screen())
    assert not [node for node in page.walk() if node.tag == "svg"]
    assert words(find(page, id="score-qr-title")[0], tr).startswith("This sheet is too long for a QR code.")
    assert decode(find(page, id="score-link-text")[0].attr("value") or "").sheet.same_game(evening(10, 40, 14))
    assert find(page, data_act="score.export")
