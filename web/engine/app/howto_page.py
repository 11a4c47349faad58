"""The "How to play" page (`#/howto`): the official rules, every house rule, the presets, the app.

The content (which texts, in which sections, in which order) is plain data in
`app.howto_content`; `render()` is the page as an element tree (pure: tested on CPython), and
`app.screens.howto` mounts it. Every text is a bound catalogue key
(`howto.*`), so a language switch relabels the whole page.

`#/howto/<id>` opens the page at a section (its heading gets the focus). Other screens link
with `app.howto_content.href(id)`. The ids:

- `contents`: the table of contents.
- Parts: `rules` (the official rules), `house` (house rules), `presets`, `app` (how this app works).
- The official rules: `deck` (the deck and the card points table), `setup` (set-up and the
  first card), `turn`, `actions` (action cards), `challenge` (Wild Draw Four and challenges),
  `uno` (saying UNO and being caught), `round_end` (end of the round, scoring, the target).
- House rules, one per option of `uno_core.rules.Rules`, named like the field:
  `wild_points`, `dealer_rotation`, `draw_until_playable`, `wd4_rule`, `uno_penalty`,
  `target`, `scoring`, `stacking`, `seven_zero`, `jump_in`, `doubles`, `teams`, `skipped_draws`.
- Presets, one per name of `uno_core.rules.PRESETS`: `preset_<name>` (`preset_official`,
  `preset_quick`, `preset_tournament`, `preset_house`, `preset_party`, `preset_no_mercy_lite`).
- The app: `bots`, `pass_and_play`, `uno_buttons` (the UNO and catch buttons), `jump_window`,
  `hints_undo`, `score_keeper`.

In the DOM each section is `<section id="howto-<id>">`; the ids are stable, and
tests/web_howto checks that every option and preset of the engine has its section.
"""

from __future__ import annotations

from app.howto_content import CONTENTS, PARTS, POINTS_TABLE, PREFIX, Block, Part, Section, Text, href, title_of
from app.tree import El, el


def dom_id(section_id: str) -> str:
    """The DOM id of a section: `howto-<id>`."""
    return f"{PREFIX}-{section_id}"


def _text(tag: str, text: Text, cls: str | None = None, href: str | None = None, scope: str | None = None) -> El:
    return el(tag, key=text.key, args=dict(text.args), cls=cls, href=href, scope=scope)


def _link(section_id: str, text: Text, cls: str | None = None) -> El:
    return _text("a", text, cls=cls, href=href(section_id))


def render() -> El:
    """The whole page: the way back, then the article (title, lead, contents, every part)."""
    return el(
        "div",
        el("div", el("a", cls="back-link", key="screen.back", href="#/"), cls="screen-head"),
        el(
            "article",
            el("h1", key=f"{PREFIX}.title", id=dom_id("title")),
            el("p", cls="lead", key=f"{PREFIX}.lead"),
            _contents(),
            *(_part(part) for part in PARTS),
            cls="howto",
            aria_labelledby=dom_id("title"),
        ),
        cls="howto-page",
    )


def _contents() -> El:
    items = []
    for part in PARTS:
        chips = el(
            "ul", *(el("li", _link(s.id, Text(s.title), cls="howto-chip")) for s in part.sections), cls="howto-chips"
        )
        items.append(el("li", _link(part.id, Text(part.title), cls="howto-toc-part"), chips))
    heading = dom_id(CONTENTS) + "-title"
    return el(
        "nav",
        el("h2", key=f"{PREFIX}.contents", id=heading, tabindex="-1"),
        el("ol", *items, cls="howto-toc"),
        cls="howto-contents",
        id=dom_id(CONTENTS),
        aria_labelledby=heading,
    )


def _part(part: Part) -> El:
    return el(
        "section",
        el("h2", key=part.title, tabindex="-1"),
        *_blocks(part.intro),
        *(_section(section) for section in part.sections),
        el("p", el("a", key=f"{PREFIX}.to_contents", href=href(CONTENTS)), cls="howto-up"),
        cls="howto-part",
        id=dom_id(part.id),
    )


def _section(section: Section) -> El:
    return el(
        "section",
        el("h3", key=section.title, tabindex="-1"),
        *_blocks(section.blocks),
        cls="howto-section",
        id=dom_id(section.id),
    )


def _blocks(blocks: tuple[Block, ...]) -> list[El]:
    return [element for block in blocks for element in _block(block)]


def _block(block: Block) -> list[El]:
    kind = block.kind
    if kind == "p":
        return [_text("p", text) for text in block.texts]
    if kind == "note":
        return [_text("p", text, cls="howto-official") for text in block.texts]
    if kind == "ul":
        return [el("ul", *(_text("li", text) for text in block.texts), cls="howto-list")]
    if kind == "points":
        return [_points_table()]
    if kind in ("see", "changes"):
        texts = block.texts if kind == "changes" else tuple(Text(title_of(sid)) for sid in block.links)
        links = (el("li", _link(sid, text, cls="howto-chip")) for sid, text in zip(block.links, texts, strict=True))
        label = f"{PREFIX}.see" if kind == "see" else f"{PREFIX}.switches_on"
        return [
            el("div", el("p", key=label, cls="howto-label"), el("ul", *links, cls="howto-chips"), cls="howto-links")
        ]
    if kind == "route":
        return [el("p", _text("a", block.texts[0], cls="button", href=f"#/{block.links[0]}"))]
    raise ValueError(f"unknown block kind {kind!r}")


def _points_table() -> El:
    head = el(
        "tr",
        el("th", key=f"{PREFIX}.deck.col_card", scope="col"),
        el("th", key=f"{PREFIX}.deck.col_points", scope="col"),
    )
    rows = (el("tr", _text("th", card, scope="row"), _text("td", points)) for card, points in POINTS_TABLE)
    return el(
        "table",
        el("caption", key=f"{PREFIX}.deck.points_caption"),
        el("thead", head),
        el("tbody", *rows),
        cls="howto-points",
    )
