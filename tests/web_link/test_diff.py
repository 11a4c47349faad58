"""`app.diff`: a drawing sent as its changes from the last one gives the same page (on data, and through the link)."""

from __future__ import annotations

from typing import Any

from hypothesis import example, given, settings
from hypothesis import strategies as st

from app import diff
from app.link import Link

TAGS = ("div", "p", "span", "input")
ATTRS = ("class", "id", "value", "checked", "data-act")


def texts() -> st.SearchStrategy[str]:
    return st.sampled_from(["", "a", "b", "Ana", "12"])


@st.composite
def elements(draw: Any, depth: int = 3) -> dict[str, Any]:
    tree: dict[str, Any] = {"t": draw(st.sampled_from(TAGS))}
    attrs = draw(st.dictionaries(st.sampled_from(ATTRS), texts(), max_size=3))
    if attrs:
        tree["a"] = [[name, value] for name, value in attrs.items()]
    if draw(st.booleans()) and draw(st.integers(0, 4)) == 0:
        tree["k"] = draw(st.sampled_from(["play.draw", "score.save"]))
    elif depth > 0:
        children = draw(st.lists(st.one_of(texts(), elements(depth - 1)), max_size=4))
        if children:
            tree["c"] = children
    return tree


def normal(tree: Any) -> Any:
    """Attribute order does not matter to a page, nor an empty list of attributes or children."""
    if isinstance(tree, str):
        return tree
    out = dict(tree)
    if out.get("a"):
        out["a"] = sorted(map(tuple, out["a"]))
    else:
        out.pop("a", None)
    if out.get("c"):
        out["c"] = [normal(child) for child in out["c"]]
    else:  # no children and an empty list of them are the same page
        out.pop("c", None)
    return out


def rooted(tree: dict[str, Any]) -> dict[str, Any]:
    return {**tree, "t": "div", "a": [["id", "root"], *[p for p in tree.get("a", []) if p[0] != "id"]]}


@settings(max_examples=300, deadline=None)
@given(elements(), elements())
def test_the_changes_turn_the_old_drawing_into_the_new(old: dict[str, Any], new: dict[str, Any]) -> None:
    old, new = rooted(old), rooted(new)
    found = diff.changes(old, new)
    if found is None:  # the root's own binding changed: drawn whole
        assert any(old.get(field) != new.get(field) for field in ("k", "g", "x"))
    else:
        assert normal(diff.apply(old, found)) == normal(new)


def test_an_unchanged_drawing_has_no_changes_and_a_typed_text_changes_one_text() -> None:
    tree = {"t": "div", "a": [["id", "root"]], "c": [{"t": "p", "c": ["Ana +0"]}, {"t": "input", "a": [["id", "h"]]}]}
    assert diff.changes(tree, tree) == []
    typed = {**tree, "c": [{"t": "p", "c": ["Ana +12"]}, tree["c"][1]]}
    assert diff.changes(tree, typed) == [["t", [0, 0], "Ana +12"]]  # the field itself is left alone


def test_the_link_sends_a_root_drawn_before_as_changes_and_whole_when_the_page_asks() -> None:
    got: list[dict[str, Any]] = []

    class Page:
        def receive(self, message: dict[str, Any]) -> None:
            got.append(message)

    link = Link()
    link.attach(Page())
    first = {"t": "div", "a": [["id", "r"]], "c": [{"t": "p", "a": [["id", "n"]], "c": ["1"]}]}
    second = {"t": "div", "a": [["id", "r"]], "c": [{"t": "p", "a": [["id", "n"]], "c": ["2"]}]}
    link.to_page({"op": "draw", "root": "r", "tree": first})
    link.to_page({"op": "draw", "root": "r", "tree": second})
    assert got[0]["html"] == '<p id="n">1</p>' and got[1]["changes"] == [["t", [0, 0], "2"]]
    assert "tree" not in got[0] and "html" not in got[1]
    assert got[1]["fields"] == [] and "fields" not in got[0]  # what the fields hold goes with the changes
    typed = {"t": "div", "a": [["id", "r"]], "c": [{"t": "input", "a": [["value", ""]]}]}
    link.to_page({"op": "draw", "root": "r", "tree": typed})
    link.to_page({"op": "draw", "root": "r", "tree": typed})
    assert got[-1]["changes"] == [] and got[-1]["fields"] == [["input", "", False]]  # "" again: still said
    link.to_page({"op": "draw", "root": "r", "tree": second})
    link.to_page({"op": "draw", "root": "r", "tree": first})
    assert got[-1]["changes"] == [["t", [0, 0], "1"]]
    link.from_page({"op": "redraw", "root": "r"})
    assert got[-1]["html"] == '<p id="n">1</p>'  # the last drawing, whole
    link.to_page({"op": "open", "section": "screen", "tree": None})
    link.to_page({"op": "draw", "root": "r", "tree": first})
    assert got[-1]["html"] == '<p id="n">1</p>'  # a new section: drawn whole


