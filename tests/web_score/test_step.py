"""The keeper's step on CPython, for every intent a page of the keeper can send: `step(state, intent, world)` is
pure (the given state is never changed, the same state and world give the same answer), each act does what its
page promises, and says which storage keys it changed; a guest phone's hand goes through the same step."""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, get_args, get_type_hints

import pytest
from score_ui_helpers import Keeper, Translator, go, make_keeper
from test_keeper import enter_round, new_game

from app.score.effect import Effects
from app.score.keepsafe import KEPT_KEY
from app.score.step import ACTS, HAND_ACTS, State, World, hand_step, step
from app.score.store import DRAFTS_KEY, LIBRARY_KEY, SETUP_KEY, MemoryStorage
from app.score.visit import Visit
from app.score.where import Where
from app.tree import Phrase
from scorekeeper import Mode, RoundDraft, Sheet, dumps, new_sheet
from shared import protocol
from uno_core.cards import Rank
from uno_core.rules import MAX_PLAYERS, WILD_POINTS, DealerRotation, Scoring


def world() -> World:
    """The same world every time: its clock, ids ("w1", "w2"...) and chance start over."""
    clock = iter(range(10**6, 10**9, 1_000))
    ids = iter(f"w{n}" for n in range(1, 100))
    return World(clock=lambda: next(clock), new_id=lambda: next(ids), rng=random.Random(4))


def state_of(keeper: Keeper) -> State:
    return State(keeper.store.shelf, keeper.visit)


def link_in(said: tuple[Phrase | str, ...]) -> str:
    return next(piece for piece in said if isinstance(piece, str) and "#/score/" in piece)


@dataclass
class Places:
    """The keeper's states an evening goes through: one sheet (Ana, Ben, Cai; one round played), its pages, and
    another phone that opens its links."""

    at: dict[str, State] = field(default_factory=dict)
    links: dict[str, str] = field(default_factory=dict)


def places() -> Places:
    tr, found = Translator(), Places()
    keeper = make_keeper(MemoryStorage(), tr)
    sheet_id = new_game(keeper, ["Ana", "Ben", "Cai"])
    enter_round(keeper, 0, {1: "12", 2: "30"})
    old_link = keeper.act("score.share").share or ""
    found.links["old"] = old_link.splitlines()[-1]
    go(keeper, f"#/score/{sheet_id}/round")
    keeper.act("score.winner", seat=1)
    keeper.act("score.hand-total", seat=0, value="8")
    keeper.act("score.hand-mode", seat=2, mode="cards")
    keeper.act("score.hand-face", seat=2, face="W")
    found.at["round"] = state_of(keeper)
    keeper.act("score.hand-total", seat=0, value="1000")
    found.at["sure"] = state_of(keeper)
    keeper.act("score.save")  # asks first: far beyond a hand
    go(keeper, keeper.act("score.save-sure").go or "")
    found.at["sheet"] = state_of(keeper)  # Ben won; the summary and the "Keep a copy" offer on show
    go(keeper, f"#/score/{sheet_id}/round/1")
    found.at["edit"] = state_of(keeper)
    go(keeper, f"#/score/{sheet_id}/setup")
    found.at["setup"] = state_of(keeper)
    go(keeper, f"#/score/{sheet_id}/link")
    found.at["link"] = state_of(keeper)
    found.links["sheet"] = keeper.act("score.share-link").share or ""
    go(keeper, "#/score/all")
    found.at["moveall"] = state_of(keeper)
    found.links["all"] = keeper.act("score.move-all").share or ""
    go(keeper, "#/score")
    found.at["list"] = state_of(keeper)
    go(keeper, "#/score/new")
    keeper.act("score.new-name", value="Dee")
    keeper.act("score.add")
    keeper.act("score.new-name", value="Eva")
    keeper.act("score.add")
    keeper.act("score.new-name", value="Fer")
    found.at["new"] = state_of(keeper)
    zoe = Sheet().add_player("Zoe", "~zoe").add_player("Yan", "~yan").choose_dealer(0)
    keeper.store.put("zoe", zoe.add_round(RoundDraft.blank(2).with_winner(0).with_text(1, "5")), 1)
    go(keeper, "#/score/people")
    found.at["people"] = state_of(keeper)
    go(keeper, "#/score/record")
    found.at["record"] = state_of(keeper)
    other = make_keeper(MemoryStorage(), tr)
    go(other, "#" + found.links["sheet"].split("#", 1)[1])
    found.at["open"] = state_of(other)
    go(other, "#" + found.links["all"].split("#", 1)[1])
    found.at["openall"] = state_of(other)
    go(other, "#" + found.links["old"].split("#", 1)[1])
    go(other, other.act("score.keep").go or "")
    found.at["kept"] = state_of(other)  # a sheet from a link: its players are nobody in the record yet
    go(other, "#" + found.links["sheet"].split("#", 1)[1])
    found.at["older"] = state_of(other)  # an older copy of the game is on this phone
    return found


