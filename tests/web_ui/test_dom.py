"""The boundary's trees: `app.tree.to_data` / `from_data` round-trip every tree and refuse malformed data;
`ui.dom.build` (the page's side) makes the DOM that `to_html` describes, on CPython and inside MicroPython
(the npm build the page is to run on its main thread), texts always as text."""

from __future__ import annotations

import html
import json
import shutil
import subprocess
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app import diff
from app.tree import El, el, from_data, sends, to_data, to_html
from tools.build import MICROPYTHON as MICROPYTHON_PACKAGE
from tools.build import compile_ui, npm_version
from ui import dom

ROOT = Path(__file__).resolve().parents[2]
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" / "micropython.mjs"


def tr(key: str, args: Mapping[str, str]) -> str:
    return key + ("|" + ",".join(f"{k}={v}" for k, v in sorted(args.items())) if args else "")


names = st.sampled_from(["id", "class", "data-act", "aria-label", "href", "value"])
texts = st.text(max_size=12)
keys = st.sampled_from(["", "a.b", "play.table.title"])
pairs = st.lists(st.tuples(st.sampled_from(["n", "name"]), texts), max_size=2, unique_by=lambda p: p[0])
trees = st.recursive(
    texts,
    lambda children: st.builds(
        lambda tag, attrs, kids, key, args, t_attrs: El(
            tag, tuple(attrs), tuple(kids), key, tuple(args) if key else (), tuple(t_attrs)
        ),
        st.sampled_from(["div", "p", "button", "span", "input", "svg"]),
        st.lists(st.tuples(names, texts), max_size=3, unique_by=lambda p: p[0]),
        st.lists(children, max_size=3),
        keys,
        pairs,
        st.lists(st.tuples(st.just("title"), st.just("x.y"), st.just(())), max_size=1),
    ),
    max_leaves=12,
)


@given(trees)
def test_a_tree_survives_the_trip_as_json(tree: El | str) -> None:
    assert from_data(json.loads(json.dumps(to_data(tree)))) == tree


@pytest.mark.parametrize(
    "bad",
    [
        None,
        3,
        [],
        {},
        {"t": ""},
        {"t": "p", "a": [["id"]]},
        {"t": "p", "a": [["id", 3]]},
        {"t": "p", "c": "x"},
        {"t": "p", "x": [["title", "k"]]},
        {"t": "p", "evil": 1},
        {"t": "p", "c": [{"t": 1}]},
    ],
)
def test_malformed_tree_data_is_refused(bad: Any) -> None:
    with pytest.raises(ValueError):
        from_data(bad)


class FakeNode:
    def __init__(self, tag: str = "", text: str = "") -> None:
        self.tag, self.text = tag, text
        self.attrs: list[list[str]] = []
        self.children: list[FakeNode] = []

    def setAttribute(self, name: str, value: str) -> None:
        for pair in self.attrs:
            if pair[0] == name:
                pair[1] = value
                return
        self.attrs.append([name, value])

    @property
    def textContent(self) -> str:
        return "".join(child.text for child in self.children)

    @textContent.setter
    def textContent(self, text: str) -> None:
        self.children = [FakeNode(text=text)]

    def append(self, *nodes: FakeNode) -> None:
        self.children.extend(nodes)

    def html(self) -> str:
        if not self.tag:
            return to_html(self.text, tr)
        attrs = "".join(f' {name}="{html.escape(value, quote=True)}"' for name, value in self.attrs)
        inner = (
            ""
            if self.tag in ("input", "br", "img", "meta", "link", "hr", "col")
            else "".join(child.html() for child in self.children) + f"</{self.tag}>"
        )
        return f"<{self.tag}{attrs}>{inner}"


class FakeShell:
    def t(self, key: str, args: Any = None) -> str:
        return tr(key, dict(args or {}))


class FakeJson:
    parse = staticmethod(json.loads)


class FakeWindow:
    JSON = FakeJson
    unoShell = FakeShell()

    class document:
        createElement = FakeNode
        createTextNode = staticmethod(lambda text: FakeNode(text=text))

        @staticmethod
        def createElementNS(ns: str, tag: str) -> FakeNode:
            return FakeNode(tag)


def sample() -> El:
    return el(
        "div",
        el("p", "<img src=x onerror=alert(1)>", cls="x", does=sends("play.swap", seat=2)),
        el("button", key="play.table.title", args={"name": "Ana & <b>", "n": 3}, t_attrs={"title": "x.y"}),
        el("input", value='"quoted"', checked=True),
        "tail & <i>",
        id="root",
    )


