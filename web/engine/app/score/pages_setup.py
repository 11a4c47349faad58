"""`#/score/new` and `#/score/<id>/setup`: players (add, rename, reorder, remove), teams,
options and the first dealer. Before the first round everything can change; after it,
names and options only (the sheet refuses the rest)."""

from __future__ import annotations

from collections.abc import Mapping

from app.tree import El, el, sends
from scorekeeper import MAX_PLAYERS, NAME_MAX, Sheet
from uno_core.rules import DealerRotation, Scoring, teams_fit

from . import ids
from .common import described, field_error, head, labelled, one_field_form, words_el
from .page_state import Screen
from .pages_people import offered_part
from .where import sheet_hash


def player_row(screen: Screen, sheet: Sheet, seat: int) -> El:
    name = sheet.players[seat]
    fid = ids.name_key(seat)
    fixed = sheet.started
    last = len(sheet.players) - 1
    controls = []
    if not fixed:
        controls = [
            el(
                "button",
                el("span", "↑", aria_hidden="true"),
                type="button",
                cls="sk-icon-button",
                id=ids.up(seat),
                does=sends("score.move", seat=seat, step=-1),
                disabled=seat == 0,
                t_attrs={"aria-label": ("score.setup.up", {"name": name})},
            ),
            el(
                "button",
                el("span", "↓", aria_hidden="true"),
                type="button",
                cls="sk-icon-button",
                id=ids.down(seat),
                does=sends("score.move", seat=seat, step=1),
                disabled=seat == last,
                t_attrs={"aria-label": ("score.setup.down", {"name": name})},
            ),
            el(
                "button",
                el("span", "✕", aria_hidden="true"),
                type="button",
                cls="sk-icon-button sk-danger",
                id=ids.remove(seat),
                does=sends("score.remove", seat=seat),
                t_attrs={"aria-label": ("score.setup.remove", {"name": name})},
            ),
        ]
    return el(
        "li",
        el(
            "div",
            el("span", str(seat + 1), cls="sk-seat-number", aria_hidden="true"),
            el(
                "input",
                type="text",
                id=ids.field(fid),
                value=screen.pending.get(fid, name),
                maxlength=NAME_MAX + 8,
                autocomplete="off",
                autocapitalize="words",
                enterkeyhint="done",
                does=sends("score.rename", seat=seat),
                data_on="change",
                t_attrs={"aria-label": ("score.setup.player_label", {"n": seat + 1})},
                **described(screen, fid),
            ),
            *controls,
            cls="sk-player-row",
        ),
        field_error(screen, fid),
    )


def radio(
    name: str,
    value: str,
    key: str,
    checked: bool,
    does: Mapping[str, str],
    rid: str,
    args: dict[str, object] | None = None,
    label_text: str | None = None,
    disabled: bool = False,
) -> El:
    label = el("span", label_text) if label_text is not None else el("span", key=key, args=args)
    return el(
        "label",
        el(
            "input",
            type="radio",
            name=name,
            value=value,
            checked=checked,
            id=rid,
            does=does,
            data_on="change",
            disabled=disabled,
        ),
        label,
        cls="sk-choice",
    )


def fieldset(legend_key: str, fid: str, *children: El | None) -> El:
    return el("fieldset", el("legend", key=legend_key), *children, id=ids.field(fid), cls="sk-options-group")


def options_part(screen: Screen, sheet: Sheet) -> list[El]:
    options = sheet.options
    target_text = screen.pending.get(ids.TARGET, str(options.target))
    teams_note = None
    if options.teams and teams_fit(len(sheet.players)):
        labels = sheet.tally().side_labels
        teams_note = el("p", key="score.setup.teams_are", args={"teams": " · ".join(labels)}, cls="sk-hint")
    return [
        labelled(
            screen,
            ids.TARGET,
            "score.setup.target",
            el(
                "input",
                type="text",
                inputmode="numeric",
                pattern="[0-9]*",
                id=ids.field(ids.TARGET),
                value=target_text,
                maxlength=9,
                autocomplete="off",
                enterkeyhint="done",
                does=sends("score.target"),
                data_on="change",
                **described(screen, ids.TARGET),
            ),
        ),
        fieldset(
            "score.setup.scoring",
            ids.SCORING,
            *(
                radio(
                    "scoring",
                    mode.value,
                    f"score.scoring.{mode.value}",
                    options.scoring is mode,
                    sends("score.scoring", scoring=mode.value),
                    ids.choice(ids.SCORING, mode.value),
                )
                for mode in Scoring
            ),
            field_error(screen, ids.SCORING),
        ),
        fieldset(
            "score.setup.wild",
            ids.WILD,
            *(
                radio(
                    "wild",
                    str(points),
                    f"score.wild.{points}",
                    options.wild_points == points,
                    sends("score.wild", points=points),
                    ids.choice(ids.WILD, points),
                )
                for points in (50, 40)
            ),
            field_error(screen, ids.WILD),
        ),
        fieldset(
            "score.setup.rotation",
            ids.ROTATION,
            *(
                radio(
                    "rotation",
                    rot.value,
                    f"score.rotation.{rot.value}",
                    options.dealer_rotation is rot,
                    sends("score.rotation", rotation=rot.value),
                    ids.choice(ids.ROTATION, rot.value),
                )
                for rot in DealerRotation
            ),
            field_error(screen, ids.ROTATION),
        ),
        el(
            "div",
            el(
                "label",
                el(
                    "input",
                    type="checkbox",
                    id=ids.field(ids.TEAMS),
                    checked=options.teams,
                    does=sends("score.teams"),
                    data_on="change",
                    disabled=sheet.started,
                    **described(screen, ids.TEAMS),
                ),
                el("span", key="score.setup.teams"),
                cls="sk-choice",
            ),
            teams_note,
            field_error(screen, ids.TEAMS),
            cls="sk-field",
        ),
    ]


