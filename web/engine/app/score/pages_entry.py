"""`#/score/<id>/round` (the next round) and `#/score/<id>/round/<n>` (edit round n): who went
out, then each other hand as a typed total (numeric keypad) or tapped card faces with a live
sum, in the sheet's remembered mode (one switch for every hand, one per hand); one button saves.
Messages sit next to their field; keys of faces the deck has no copy left of are disabled with the
reason; the preview shows what the round adds only while it can be saved; a total far beyond a
normal hand is asked about first. Every keystroke is kept in a draft."""

from __future__ import annotations

from collections.abc import Callable

from app.tree import El, Phrase, el, phrase, sends
from scorekeeper import Mode, RoundDraft, Sheet, optional_seats, preview_gains

from . import faces, ids
from .common import ask_then_confirm, dealer_badge, described, field_error, head, sr, words_el
from .page_state import Screen
from .texts import face_word
from .where import sheet_hash


def face_label(face: str) -> list[El | str]:
    """What a face button shows: digits as they are, action cards by name (+2/+4 with a name for readers)."""
    if face in ("+2", "W+4"):
        short = "+2" if face == "+2" else "+4"
        return [el("span", short, aria_hidden="true"), sr(f"score.face.{faces.NAMED[face]}")]
    if face in faces.NAMED:
        return [el("span", key=f"score.face.{faces.NAMED[face]}")]
    return [face]


def chip_name(face: str) -> Phrase | str:
    """A tapped card's name, starting with what the chip shows (`+4 (Wild Draw Four)`)."""
    short = {"+2": "+2", "W+4": "+4"}.get(face)
    return phrase("score.face.short", short=short, name=face_word(face)) if short else face_word(face)


def face_class(face: str) -> str:
    if face in ("W", "W+4"):
        return "sk-face sk-face-wild"
    return "sk-face sk-face-action" if face in faces.NAMED else "sk-face"


def live_text(points: int | None) -> El:
    if points is None:
        return el("span", "–", aria_hidden="true")
    return el("span", key="score.points", args={"points": points})


def live_el(screen: Screen, draft: RoundDraft, seat: int) -> El:
    wild = screen.sheet.options.wild_points
    return el(
        "span",
        live_text(draft.hands[seat].live_points(wild)),
        id=ids.live(seat),
        cls="sk-live-sum",
        aria_live="polite",
    )


def preview_el(screen: Screen, sheet: Sheet, draft: RoundDraft) -> El:
    """What the round adds, as entered so far (`scorekeeper.preview_gains`); while the hands cannot come from
    one deck, why instead (never a total that cannot be saved)."""
    body: list[El | str] = []
    if screen.live:
        body = [el("span", key="score.preview_blocked"), " ", el("strong", *words_el(*screen.live, between=" "))]
        return el("p", *body, id=ids.PREVIEW, cls="sk-preview sk-preview-blocked")
    gains = preview_gains(sheet, draft)
    if gains:
        parts = [f"{gain.label} +{gain.gained}" for gain in gains]
        body = [el("span", key="score.preview"), " ", el("strong", " · ".join(parts))]
    return el("p", *body, id=ids.PREVIEW, cls="sk-preview")


def used_up_el(screen: Screen, reason_id: str) -> El | None:
    """Why some keys are disabled: the faces whose every copy is entered in this round."""
    if not screen.used_up:
        return None
    names = tuple(
        phrase("score.face.counted", face=face_word(face), limit=faces.face_limit(face)) for face in screen.used_up
    )
    return el("p", key="score.used_up", args={"faces": names}, cls="sk-hint sk-used-reason", id=reason_id)


def mode_all(sheet: Sheet) -> El:
    """One switch for every hand of the round, remembered by the sheet and for new sheets."""
    return el(
        "div",
        el("p", key="score.mode_all", cls="sk-mode-all-label", id=ids.MODEALL_LABEL),
        mode_switch(
            sheet.entry_mode, ids.modeall, lambda mode: sends("score.mode-all", mode=mode), "score.mode_all_group"
        ),
        el("p", key="score.mode_all_hint", cls="sk-hint"),
        cls="sk-mode-all",
    )


