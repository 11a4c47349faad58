"""Pieces of the table's pages as `app.tree` elements: cards, badges, colour choices, buttons (pure; the
words come from `describe` through the screen's `Texts`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

from app.tree import El, el
from uno_core import Card, Colour

from . import describe
from .describe import Translate

COLOUR_ORDER: tuple[Colour, ...] = tuple(Colour)


def card_face(
    card: Card, t: Translate, tag: str = "span", cls: str = "", label: str = "", attrs: Mapping[str, str] | None = None
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
        el("span", label or describe.card_name(card, t), cls="sr-only"),
        el("span", value, cls="card-corner", aria_hidden="true"),
        el("span", value, cls="card-value", aria_hidden="true"),
        el("span", marks, cls="card-shape", aria_hidden="true"),
        cls=f"card c-{colour} {cls}".strip(),
        data_code=card.code,
    )
    return with_attrs(face, attrs)


def card_back(cls: str = "") -> El:
    return el("span", el("span", "UNO", cls="card-back-logo"), cls=f"card card-back {cls}".strip(), aria_hidden="true")


def colour_badge(colour: Colour | None, t: Translate) -> El:
    """The active colour as a swatch, its shape and its name (never colour alone)."""
    if colour is None:
        return el("span", t("play.table.no_colour"), cls="colour-badge")
    return el(
        "span",
        el("span", describe.shape(colour), cls=f"swatch c-{colour.value}", aria_hidden="true"),
        el("span", t("play.table.colour", colour=describe.colour_name(colour, t))),
        cls="colour-badge",
    )


def colour_button(colour: Colour, act: str, t: Translate) -> El:
    """A colour choice (swatch, shape and name); `act` is 'action' (the first card's colour) or 'colour'."""
    arg = f"color {colour.value}" if act == "action" else colour.value
    return el(
        "button",
        el("span", describe.shape(colour), cls=f"swatch c-{colour.value}", aria_hidden="true"),
        el("span", describe.colour_name(colour, t)),
        cls=f"button colour-choice cc-{colour.value}",
        type="button",
        data_colour=colour.value,
        data_act=act,
        data_arg=arg,
    )


def cards_row(cards: Sequence[Card], t: Translate, cls: str = "") -> El:
    return el("ul", *(el("li", card_face(card, t)) for card in cards), cls=f"card-row {cls}".strip(), role="list")


def button(
    label: str,
    act: str,
    arg: str = "",
    cls: str = "",
    enabled: bool = True,
    key: str = "",
    attrs: Mapping[str, str] | None = None,
) -> El:
    """A button for the delegated click handler: `data-act` says what it does, `data-arg` with what."""
    node = el(
        "button",
        label,
        cls=f"button {cls}".strip(),
        type="button",
        data_act=act,
        data_arg=arg,
        data_focus=f"{act}:{arg}",
        data_key=key or None,
        data_shortcut=key[0] if key else None,
        aria_keyshortcuts=key[0].upper() if key else None,
        disabled=not enabled,
    )
    return with_attrs(node, attrs)


def with_attrs(node: El, attrs: Mapping[str, str] | None) -> El:
    """`node` with more attributes (`{"aria-pressed": "true"}`)."""
    return replace(node, attrs=node.attrs + tuple((attrs or {}).items())) if attrs else node
