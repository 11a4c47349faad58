"""DOM builders for the table: cards, seat chips, badges (browser glue; words come from `describe`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from app import i18n
from app.dom import h
from app.play import describe
from uno_core import Card, Colour

COLOUR_ORDER: tuple[Colour, ...] = tuple(Colour)


def t(key: str, **args: object) -> str:
    return i18n.t(key, **args)


def card_name(card: Card) -> str:
    return describe.card_name(card, t)


def text_of(item: describe.Line) -> str:
    return describe.render(item, t)


def card_face(card: Card, tag: str = "span", cls: str = "", label: str = "",
              attrs: dict[str, str] | None = None) -> Any:
    """A card: its value as text in the corner and the centre, and its colour's shape (colour-blind safe).

    The accessible name is `label` (default: the card's name) in a visually hidden span; the drawn
    value and shapes are hidden from screen readers.
    """
    colour = card.colour.value if card.colour is not None else "wild"
    value = describe.face(card)
    marks = describe.shape(card.colour) if card.colour is not None else "".join(describe.SHAPES.values())
    return h(
        tag,
        h("span", label or card_name(card), cls="sr-only"),
        h("span", value, cls="card-corner", attrs={"aria-hidden": "true"}),
        h("span", value, cls="card-value", attrs={"aria-hidden": "true"}),
        h("span", marks, cls="card-shape", attrs={"aria-hidden": "true"}),
        cls=f"card c-{colour} {cls}".strip(),
        attrs={"data-code": card.code, **(attrs or {})},
    )


def card_back(cls: str = "") -> Any:
    return h("span", h("span", "UNO", cls="card-back-logo"), cls=f"card card-back {cls}".strip(),
             attrs={"aria-hidden": "true"})


def colour_badge(colour: Colour | None) -> Any:
    """The active colour as a swatch, its shape and its name (never colour alone)."""
    if colour is None:
        return h("span", t("play.table.no_colour"), cls="colour-badge")
    return h(
        "span",
        h("span", describe.shape(colour), cls=f"swatch c-{colour.value}", attrs={"aria-hidden": "true"}),
        h("span", t("play.table.colour", colour=describe.colour_name(colour, t))),
        cls="colour-badge",
    )


def colour_button(colour: Colour, act: str) -> Any:
    """A colour choice (swatch, shape and name); `act` is 'action' (the first card's colour) or 'colour'."""
    arg = f"color {colour.value}" if act == "action" else colour.value
    return h(
        "button",
        h("span", describe.shape(colour), cls=f"swatch c-{colour.value}", attrs={"aria-hidden": "true"}),
        h("span", describe.colour_name(colour, t)),
        cls=f"button colour-choice cc-{colour.value}",
        attrs={"type": "button", "data-colour": colour.value, "data-act": act, "data-arg": arg},
    )


def cards_row(cards: Sequence[Card], cls: str = "") -> Any:
    row = h("ul", cls=f"card-row {cls}".strip(), attrs={"role": "list"})
    for card in cards:
        row.append(h("li", card_face(card)))
    return row
