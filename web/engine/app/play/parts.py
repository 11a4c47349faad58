"""Pieces of the table's pages as `app.tree` elements: cards, badges, colour choices, buttons (pure; texts
are catalogue phrases, `describe`'s, which the page translates and relabels)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from app.tree import El, Phrase, el, phrase, sends
from uno_core import Card, Colour

from . import describe

COLOUR_ORDER: tuple[Colour, ...] = tuple(Colour)
Words = Phrase | str


def says(tag: str, *parts: Words | None, **attrs: Any) -> El:
    """An element showing `parts` in order: a single phrase is bound to the element itself, several each get
    a span of their own (`"Red 5", ". ", "cannot be played"`), a text stays text."""
    shown = [part for part in parts if part is not None]
    if len(shown) == 1 and isinstance(shown[0], Phrase):
        return el(tag, key=shown[0], **attrs)
    return el(tag, *(el("span", key=part) if isinstance(part, Phrase) else part for part in shown), **attrs)


def card_face(
    card: Card,
    tag: str = "span",
    cls: str = "",
    label: Sequence[Words] = (),
    attrs: Mapping[str, str] | None = None,
) -> El:
    """A card: its value as text in the corner and the centre, and its colour's shape (colour-blind safe).

    The accessible name is `label` (default: the card's name) in a visually hidden span; the drawn
    value and shapes are hidden from screen readers. `attrs` are more attributes, by their names.
    """
    colour = card.colour.value if card.colour is not None else "wild"
    value = describe.face(card)
    marks = describe.shape(card.colour) if card.colour is not None else "".join(describe.SHAPES.values())
    face = el(
        tag,
        says("span", *(label or (describe.card_phrase(card),)), cls="sr-only"),
        el("span", value, cls="card-corner", aria_hidden="true"),
        el("span", value, cls="card-value", aria_hidden="true"),
        el("span", marks, cls="card-shape", aria_hidden="true"),
        cls=f"card c-{colour} {cls}".strip(),
        data_code=card.code,
    )
    return with_attrs(face, attrs)


def card_back(cls: str = "") -> El:
    return el("span", el("span", "UNO", cls="card-back-logo"), cls=f"card card-back {cls}".strip(), aria_hidden="true")


def colour_badge(colour: Colour | None) -> El:
    """The active colour as a swatch, its shape and its name (never colour alone)."""
    if colour is None:
        return el("span", el("span", key="play.table.no_colour"), cls="colour-badge")
    return el(
        "span",
        el("span", describe.shape(colour), cls=f"swatch c-{colour.value}", aria_hidden="true"),
        el("span", key=phrase("play.table.colour", colour=describe.colour_phrase(colour))),
        cls="colour-badge",
    )


def colour_button(colour: Colour, first: bool = False) -> El:
    """A colour choice (swatch, shape and name): the picker's answer, or (`first`) the first card's colour
    (R-FIRST-2), which is a move of its own."""
    does = sends("play.move", move=f"color {colour.value}") if first else sends("play.colour", colour=colour.value)
    return el(
        "button",
        el("span", describe.shape(colour), cls=f"swatch c-{colour.value}", aria_hidden="true"),
        el("span", key=describe.colour_phrase(colour)),
        cls=f"button colour-choice cc-{colour.value}",
        type="button",
        data_colour=colour.value,
        does=does,
    )


def cards_row(cards: Sequence[Card], cls: str = "") -> El:
    return el("ul", *(el("li", card_face(card)) for card in cards), cls=f"card-row {cls}".strip(), role="list")


def button(
    label: Words,
    does: Mapping[str, str],
    cls: str = "",
    enabled: bool = True,
    key: str = "",
    attrs: Mapping[str, str] | None = None,
    title: Phrase | None = None,
) -> El:
    """A button for the delegated click handler: `does` is the intent it sends (`app.tree.sends`); `key` is its
    keyboard shortcut, `title` its tooltip. Its `data-focus` is the intent's act and fields (the focus stays on it
    across drawings)."""
    focus = ":".join(value for name, value in does.items())
    node = says(
        "button",
        label,
        cls=f"button {cls}".strip(),
        type="button",
        data_focus=focus,
        data_key=key or None,
        data_shortcut=key[0] if key else None,
        aria_keyshortcuts=key[0].upper() if key else None,
        disabled=not enabled,
        t_attrs={"title": title} if title is not None else None,
        does=does,
    )
    return with_attrs(node, attrs)


def with_attrs(node: El, attrs: Mapping[str, str] | None) -> El:
    """`node` with more attributes (`{"aria-pressed": "true"}`)."""
    return replace(node, attrs=node.attrs + tuple((attrs or {}).items())) if attrs else node