def test_new_elements_go_to_the_page_as_html_but_not_inside_an_svg() -> None:
    old = {
        "t": "div",
        "a": [["id", "root"]],
        "c": [{"t": "p", "c": ["a"]}, {"t": "svg", "c": [{"t": "path", "a": [["d", "M0 0"]]}]}, "t"],
    }
    new = {
        "t": "div",
        "a": [["id", "root"]],
        "c": [{"t": "span", "c": ["<b>"]}, {"t": "svg", "c": [{"t": "circle"}, {"t": "path"}]}, "u", "x", {"t": "i"}],
    }
    found = diff.changes(old, new)
    assert found is not None

    def html(data: Any) -> str:
        return data if isinstance(data, str) else f"<{data['t']}></{data['t']}>"

    assert diff.as_html(new, found, html)
    assert found == [
        ["R", [0], "<span></span>"],  # a replaced element: HTML text, parsed in one call
        ["r", [1, 0], {"t": "circle"}],  # inside the <svg>: data, built in the SVG namespace
        ["+", [1], [{"t": "path"}]],
        ["t", [2], "u"],  # a text stays a text
        ["H", [], "x<i></i>"],  # appended children: HTML text
    ]
    only_text = diff.changes(new, {**new, "c": ["v", *new["c"][1:]]})
    assert only_text is not None and not diff.as_html(new, only_text, html)  # nothing to turn: no language needed


def test_a_language_switch_sets_the_translated_attributes_again() -> None:
    """An ``aria-label`` is set once, in the drawing's language: the next drawing after a switch sets it again
    (screen readers would otherwise read the old language)."""
    got: list[dict[str, Any]] = []

    class Page:
        def receive(self, message: dict[str, Any]) -> None:
            got.append(message)

    link = Link()
    link.attach(Page())
    tree = {
        "t": "div",
        "a": [["id", "r"]],
        "c": [{"t": "button", "x": [["aria-label", "play.draw", []]], "c": ["+"]}, {"t": "p", "c": ["x"]}],
    }
    link.use_language("en", {"play.draw": "Draw"})
    link.to_page({"op": "draw", "root": "r", "tree": tree})
    link.to_page({"op": "draw", "root": "r", "tree": tree})
    assert got[0]["html"].startswith('<button aria-label="Draw">') and got[1]["changes"] == []
    link.use_language("es", {"play.draw": "Robar"})
    link.to_page({"op": "draw", "root": "r", "tree": tree})
    assert got[2]["changes"] == [["a", [0], [["aria-label", "Robar"]]]]
    link.to_page({"op": "draw", "root": "r", "tree": tree})
    assert got[3]["changes"] == []  # once


@settings(max_examples=200, deadline=None)
@given(st.lists(elements(1), min_size=2, max_size=12), st.lists(elements(1), min_size=1, max_size=3), st.integers(0, 3))
@example([{"t": "p"}, {"t": "p"}], [{"t": "div"}, {"t": "p"}], 0)  # repeated lines: two put first, not one + one
def test_lines_put_first_go_as_one_change_and_the_rest_stays(old: list[Any], fresh: list[Any], cut: int) -> None:
    """A log: new lines first, the last ones dropped; the lines that stay are not rewritten one by one."""
    new = fresh + old[: max(2, len(old) - cut)]
    before, after = rooted({"t": "ol", "c": old}), rooted({"t": "ol", "c": new})
    found = diff.changes(before, after)
    assert found is not None and normal(diff.apply(before, found)) == normal(after)
    if fresh[0] != old[0]:
        assert found[0][0] == "<" and all(change[0] in ("<", "-") for change in found)


def test_html_is_sent_only_where_it_parses_back_into_as_many_nodes() -> None:
    old = {"t": "div", "a": [["id", "root"]], "c": [{"t": "p"}]}
    for children in (["a", "b"], [""], [{"t": "p", "c": ["a", "b"]}]):  # joined, dropped: the paths would miss
        new = {**old, "c": [{"t": "p"}, *children]}
        found = diff.changes(old, new)
        assert found is not None
        assert not diff.as_html(new, found, lambda data: str(data)) and found[0][0] == "+"


def test_an_empty_text_is_no_node_so_a_field_filled_later_gets_one() -> None:
    """`<textarea></textarea>` parses to no child node: a tree with an empty text there would send a change to a node
    the page does not have (a sheet's notes typed into an empty field once broke the page so)."""
    from app.tree import el, to_data

    empty, filled = (to_data(el("div", el("textarea", text, id="notes"))) for text in ("", "Pizza"))
    assert empty["c"][0].get("c", []) == []
    assert diff.changes(empty, filled) == [["+", [0], ["Pizza"]]]