def mode_switch(
    chosen: Mode,
    ident: Callable[[str], str],
    does: Callable[[str], dict[str, str]],
    label: str | tuple[str, dict[str, str]],
) -> El:
    """The two buttons "Total" and "Card by card", the chosen one pressed; `does(mode)`: the intent of each."""
    return el(
        "div",
        *(
            el(
                "button",
                key=key,
                type="button",
                cls="sk-seg",
                id=ident(mode.value),
                does=does(mode.value),
                aria_pressed="true" if chosen is mode else "false",
            )
            for mode, key in ((Mode.TOTAL, "score.mode_total"), (Mode.CARDS, "score.mode_cards"))
        ),
        cls="sk-mode-switch",
        role="group",
        t_attrs={"aria-label": label},
    )


def sure_el(screen: Screen) -> El | None:
    """ "Are you sure?" before saving a total far beyond a normal hand: save it, or go back to it."""
    sure = screen.sure
    if sure is None:
        return None
    return el(
        "div",
        el("p", key="score.sure_title", id=ids.SURE_TITLE, cls="sk-sure-title", tabindex="-1"),
        *(el("p", key=line, cls="sk-sure-line") for line in sure.lines),
        el("p", key="score.sure_ends", cls="sk-sure-line") if sure.ends_match else None,
        el(
            "button",
            key="score.sure_yes",
            type="button",
            cls="button primary sk-big",
            id=ids.SURE_YES,
            does=sends("score.save-sure"),
        ),
        el(
            "button",
            key="score.sure_fix",
            type="button",
            cls="button",
            id=ids.SURE_FIX,
            does=sends("score.cancel", what="sure"),
        ),
        cls="sk-confirm sk-sure",
        role="group",
        aria_labelledby=ids.SURE_TITLE,
    )


def hand_box(screen: Screen, sheet: Sheet, draft: RoundDraft, seat: int) -> El:
    name = sheet.players[seat]
    fid = ids.hand_key(seat)
    if seat == draft.winner:
        head_line = el(
            "div",
            el("span", name, cls="sk-hand-name"),
            el("span", key="score.went_out", cls="sk-went-out"),
            cls="sk-hand-head",
        )
        return el("li", head_line, cls="sk-hand sk-hand-out", id=ids.handbox(seat))
    hand = draft.hands[seat]
    cards_mode = hand.mode is Mode.CARDS
    optional = draft.winner is not None and seat in optional_seats(draft.winner, len(sheet.players), sheet.options)
    switch = mode_switch(
        hand.mode,
        lambda mode: ids.mode(seat, mode),
        lambda mode: sends("score.hand-mode", seat=seat, mode=mode),
        ("score.mode_group", {"name": name}),
    )
    if cards_mode:
        used = set(screen.used_up)
        reason = ids.used_reason(seat)
        keypad = el(
            "div",
            *(
                el(
                    "button",
                    *face_label(face),
                    type="button",
                    id=ids.face(seat, index),
                    cls=face_class(face) + (" sk-used-up" if face in used else ""),
                    does=sends("score.hand-face", seat=seat, face=face),
                    aria_disabled="true" if face in used else None,
                    aria_describedby=reason if face in used else None,
                )
                for index, face in enumerate(faces.FACES)
            ),
            cls="sk-keypad",
            role="group",
            t_attrs={"aria-label": ("score.keypad", {"name": name})},
        )
        chips = [
            el(
                "button",
                *face_label(faces.face_of(card)),
                type="button",
                cls="sk-chip",
                id=ids.chip(seat, index),
                does=sends("score.hand-chip", seat=seat, index=index),
                t_attrs={"aria-label": ("score.remove_card", {"card": chip_name(faces.face_of(card))})},
            )
            for index, card in enumerate(hand.cards)
        ]
        tapped = el(
            "div",
            el("span", key="score.tapped", args={"name": name}, cls="sk-sr-only", id=ids.tapped(seat)),
            *(chips or [el("span", key="score.no_cards", cls="sk-hint")]),
            cls="sk-chips",
            role="group",
            aria_labelledby=ids.tapped(seat),
        )
        entry: list[El | None] = [tapped, keypad, used_up_el(screen, reason)]
    else:
        entry = [
            el(
                "input",
                type="text",
                inputmode="tel",  # digits and "+" (a hand added up as typed: "12+11+7") on every phone
                pattern="[0-9+ ]*",
                id=ids.field(fid),
                value=hand.text,
                autocomplete="off",
                enterkeyhint="next",
                maxlength=40,
                does=sends("score.hand-total", seat=seat),
                data_on="input",
                cls="sk-total-input",
                data_next=".sk-total-input",
                t_attrs={"aria-label": ("score.hand_label", {"name": name})},
                **described(screen, fid),
            )
        ]
    return el(
        "li",
        el("div", el("span", name, cls="sk-hand-name"), live_el(screen, draft, seat), cls="sk-hand-head"),
        el("p", key="score.partner", cls="sk-hint") if optional else None,
        switch,
        *entry,
        field_error(screen, fid),
        cls="sk-hand",
        id=ids.handbox(seat),
    )


