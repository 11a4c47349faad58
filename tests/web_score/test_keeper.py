"""The score keeper's actions end to end on CPython: set-up, rounds, errors, drafts, edits, storage."""

from __future__ import annotations

import json

from score_ui_helpers import Keeper, Translator, go, make_keeper

from app.score.pages import render
from app.score.store import DAMAGED_KEY, DRAFTS_KEY, LIBRARY_KEY, MemoryStorage
from app.storage.backup import backup_text
from app.tree import find, keys_of, text_of, to_html
from scorekeeper import Library, dumps, loads

NAMES = ["Ana", "Ben", "Cai", "Dee"]


def new_game(keeper: Keeper, names: list[str] = NAMES, dealer: int = 0) -> str:
    go(keeper, "#/score/new")
    for name in names:
        keeper.act("score.new-name", value=name)
        keeper.act("score.add")
    keeper.act("score.dealer", seat=dealer)
    effect = keeper.act("score.start")
    assert effect.go is not None and effect.go.endswith("/round"), keeper.errors
    go(keeper, effect.go)
    return keeper.where.sheet_id


def enter_round(keeper: Keeper, winner: int, totals: dict[int, str]) -> None:
    keeper.act("score.winner", seat=winner)
    for seat, text in totals.items():
        keeper.act("score.hand-total", seat=seat, value=text)
    effect = keeper.act("score.save")
    assert not keeper.errors, keeper.errors
    assert effect.go is not None
    go(keeper, effect.go + "/round")


def test_setup_add_rename_reorder_remove_and_start(keeper: Keeper, tr: Translator) -> None:
    go(keeper, "#/score/new")
    for name in ["Ana", "Ben", "Cai"]:
        keeper.act("score.new-name", value=name)
        keeper.act("score.add")
    keeper.act("score.new-name", value="ana")
    keeper.act("score.add")
    assert keeper.errors["name-new"][0].code == "name_taken"
    page = to_html(render(keeper.screen()), tr)
    assert "already playing" in page and 'aria-invalid="true"' in page
    keeper.act("score.rename", seat=1, value="Bea")
    keeper.act("score.move", seat=2, step=-1)
    keeper.act("score.remove", seat=0)
    assert keeper.store.setup.players == ("Cai", "Bea")
    assert keeper.act("score.start").focus == "score-start-error"
    assert keeper.errors["dealer"][0].code == "no_dealer"
    keeper.act("score.draw")
    assert keeper.store.setup.first_dealer is not None and keeper.store.setup.dealer_drawn
    keeper.act("score.target", value="abc")
    assert keeper.errors["target"][0].code == "bad_target"
    keeper.act("score.target", value="300")
    keeper.act("score.scoring", scoring="penalty")
    keeper.act("score.wild", points=40)
    keeper.act("score.rotation", rotation="winner")
    options = keeper.store.setup.options
    assert (options.target, options.scoring.value, options.wild_points, options.dealer_rotation.value) == (
        300, "penalty", 40, "winner",
    )  # fmt: skip
    effect = keeper.act("score.start")
    assert effect.go == "#/score/id1/round"
    assert keeper.store.library.get("id1").sheet.players == ("Cai", "Bea")
    assert keeper.store.setup.players == ()  # the set-up slot is free for the next game


def test_names_typed_before_python_was_ready_keep_a_refusals_message(keeper: Keeper, tr: Translator) -> None:
    """Names typed on the set-up painted before Python are applied at once when it is ready (`replayed`): a name
    refused among them keeps its message, and comes back in the field, after the later names were added; a name
    typed once the page is drawn clears it as usual."""
    go(keeper, "#/score/new")
    for name in ["Ana", "Ben", "ana", "Cai", "X" * 33, "Dee"]:
        keeper.act("score.new-name", value=name, replayed=True)
        keeper.act("score.add", replayed=True)
    assert keeper.store.setup.players == ("Ana", "Ben", "Cai", "Dee")
    assert [error.code for error in keeper.errors["name-new"]] == ["name_too_long"]  # the last refusal
    assert keeper.new_name() == "X" * 33
    page = to_html(render(keeper.screen()), tr)
    assert "at most 32 characters" in page and f'value="{"X" * 33}"' in page
    keeper.act("score.new-name", value="Ev", replayed=True)  # half typed when Python was ready
    keeper.act("score.target", value="200", replayed=True)  # another field's success does not wipe the message either
    assert keeper.store.setup.options.target == 200 and keeper.new_name() == "Ev"
    assert [error.code for error in keeper.errors["name-new"]] == ["name_too_long"]
    keeper.act("score.new-name", value="Eva")
    keeper.act("score.add")  # the person saw it: corrected, or another name
    assert keeper.errors == {} and keeper.new_name() == "" and keeper.store.setup.players[-1] == "Eva"
    keeper.act("score.new-name", value="eva")
    keeper.act("score.add")
    keeper.act("score.new-name", value="Fay")
    keeper.act("score.add")  # typed after the page was drawn: an earlier refusal was on show, its message goes
    assert keeper.errors == {} and keeper.store.setup.players[-1] == "Fay"