def test_the_page_side_builds_what_to_html_describes_on_cpython() -> None:
    node = dom.build(FakeWindow(), to_data(sample()))
    assert node.html() == to_html(sample(), tr)
    button = node.children[1]
    assert ["data-i18n-args", json.dumps({"name": "Ana & <b>", "n": "3"})] in button.attrs


@pytest.mark.skipif(shutil.which("node") is None or not MICROPYTHON.exists(), reason="needs node and npm ci")
def test_the_page_side_builds_the_same_dom_inside_micropython(tmp_path: Path) -> None:
    """...as the page runs it: the build's bytecode (`tools.build.compile_ui`), which the runtime must accept."""
    compile_ui(tmp_path, npm_version(MICROPYTHON_PACKAGE))
    samples = [sample(), el("svg", el("path", d="M0 0"), viewBox="0 0 1 1"), el("p")]
    changed = el(
        "div",
        el("p", "new text", cls="y"),
        el("span", "replaced"),
        el("input", value="typed"),
        el("svg", el("path", d="M1 1"), viewBox="0 0 1 1"),
        id="root",
    )
    first, second = ({"t": "div", "c": [to_data(tree)]} for tree in (samples[0], changed))
    html_changes = diff.changes(first, second)
    assert html_changes is not None
    assert diff.as_html(second, html_changes, lambda data: to_html(from_data(data), tr))
    assert [change[0] for change in html_changes].count("R") == 2  # the new <span> and <svg>, as HTML
    # a log: a new line first, the last one gone (as data, and as HTML); the other lines stay
    entries = [el("li", f"line {n}", data_key="k") for n in range(6)]
    logs = [{"t": "div", "c": [to_data(el("ol", *shown, cls="log"))]} for shown in (entries[1:], entries[:5])]
    log_changes = diff.changes(logs[0], logs[1])
    assert log_changes == [["<", [0], [to_data(entries[0])]], ["-", [0], 1]]
    log_html = [list(change) for change in log_changes]
    assert diff.as_html(logs[1], log_html, lambda data: to_html(from_data(data), tr))
    assert log_html[0] == ["P", [0], to_html(entries[0], tr)]
    cases = [{"old": logs[0]["c"][0], "changes": found} for found in (log_changes, log_html)]
    run = subprocess.run(
        ["node", str(Path(__file__).with_name("mpy_build.mjs")), str(MICROPYTHON), str(tmp_path)],
        input=json.dumps(
            {
                "trees": [to_data(tree) for tree in samples],
                "changes": diff.changes(first, second),
                "html_changes": html_changes,
                "html": to_html(samples[0], tr),
                "cases": cases,
            }
        ),
        capture_output=True,
        text=True,
        timeout=60,
    )
    why = run.stdout[-2000:] + run.stderr[-2000:]  # MicroPython's module is one long line: only the end
    lines = [line.removeprefix("HTML ") for line in run.stdout.splitlines() if line.startswith("HTML ")]
    assert lines == [to_html(tree, tr) for tree in samples], why
    whole = [line.removeprefix("WHOLE ") for line in run.stdout.splitlines() if line.startswith("WHOLE ")]
    assert whole == ['<section id="screen" class="x">' + to_html(samples[0], tr) + "</section>"], why  # one call
    drawn = [line.removeprefix("DRAWN ") for line in run.stdout.splitlines() if line.startswith("DRAWN ")]
    assert drawn == ['<section id="screen" class="x">' + to_html(samples[0], tr) + "</section>"], why
    sent = [json.loads(line.removeprefix("SENT ")) for line in run.stdout.splitlines() if line.startswith("SENT ")]
    intent = {"op": "intent", "act": "play.swap", "seat": 2, "enabled": True, "seq": 1, "blind": False}  # typed
    assert sent == [[intent]], why
    morphed = [line.removeprefix("MORPHED ") for line in run.stdout.splitlines() if line.startswith("MORPHED ")]
    assert morphed == ['<section id="screen" class="x">' + to_html(changed, tr) + "</section>"], why
    assert "KEPT true" in run.stdout, why  # the root's element stayed: it was changed, not rebuilt
    as_html = [line.removeprefix("MORPHED_HTML ") for line in run.stdout.splitlines() if line.startswith("MORPHED_H")]
    assert as_html == morphed, why  # the same page, its new elements parsed from HTML in one call each
    shifted = [line.removeprefix("CASE ") for line in run.stdout.splitlines() if line.startswith("CASE ")]
    log_page = '<section id="screen" class="x">' + to_html(el("ol", *entries[:5], cls="log"), tr) + "</section>"
    assert shifted == [log_page, log_page], why
