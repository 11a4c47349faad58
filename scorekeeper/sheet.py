"""The score sheet: players, options, first dealer and rounds. An immutable value.

Every operation returns a new ``Sheet`` or raises a ``KeeperError`` and changes nothing, so
the UI keeps the current sheet and shows the error; undo of any step is keeping the old
value. Every ``Sheet`` is valid: the constructor checks it all (a file loads through it too).
Derived state (totals, dealers, winner, finished) comes from ``tally()``, never stored.
"""

from __future__ import annotations

import dataclasses
import unicodedata
from dataclasses import dataclass, field
from typing import Any, Protocol

from uno_core.rules import MAX_PLAYERS as MAX_PLAYERS  # R-SEAT-1, re-exported for the keeper
from uno_core.rules import MIN_PLAYERS as MIN_PLAYERS
from uno_core.rules import teams_fit

from .chars import has_bad_char
from .entry import Mode, RoundDraft
from .errors import RoundRejected, SetupError, SheetError
from .model import Round
from .options import Options
from .story import Story
from .tally import Tally, tally
from .validation import check_round, draft_from_round, round_from_draft

NAME_MAX = 32  # the HTML test name `<img src=x onerror=alert(1)>` has 28
PERSON_MAX = 64  # a person id's length (`people`)


class Randrange(Protocol):
    """Any random source with ``randrange(n)`` (e.g. a seeded ``random.Random``)."""

    def randrange(self, stop: int, /) -> int: ...


def check_people(people: tuple[str | None, ...], count: int) -> None:
    """``SetupError("bad_person")`` unless ``people`` has one entry per seat, each None or a person id (a text of 1
    to ``PERSON_MAX`` characters, no control character), no person twice."""
    if len(people) != count:
        raise SetupError("bad_person", field="people", count=count)
    seen: set[str] = set()
    for seat, person in enumerate(people):
        if person is None:
            continue
        if not isinstance(person, str) or not person or len(person) > PERSON_MAX or has_bad_char(person):
            raise SetupError("bad_person", field="people", seat=seat, count=count)
        if person in seen:
            raise SetupError("person_twice", field="people", seat=seat)
        seen.add(person)


def clean_name(name: str, others: tuple[str, ...] = (), seat: int | None = None) -> str:
    """A player name as stored: NFC, whitespace runs as one space, trimmed.

    Raises ``SetupError``: ``name_blank``, ``name_too_long`` (over ``NAME_MAX`` = 32 characters),
    ``name_bad_char`` (control characters, lone surrogates), ``name_taken`` (same name ignoring case among
    ``others``). Any other character is allowed (the UI shows names as text).
    """
    if not isinstance(name, str):
        raise SetupError("name_blank", field="name", seat=seat)
    text = " ".join(unicodedata.normalize("NFC", name).split())
    if not text:
        raise SetupError("name_blank", field="name", seat=seat)
    if has_bad_char(text):
        raise SetupError("name_bad_char", field="name", seat=seat)
    if len(text) > NAME_MAX:
        raise SetupError("name_too_long", field="name", seat=seat, limit=NAME_MAX)
    folded = text.casefold()
    for other in others:
        if other.casefold() == folded:
            raise SetupError("name_taken", field="name", seat=seat, name=other)
    return text