PLACES = places()
Check = Callable[[State, State, Effects], object]


@dataclass(frozen=True)
class Case:
    place: str
    act: str
    fields: dict[str, Any]
    check: Check
    before: tuple[tuple[str, dict[str, Any]], ...] = ()  # intents stepped first


def sheet_of(state: State, sheet_id: str = "id1") -> Any:
    saved = state.shelf.saved(sheet_id)
    assert saved is not None
    return saved.sheet


def draft_of(state: State) -> Any:
    return state.shelf.draft(state.visit.where)


CASES = [
    Case("list", "score.import", {}, lambda b, a, e: e.pick_file and a == b and not e.writes),
    Case(
        "list",
        "score.file",
        {"text": dumps(new_sheet(["Zoe", "Yan"]).choose_dealer(0))},
        lambda b, a, e: e.go == "#/score/w1" and e.writes == {LIBRARY_KEY} and len(a.shelf.library.entries) == 2,
    ),
    Case(
        "list", "score.link-text", {"value": "x"}, lambda b, a, e: a.visit.pending["open-link"] == "x" and not e.render
    ),
    Case(
        "list",
        "score.open-link",
        {},
        lambda b, a, e: e.go == "#/score/link/" + PLACES.links["sheet"].split("/score/link/", 1)[1],
        (("score.link-text", {"value": PLACES.links["sheet"]}),),
    ),
    Case("list", "score.ios-done", {}, lambda b, a, e: a.shelf.marks.card_dismissed and e.writes == {KEPT_KEY}),
    Case(
        "new",
        "score.new-name",
        {"value": "Gil"},
        lambda b, a, e: a.shelf.setup_name == "Gil" and e.writes == {SETUP_KEY},
    ),
    Case(
        "new",
        "score.add",
        {},
        lambda b, a, e: a.shelf.setup.players == ("Dee", "Eva", "Fer") and a.shelf.setup_name == "",
    ),
    Case("new", "score.rename", {"seat": 1, "value": "Eve"}, lambda b, a, e: a.shelf.setup.players == ("Dee", "Eve")),
    Case("new", "score.move", {"seat": 1, "step": -1}, lambda b, a, e: a.shelf.setup.players == ("Eva", "Dee")),
    Case("new", "score.remove", {"seat": 0}, lambda b, a, e: a.shelf.setup.players == ("Eva",)),
    Case("new", "score.teams", {"checked": True}, lambda b, a, e: a.shelf.setup.options.teams),
    Case("new", "score.target", {"value": " 300 "}, lambda b, a, e: a.shelf.setup.options.target == 300),
    Case(
        "new",
        "score.target",
        {"value": "3oo"},
        lambda b, a, e: [x.code for x in a.visit.errors["target"]] == ["bad_target"] and a.shelf == b.shelf,
    ),
    Case(
        "new", "score.scoring", {"scoring": "penalty"}, lambda b, a, e: a.shelf.setup.options.scoring is Scoring.PENALTY
    ),
    Case("new", "score.wild", {"points": 40}, lambda b, a, e: a.shelf.setup.options.wild_points == 40),
    Case(
        "new",
        "score.rotation",
        {"rotation": "winner"},
        lambda b, a, e: a.shelf.setup.options.dealer_rotation.value == "winner",
    ),
    Case("new", "score.dealer", {"seat": 1}, lambda b, a, e: a.shelf.setup.first_dealer == 1),
    Case(
        "new", "score.draw", {}, lambda b, a, e: a.shelf.setup.dealer_drawn and a.shelf.setup.first_dealer is not None
    ),
    Case(
        "new",
        "score.start",
        {},
        lambda b, a, e: (
            e.go == "#/score/w1/round" and sheet_of(a, "w1").players == ("Dee", "Eva") and not a.shelf.setup.players
        ),
        (("score.dealer", {"seat": 0}),),
    ),
    Case(
        "setup",
        "score.rename",
        {"seat": 2, "value": "Cy"},
        lambda b, a, e: sheet_of(a).players[2] == "Cy" and e.writes == {LIBRARY_KEY},
    ),
    Case("setup", "score.start", {}, lambda b, a, e: e.go == "#/score/id1" and a.shelf == b.shelf),
    Case(
        "sheet",
        "score.undo",
        {},
        lambda b, a, e: (
            len(sheet_of(a).rounds) == 1
            and a.shelf.drafts_of("id1").next is not None
            and e.announce[0].key == "score.undone"
        ),
    ),
    Case(
        "sheet",
        "score.share",
        {},
        lambda b, a, e: e.share[0].key == "score.share.head" and link_in(e.share).startswith("https://uno.invalid/"),
    ),
    Case(
        "sheet",
        "score.summary",
        {},
        lambda b, a, e: e.share[0].key == "score.summary.head" and a.visit.sharing == "summary",
    ),
    Case(
        "sheet",
        "score.place",
        {"value": "  Casa   de Beto "},
        lambda b, a, e: (
            sheet_of(a).story.place == "Casa de Beto"
            and e.writes == {LIBRARY_KEY}
            and a.shelf.saved("id1").updated == b.shelf.saved("id1").updated  # no play: the list keeps its order
        ),
    ),
    Case(
        "sheet",
        "score.place",
        {"value": "x" * 81},
        lambda b, a, e: (
            a.shelf == b.shelf
            and a.visit.errors["place"][0].code == "place_too_long"
            and a.visit.pending["place"] == "x" * 81
        ),
    ),
    Case(
        "sheet",
        "score.notes",
        {"value": "Ana's birthday\r\nPizza "},
        lambda b, a, e: sheet_of(a).story.notes == "Ana's birthday\nPizza" and e.writes == {LIBRARY_KEY},
    ),
    Case("round", "score.picture", {}, lambda b, a, e: e.picture is None and a.visit == b.visit),  # not finished
    Case(
        "sheet",
        "score.picture",
        {},
        lambda b, a, e: (
            e.picture is not None
            and e.picture[0].endswith("-ben.png")
            and e.picture[1].tag == "svg"
            and a.visit.sharing == "picture"
            and a.shelf == b.shelf
        ),
    ),
    Case(
        "sheet",
        "score.export",
        {},
        lambda b, a, e: e.download[0].startswith("uno-ana-ben-cai-") and e.writes == {KEPT_KEY},
    ),
    Case("sheet", "score.again", {}, lambda b, a, e: e.go == "#/score/w1/round" and not sheet_of(a, "w1").rounds),
    Case("sheet", "score.ask", {"what": "delete-game"}, lambda b, a, e: a.visit.confirm == "delete-game"),
    Case(
        "sheet",
        "score.cancel",
        {"what": "delete-game"},
        lambda b, a, e: a.visit.confirm == "" and e.focus == "score-ask-delete-game",
        (("score.ask", {"what": "delete-game"}),),
    ),
    Case("sheet", "score.delete-game", {}, lambda b, a, e: e.go == "#/score" and not a.shelf.library.entries),
    Case("sheet", "score.no-copy", {}, lambda b, a, e: b.visit.copy_offer == "id1" and a.visit.copy_offer == ""),
    Case("round", "score.winner", {"seat": 0}, lambda b, a, e: draft_of(a).winner == 0 and e.writes == {DRAFTS_KEY}),
    Case(
        "round",
        "score.mode-all",
        {"mode": "cards"},
        lambda b, a, e: {h.mode for h in draft_of(a).hands} == {Mode.CARDS} and sheet_of(a).entry_mode is Mode.CARDS,
    ),
    Case(
        "round",
        "score.hand-mode",
        {"seat": 0, "mode": "cards"},
        lambda b, a, e: draft_of(a).hands[0].mode is Mode.CARDS,
    ),
    Case(
        "round",
        "score.hand-total",
        {"seat": 0, "value": "25"},
        lambda b, a, e: draft_of(a).hands[0].text == "25" and e.typing == "id1" and not e.writes,
    ),
    Case("round", "score.hand-face", {"seat": 2, "face": "7"}, lambda b, a, e: len(draft_of(a).hands[2].cards) == 2),
    Case("round", "score.hand-chip", {"seat": 2, "index": 0}, lambda b, a, e: draft_of(a).hands[2].cards == ()),
    Case(
        "round",
        "score.save",
        {},
        lambda b, a, e: (
            e.go == "#/score/id1" and len(sheet_of(a).rounds) == 2 and e.announce[0].key == "score.announce.round"
        ),
    ),
    Case("sure", "score.save", {}, lambda b, a, e: a.visit.confirm == "sure" and e.go is None and a.shelf == b.shelf),
    Case(
        "sure",
        "score.save-sure",
        {},
        lambda b, a, e: e.go == "#/score/id1" and len(sheet_of(a).rounds) == 2,
        (("score.save", {}),),
    ),
    Case("edit", "score.discard", {}, lambda b, a, e: e.go == "#/score/id1" and a.shelf.drafts_of("id1").edit is None),
    Case("edit", "score.delete-round", {}, lambda b, a, e: e.go == "#/score/id1" and len(sheet_of(a).rounds) == 1),
    Case(
        "link",
        "score.share-link",
        {},
        lambda b, a, e: e.share == (PLACES.links["sheet"],) and a.visit.sharing == "link",
    ),
    Case("open", "score.keep", {}, lambda b, a, e: e.go == "#/score/w1" and len(a.shelf.library.entries) == 1),
    Case("older", "score.keep-update", {}, lambda b, a, e: e.go == "#/score/id1" and len(sheet_of(a).rounds) == 2),
    Case("older", "score.keep", {}, lambda b, a, e: e.go == "#/score/w1" and len(a.shelf.library.entries) == 2),
    Case(
        "moveall", "score.move-all", {}, lambda b, a, e: e.share == (PLACES.links["all"],) and a.visit.sharing == "all"
    ),
    Case(
        "moveall",
        "score.move-file",
        {},
        lambda b, a, e: e.download[0].startswith("uno-backup-") and e.writes == {KEPT_KEY},
    ),
    Case("openall", "score.keep-all", {}, lambda b, a, e: e.go == "#/score" and len(a.shelf.library.entries) == 1),
    # the regulars
    Case(
        "new",
        "score.pick",
        {"person": "~ana"},
        lambda b, a, e: a.shelf.setup.players[-1] == "Ana" and a.shelf.setup.people[-1] == "~ana",
    ),
    Case(
        "new",
        "score.add-new",
        {},
        lambda b, a, e: a.shelf.setup.people[-1] == "~fer" and a.shelf.setup_name == "" and e.writes == {SETUP_KEY},
    ),
    Case(
        "people",
        "score.person-name",
        {"person": "~ana", "value": " Anita "},
        lambda b, a, e: a.shelf.library.roster.names == {"~ana": "Anita"} and e.writes == {LIBRARY_KEY},
    ),
    Case(
        "people",
        "score.person-merge",
        {"person": "~zoe", "value": "~ana"},
        lambda b, a, e: a.shelf.library.roster.merged == {"~zoe": "~ana"} and e.writes == {LIBRARY_KEY},
    ),
    Case(
        "people",
        "score.person-split",
        {"person": "~zoe"},
        lambda b, a, e: (
            b.shelf.library.roster.merged and a.shelf.library.roster == PLACES.at["people"].shelf.library.roster
        ),
        before=(("score.person-merge", {"person": "~zoe", "value": "~ana"}),),
    ),
    Case(
        "people",
        "score.person-forget",
        {"person": "~ben"},
        lambda b, a, e: a.shelf.library.roster.forgotten == {"~ben"} and e.writes == {LIBRARY_KEY},
    ),
    Case(
        "people",
        "score.person-remember",
        {"person": "~ben"},
        lambda b, a, e: b.shelf.library.roster.forgotten and not a.shelf.library.roster.forgotten,
        before=(("score.person-forget", {"person": "~ben"}),),
    ),
    Case(
        "kept",
        "score.join",
        {},
        lambda b, a, e: None in sheet_of(b).people and sheet_of(a).people == ("~ana", "~ben", "~cai"),
    ),
    Case("record", "score.record-include", {"checked": True}, lambda b, a, e: a.visit.record.include and not e.writes),
    Case("record", "score.record-who", {"value": "~ben"}, lambda b, a, e: a.visit.record.who == "~ben"),
    Case(
        "record",
        "score.versus",
        {"side": "b", "value": "~cai"},
        lambda b, a, e: a.visit.record.versus == ("", "~cai") and a.shelf == b.shelf,
    ),
]


