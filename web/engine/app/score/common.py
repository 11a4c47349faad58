"""Pieces shared by the score keeper's screens."""

from __future__ import annotations

from typing import TypedDict, Unpack

from app.tree import Child, El, Phrase, el, sends

from . import ids
from .page_state import Screen
from .where import sheet_hash


def words_el(*pieces: Phrase | str, between: str = "") -> list[Child]:
    """Texts as children: each phrase bound to its catalogue key (a text as is), `between` between each two."""
    children: list[Child] = []
    for piece in pieces:
        if children and between:
            children.append(between)
        children.append(el("span", key=piece) if isinstance(piece, Phrase) else piece)
    return children


def head(href: str, key: str) -> El:
    return el("div", el("a", key=key, cls="back-link", href=href), cls="screen-head")


def sr(key: str, **args: object) -> El:
    """Text for screen readers only."""
    return el("span", key=key, args=args, cls="sk-sr-only")


def field_error(screen: Screen, fid: str, alert: bool = False) -> El:
    """The message line under a field (always present, empty when the field is fine)."""
    texts = screen.messages(fid)
    return el(
        "p",
        *words_el(*texts, between=" "),
        id=ids.error_line(fid),
        cls="sk-field-error",
        role="alert" if alert and texts else None,
        tabindex="-1" if alert else None,
    )


class Described(TypedDict):
    """The aria attributes `described` gives, as `el` keywords."""

    aria_describedby: str
    aria_invalid: str | None


def described(screen: Screen, fid: str) -> Described:
    """aria attributes of a field that may have an error message."""
    bad = bool(screen.messages(fid))
    return {"aria_describedby": ids.error_line(fid), "aria_invalid": "true" if bad else None}


class FieldAttrs(TypedDict, total=False):
    """What a one-field form's input may say besides its id, value and acts."""

    maxlength: int
    inputmode: str
    autocapitalize: str
    spellcheck: str
    enterkeyhint: str


def labelled(screen: Screen, fid: str, label_key: str, control: El) -> El:
    """A field's block: its label, its control (whose id is `ids.field(fid)`) and its message line."""
    return el("div", el("label", key=label_key, for_=ids.field(fid)), control, field_error(screen, fid), cls="sk-field")


def one_field_form(
    screen: Screen,
    fid: str,
    keys: tuple[str, str],
    acts: tuple[str, str],
    value: str,
    clear: bool = False,
    **attrs: Unpack[FieldAttrs],
) -> El:
    """A labelled text field with its button in one row and its message line. `keys`: the label's and the
    button's; `acts`: sent on each key (with the field's value) and on Enter or the button; `clear` empties the
    field once sent."""
    label_key, button_key = keys
    typed_act, submit_act = acts
    return el(
        "form",
        el("label", key=label_key, for_=ids.field(fid)),
        el(
            "div",
            el(
                "input",
                type="text",
                id=ids.field(fid),
                value=value,
                autocomplete="off",
                does=sends(typed_act),
                data_on="input",
                **attrs,
                **described(screen, fid),
            ),
            el("button", key=button_key, type="submit", cls="button"),
            cls="sk-add-row",
        ),
        field_error(screen, fid),
        does=sends(submit_act),
        data_on="submit",
        data_clear=clear,
        cls="sk-field",
    )


def flash(screen: Screen) -> El | None:
    """The note shown once on this screen (see `screen.Note`)."""
    note = screen.note
    if note is None:
        return None
    body: Child = el("span", *words_el(*note.said)) if note.said else el("span", key=note.key, args=note.args)
    box = el("p", body, id=ids.FLASH, cls="sk-flash", tabindex="-1")
    if note.open_id:  # an import already saved: offered instead of a copy
        return el(
            "div",
            box,
            el("a", key="score.open_saved", cls="button primary", href=sheet_hash(note.open_id), id=ids.OPEN_SAVED),
            cls="sk-flash-wrap",
        )
    if note.copy_text:
        return el(
            "div",
            box,
            el(
                "textarea",
                note.copy_text,
                cls="sk-copy-text",
                readonly=True,
                rows=6,
                t_attrs={"aria-label": "score.share_text"},
            ),
            cls="sk-flash-wrap",
        )
    return box


def ask_then_confirm(
    screen: Screen, act: str, ask_key: str, confirm_key: str, yes_key: str, args: dict[str, object] | None = None
) -> El:
    """A dangerous act's button ("score.ask" what `act`); once pressed (`screen.confirm == act`) it is a
    question with "yes" (the act "score.<act>") and "cancel" in its place."""
    if screen.confirm == act:
        return el(
            "div",
            el("p", key=confirm_key, args=args, id=ids.CONFIRM_TEXT),
            el(
                "button",
                key=yes_key,
                type="button",
                cls="button sk-danger",
                id=ids.confirm(act),
                does=sends(f"score.{act}"),
                aria_describedby=ids.CONFIRM_TEXT,
            ),
            el("button", key="score.cancel", type="button", cls="button", does=sends("score.cancel", what=act)),
            cls="sk-confirm",
            role="group",
        )
    return el(
        "button",
        key=ask_key,
        args=args,
        type="button",
        cls="button sk-danger",
        id=ids.ask(act),
        does=sends("score.ask", what=act),
    )


def dealer_badge(name: str, key: str = "score.deals_now") -> El:
    return el(
        "p",
        el("span", cls="sk-dealer-icon", aria_hidden="true"),
        el("span", key=key, args={"name": name}),
        cls="sk-dealer-now",
        id=ids.DEALER_BADGE,
    )
