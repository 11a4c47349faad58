"""No sheet lost to storage rules (app.score.keepsafe): the iOS card and the storage line as pure
functions of the browser's facts (user agent, touch points, standalone, persisted) and the sheet state; the
list's marks, the once-an-evening "Keep a copy" offer, and "Move all my sheets" by one link, in the keeper."""

from __future__ import annotations

import pytest
from score_ui_helpers import Keeper, Translator, go, make_keeper
from test_keeper import enter_round, new_game
from test_keeper_checks import words

from app.score.keepsafe import EVENING_MS, Facts, Marks, ios_card, is_ios, sheet_state, storage_status
from app.score.pages import render
from app.score.store import LIBRARY_KEY, MemoryStorage
from app.tree import El, find
from scorekeeper import Library, new_sheet

IPHONE_SAFARI = (
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) "
    "Version/18.5 Mobile/15E148 Safari/604.1"
)
IPHONE_CHROME = IPHONE_SAFARI.replace("Version/18.5", "CriOS/139.0.0.0")
IPAD = IPHONE_SAFARI.replace("iPhone; CPU iPhone OS", "iPad; CPU OS")
ANDROID = (
    "Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0 Mobile Safari/537.36"
)
MAC = (
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15"
)
IPAD_DESKTOP = (MAC, 5)  # iPadOS Safari's default: a Mac's user agent, but five touch points


@pytest.mark.parametrize(
    ("ua", "standalone", "persisted", "state", "shown"),
    [
        (IPHONE_SAFARI, False, False, "played", True),
        (IPAD_DESKTOP, False, False, "played", True),
        (IPAD_DESKTOP, True, False, "played", False),
        (IPHONE_SAFARI, False, None, "played", True),
        (IPHONE_CHROME, False, False, "played", True),  # every iOS browser is WebKit, with the same rule
        (IPAD, False, False, "played", True),
        (IPHONE_SAFARI, True, False, "played", False),  # the Home Screen app: its storage is kept
        (IPHONE_SAFARI, False, True, "played", False),  # persisted
        (IPHONE_SAFARI, False, False, "unplayed", False),  # nothing to lose yet: never before a round
        (IPHONE_SAFARI, False, False, "none", False),
        (ANDROID, False, False, "played", False),
        (MAC, False, False, "played", False),
        ("", False, None, "played", False),
    ],
)
def test_the_ios_card_is_a_function_of_the_browser_and_the_sheets(
    ua: str | tuple[str, int], standalone: bool, persisted: bool | None, state: str, shown: bool
) -> None:
    agent, touch = ua if isinstance(ua, tuple) else (ua, 0)
    assert ios_card(Facts(agent, standalone, persisted, touch), state) is shown  # type: ignore[arg-type]


def test_the_storage_line_says_what_may_delete_the_sheets() -> None:
    assert storage_status(Facts(ANDROID, False, True)) == "kept"
    assert storage_status(Facts(ANDROID, False, False)) == "may_delete"
    assert storage_status(Facts(ANDROID, False, None)) == "unknown"
    assert storage_status(Facts(IPHONE_SAFARI, False, False)) == "ios_tab"
    assert storage_status(Facts(IPHONE_SAFARI, False, True)) == "ios_tab"  # a Safari tab's data goes after 7 days
    assert storage_status(Facts(IPHONE_SAFARI, True, None)) == "kept"
    assert storage_status(Facts(MAC, False, True, 5)) == "ios_tab"  # an iPad in desktop mode
    assert storage_status(Facts(MAC, False, True, 0)) == "kept"  # a Mac
    assert is_ios(IPAD) and not is_ios(MAC) and not is_ios("iPhoneish/1.0")
    assert is_ios(MAC, 5) and not is_ios(MAC, 1) and not is_ios(ANDROID, 5)


def test_the_pages_facts_are_read_with_care() -> None:
    facts = Facts.from_message({"op": "storage", "ua": MAC, "touch": 5, "standalone": False, "persisted": None})
    assert facts.ios and facts.touch_points == 5 and facts.persisted is None
    assert Facts.from_message({"ua": MAC}).touch_points == 0  # an older page sends no touch points
    assert Facts.from_message({"ua": MAC, "touch": True}).touch_points == 0
    assert Facts.from_message({"ua": MAC, "touch": -3}).touch_points == 0
    assert Facts.from_message({"ua": MAC, "touch": "5"}).touch_points == 0


