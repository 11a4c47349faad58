"""The "How to play" page (`#/howto`): the official rules, every house rule, the presets, the app.

The content (which texts, in which sections, in which order) is plain data in
`app.howto_content`; this module only draws it. Every text is a bound catalogue key
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

from typing import Any

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

from app.dom import h
from app.howto_content import CONTENTS, PARTS, POINTS_TABLE, PREFIX, Block, Part, Section, Text, href, title_of


def dom_id(section_id: str) -> str:
    """The DOM id of a section: `howto-<id>`."""
    return f"{PREFIX}-{section_id}"


def _text(tag: str, text: Text, cls: str = "", attrs: dict[str, str] | None = None) -> Any:
    return h(tag, cls=cls, key=text.key, args=dict(text.args), attrs=attrs)


def _link(section_id: str, text: Text, cls: str = "") -> Any:
    return _text("a", text, cls=cls, attrs={"href": href(section_id)})


class HowTo:
    """The rules page; `params` may name the section to open (`#/howto/stacking`)."""

    static_id: str | None = None

    def __init__(self, params: tuple[str, ...] = ()) -> None:
        self.target = params[0] if params else ""
        self._jump: Any = None

    # ----- the screen protocol ------------------------------------------------------------

    def mount(self, root: Any) -> None:
        root.append(
            h("div", h("a", cls="back-link", key="screen.back", attrs={"href": "#/"}), cls="screen-head"),
            h(
                "article",
                h("h1", key=f"{PREFIX}.title", attrs={"id": dom_id("title")}),
                h("p", cls="lead", key=f"{PREFIX}.lead"),
                self._contents(),
                *(self._part(part) for part in PARTS),
                cls="howto",
                attrs={"aria-labelledby": dom_id("title")},
            ),
        )
        if self.target:
            # After the router has focused <main>: move to the section asked for.
            self._jump = create_proxy(self._jump_to_target)
            window.setTimeout(self._jump, 0)
        else:
            window.scrollTo(0, 0)

    def unmount(self) -> None:
        self._jump = None

    def relabel(self) -> None:
        pass  # every text is a bound catalogue key: the shell relabels them all

    # ----- drawing --------------------------------------------------------------------------

    def _contents(self) -> Any:
        items = []
        for part in PARTS:
            chips = h(
                "ul",
                *(h("li", _link(s.id, Text(s.title), cls="howto-chip")) for s in part.sections),
                cls="howto-chips",
            )
            items.append(h("li", _link(part.id, Text(part.title), cls="howto-toc-part"), chips))
        heading = dom_id(CONTENTS) + "-title"
        return h(
            "nav",
            h("h2", key=f"{PREFIX}.contents", attrs={"id": heading, "tabindex": "-1"}),
            h("ol", *items, cls="howto-toc"),
            cls="howto-contents",
            attrs={"id": dom_id(CONTENTS), "aria-labelledby": heading},
        )

    def _part(self, part: Part) -> Any:
        return h(
            "section",
            h("h2", key=part.title, attrs={"tabindex": "-1"}),
            *self._blocks(part.intro),
            *(self._section(section) for section in part.sections),
            h("p", h("a", key=f"{PREFIX}.to_contents", attrs={"href": href(CONTENTS)}), cls="howto-up"),
            cls="howto-part",
            attrs={"id": dom_id(part.id)},
        )

    def _section(self, section: Section) -> Any:
        return h(
            "section",
            h("h3", key=section.title, attrs={"tabindex": "-1"}),
            *self._blocks(section.blocks),
            cls="howto-section",
            attrs={"id": dom_id(section.id)},
        )

    def _blocks(self, blocks: tuple[Block, ...]) -> list[Any]:
        return [element for block in blocks for element in self._block(block)]

    def _block(self, block: Block) -> list[Any]:
        kind = block.kind
        if kind == "p":
            return [_text("p", text) for text in block.texts]
        if kind == "note":
            return [_text("p", text, cls="howto-official") for text in block.texts]
        if kind == "ul":
            return [h("ul", *(_text("li", text) for text in block.texts), cls="howto-list")]
        if kind == "points":
            return [self._points_table()]
        if kind in ("see", "changes"):
            texts = block.texts if kind == "changes" else tuple(Text(title_of(sid)) for sid in block.links)
            links = (h("li", _link(sid, text, cls="howto-chip")) for sid, text in zip(block.links, texts, strict=True))
            label = f"{PREFIX}.see" if kind == "see" else f"{PREFIX}.switches_on"
            return [
                h("div", h("p", key=label, cls="howto-label"), h("ul", *links, cls="howto-chips"), cls="howto-links")
            ]
        if kind == "route":
            return [h("p", _text("a", block.texts[0], cls="button", attrs={"href": f"#/{block.links[0]}"}))]
        raise ValueError(f"unknown block kind {kind!r}")

    def _points_table(self) -> Any:
        head = h(
            "tr",
            h("th", key=f"{PREFIX}.deck.col_card", attrs={"scope": "col"}),
            h("th", key=f"{PREFIX}.deck.col_points", attrs={"scope": "col"}),
        )
        rows = (
            h("tr", _text("th", card, attrs={"scope": "row"}), _text("td", points)) for card, points in POINTS_TABLE
        )
        return h(
            "table",
            h("caption", key=f"{PREFIX}.deck.points_caption"),
            h("thead", head),
            h("tbody", *rows),
            cls="howto-points",
        )

    # ----- jumping to a section -------------------------------------------------------------

    def _jump_to_target(self, *_: Any) -> None:
        target = document.getElementById(dom_id(self.target))
        if not target:
            return
        heading = target.querySelector("h2, h3")
        target.scrollIntoView(to_js({"block": "start"}))
        if heading:
            heading.focus(to_js({"preventScroll": True}))