def test_a_whole_game_with_an_edit_undo_and_the_winner(keeper: Keeper, storage: MemoryStorage, tr: Translator) -> None:
    sheet_id = new_game(keeper)
    enter_round(keeper, 0, {1: "120", 2: "90", 3: "40"})  # Ana 250
    # cards for Ben: a Wild Draw Four and a 7 (57)
    keeper.act("score.winner", seat=2)
    keeper.act("score.hand-mode", seat=1, mode="cards")
    keeper.act("score.hand-face", seat=1, face="W+4")
    keeper.act("score.hand-face", seat=1, face="7")
    keeper.act("score.hand-total", seat=0, value="3")
    keeper.act("score.hand-total", seat=3, value="0")
    assert keeper.draft().live_points() == (3, 57, None, 0)
    keeper.act("score.save")
    assert not keeper.errors
    go(keeper, f"#/score/{sheet_id}/round")
    enter_round(keeper, 0, {1: "100", 2: "100", 3: "60"})  # Ana 510: wins
    sheet = keeper.store.library.get(sheet_id).sheet
    view = sheet.tally()
    assert view.finished and view.side_labels[view.winner_side] == "Ana"
    go(keeper, f"#/score/{sheet_id}")
    page = render(keeper.screen())
    assert "Ana wins!" in text_of(page, tr)
    # edit round 1 so that Ana no longer reaches 500 -> the match goes on
    go(keeper, f"#/score/{sheet_id}/round/1")
    keeper.act("score.hand-total", seat=1, value="20")
    effect = keeper.act("score.save")
    assert effect.go == f"#/score/{sheet_id}" and not keeper.errors
    view = keeper.store.library.get(sheet_id).sheet.tally()
    assert not view.finished and view.totals[0] == 150 + 260
    # undo the last round: its entry comes back in the round form
    go(keeper, f"#/score/{sheet_id}")
    keeper.act("score.undo")
    assert len(keeper.store.library.get(sheet_id).sheet.rounds) == 2
    go(keeper, f"#/score/{sheet_id}/round")
    assert keeper.draft().hands[1].text == "100"
    # everything is in storage
    library = Library.from_data(json.loads(storage.items[LIBRARY_KEY]))
    assert len(library.get(sheet_id).sheet.rounds) == 2
    assert tr.missing == set()


def test_errors_sit_next_to_their_fields_and_typed_text_stays(keeper: Keeper, tr: Translator) -> None:
    sheet_id = new_game(keeper)
    keeper.act("score.winner", seat=0)
    keeper.act("score.hand-total", seat=1, value="-5")
    keeper.act("score.hand-total", seat=2, value="abc")
    keeper.act("score.hand-mode", seat=3, mode="cards")
    for _ in range(5):
        effect = keeper.act("score.hand-face", seat=3, face="W+4")
    # the fifth Wild Draw Four is refused at the tap, with the reason; the four stay
    assert [error.code for error in keeper.errors["hand-3"]] == ["no_copy_left"]
    assert effect.announce == "All 4 Wild Draw Four cards of the deck are already entered in this round."
    assert len(keeper.draft().hands[3].cards) == 4
    effect = keeper.act("score.save")
    assert effect.focus == "score-hand-1"
    codes = {fid: [error.code for error in errors] for fid, errors in keeper.errors.items()}
    assert codes["hand-1"] == ["negative"] and codes["hand-2"] == ["not_a_number"]
    page = render(keeper.screen())
    assert find(page, id="score-hand-1")[0].attr("value") == "-5"
    tr.lang = "es"
    error = find(render(keeper.screen()), id="score-hand-1-error")[0]
    assert text_of(error, tr) == "Los puntos no pueden ser negativos."
    tr.lang = "en"
    keeper.act("score.hand-total", seat=1, value="5")
    keeper.act("score.hand-total", seat=2, value="abc")  # still wrong: typed values are checked before the deck
    keeper.act("score.save")
    assert "hand-3" not in keeper.errors
    keeper.act(
        "score.hand-total", seat=2, value="1240"
    )  # possible alone, not with four Wild Draw Four tapped: said at once
    assert text_of(find(render(keeper.screen()), id="score-hand-2-error")[0], tr) == (
        "1240 is more than the cards left can make (at most 1040)."
    )
    keeper.act("score.hand-total", seat=2, value="7")
    keeper.store.write_held()  # the typing paused (before that, the page's journal holds the keys: ui.journal)
    # nothing was saved, and the draft survives a "reload" (a new keeper on the same storage)
    again = make_keeper(keeper.store.storage, tr)  # type: ignore[arg-type]
    go(again, f"#/score/{sheet_id}/round")
    assert again.draft().hands[2].text == "7" and len(again.draft().hands[3].cards) == 4
    assert again.store.library.get(sheet_id).sheet.rounds == ()