def test_sheet_state_and_marks() -> None:
    assert sheet_state(Library()) == "none"
    library = Library().put("a", new_sheet(["Ana", "Ben"]), 1)
    assert sheet_state(library) == "unplayed"
    assert Marks().only_here(library) == frozenset()  # no rounds: nothing to lose
    marks = Marks.from_text('{"kept": {"a": 5, "b": "x"}, "offered": [], "card_dismissed": true}')
    assert marks.kept == {"a": 5} and marks.offered == {} and marks.card_dismissed
    assert Marks.from_text("not json") == Marks() == Marks.from_text("[1]")
    assert Marks.from_text(marks.to_text()) == marks
    assert marks.may_offer("a", 0)
    marks.offered["a"] = 1_000
    assert not marks.may_offer("a", 1_000 + EVENING_MS - 1) and marks.may_offer("a", 1_000 + EVENING_MS)
    facts = Facts.from_message({"op": "storage", "ua": IPHONE_SAFARI, "standalone": "yes", "persisted": "no"})
    assert facts == Facts(IPHONE_SAFARI, False, None)  # only true booleans count


def only_here(page: El) -> list[El]:
    return [node for node in page.walk() if node.key == "score.keep.only_here"]


def played(keeper: Keeper) -> str:
    sheet_id = new_game(keeper, ["Ana", "Ben"])
    enter_round(keeper, 0, {1: "12"})
    return sheet_id


def test_the_list_says_where_sheets_are_kept_and_shows_the_ios_card_once_a_sheet_has_a_round(
    keeper: Keeper, tr: Translator
) -> None:
    keeper.facts = Facts(IPHONE_SAFARI, False, False)
    go(keeper, "#/score")
    page = render(keeper.screen())
    assert find(page, id="score-storage")[0].attr("data-status") == "ios_tab"
    assert not find(page, id="score-ios-card")  # no sheet yet
    played(keeper)
    go(keeper, "#/score")
    page = render(keeper.screen())
    card = words(find(page, id="score-ios-card")[0], tr)
    assert "Add to Home Screen" in card and "don't move there by themselves" in card
    assert [words(mark, tr) for mark in only_here(page)] == ["Only on this phone"]
    keeper.act("score.ios-done")
    assert not find(render(keeper.screen()), id="score-ios-card")  # dismissed: the storage line stays
    assert find(render(keeper.screen()), id="score-storage")
    keeper.facts = Facts(ANDROID, False, True)
    assert words(find(render(keeper.screen()), id="score-storage")[0], tr).startswith("Kept on this phone")
    tr.lang = "es"
    keeper.facts = Facts(IPHONE_SAFARI, False, False)
    assert "7 días" in words(find(render(keeper.screen()), id="score-storage")[0], tr)
    assert not tr.missing


def test_keep_a_copy_is_offered_once_an_evening_until_the_sheet_is_kept(keeper: Keeper, tr: Translator) -> None:
    sheet_id = played(keeper)
    go(keeper, f"#/score/{sheet_id}")
    page = render(keeper.screen())
    offer = find(page, id="score-copy-offer")
    assert offer and offer[0].tag == "aside"  # in the page, never a dialog
    assert find(page, id="score-enter")  # entry goes on
    keeper.act("score.no-copy")
    assert not find(render(keeper.screen()), id="score-copy-offer")
    go(keeper, f"#/score/{sheet_id}/round")
    enter_round(keeper, 1, {0: "5"})
    go(keeper, f"#/score/{sheet_id}")
    assert not find(render(keeper.screen()), id="score-copy-offer")  # once an evening
    go(keeper, "#/score")
    assert only_here(render(keeper.screen()))
    go(keeper, f"#/score/{sheet_id}")
    keeper.act("score.export")  # kept elsewhere now: no mark
    go(keeper, "#/score")
    assert not only_here(render(keeper.screen()))
    go(keeper, f"#/score/{sheet_id}/round")
    enter_round(keeper, 0, {1: "3"})  # a new round: only here again
    go(keeper, "#/score")
    assert only_here(render(keeper.screen()))
    go(keeper, f"#/score/{sheet_id}")
    keeper.act("score.share")
    keeper.shared("shared")  # the standings carry the link
    go(keeper, "#/score")
    assert not only_here(render(keeper.screen()))
    assert not tr.missing


