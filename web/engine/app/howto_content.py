"""The "How to play" page as plain data: parts, sections and blocks of catalogue keys (no DOM).

Pure Python (no `js`), so CPython tests can check it (tests/web_howto) and other screens
can link to it with `href(section_id)`. The page that draws it is `app.howto_page`, which
lists the section ids. Every text is a catalogue key `howto.<section>.<name>` in both
`web/i18n/en.json` and `web/i18n/es.json`; numbers that the engine owns (card points, limits)
come from `uno_core` as placeholder values, and what each preset switches on is computed
from `uno_core.rules.PRESETS`, so the page cannot drift from the engine.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import dataclass
from enum import Enum

from uno_core.cards import WILD, WILD_DRAW_FOUR, Card
from uno_core.rules import OFFICIAL, PRESETS, UNO_PENALTY_RANGE, WILD_POINTS, Rules

ROUTE = "howto"
PREFIX = "howto"  # catalogue keys and DOM ids: `howto.<section>.<name>`, `<... id="howto-<section>">`
CONTENTS = "contents"  # the table of contents' id (`#/howto/contents`)


@dataclass(frozen=True, slots=True)
class Text:
    """One catalogue key with its placeholder values."""

    key: str
    args: tuple[tuple[str, object], ...] = ()


@dataclass(frozen=True, slots=True)
class Block:
    """A piece of a section.

    kind: "p" (one paragraph per text), "ul" (a list of the texts), "note" (the official
    default of an option, one paragraph), "points" (the card points table), "see" (links to
    the sections in `links`), "changes" (what a preset switches on: texts linked to `links`),
    "route" (a link to another screen of the app, `#/<links[0]>`, labelled by the text).
    """

    kind: str
    texts: tuple[Text, ...] = ()
    links: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Section:
    """A titled section (an `<h3>`); `id` is its route parameter: `#/howto/<id>`."""

    id: str
    blocks: tuple[Block, ...]

    @property
    def title(self) -> str:
        return f"{PREFIX}.{self.id}.title"


@dataclass(frozen=True, slots=True)
class Part:
    """A group of sections under an `<h2>`, with an introduction; also linkable by `id`."""

    id: str
    intro: tuple[Block, ...]
    sections: tuple[Section, ...]

    @property
    def title(self) -> str:
        return f"{PREFIX}.{self.id}.title"


def href(section_id: str = "") -> str:
    """The link to the page, or to one of its sections: `href("stacking") == "#/howto/stacking"`."""
    return f"#/{ROUTE}/{section_id}" if section_id else f"#/{ROUTE}"


# ----- builders: texts are given by name and get the key of the section they are in ---------


def _p(*names: str, **args: object) -> Block:
    return Block("p", tuple(Text(name, tuple(args.items())) for name in names))


def _ul(*names: str) -> Block:
    return Block("ul", tuple(Text(name) for name in names))


def _see(*section_ids: str) -> Block:
    return Block("see", links=section_ids)


def _note(**args: object) -> Block:
    return Block("note", (Text("official", tuple(args.items())),))


def _section(sid: str, *blocks: Block) -> Section:
    return Section(sid, _keyed(sid, blocks))


def _keyed(sid: str, blocks: tuple[Block, ...]) -> tuple[Block, ...]:
    def key(text: Text) -> Text:
        return text if text.key.startswith(PREFIX + ".") else Text(f"{PREFIX}.{sid}.{text.key}", text.args)

    return tuple(dataclasses.replace(block, texts=tuple(map(key, block.texts))) for block in blocks)


# ----- the official rules (RULES.md R-DECK .. R-SCORE) ---------------------------------------

ACTION_POINTS = Card.parse("RS").points()  # Skip, Reverse and Draw Two alike (R-PTS-2)

RULES_PART = Part(
    "rules",
    _keyed("rules", (_p("intro"),)),
    (
        _section(
            "deck",
            _p("colours", "black", "no_rank"),
            Block("points"),
            _see("wild_points"),
        ),
        _section(
            "setup",
            _p("dealer", "deal", "first"),
            _ul("first_wd4", "first_wild", "first_d2", "first_skip", "first_rev", "first_number"),
        ),
        _section("turn", _p("match", "wild", "draw", "reshuffle"), _see("draw_until_playable")),
        _section("actions", _ul("skip", "reverse", "draw_two", "wild", "wd4")),
        _section(
            "challenge",
            _p("legal", "who"),
            _ul("bluff", "fair"),
            _p("accept", "last"),
            _see("wd4_rule"),
        ),
        _section("uno", _p("say", "caught", "window", "safe"), _see("uno_penalty")),
        _section(
            "round_end",
            _p("ends", "draws", "points", "dealer", "target", "tie", "modes"),
            _ul("mode_standard", "mode_penalty", "mode_single"),
            _see("scoring", "target", "teams"),
        ),
    ),
)

# ----- house rules: one section per option of uno_core.rules.Rules, in its field order --------

HOUSE_PART = Part(
    "house",
    _keyed("house", (_p("intro"),)),
    (
        _section(
            "wild_points",
            _p("what", low=WILD_POINTS[1], high=WILD_POINTS[0], wd4=WILD_DRAW_FOUR.points()),
            _note(n=OFFICIAL.wild_points),
        ),
        _section("dealer_rotation", _ul("left", "winner"), _note()),
        _section("draw_until_playable", _p("what", "strict"), _note()),
        _section("wd4_rule", _ul("challenge", "no_bluff_penalty", "strict"), _note(), _see("challenge")),
        _section(
            "uno_penalty",
            _p("what", low=UNO_PENALTY_RANGE[0], high=UNO_PENALTY_RANGE[1]),
            _note(n=OFFICIAL.uno_penalty),
        ),
        _section("target", _p("what"), _note(n=OFFICIAL.target)),
        _section("scoring", _ul("standard", "penalty", "single_round"), _p("tie"), _note()),
        _section("stacking", _p("what", "challenge", "limits"), _note()),
        _section("seven_zero", _p("seven", "zero", "out"), _note()),
        _section("jump_in", _p("what", "when"), _note(), _see("jump_window")),
        _section("doubles", _p("what", "which"), _note()),
        _section("teams", _p("seats", "score", "penalty"), _note()),
        _section("skipped_draws", _p("what", "which"), _note()),
    ),
)

# ----- presets: what each one switches on, computed from the engine -------------------------


def value_text(field: str, value: object) -> Text:
    """The text of one option set to `value` (what a preset changes)."""
    if isinstance(value, bool):
        if not value:
            raise ValueError(f"a preset that switches {field} off needs a text for it")
        return Text(f"{PREFIX}.{field}.title")
    if isinstance(value, Enum):
        return Text(f"{PREFIX}.value.{field}.{value.value}")
    return Text(f"{PREFIX}.value.{field}", (("n", value),))


def preset_changes(rules: Rules) -> tuple[tuple[str, object], ...]:
    """The options where `rules` differs from the official rules, in field order."""
    return tuple(
        (f.name, getattr(rules, f.name))
        for f in dataclasses.fields(Rules)
        if getattr(rules, f.name) != getattr(OFFICIAL, f.name)
    )


def preset_id(name: str) -> str:
    return f"preset_{name}"


def _preset_section(name: str, rules: Rules) -> Section:
    changes = preset_changes(rules)
    blocks = [_p("text")]
    if changes:
        blocks.append(Block("changes", tuple(value_text(f, v) for f, v in changes), tuple(f for f, _ in changes)))
    return _section(preset_id(name), *blocks)


PRESETS_PART = Part(
    "presets",
    _keyed("presets", (_p("intro"),)),
    tuple(_preset_section(name, rules) for name, rules in PRESETS.items()),
)

# ----- how this app works ----------------------------------------------------------------------

APP_PART = Part(
    "app",
    _keyed("app", (_p("intro"),)),
    (
        _section("bots", _p("what", "saved")),
        _section("pass_and_play", _p("what", "privacy")),
        _section("uno_buttons", _p("uno", "catch")),
        _section("jump_window", _p("what"), _see("jump_in")),
        _section("hints_undo", _p("hint", "undo")),
        _section("score_keeper", _p("what", "checks"), Block("route", (Text("open"),), ("score",))),
    ),
)

PARTS: tuple[Part, ...] = (RULES_PART, HOUSE_PART, PRESETS_PART, APP_PART)

# Texts of every option value (for presets now, for any screen that names a value).
VALUE_TEXTS: tuple[Text, ...] = tuple(
    value_text(f.name, member)
    for f in dataclasses.fields(Rules)
    if isinstance(getattr(OFFICIAL, f.name), Enum)
    for member in type(getattr(OFFICIAL, f.name))
) + tuple(
    value_text(f.name, getattr(OFFICIAL, f.name))
    for f in dataclasses.fields(Rules)
    if type(getattr(OFFICIAL, f.name)) is int
)

POINTS_TABLE: tuple[tuple[Text, Text], ...] = (
    (Text(f"{PREFIX}.deck.card_number"), Text(f"{PREFIX}.deck.points_number")),
    (Text(f"{PREFIX}.deck.card_action"), Text(f"{PREFIX}.deck.points", (("n", ACTION_POINTS),))),
    (
        Text(f"{PREFIX}.deck.card_wild"),
        Text(f"{PREFIX}.deck.points_wild", (("n", WILD.points(WILD_POINTS[0])), ("alt", WILD.points(WILD_POINTS[1])))),
    ),
    (Text(f"{PREFIX}.deck.card_wd4"), Text(f"{PREFIX}.deck.points", (("n", WILD_DRAW_FOUR.points()),))),
)
"""Rows of the card points table: (card, points), with the points from `Card.points`."""

# Keys of the page's frame (title, contents, table head, link labels).
FRAME_KEYS: tuple[str, ...] = tuple(
    f"{PREFIX}.{name}"
    for name in (
        "title",
        "lead",
        "contents",
        "to_contents",
        "see",
        "switches_on",
        "deck.points_caption",
        "deck.col_card",
        "deck.col_points",
    )
)


def sections() -> Iterator[Section]:
    """Every section of the page, in page order."""
    for part in PARTS:
        yield from part.sections


def section_ids() -> tuple[str, ...]:
    """Every id that `#/howto/<id>` jumps to: parts, sections and the table of contents."""
    return (CONTENTS, *(part.id for part in PARTS), *(section.id for section in sections()))


def title_of(section_id: str) -> str:
    """The title key of any part or section, by id; ``KeyError`` for an unknown id."""
    for part in PARTS:
        if part.id == section_id:
            return part.title
        for section in part.sections:
            if section.id == section_id:
                return section.title
    raise KeyError(f"no section {section_id!r} on the how-to page")


def all_keys() -> set[str]:
    """Every catalogue key the page uses."""
    keys = set(FRAME_KEYS) | {text.key for text in VALUE_TEXTS}
    keys |= {text.key for row in POINTS_TABLE for text in row}
    for part in PARTS:
        keys.add(part.title)
        for block in part.intro:
            keys |= {text.key for text in block.texts}
        for section in part.sections:
            keys.add(section.title)
            for block in section.blocks:
                keys |= {text.key for text in block.texts}
    return keys
