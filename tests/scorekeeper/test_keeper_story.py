"""An evening's story kept with its sheet (`scorekeeper.story`): a place, notes, the first round's time; kept in the
save, the library and "Move all my sheets"; an old save reads with none; bad text is refused and changes nothing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper import (
    NOTES_MAX,
    PLACE_MAX,
    Library,
    LoadError,
    SetupError,
    Sheet,
    Story,
    clean_notes,
    clean_place,
    load,
    new_sheet,
    save,
)
from scorekeeper.link import decode_all, encode_library
from scorekeeper.save import checksum, sheet_data


def played(place: str = "", notes: str = "") -> Sheet:
    sheet = new_sheet(["Ana", "Ben"]).choose_dealer(0).with_story(place=place, notes=notes)
    return sheet.add_round(sheet.blank_draft().with_winner(0).with_text(1, "9"))


def test_a_place_is_one_line_and_notes_keep_their_line_breaks() -> None:
    assert clean_place("  Casa \t de   Beto ") == "Casa de Beto"
    assert clean_notes("Ana's birthday\r\nPizza\rcake  \n") == "Ana's birthday\nPizza\ncake"
    with pytest.raises(SetupError) as long:
        clean_place("x" * (PLACE_MAX + 1))
    assert long.value.code == "place_too_long" and long.value.params["limit"] == PLACE_MAX
    with pytest.raises(SetupError) as bad:
        clean_notes("a\x00b")
    assert bad.value.code == "notes_bad_char"
    assert clean_notes("y" * NOTES_MAX) == "y" * NOTES_MAX
    with pytest.raises(SetupError):
        Story(place="  not cleaned ")


def test_the_story_is_in_the_save_only_when_there_is_one_and_reads_back() -> None:
    plain = played()
    assert "story" not in sheet_data(plain)  # a sheet with no story saves as before
    told = played("Casa de Beto", "Ana's birthday\nPizza").with_story(started=1_700_000_000_000)
    assert sheet_data(told)["story"] == {
        "place": "Casa de Beto",
        "notes": "Ana's birthday\nPizza",
        "started": 1_700_000_000_000,
    }
    assert load(save(told)) == told and load(save(plain)) == plain
    damaged = save(told)
    damaged["sheet"]["story"]["place"] = "\x07"
    with pytest.raises(LoadError):
        load(damaged)  # the checksum first; a save of its own with a bad place is refused as well
    data = save(told)
    data["sheet"]["story"] = {"place": 5}
    data["checksum"] = checksum(data["sheet"])
    with pytest.raises(LoadError) as wrong:
        load(data)
    assert wrong.value.code == "bad_field"


def test_the_first_round_saved_dates_the_evening_and_a_copy_keeps_its_own() -> None:
    sheet = new_sheet(["Ana", "Ben"]).choose_dealer(0)
    library = Library().put("s1", sheet, 1_000)
    assert library.get("s1").date == 1_000  # no round yet: when it was made
    first = sheet.add_round(sheet.blank_draft().with_winner(0).with_text(1, "9"))
    library = library.put("s1", first, 5_000)
    assert library.get("s1").sheet.story.started == 5_000 and library.get("s1").date == 5_000
    second = library.get("s1").sheet.add_round(first.blank_draft().with_winner(1).with_text(0, "3"))
    library = library.put("s1", second, 9_000)
    assert library.get("s1").sheet.story.started == 5_000  # the first round's, not the last
    assert library.listing()[0].date == 5_000
    copied = library.put("s2", played(), 7_000)  # a sheet that comes with its rounds (a file, a link)
    assert copied.get("s2").sheet.story.started is None and copied.get("s2").date == 7_000
    assert Library.from_data(library.to_data()) == library


def test_play_again_keeps_the_place_not_the_notes() -> None:
    again = played("Casa de Beto", "Pizza").with_story(started=5).play_again()
    assert again.story == Story(place="Casa de Beto")


def test_move_all_my_sheets_carries_each_story() -> None:
    told = played("Bar Uno", "Final").with_story(started=1_733_000_000_123)
    entries, _ = decode_all(encode_library((("Friday", told), ("Plain", played()))))
    assert entries[0][1].story == Story("Bar Uno", "Final", 1_733_000_000_000)  # to the second
    assert entries[1][1].story == Story()


@given(place=st.text(max_size=PLACE_MAX), notes=st.text(max_size=NOTES_MAX))
def test_any_text_is_kept_as_cleaned_or_refused_never_half_kept(place: str, notes: str) -> None:
    sheet = played()
    try:
        told = sheet.with_story(place=clean_place(place), notes=clean_notes(notes))
    except SetupError:
        return
    assert load(save(told)).story == told.story
    entries, _ = decode_all(encode_library((("t", told),)))
    assert entries[0][1].story == told.story