def run(case: Case) -> tuple[State, State, Effects, State]:
    """The case's state (after its earlier intents), its state after the step, the effects, and a deep copy of the
    state taken before the step."""
    state = PLACES.at[case.place]
    same_world = world()
    for act, fields in case.before:
        state, _ = step(state, {"op": "intent", "act": act, **fields}, same_world)
    kept = copy.deepcopy(state)
    after, effects = step(state, {"op": "intent", "act": case.act, **case.fields}, same_world)
    return state, after, effects, kept


def test_the_cases_reach_every_act_and_every_act_is_an_intent_of_the_keeper() -> None:
    score_intents = {act for act in protocol.INTENTS.kinds if act.startswith("score.")}
    assert set(ACTS) == score_intents
    assert {case.act for case in CASES} == score_intents


@pytest.mark.parametrize("case", CASES, ids=[f"{case.place}:{case.act}" for case in CASES])
def test_each_intent_steps_as_its_page_promises_and_the_step_is_pure(case: Case) -> None:
    message = {"op": "intent", "act": case.act, **case.fields}
    assert protocol.check(message, protocol.PAGE) == ""  # what a page may send
    before, after, effects, kept = run(case)
    assert not effects.refused
    assert case.check(before, after, effects), (case, effects)
    assert before == kept  # the step changed nothing it was given
    again = run(case)
    assert (again[1], again[2]) == (after, effects)  # the same state and world: the same answer