def test_tapped_faces_take_free_colours(keeper: Keeper) -> None:
    new_game(keeper)
    keeper.act("score.winner", seat=0)
    for seat in (1, 2, 3):
        keeper.act("score.hand-mode", seat=seat, mode="cards")
    for _ in range(3):
        keeper.act("score.hand-face", seat=1, face="7")
        keeper.act("score.hand-face", seat=2, face="7")
    keeper.act("score.hand-face", seat=3, face="7")
    keeper.act("score.hand-face", seat=3, face="7")
    keeper.act("score.hand-total", seat=0, value="")
    keeper.act("score.save")
    assert not keeper.errors  # 8 sevens: all the deck has
    go(keeper, f"#/score/{keeper.where.sheet_id}/round")
    keeper.act("score.winner", seat=1)
    for seat in (0, 2, 3):
        keeper.act("score.hand-mode", seat=seat, mode="cards")
    for _ in range(3):
        for seat in (0, 2, 3):
            keeper.act("score.hand-face", seat=seat, face="0")
    assert sum(len(hand.cards) for hand in keeper.draft().hands) == 4  # the deck's four 0s; later taps refused
    assert [error.code for error in keeper.errors["hand-3"]] == ["no_copy_left"]
    page = render(keeper.screen())
    key = find(page, id="score-face-2-9")[0]  # the 0 key
    assert key.attr("aria-disabled") == "true" and key.attr("aria-describedby") == "score-used-2"
    assert find(page, id="score-face-2-8")[0].attr("aria-disabled") is None


def test_names_are_text_never_html(keeper: Keeper, tr: Translator) -> None:
    evil = "<img src=x onerror=alert(1)>"
    sheet_id = new_game(keeper, [evil, "Ben"])
    enter_round(keeper, 0, {1: "10"})
    go(keeper, f"#/score/{sheet_id}")
    page = to_html(render(keeper.screen()), tr)
    assert "<img" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page


def test_import_refuses_bad_files_and_changes_nothing(keeper: Keeper, storage: MemoryStorage, tr: Translator) -> None:
    sheet_id = new_game(keeper)
    enter_round(keeper, 0, {1: "10", 2: "20", 3: "30"})
    go(keeper, f"#/score/{sheet_id}")
    name, text = keeper.act("score.export").download  # type: ignore[misc]
    assert name.startswith("uno-ana-ben-cai-dee") and name.endswith(".json")
    before = storage.items[LIBRARY_KEY]
    go(keeper, "#/score")
    for bad in ("not json", '{"format": "x"}', text.replace('"total": 10', '"total": 11')):
        keeper.import_text(bad)
        assert keeper.errors["import"], bad
        assert storage.items[LIBRARY_KEY] == before
    assert "damaged" in text_of(find(render(keeper.screen()), id="score-import-error")[0], tr)
    keeper.import_text(text)  # the same game again: said, offered, not copied
    assert storage.items[LIBRARY_KEY] == before and keeper.flash is not None
    page = render(keeper.screen())
    assert text_of(find(page, id="score-flash")[0], tr) == (
        "This game is already saved here: “Ana, Ben, Cai, Dee”. Nothing was copied."
    )
    assert find(page, id="score-open-saved")[0].attr("href") == f"#/score/{sheet_id}"
    other = dumps(loads(text).undo())  # the same players, another game: added, titled apart
    effect = keeper.import_text(other)
    assert effect.go == "#/score/id2"
    assert keeper.store.library.get("id2").sheet == loads(other).with_people(())  # who they are: the person says
    assert keeper.store.library.get("id2").title == "Ana, Ben, Cai, Dee (2)"