def test_move_all_my_sheets_by_one_link(keeper: Keeper, tr: Translator) -> None:
    played(keeper)
    new_game(keeper, ["Cy", "Dee", "Eva"])
    go(keeper, "#/score")
    assert find(render(keeper.screen()), id="score-move-all")[0].attr("href") == "#/score/all"
    go(keeper, "#/score/all")
    page = render(keeper.screen())
    shown = find(page, id="score-link-text")[0].attr("value")
    assert [node.attr("data-version") for node in page.walk() if node.tag == "svg"] != [
        None
    ]  # the QR code of the same link
    assert words(find(page, id="score-qr-title")[0], tr).startswith("Point another phone's camera")
    link = keeper.act("score.move-all").share or ""
    assert "#/score/all/k2." in link and link == shown
    keeper.shared("copied")
    assert (
        words(find(render(keeper.screen()), id="score-flash")[0], tr) == "Link with all sheets copied to the clipboard."
    )
    other_storage = MemoryStorage()
    other = make_keeper(other_storage, tr)
    go(other, "#" + link.split("#", 1)[1])
    page = render(other.screen())
    assert words(find(page, id="score-moved")[0], tr) == "Ana, Ben · Rounds: 1 Cy, Dee, Eva · Rounds: 0"
    assert other_storage.get(LIBRARY_KEY) is None  # opening stores nothing
    effect = other.act("score.keep-all")
    assert effect.go == "#/score"
    go(other, effect.go)
    assert words(find(render(other.screen()), id="score-flash")[0], tr) == "2 games imported."
    assert {entry.sheet.players for entry in other.store.library.entries} == {("Ana", "Ben"), ("Cy", "Dee", "Eva")}
    assert all(keeper.store.library.find_same(entry.sheet) for entry in other.store.library.entries)
    go(other, "#" + link.split("#", 1)[1])
    other.act("score.keep-all")  # again: nothing copied
    assert len(other.store.library.entries) == 2
    go(other, "#/score/all/k1.AAAA")
    assert find(render(other.screen()), id="score-link-error")
    # the file: a backup the import takes
    download = keeper.act("score.move-file").download
    assert download is not None and download[0].startswith("uno-backup-")
    third = make_keeper(MemoryStorage(), tr)
    go(third, "#/score")
    third.import_text(download[1])
    assert len(third.store.library.entries) == 2
    assert not tr.missing


def test_a_link_pasted_on_the_list_opens_its_page(keeper: Keeper, tr: Translator) -> None:
    """The iOS Home Screen app has no address bar: a link gets there pasted under "Import a game"."""
    played(keeper)
    go(keeper, "#/score")
    link = keeper.act("score.move-all").share or ""
    other = make_keeper(MemoryStorage(), tr)
    go(other, "#/score")
    for text, message in (
        ("", "Paste a sheet's link first."),
        ("https://example.com/#/play", "This is not a link to an UNO score sheet."),
        (link[:-12], "This link is cut short. Copy all of it and try again."),
    ):
        other.act("score.link-text", value=text)
        effect = other.act("score.open-link")
        assert effect.go is None and effect.focus == "score-open-link"
        page = render(other.screen())
        assert words(find(page, id="score-open-link-error")[0], tr) == message
        assert find(page, id="score-open-link")[0].attr("value") == text  # kept to mend
        assert find(page, id="score-open-link")[0].attr("aria-invalid") == "true"
    assert other.store.library.entries == ()
    other.act("score.link-text", value=f"  {link}  ")
    effect = other.act("score.open-link")
    assert effect.go == "#" + link.split("#", 1)[1]
    go(other, effect.go)
    assert other.act("score.keep-all").go == "#/score"
    assert len(other.store.library.entries) == 1
    assert not tr.missing


def test_move_all_says_when_the_sheets_are_too_many_for_one_qr_code(keeper: Keeper, tr: Translator) -> None:
    names = iter(f"{word}{n}" for n in range(400) for word in ("Ana", "Beto", "Caro", "Dani", "Eva"))
    for _ in range(60):
        sheet_id = new_game(keeper, [next(names) for _ in range(10)])
        for deal in range(4):
            go(keeper, f"#/score/{sheet_id}/round")
            enter_round(keeper, deal % 10, {seat: str(2 * seat + deal) for seat in range(10) if seat != deal % 10})
    go(keeper, "#/score/all")
    page = render(keeper.screen())
    assert not [node for node in page.walk() if node.tag == "svg"]
    assert words(find(page, id="score-qr-title")[0], tr).startswith("These sheets don't fit in one QR code")
    assert "#/score/all/k2." in (find(page, id="score-link-text")[0].attr("value") or "")
    tr.lang = "es"
    assert "no caben" in words(find(render(keeper.screen()), id="score-qr-title")[0], tr)
    assert not tr.missing