@dataclass(frozen=True, slots=True)
class Sheet:
    """One game's score sheet. Seats are the order of ``players`` (clockwise, R-SEAT-2)."""

    players: tuple[str, ...] = ()
    options: Options = field(default_factory=Options)
    first_dealer: int | None = None
    dealer_drawn: bool = False  # True when the app drew the first dealer at random (R-SEAT-3)
    rounds: tuple[Round, ...] = ()
    entry_mode: Mode = Mode.TOTAL  # how the hands of a new round are entered (R-KEEP-1), remembered
    # per seat, the person sitting there (a regular's stable id, `scorekeeper.people`), or None: not in the record
    # (a sheet from a link, until the person says who they are); () is everyone None
    people: tuple[str | None, ...] = ()
    story: Story = field(default_factory=Story)  # where, notes, when the first round was saved

    def __post_init__(self) -> None:
        if not isinstance(self.story, Story):
            raise SetupError("bad_option", field="story", option="story", value=self.story, allowed="Story")
        if isinstance(self.people, list):  # kept immutable, as saved
            object.__setattr__(self, "people", tuple(self.people))
        if not self.people and self.players:
            object.__setattr__(self, "people", (None,) * len(self.players))
        check_people(self.people, len(self.players))
        if not isinstance(self.options, Options):
            raise SetupError("bad_option", field="options", option="options", value=self.options, allowed="Options")
        if not isinstance(self.entry_mode, Mode):
            raise SetupError(
                "bad_option", field="entry_mode", option="entry_mode", value=self.entry_mode, allowed="total, cards"
            )
        if len(self.players) > MAX_PLAYERS:
            raise SetupError("too_many_players", field="players", limit=MAX_PLAYERS)
        for seat, name in enumerate(self.players):
            if clean_name(name, self.players[:seat], seat) != name:
                raise SetupError("name_blank", field="name", seat=seat)
        if self.first_dealer is not None:
            self._seat(self.first_dealer, "dealer")
        if self.rounds:
            problems = self.setup_problems()
            if problems:
                raise problems[0]
            for number, round_ in enumerate(self.rounds, start=1):
                errors = check_round(round_, len(self.players), self.options)
                if errors:
                    raise RoundRejected(errors, round=number)
            ended = tally(self).ended_after
            if ended is not None and ended < len(self.rounds):
                raise SheetError("ends_match_early", round=ended, later=len(self.rounds) - ended)

    # -- derived ---------------------------------------------------------------------------

    def tally(self) -> Tally:
        """Totals, rows, dealers, standings and the winner, recomputed from the rounds."""
        return tally(self)

    @property
    def started(self) -> bool:
        """True once a round is saved: players are then fixed (rename still allowed)."""
        return bool(self.rounds)

    def setup_problems(self) -> tuple[SetupError, ...]:
        """What still prevents entering a round: too few players, odd teams, no first dealer."""
        problems: list[SetupError] = []
        count = len(self.players)
        if count < MIN_PLAYERS:
            problems.append(SetupError("too_few_players", field="players", minimum=MIN_PLAYERS, count=count))
        if self.options.teams and not teams_fit(count):
            problems.append(SetupError("teams_need_even", field="teams", count=count))
        if self.first_dealer is None:
            problems.append(SetupError("no_dealer", field="dealer"))
        return tuple(problems)

    # -- players and options (before / during the game) ---------------------------------------

    def add_player(self, name: str, person: str | None = None) -> Sheet:
        """A player at the next seat: ``person`` is who it is (a regular's id), None for nobody in the record."""
        self._not_started()
        if len(self.players) >= MAX_PLAYERS:
            raise SetupError("too_many_players", field="players", limit=MAX_PLAYERS)
        if person is not None and person in self.people:
            raise SetupError("person_twice", field="name", seat=len(self.players))
        name = clean_name(name, self.players, len(self.players))
        return dataclasses.replace(self, players=(*self.players, name), people=(*self.people, person))

    def with_story(self, **changes: Any) -> Sheet:
        """The sheet with its story changed (``place``, ``notes``, ``started``), at any time; ``SetupError`` when
        a place or notes cannot be kept (too long, control characters: ``clean_place``, ``clean_notes``)."""
        return dataclasses.replace(self, story=self.story.replace(**changes))

    def with_people(self, people: tuple[str | None, ...] | list[str | None]) -> Sheet:
        """The sheet with these people at its seats (a sheet from a link joined to the regulars), at any time."""
        return dataclasses.replace(self, people=tuple(people))

    def rename_player(self, seat: int, name: str) -> Sheet:
        """Allowed at any time; the name must stay unique (ignoring case)."""
        self._seat(seat)
        others = self.players[:seat] + self.players[seat + 1 :]
        players = list(self.players)
        players[seat] = clean_name(name, others, seat)
        return dataclasses.replace(self, players=tuple(players))

    def move_player(self, seat: int, to: int) -> Sheet:
        """Move the player at ``seat`` to seat ``to`` (others shift); the first dealer follows the person."""
        self._not_started()
        self._seat(seat)
        self._seat(to)
        order = list(range(len(self.players)))
        order.insert(to, order.pop(seat))
        return self._reorder(order)

    def reorder_players(self, order: list[int] | tuple[int, ...]) -> Sheet:
        """Seat the players in ``order`` (a permutation of the current seats)."""
        self._not_started()
        if sorted(order) != list(range(len(self.players))):
            raise SetupError("bad_order", field="players", count=len(self.players))
        return self._reorder(list(order))

    def remove_player(self, seat: int) -> Sheet:
        self._not_started()
        self._seat(seat)
        dealer = self.first_dealer
        if dealer is not None:
            dealer = None if dealer == seat else dealer - (dealer > seat)
        players = self.players[:seat] + self.players[seat + 1 :]
        people = self.people[:seat] + self.people[seat + 1 :]
        return dataclasses.replace(
            self,
            players=players,
            people=people,
            first_dealer=dealer,
            dealer_drawn=self.dealer_drawn and dealer is not None,
        )

    def set_options(self, options: Options | None = None, **changes: Any) -> Sheet:
        """New options (an ``Options`` and/or changes such as ``target=300``, ``scoring="penalty"``).

        Allowed at any time; the rounds are checked again under the new options, so e.g. a
        lower target that would have ended the match before the last round is refused.
        """
        new = (options or self.options).replace(**changes) if changes else (options or self.options)
        return dataclasses.replace(self, options=new)

    def choose_dealer(self, seat: int) -> Sheet:
        """The first dealer, entered by hand (e.g. after the players drew cards, R-SEAT-3)."""
        self._not_started()
        self._seat(seat, "dealer")
        return dataclasses.replace(self, first_dealer=seat, dealer_drawn=False)

    def draw_dealer(self, rng: Randrange) -> Sheet:
        """The first dealer picked at random by the app (R-SEAT-3) with the given random source."""
        self._not_started()
        if not self.players:
            raise SetupError("too_few_players", field="players", minimum=MIN_PLAYERS, count=0)
        return dataclasses.replace(self, first_dealer=rng.randrange(len(self.players)), dealer_drawn=True)

    # -- rounds -----------------------------------------------------------------------------

    def blank_draft(self) -> RoundDraft:
        """An empty draft for the next round, every hand in the sheet's entry mode."""
        return RoundDraft.blank(len(self.players), self.entry_mode)

    def with_entry_mode(self, mode: Mode | str) -> Sheet:
        """The sheet with another remembered entry mode (``"total"`` or ``"cards"``)."""
        try:
            return dataclasses.replace(self, entry_mode=Mode(mode))
        except ValueError:
            raise SetupError(
                "bad_option", field="entry_mode", option="entry_mode", value=mode, allowed="total, cards"
            ) from None

    def same_game(self, other: Sheet) -> bool:
        """The same players, options, dealer and rounds (the remembered entry mode and who the people are aside)."""
        mine = (self.players, self.options, self.first_dealer, self.dealer_drawn, self.rounds)
        return mine == (other.players, other.options, other.first_dealer, other.dealer_drawn, other.rounds)

    def add_round(self, round_: RoundDraft | Round) -> Sheet:
        """Save a round. ``SetupError`` if the game cannot start yet, ``SheetError("match_over")``
        once the match is won, ``RoundRejected`` (every field's ``EntryError``) for a bad entry."""
        problems = self.setup_problems()
        if problems:
            raise problems[0]
        if self.tally().finished:
            raise SheetError("match_over")
        return dataclasses.replace(self, rounds=(*self.rounds, self._round(round_)))

    def replace_round(self, number: int, round_: RoundDraft | Round) -> Sheet:
        """Edit round ``number`` (1-based); totals, dealers and winner follow (R-KEEP-3)."""
        index = self.round_index(number)
        rounds = list(self.rounds)
        rounds[index] = self._round(round_)
        return dataclasses.replace(self, rounds=tuple(rounds))

    def delete_round(self, number: int) -> Sheet:
        """Delete round ``number`` (1-based); later rounds move up (R-KEEP-3)."""
        index = self.round_index(number)
        return dataclasses.replace(self, rounds=self.rounds[:index] + self.rounds[index + 1 :])

    def undo(self) -> Sheet:
        """Delete the last round (``SheetError("no_rounds")`` when there is none)."""
        if not self.rounds:
            raise SheetError("no_rounds")
        return dataclasses.replace(self, rounds=self.rounds[:-1])

    def draft_of(self, number: int) -> RoundDraft:
        """Round ``number`` (1-based) as a draft, as it was entered, to edit it."""
        return draft_from_round(self.rounds[self.round_index(number)])

    def play_again(self, first_dealer: int | None = None, keep_rotation: bool = True) -> Sheet:
        """A new sheet with the same players, options and place, no rounds. First dealer: ``first_dealer``
        if given, else (``keep_rotation``) whoever would deal next on this sheet, else none yet."""
        if first_dealer is not None:
            self._seat(first_dealer, "dealer")
        dealer = first_dealer if first_dealer is not None else (self.tally().dealer if keep_rotation else None)
        again = Story(place=self.story.place)  # the same table: its place, not its notes
        return Sheet(self.players, self.options, dealer, False, (), self.entry_mode, self.people, again)

    # -- helpers ----------------------------------------------------------------------------

    def _round(self, round_: RoundDraft | Round) -> Round:
        if isinstance(round_, RoundDraft):
            return round_from_draft(round_, len(self.players), self.options)
        errors = check_round(round_, len(self.players), self.options)
        if errors:
            raise RoundRejected(errors)
        return round_

    def round_index(self, number: int) -> int:
        """The index in ``rounds`` of round ``number`` (1-based); ``SheetError`` if there is no such round."""
        if type(number) is not int or not 1 <= number <= len(self.rounds):
            if not self.rounds:
                raise SheetError("no_rounds")
            raise SheetError("no_such_round", round=number, count=len(self.rounds))
        return number - 1

    def _seat(self, seat: int, field: str = "players") -> None:
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise SetupError("no_such_seat", field=field, seat=seat, count=len(self.players))

    def _not_started(self) -> None:
        if self.rounds:
            raise SetupError("game_started", field="players")

    def _reorder(self, order: list[int]) -> Sheet:
        dealer = None if self.first_dealer is None else order.index(self.first_dealer)
        return dataclasses.replace(
            self,
            players=tuple(self.players[seat] for seat in order),
            people=tuple(self.people[seat] for seat in order),
            first_dealer=dealer,
        )


def new_sheet(names: list[str] | tuple[str, ...] = (), options: Options | None = None) -> Sheet:
    """A sheet with these players (each checked by ``clean_name``) and options; no dealer yet."""
    sheet = Sheet(options=options or Options())
    for name in names:
        sheet = sheet.add_player(name)
    return sheet