def test_damaged_storage_is_kept_aside_never_overwritten(tr: Translator) -> None:
    storage = MemoryStorage({LIBRARY_KEY: "{broken", DRAFTS_KEY: "[1, 2"})
    keeper = make_keeper(storage, tr)
    assert storage.items[DAMAGED_KEY] == "{broken"
    go(keeper, "#/score")
    assert "could not be read" in text_of(render(keeper.screen()), tr)


def test_every_screen_uses_only_known_keys_in_both_languages(keeper: Keeper, tr: Translator) -> None:
    keys: set[str] = set()
    go(keeper, "#/score")
    keys |= keys_of(render(keeper.screen()))
    go(keeper, "#/score/new")
    keeper.act("score.teams", checked=True)
    keys |= keys_of(render(keeper.screen()))
    sheet_id = new_game(keeper, ["Ana", "Ben", "Cai", "Dee"])
    keeper.act("score.hand-mode", seat=1, mode="cards")
    keeper.act("score.hand-face", seat=1, face="S")
    keeper.act("score.hand-face", seat=1, face="W")
    keys |= keys_of(render(keeper.screen()))
    keeper.act("score.winner", seat=0)
    keeper.act("score.hand-total", seat=2, value="5")
    keeper.act("score.hand-total", seat=3, value="5")
    keeper.act("score.save")
    go(keeper, f"#/score/{sheet_id}")
    keeper.act("score.ask", what="delete-game")
    keys |= keys_of(render(keeper.screen()))
    go(keeper, f"#/score/{sheet_id}/round/1")
    keeper.act("score.ask", what="delete-round")
    keys |= keys_of(render(keeper.screen()))
    for lang in ("en", "es"):
        assert not {key for key in keys if key not in tr.tables[lang]}, lang
    assert len(keys) > 60


def test_teams_and_penalty_sheets_render(keeper: Keeper, tr: Translator) -> None:
    go(keeper, "#/score/new")
    keeper.act("score.teams", checked=True)
    sheet_id = new_game(keeper, NAMES)
    keeper.act("score.winner", seat=0)  # Cai (seat 2) is Ana's partner: optional hand
    assert "Partner of the winner" in text_of(render(keeper.screen()), tr)
    keeper.act("score.hand-total", seat=1, value="30")
    keeper.act("score.hand-total", seat=3, value="12")
    keeper.act("score.save")
    assert not keeper.errors
    go(keeper, f"#/score/{sheet_id}")
    page = text_of(render(keeper.screen()), tr)
    assert "Ana & Cai" in page and "42" in page
    # penalty scoring: everyone adds their own hand, the lowest total leads
    go(keeper, "#/score/new")
    keeper.act("score.scoring", scoring="penalty")
    keeper.act("score.teams", checked=False)
    penalty_id = new_game(keeper, ["Ana", "Ben"])
    keeper.act("score.winner", seat=1)
    keeper.act("score.hand-total", seat=0, value="25")
    keeper.act("score.save")
    go(keeper, f"#/score/{penalty_id}")
    page = text_of(render(keeper.screen()), tr)
    assert "the lowest total wins" in page and "+25" in page
    assert tr.missing == set()


def test_a_backup_file_imports_every_sheet_and_a_bad_one_changes_nothing(
    keeper: Keeper, storage: MemoryStorage, tr: Translator
) -> None:
    new_game(keeper)
    enter_round(keeper, 0, {1: "10", 2: "20", 3: "30"})
    new_game(keeper, ["Eva", "Fer"])
    text = backup_text({LIBRARY_KEY: storage.items[LIBRARY_KEY], "uno.play.game": '{"x": 1}'}, 5_000)
    other = make_keeper(MemoryStorage(), tr)
    go(other, "#/score")
    for bad in (backup_text({}, 1), backup_text({LIBRARY_KEY: '{"format": "nope"}'}, 1)):
        other.import_text(bad)
        assert other.errors["import"]
        assert not other.store.library.entries
    other.import_text(text)
    assert not other.errors.get("import")
    assert sorted(dumps(entry.sheet) for entry in other.store.library.entries) == sorted(
        dumps(entry.sheet) for entry in keeper.store.library.entries
    )  # the same sheets, rounds and all
    assert "2 games imported." in text_of(render(other.screen()), tr)
