"""The regulars: offered at set-up (`offered_part`), their page `#/score/people` (rename, merge, split, forget, bring
back), a sheet from elsewhere's "they are my regulars" (`join_card`), and their record `#/score/record`: each
figure in a table (what screen readers read) and two pictures (`chart_record`)."""

from __future__ import annotations

from app.tree import El, Phrase, el, phrase, sends
from scorekeeper import NAME_MAX
from scorekeeper.people import Regular
from scorekeeper.record import PersonRecord, Record

from . import ids
from .chart import swatch_class
from .chart_record import evenings_chart, share_chart
from .common import field_error, head
from .page_state import Screen

# -- set-up --------------------------------------------------------------------------------------------------------


def offered_part(screen: Screen) -> El:
    """The regulars to tap (most frequent first, narrowed by the typed letters), and "a new person" when the typed
    name is a regular's; hidden while there is none."""
    found = screen.regulars
    names = [regular.name.casefold() for regular in found]
    buttons = []
    for index, regular in enumerate(found):
        twin = names.count(regular.name.casefold()) > 1 or screen.new_twin
        hint = (
            phrase("score.regular.with", names=", ".join(regular.with_names))
            if twin and regular.with_names
            else phrase("score.regular.evenings", n=regular.evenings)
        )
        buttons.append(
            el(
                "li",
                el(
                    "button",
                    el("span", regular.name, cls="sk-regular-name"),
                    el("span", key=hint, cls="sk-regular-hint"),
                    type="button",
                    cls="sk-regular",
                    id=ids.regular(index),
                    does=sends("score.pick", person=regular.id),
                ),
            )
        )
    if screen.new_twin:
        buttons.append(
            el(
                "li",
                el(
                    "button",
                    el("span", key="score.regular.new", args={"name": " ".join(screen.new_name.split())}),
                    type="button",
                    cls="sk-regular sk-regular-new",
                    id=ids.ADD_NEW,
                    does=sends("score.add-new"),
                ),
            )
        )
    return el(
        "div",
        el("p", key="score.regular.offer", cls="sk-hint", id=ids.REGULARS + "-label"),
        el("ul", *buttons, cls="sk-regulars", aria_labelledby=ids.REGULARS + "-label"),
        id=ids.REGULARS,
        cls="sk-regulars-part",
        hidden=not buttons,
    )


def join_card(screen: Screen) -> El | None:
    """On a sheet with players not in the record (from a link, a file, another phone): "they are my regulars"."""
    if not screen.join_offer:
        return None
    return el(
        "section",
        el("p", key="score.join.text"),
        el(
            "button",
            key="score.join.button",
            type="button",
            cls="button",
            id=ids.JOIN_PEOPLE,
            does=sends("score.join"),
        ),
        cls="sk-score-card",
    )


# -- the regulars' page --------------------------------------------------------------------------------------------


def person_row(screen: Screen, index: int, regular: Regular) -> El:
    others = [other for other in screen.regulars if other.id != regular.id]
    merge_options = [el("option", key="score.people.merge_none", value="", selected=True)]
    merge_options += [
        el("option", key="score.people.merge_into", args={"name": other.name, "n": other.evenings}, value=other.id)
        for other in others
    ]
    merged = [
        el(
            "li",
            el("span", key="score.people.merged", args={"name": name}),
            el(
                "button",
                key="score.people.split",
                type="button",
                cls="button",
                id=ids.person(index, f"split-{n}"),
                does=sends("score.person-split", person=gone),
            ),
        )
        for n, (gone, name) in enumerate(regular.merged)
    ]
    return el(
        "li",
        el(
            "label",
            key="score.people.name",
            args={"n": index + 1},
            for_=ids.person(index, "name"),
            cls="sk-sr-only",
        ),
        el(
            "input",
            type="text",
            id=ids.person(index, "name"),
            value=regular.name,
            maxlength=NAME_MAX + 8,
            autocomplete="off",
            autocapitalize="words",
            enterkeyhint="done",
            does=sends("score.person-name", person=regular.id),
            data_on="change",
        ),
        el(
            "p",
            el("span", key="score.regular.evenings", args={"n": regular.evenings}),
            el("span", key="score.regular.with", args={"names": ", ".join(regular.with_names)})
            if regular.with_names
            else None,
            cls="sk-hint sk-person-hint",
        ),
        el("ul", *merged, cls="sk-merged") if merged else None,
        el(
            "div",
            el("label", key="score.people.merge", for_=ids.person(index, "merge")),
            el(
                "select",
                *merge_options,
                id=ids.person(index, "merge"),
                does=sends("score.person-merge", person=regular.id),
                data_on="change",
            )
            if others
            else None,
            cls="sk-field",
        )
        if others
        else None,
        el(
            "button",
            key="score.people.forget",
            args={"name": regular.name},
            type="button",
            cls="button sk-danger",
            id=ids.person(index, "forget"),
            does=sends("score.person-forget", person=regular.id),
        ),
        cls="sk-person",
    )


