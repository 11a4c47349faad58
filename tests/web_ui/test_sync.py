"""`ui.dom.sync` on CPython, on a fake page: after a drawing every field holds what the controllers say, even
when that is what they drew last time (typed "Beto", added, the model's "" again, and the field kept
"Beto", so the next name came out "BetoCaro"); and never changes a field under the person's fingers."""

from __future__ import annotations

from typing import Any

from app import diff
from app.tree import El, el, to_data
from ui import dom


class Field:
    """An input, textarea or select as `sync` sees it: a live value, `checked`, the value it was built with."""

    def __init__(self, tag: str, value: str = "", checked: bool = False) -> None:
        self.tagName = tag.upper()
        self.value, self.defaultValue, self.checked = value, value, checked
        self.writes = 0  # how many times the page set it (each moves a caret)

    def __setattr__(self, name: str, value: Any) -> None:
        if name in ("value", "checked") and name in self.__dict__:
            self.__dict__["writes"] += 1
        super().__setattr__(name, value)


class Nodes(list[Field]):
    @property
    def length(self) -> int:
        return len(self)


class Root:
    def __init__(self, *fields: Field) -> None:
        self.fields = Nodes(fields)

    def querySelectorAll(self, selector: str) -> Nodes:
        assert selector == dom.FIELDS
        return self.fields


def adder(name: str, *players: str) -> El:
    """The keeper's set-up, in short: the players so far, the "new player" field and its button."""
    return el(
        "div",
        el("ol", *(el("li", el("input", value=player)) for player in players)),
        el("form", el("input", id="new", value=name), el("button", "Add", type="submit")),
        id="root",
    )


def test_a_field_reset_to_what_was_drawn_last_is_reset_on_the_page() -> None:
    before, after = to_data(adder("", "Ana")), to_data(adder("", "Ana", "Beto"))
    found = diff.changes(before, after)
    assert found is not None and not any(change[0] == "a" for change in found)  # the cause: "" was drawn before
    ana, new = Field("input", "Ana"), Field("input", "")
    new.value = "Beto"  # typed, each key sent ("input" events): the controllers know it holds "Beto"
    dom.sent(new, "Beto", 7)
    beto = Field("input", "Beto")
    assert dom.sync(Root(ana, beto, new), diff.fields(after), 8, new)  # the drawing answers Enter (intent 8)
    assert new.value == "" and beto.value == "Beto" and ana.writes == 0


def test_the_field_typed_in_is_never_changed_under_the_fingers() -> None:
    field = Field("input", "17")
    field.value = "172"  # a key sent as intent 9, not yet seen by the drawing (it had up to 8)
    dom.sent(field, "172", 9)
    assert dom.sync(Root(field), [["input", "17", False]], 8, field)
    assert field.value == "172" and field.writes == 1  # only the person's keystroke
    target = Field("input", "500")  # a field sent on "change": typed, nothing sent yet
    target.value = "3"
    assert dom.sync(Root(target), [["input", "500", False]], 9, target)
    assert target.value == "3"
    other = Field("input", "500")  # the same, no longer focused (its "change" is on its way): set
    other.value = "3"
    assert dom.sync(Root(other), [["input", "500", False]], 9, None)
    assert other.value == "500"


def test_a_focused_field_the_model_changed_on_purpose_is_changed() -> None:
    """Its value was sent (the model knows what it held) and the model says another: a reset, a correction."""
    name = Field("input", "")
    name.value = "  Ana "
    dom.sent(name, "  Ana ", 3)
    assert dom.sync(Root(name), [["input", "Ana", False]], 3, name)
    assert name.value == "Ana"
    same = Field("input", "")
    same.value = "Ana"
    dom.sent(same, "Ana", 4)
    assert dom.sync(Root(same), [["input", "Ana", False]], 4, same)
    assert same.writes == 1  # the same value is not written again (no caret moved)


def test_checkboxes_radios_and_selects_hold_what_the_drawing_says() -> None:
    tree = to_data(
        el(
            "div",
            el("input", type="checkbox", checked=True),
            el("input", type="radio", name="w", value="0"),
            el("input", type="radio", name="w", value="1", checked=True),
            el("select", el("option", "a", value="a"), el("option", "b", value="b", selected=True)),
            el("select", el("option", "x")),
            el("textarea", "note"),
            el("input", type="file"),  # never set by a drawing: not a field here
            el("input", type="number", value="5"),
            id="root",
        )
    )
    assert diff.fields(tree) == [
        ["input", None, True],
        ["input", None, False],
        ["input", None, True],
        ["select", "b", False],
        ["select", "x", False],
        ["textarea", "note", False],
        ["input", "5", False],
    ]
    nodes = [Field("input"), Field("input", checked=True), Field("input"), Field("select", "a")]
    nodes += [Field("select", "x"), Field("textarea", "old"), Field("input", "7")]
    assert dom.sync(Root(*nodes), diff.fields(tree), 0, None)
    assert [node.checked for node in nodes[:3]] == [True, False, True]
    assert [node.value for node in nodes[3:]] == ["b", "x", "note", "5"]


def test_a_radio_group_sent_after_the_drawing_keeps_the_person_s_choice() -> None:
    """Tapping one radio changes its group: a late drawing must not put the old choice back."""
    first, second = Field("input", checked=True), Field("input")
    first.checked, second.checked = False, True
    for radio in (first, second):
        dom.sent(radio, "", 5)  # what `ui.host` does for every radio of the group tapped
    assert dom.sync(Root(first, second), [["input", None, True], ["input", None, False]], 4, second)
    assert (first.checked, second.checked) == (False, True)


def test_fields_that_are_not_the_drawing_s_are_left_alone() -> None:
    field = Field("input", "a")
    assert not dom.sync(Root(field), [["input", "b", False], ["input", "c", False]], 0, None)
    assert not dom.sync(Root(field), [["select", "b", False]], 0, None)
    assert field.value == "a"
