"""Fewer taps and earlier warnings, on CPython: the remembered entry mode, the preview while
hands are impossible, "are you sure" before an unusual total, the list's entries, re-imports, the legend."""

from __future__ import annotations

from score_ui_helpers import Keeper, Translator, go, make_keeper
from test_keeper import enter_round, new_game

from app.score.pages import render
from app.score.pages_list import when
from app.score.store import LIBRARY_KEY, MemoryStorage
from app.score.texts import summary_phrases
from app.storage.backup import backup_text
from app.tree import El, find, text_of
from app.tree import words as words_of
from scorekeeper import Mode, round_summary
from scorekeeper.link import decode


def words(node: El, tr: Translator) -> str:
    """The text a node shows, spaces as a browser collapses them."""
    return " ".join(text_of(node, tr).split())


def test_the_entry_mode_applies_to_every_hand_and_is_remembered(keeper: Keeper, tr: Translator) -> None:
    sheet_id = new_game(keeper)
    keeper.act("score.hand-total", seat=1, value="12")
    effect = keeper.act("score.mode-all", mode="cards")
    assert effect.focus == "score-modeall-cards"
    assert {hand.mode for hand in keeper.draft().hands} == {Mode.CARDS}
    assert keeper.draft().hands[1].text == "12"  # kept, in case the hand goes back to its total
    page = render(keeper.screen())
    assert find(page, id="score-modeall-cards")[0].attr("aria-pressed") == "true"
    assert len(find(page, data_act="score.hand-face")) == 4 * 15  # every hand shows its keypad at once
    keeper.act("score.hand-mode", seat=1, mode="total")  # one hand switches on its own; the remembered mode stays
    assert keeper.sheet().entry_mode is Mode.CARDS
    keeper.act("score.winner", seat=0)
    for seat in (1, 2, 3):
        keeper.act("score.hand-face", seat=seat, face="7")
    keeper.act("score.hand-mode", seat=1, mode="cards")
    keeper.act("score.save")
    assert not keeper.errors
    # the next round, a reload, and a new game all start card by card
    again = make_keeper(keeper.store.storage, tr)  # type: ignore[arg-type]
    go(again, f"#/score/{sheet_id}/round")
    assert {hand.mode for hand in again.draft().hands} == {Mode.CARDS}
    other = new_game(again, ["Eva", "Fer"])
    assert again.store.library.get(other).sheet.entry_mode is Mode.CARDS
    assert {hand.mode for hand in again.draft().hands} == {Mode.CARDS}


def test_a_mode_change_is_not_a_play(keeper: Keeper) -> None:
    sheet_id = new_game(keeper)
    before = keeper.store.library.get(sheet_id).updated
    keeper.act("score.mode-all", mode="cards")
    assert keeper.store.library.get(sheet_id).updated == before


def part(keeper: Keeper, ident: str) -> El:
    """The element `ident` of the page the keeper shows now."""
    return find(render(keeper.screen()), id=ident)[0]


def test_the_preview_never_shows_a_total_that_cannot_be_saved(keeper: Keeper, tr: Translator) -> None:
    new_game(keeper)
    keeper.act("score.winner", seat=0)
    keeper.act("score.hand-total", seat=1, value="700")
    assert words(part(keeper, "score-preview"), tr) == "This round: Ana +700"
    effect = keeper.act("score.hand-total", seat=2, value="600")
    assert effect.render and effect.focus is None  # a keystroke redraws the page, moving no focus
    assert words(part(keeper, "score-preview"), tr) == (
        "This round cannot be saved as entered: The hands add up to 1300; the cards left make at most 1240."
    )
    assert "+1300" not in text_of(render(keeper.screen()), tr)
    assert text_of(part(keeper, "score-live-2"), tr) == "600 pts"
    assert text_of(part(keeper, "score-hand-2-error"), tr) == ""
    keeper.act("score.hand-total", seat=2, value="1300")
    too_high = "1300 is more than the cards left can make (at most 1240)."
    assert text_of(part(keeper, "score-hand-2-error"), tr) == too_high
    keeper.act("score.hand-total", seat=2, value="60")
    assert words(part(keeper, "score-preview"), tr) == "This round: Ana +760"