def people_page(screen: Screen) -> El:
    rows = [person_row(screen, index, regular) for index, regular in enumerate(screen.regulars)]
    forgotten = [
        el(
            "li",
            el("span", regular.name),
            el(
                "button",
                key="score.people.remember",
                type="button",
                cls="button",
                id=ids.person(index, "remember"),
                does=sends("score.person-remember", person=regular.id),
            ),
            cls="sk-forgotten",
        )
        for index, regular in enumerate(screen.forgotten)
    ]
    return el(
        "div",
        head("#/score", "score.back_list"),
        el("h1", key="score.people.title", id=ids.TITLE),
        el("p", key="score.people.lead", cls="lead"),
        field_error(screen, ids.PEOPLE, alert=True),
        el("ol", *rows, cls="sk-people") if rows else el("p", key="score.people.none", cls="sk-empty"),
        el("section", el("h2", key="score.people.forgotten"), el("ul", *forgotten, cls="sk-people"))
        if forgotten
        else None,
        el("p", el("a", key="score.record.title", cls="button", href="#/score/record", id=ids.RECORD_LINK)),
        cls="sk-score sk-score-people",
    )


# -- the record ----------------------------------------------------------------------------------------------------


def decimal(value: float) -> Phrase:
    """A number with one decimal, in the language's way (12.5, 12,5)."""
    tenths = round(value * 10)
    return phrase("score.record.decimal", whole=tenths // 10, tenth=tenths % 10)


def percent(value: float) -> Phrase:
    return phrase("score.record.percent", n=round(value * 100))


def cell(content: str | Phrase) -> El:
    return el("td", el("span", key=content) if isinstance(content, Phrase) else content)


def figures_table(people: tuple[PersonRecord, ...]) -> El:
    heads = ("player", "played", "won", "rate", "average", "given", "rounds_won", "streak")
    head_row = el(
        "tr", *(el("th", key=f"score.record.col.{name}", scope="col", cls=f"sk-col-{name}") for name in heads)
    )
    body = [
        el(
            "tr",
            el("th", person.name, scope="row"),
            cell(str(person.played)),
            cell(str(person.won)),
            cell(percent(person.win_rate)),
            cell(decimal(person.average)),
            cell(str(person.given)),
            cell(str(person.rounds_won)),
            cell(str(person.streak)),
        )
        for person in people
    ]
    return table(head_row, body, "score.record.figures")


def evenings_table(people: tuple[PersonRecord, ...]) -> El:
    head_row = el(
        "tr",
        *(el("th", key=f"score.record.col.{name}", scope="col") for name in ("player", "best", "worst")),
    )
    body = []
    for person in people:
        best, worst = person.best, person.worst
        body.append(
            el(
                "tr",
                el("th", person.name, scope="row"),
                cell(phrase("score.record.evening", total=best.total, title=best.title) if best else "–"),
                cell(phrase("score.record.evening", total=worst.total, title=worst.title) if worst else "–"),
            )
        )
    return table(head_row, body, "score.record.best_worst")


def table(head_row: El, body: list[El], caption: str) -> El:
    return el(
        "div",
        el("table", el("caption", key=caption), el("thead", head_row), el("tbody", *body), cls="sk-rounds sk-record"),
        cls="sk-table-wrap",
        role="region",
        tabindex="0",
        t_attrs={"aria-label": caption},
    )


def person_choice(screen: Screen, record: Record, fid: str, label: str, chosen: str, does: dict[str, str]) -> El:
    return el(
        "div",
        el("label", key=label, for_=fid),
        el(
            "select",
            *(
                el("option", person.name, value=person.person, selected=person.person == chosen)
                for person in record.people
            ),
            id=fid,
            does=does,
            data_on="change",
        ),
        cls="sk-field",
    )


def record_page(screen: Screen) -> El:
    record = screen.record
    assert record is not None, "the record page needs its record"
    parts: list[El | None] = [
        head("#/score", "score.back_list"),
        el("h1", key="score.record.title", id=ids.TITLE),
        el("p", key="score.record.how", cls="sk-hint"),
    ]
    playing = screen.in_progress
    if playing is not None:
        parts.append(
            el(
                "label",
                el(
                    "input",
                    type="checkbox",
                    id=ids.RECORD_INCLUDE,
                    checked=screen.choice.include,
                    does=sends("score.record-include"),
                    data_on="change",
                ),
                el("span", key="score.record.include", args={"title": playing.title}),
                cls="sk-choice",
            )
        )
    if not record.people:
        parts.append(el("p", key="score.record.none", cls="sk-empty"))
        parts.append(el("p", el("a", key="score.people.title", cls="button", href="#/score/people")))
        return el("div", *parts, cls="sk-score sk-score-record")
    shares = [(person.name, person.share) for person in record.people]
    if record.others_share:
        shares.append(("…", record.others_share))
    parts.append(
        el(
            "section",
            el("h2", key="score.record.shares", id=ids.SHARE_CHART),
            el("p", key="score.record.evenings", args={"n": len(record.evenings)}, cls="sk-hint"),
            share_chart(shares, ids.SHARE_CHART),
            figures_table(record.people),
            cls="sk-score-card",
        )
    )
    who = screen.choice.who
    chosen = record.of(who)
    if chosen is not None:
        index = record.people.index(chosen)
        totals = [result.total for result in chosen.totals]
        rows = [
            el("tr", el("th", str(number), scope="row"), cell(result.title), cell(str(result.total)))
            for number, result in enumerate(chosen.totals, start=1)
        ]
        head_row = el("tr", *(el("th", key=f"score.record.col.{name}", scope="col") for name in ("n", "game", "total")))
        parts.append(
            el(
                "section",
                el("h2", key="score.record.points", args={"name": chosen.name}, id=ids.POINTS_CHART),
                person_choice(screen, record, ids.RECORD_WHO, "score.record.who", who, sends("score.record-who")),
                el(
                    "p",
                    el("span", cls=swatch_class(index), aria_hidden="true"),
                    el("span", key="score.record.points_help"),
                    cls="sk-hint sk-person-hint",
                ),
                evenings_chart(totals, ids.POINTS_CHART, index),
                table(head_row, rows, "score.record.points_table"),
                evenings_table(record.people),
                cls="sk-score-card",
            )
        )
    versus = screen.versus
    if versus is not None:
        a, b = record.of(versus.a), record.of(versus.b)
        assert a is not None and b is not None
        parts.append(
            el(
                "section",
                el("h2", key="score.record.versus"),
                person_choice(
                    screen, record, ids.versus("a"), "score.record.versus_a", versus.a, sends("score.versus", side="a")
                ),
                person_choice(
                    screen, record, ids.versus("b"), "score.record.versus_b", versus.b, sends("score.versus", side="b")
                ),
                el(
                    "p",
                    key="score.record.versus_result",
                    args={
                        "a": a.name,
                        "b": b.name,
                        "n": versus.together,
                        "a_ahead": versus.a_ahead,
                        "b_ahead": versus.b_ahead,
                        "level": versus.level,
                    },
                    id=ids.VERSUS_RESULT,
                    aria_live="polite",
                ),
                cls="sk-score-card",
            )
        )
    if record.teams:
        head_row = el(
            "tr",
            *(
                el("th", key=f"score.record.col.{name}", scope="col")
                for name in ("team", "played", "won", "rounds_won")
            ),
        )
        rows = [
            el(
                "tr",
                el("th", " & ".join(team.names), scope="row"),
                cell(str(team.played)),
                cell(str(team.won)),
                cell(str(team.rounds_won)),
            )
            for team in record.teams
        ]
        parts.append(
            el(
                "section",
                el("h2", key="score.record.teams"),
                el("p", key="score.record.teams_how", cls="sk-hint"),
                table(head_row, rows, "score.record.teams"),
                cls="sk-score-card",
            )
        )
    parts.append(el("p", el("a", key="score.people.title", cls="button", href="#/score/people", id=ids.PEOPLE_LINK)))
    return el("div", *parts, cls="sk-score sk-score-record")