def entry_page(screen: Screen) -> El:
    sheet, draft, number = screen.sheet, screen.round_draft, screen.where.round
    home = sheet_hash(screen.where.sheet_id)
    view = sheet.tally()
    if number is None:
        title = el("h1", key="score.round_title", args={"n": len(sheet.rounds) + 1})
        dealer = view.dealer
        badge = dealer_badge(sheet.players[dealer]) if dealer is not None else None
    else:
        title = el("h1", key="score.edit_title", args={"n": number})
        badge = dealer_badge(sheet.players[view.rows[number - 1].dealer], "score.dealt_this")
    winners = el(
        "fieldset",
        el("legend", key="score.who_out"),
        el(
            "div",
            *(
                el(
                    "label",
                    el(
                        "input",
                        type="radio",
                        name="winner",
                        value=str(seat),
                        id=ids.winner(seat),
                        checked=draft.winner == seat,
                        does=sends("score.winner", seat=seat),
                        data_on="change",
                    ),
                    el("span", name),
                    cls="sk-choice sk-winner-choice",
                )
                for seat, name in enumerate(sheet.players)
            ),
            cls="sk-choices",
        ),
        field_error(screen, ids.WINNER),
        id=ids.field(ids.WINNER),
        cls="sk-options-group",
        aria_describedby=ids.error_line(ids.WINNER),
    )
    over = view.finished and number is None
    actions: list[El | None] = [
        sure_el(screen)
        or el(
            "button",
            key="score.save" if number is None else "score.save_edit",
            type="submit",
            cls="button primary sk-big",
            id=ids.SAVE,
            disabled=over,
        ),
    ]
    if number is not None:
        actions.append(el("button", key="score.discard", type="button", cls="button", does=sends("score.discard")))
        actions.append(
            ask_then_confirm(
                screen,
                "delete-round",
                "score.delete_round",
                "score.delete_round_confirm",
                "score.delete_yes_round",
                {"n": number},
            )
        )
    return el(
        "div",
        head(home, "score.back_sheet"),
        title,
        badge,
        el("p", key="score.over", cls="sk-notice") if over else None,
        el(
            "form",
            winners,
            el(
                "section",
                el("h2", key="score.hands"),
                mode_all(sheet),
                el("ul", *(hand_box(screen, sheet, draft, seat) for seat in range(len(sheet.players))), cls="sk-hands"),
            ),
            preview_el(screen, sheet, draft),
            field_error(screen, ids.ROUND, alert=True),
            el("p", key="score.kept", cls="sk-hint"),
            el("div", *actions, cls="sk-sticky-actions"),
            does=sends("score.save"),
            data_on="submit",
            novalidate=True,
            id=ids.ENTRY_FORM,
        ),
        cls="sk-score sk-score-entry",
    )