def test_every_hand_says_what_is_wrong_as_it_is_typed(keeper: Keeper, tr: Translator) -> None:
    """A round with -5, abc and 99999 typed into three hands shows three messages at once, before any save,
    each next to its field (marked invalid); correcting one takes its message away and leaves the others."""
    new_game(keeper)
    keeper.act("score.winner", seat=0)
    for seat, text in ((1, "-5"), (2, "abc"), (3, "99999")):
        keeper.act("score.hand-total", seat=seat, value=text)
    texts = {seat: text_of(part(keeper, f"score-hand-{seat}-error"), tr) for seat in (1, 2, 3)}
    assert texts[1] == "Points cannot be negative." and "abc" in texts[2] and "99999" in texts[3], texts
    assert [part(keeper, f"score-hand-{seat}").attr("aria-invalid") for seat in (1, 2, 3)] == ["true"] * 3
    assert "cannot be saved" in words(part(keeper, "score-preview"), tr)
    keeper.act("score.hand-total", seat=2, value="12")
    assert text_of(part(keeper, "score-hand-2-error"), tr) == ""
    assert part(keeper, "score-hand-2").attr("aria-invalid") is None
    assert text_of(part(keeper, "score-hand-1-error"), tr) == texts[1]
    assert text_of(part(keeper, "score-hand-3-error"), tr) == texts[3]


def test_an_unusual_total_asks_before_it_ends_the_match(keeper: Keeper, storage: MemoryStorage, tr: Translator) -> None:
    sheet_id = new_game(keeper)
    keeper.act("score.winner", seat=1)
    keeper.act(
        "score.hand-total", seat=0, value="1000"
    )  # possible (the deck has 1240), far beyond a hand of 25 cards (740)
    keeper.act("score.hand-total", seat=2, value="3")
    keeper.act("score.hand-total", seat=3, value="4")
    before = storage.items[LIBRARY_KEY]
    effect = keeper.act("score.save")
    assert effect.focus == "score-sure-title" and effect.go is None
    assert storage.items[LIBRARY_KEY] == before  # not saved yet
    page = render(keeper.screen())
    question = words(find(page, class_="sk-confirm sk-sure")[0], tr)
    assert question.startswith("Are you sure? Ana: 1000 points, more than the 25 richest cards left add up to (740).")
    assert "Saving this round ends the match." in question
    assert not find(page, id="score-save")
    # "no": back to the hand, everything as typed
    assert keeper.act("score.cancel", what="sure").focus == "score-hand-0"
    assert keeper.draft().hands[0].text == "1000" and keeper.screen().sure is None
    # a change to the round asks again; "yes" saves it
    keeper.act("score.save")
    keeper.act("score.hand-total", seat=0, value="999")
    effect = keeper.act("score.save-sure")
    assert effect.go is None and keeper.confirm == "sure"
    effect = keeper.act("score.save-sure")
    assert effect.go == f"#/score/{sheet_id}"
    assert keeper.store.library.get(sheet_id).sheet.tally().finished


def test_a_normal_round_is_not_asked_about(keeper: Keeper) -> None:
    new_game(keeper)
    keeper.act("score.winner", seat=1)
    for seat, text in ((0, "740"), (2, "3"), (3, "4")):
        keeper.act("score.hand-total", seat=seat, value=text)
    assert keeper.act("score.save").go is not None


def test_list_entries_are_told_apart(keeper: Keeper, tr: Translator) -> None:
    first = new_game(keeper)
    enter_round(keeper, 1, {0: "10", 2: "20", 3: "30"})  # Ben 60
    second = new_game(keeper)
    go(keeper, "#/score")
    page = render(keeper.screen())
    links = find(page, class_="sk-game-link")
    assert [link.attr("href") for link in links] == [f"#/score/{second}", f"#/score/{first}"]  # last played first
    texts = [words(link, tr) for link in links]
    saved = keeper.store.library.get(first)
    assert texts[1] == (
        f"Ana, Ben, Cai, Dee In progress · Rounds: 1 · Leading: Ben (60) Only on this phone "
        f"Started {when(saved.created)} · Last played {when(saved.updated)}"
    )
    assert texts[0].startswith("Ana, Ben, Cai, Dee (2) In progress · Not started yet Started ")
    tr.lang = "es"
    assert "En curso · Rondas: 1 · En cabeza: Ben (60) Solo en este teléfono Empezada " in words(links[1], tr)


