"""A sheet's story card (on `#/score/<id>`): the evening's date, where it was played and free notes."""

from __future__ import annotations

from app.tree import El, el, sends
from scorekeeper import NOTES_MAX, PLACE_MAX, SavedSheet

from . import ids
from .card import long_date
from .common import described, labelled
from .page_state import Screen


def story_card(screen: Screen, saved: SavedSheet) -> El:
    story = saved.sheet.story
    place = screen.pending.get(ids.PLACE, story.place)
    notes = screen.pending.get(ids.NOTES, story.notes)
    return el(
        "section",
        el("h2", key="score.story.title", id=ids.STORY_TITLE),
        el("p", key="score.story.date", args={"date": long_date(saved.date)}, cls="sk-hint", id=ids.STORY_DATE),
        labelled(
            screen,
            ids.PLACE,
            "score.story.place",
            el(
                "input",
                type="text",
                id=ids.field(ids.PLACE),
                value=place,
                maxlength=PLACE_MAX,
                autocomplete="off",
                enterkeyhint="done",
                does=sends("score.place"),
                data_on="change",
                **described(screen, ids.PLACE),
            ),
        ),
        labelled(
            screen,
            ids.NOTES,
            "score.story.notes",
            el(
                "textarea",
                notes,
                id=ids.field(ids.NOTES),
                rows=3,
                maxlength=NOTES_MAX,
                does=sends("score.notes"),
                data_on="change",
                **described(screen, ids.NOTES),
            ),
        ),
        cls="sk-score-card sk-story",
        aria_labelledby=ids.STORY_TITLE,
    )