def dealer_part(screen: Screen, sheet: Sheet) -> El:
    dealer = sheet.first_dealer
    note = None
    if dealer is not None:
        key = "score.setup.drawn" if sheet.dealer_drawn else "score.setup.chosen"
        note = el("p", key=key, args={"name": sheet.players[dealer]}, cls="sk-hint sk-strong", id=ids.FIRST_DEALER)
    choices = [
        radio(
            "dealer",
            str(seat),
            "",
            dealer == seat,
            sends("score.dealer", seat=seat),
            ids.choice(ids.DEALER, seat),
            label_text=name,
            disabled=sheet.started,
        )
        for seat, name in enumerate(sheet.players)
    ]
    draw = None
    if not sheet.started:
        draw = el(
            "button",
            key="score.setup.draw",
            type="button",
            cls="button",
            id=ids.DRAW,
            does=sends("score.draw"),
            disabled=not sheet.players,
        )
    return fieldset(
        "score.setup.dealer",
        ids.DEALER,
        el("div", *choices, cls="sk-choices") if choices else None,
        draw,
        note,
        field_error(screen, ids.DEALER),
    )


def setup_page(screen: Screen) -> El:
    sheet = screen.setup_sheet
    new = screen.where.page == "new"
    back = "#/score" if new else sheet_hash(screen.where.sheet_id)
    rows = [player_row(screen, sheet, seat) for seat in range(len(sheet.players))]
    adder = None
    if not sheet.started and len(sheet.players) < MAX_PLAYERS:
        adder = one_field_form(
            screen,
            ids.NAME_NEW,
            ("score.setup.new_name", "score.setup.add"),
            ("score.new-name", "score.add"),
            screen.new_name,
            clear=True,
            maxlength=NAME_MAX + 8,
            autocapitalize="words",
            enterkeyhint="enter",
        )
    note_key = "score.setup.started_note" if sheet.started else "score.setup.count"
    finish = el(
        "button",
        key="score.setup.start" if new else "score.setup.done",
        type="button",
        cls="button primary sk-big",
        id=ids.field(ids.START),
        does=sends("score.start"),
    )
    start_errors = [*screen.messages(ids.START), *screen.messages(ids.PLAYERS)]
    summary = el(
        "p",
        *words_el(*start_errors, between=" "),
        id=ids.error_line(ids.START),
        cls="sk-field-error",
        tabindex="-1",
        role="alert" if start_errors else None,
    )
    return el(
        "div",
        head(back, "score.back_list" if new else "score.back_sheet"),
        el("h1", key="score.setup.title" if new else "score.setup.edit_title"),
        el(
            "section",
            el("h2", key="score.setup.players"),
            el("p", key=note_key, args={"count": len(sheet.players), "max": MAX_PLAYERS}, cls="sk-hint"),
            # always there (hidden while empty): the first player's row must not move the "new player" field,
            # or the page would replace it, with what is typed in it meanwhile
            # the regulars to tap stay put above the rows as players are added (always there, hidden while none is
            # offered, for the same reason as the list below)
            offered_part(screen) if adder is not None else None,
            el("ol", *rows, cls="sk-player-list", id=ids.field(ids.PLAYERS), hidden=not rows),
            adder,
            cls="sk-score-card",
        ),
        el("section", el("h2", key="score.setup.options"), *options_part(screen, sheet), cls="sk-score-card"),
        el("section", dealer_part(screen, sheet), cls="sk-score-card"),
        el("div", summary, finish, cls="sk-sticky-actions"),
        cls="sk-score sk-score-setup",
    )