def test_a_backup_imported_twice_copies_nothing_the_second_time(
    keeper: Keeper, storage: MemoryStorage, tr: Translator
) -> None:
    new_game(keeper)
    enter_round(keeper, 0, {1: "10", 2: "20", 3: "30"})
    new_game(keeper, ["Eva", "Fer"])
    text = backup_text({LIBRARY_KEY: storage.items[LIBRARY_KEY]}, 5_000)
    go(keeper, "#/score")
    keeper.import_text(text)
    assert len(keeper.store.library.entries) == 2
    assert text_of(render(keeper.screen()), tr).count("Every game in this file is already here") == 1
    other = make_keeper(MemoryStorage(), tr)
    go(other, "#/score")
    new_game(other, ["Eva", "Fer"])
    go(other, "#/score")
    other.import_text(text)
    assert len(other.store.library.entries) == 2  # the unplayed Eva-Fer game was there already
    assert "1 games imported; 1 were already here." in text_of(render(other.screen()), tr)


def test_the_rounds_table_has_a_visible_legend(keeper: Keeper, tr: Translator) -> None:
    sheet_id = new_game(keeper)
    enter_round(keeper, 1, {0: "10", 2: "20", 3: "30"})
    go(keeper, f"#/score/{sheet_id}")
    legend = find(render(keeper.screen()), class_="sk-table-legend")[0]
    assert words(legend, tr) == (
        "+99 went out: points won this round 12 points left in that hand 214 total after the round D dealt this round"
    )
    tr.lang = "es"
    assert "R repartió esta ronda" in words(legend, tr)


def test_a_round_summary_after_saving_shares_as_text(keeper: Keeper, tr: Translator) -> None:
    sheet_id = new_game(keeper)
    keeper.act("score.winner", seat=2)
    keeper.act("score.hand-total", seat=0, value="12")
    keeper.act("score.hand-mode", seat=1, mode="cards")
    keeper.act("score.hand-face", seat=1, face="W+4")
    keeper.act("score.hand-face", seat=1, face="7")
    keeper.act("score.hand-total", seat=3, value="0")
    go(keeper, keeper.act("score.save").go or "")
    expected = (
        "Round 1: Ana dealt, Cai went out.",
        "Ana: 12 pts",
        "Ben: 57 pts (Wild Draw Four, 7)",
        "Dee: 0 pts",
        "Cai scores 69 (69 in all).",
        "Next to deal: Ben.",
    )
    assert tuple(words_of(line, tr) for line in keeper.screen().summary) == expected
    card = find(render(keeper.screen()), id="score-summary-share")
    assert card and card[0].attr("data-act") == "score.summary"
    effect = keeper.act("score.summary")
    text, link = (effect.share or "").rsplit("\n", 1)
    assert text == "\n".join(expected)
    assert decode(link).sheet.same_game(keeper.sheet())  # the summary ends with the sheet's link
    keeper.shared("copied")
    page = render(keeper.screen())
    assert words(find(page, id="score-flash")[0], tr) == "Round summary copied to the clipboard."
    assert find(page, id="score-summary-share")  # still there to share again
    keeper.act("score.share")
    keeper.shared("shared")
    assert words(find(render(keeper.screen()), id="score-flash")[0], tr) == "Standings shared."
    go(keeper, f"#/score/{sheet_id}/round")
    go(keeper, f"#/score/{sheet_id}")
    assert keeper.screen().summary == ()  # shown once, after the save
    tr.lang = "es"
    assert not tr.missing
    # the faces as tapped, by name: the colours were the app's choice, never entered
    assert words_of(summary_phrases(round_summary(keeper.store.library.get(sheet_id).sheet, 1))[2], tr) == (
        "Ben: 57 ptos. (Comodín roba cuatro, 7)"
    )