def test_each_act_reads_the_typed_intent_it_is_named_for() -> None:
    for act, function in ACTS.items():
        intent = get_type_hints(function)[list(get_type_hints(function))[1]]
        kinds = get_args(intent) or (intent,)
        named = {get_args(get_type_hints(kind)["act"])[0] for kind in kinds}
        assert act in named, (act, function)


def test_a_refusal_or_an_error_changes_nothing() -> None:
    state = PLACES.at["round"]
    for message in (
        {"op": "intent", "act": "score.winner", "seat": "1"},  # as a page never sends it
        {"op": "intent", "act": "score.hand-face", "seat": 9, "face": "7"},  # no such seat
        {"op": "intent", "act": "play.card", "card": "R5"},  # another screen's
    ):
        after, effects = step(state, message, world())
        assert effects.refused and after is state and not effects.writes
    after, effects = step(PLACES.at["list"], {"op": "intent", "act": "score.undo"}, world())  # no sheet here
    assert [error.code for error in after.visit.errors["page"]] == ["no_such_sheet"]
    assert after.shelf is PLACES.at["list"].shelf and not effects.writes


def test_a_guest_phone_enters_its_own_hand_through_the_same_step() -> None:
    """A screen of its own (its visit) over the host's shelf: its hand only, in the round being entered."""
    host = PLACES.at["round"]
    guest = State(host.shelf, Visit())
    hand = {"op": "intent", "act": "score.hand-face", "seat": 0, "face": "W+4"}
    after, effects = hand_step(guest, "id1", 0, hand, world())  # type: ignore[arg-type]
    assert str(after.shelf.draft(Where("round", "id1")).hands[0].cards[0]) == "W+4" and effects.writes == {DRAFTS_KEY}
    assert after.visit.where == Where("round", "id1") and host.visit.errors == {}
    refusals = {
        "not_your_hand": hand_step(guest, "id1", 2, hand, world()),  # type: ignore[arg-type]
        "went_out": hand_step(guest, "id1", 1, {**hand, "seat": 1}, world()),  # type: ignore[arg-type]
        "not_this_round": hand_step(guest, "nope", 0, hand, world()),  # type: ignore[arg-type]
    }
    for code, (state, done) in refusals.items():
        assert done.refused == code and state is guest, code
    winner = {"op": "intent", "act": "score.winner", "seat": 0}
    assert hand_step(guest, "id1", 0, winner, world())[1].refused == "not_your_hand"  # type: ignore[arg-type]
    assert set(ACTS) >= HAND_ACTS


def test_the_protocol_offers_exactly_the_keepers_choices() -> None:
    """The intents' choices are written out for the page's MicroPython; they are the values of the keeper's types."""
    assert tuple(mode.value for mode in Mode) == protocol.MODES
    assert tuple(scoring.value for scoring in Scoring) == protocol.SCORINGS
    assert tuple(rotation.value for rotation in DealerRotation) == protocol.ROTATIONS
    assert sorted(protocol.FACES) == sorted(rank.symbol for rank in Rank)
    points = protocol.INTENTS.kinds["score.wild"].required["points"]
    assert all(points.why(value) == "" for value in WILD_POINTS)
    assert protocol.SEAT.why(MAX_PLAYERS - 1) == "" and protocol.SEAT.why(MAX_PLAYERS) != ""
