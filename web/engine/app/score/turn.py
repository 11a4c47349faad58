"""The keeper's state (`State`: the shelf every screen shares and one screen's visit), what a step reads from
outside it (`World`: the time, new ids, chance, the app's address), and `Turn`, one step's working copy: an act
reads and changes the turn, and the step makes the next state of it, with the storage keys it changed."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from scorekeeper import KeeperError, RoundDraft, SavedSheet, Sheet, Unusual
from scorekeeper.people import Roster
from scorekeeper.sheet import Randrange

from . import ids
from .effect import Effects
from .keepsafe import KEPT_KEY, Marks
from .store import DRAFTS_KEY, LIBRARY_KEY, SETUP_KEY, Drafts, Shelf
from .visit import Flash, RecordChoice, Sharing, Visit
from .where import Where


@dataclass(frozen=True, slots=True)
class State:
    shelf: Shelf
    visit: Visit


@dataclass(frozen=True, slots=True)
class World:
    """What a step may ask of the world: the time (ms), a new sheet's id, chance (a drawn dealer), the app's address
    (what sheet links start with)."""

    clock: Callable[[], int]
    new_id: Callable[[], str]
    rng: Randrange
    base: Callable[[], str] = lambda: "https://uno.invalid/"


class Turn:
    """One step's working copy of the state (the given state is never changed)."""

    def __init__(self, state: State, world: World) -> None:
        self.world = world
        self.shelf = state.shelf
        visit = state.visit
        self.where: Where = visit.where
        self.errors: dict[str, list[KeeperError]] = {fid: list(found) for fid, found in visit.errors.items()}
        self.pending: dict[str, str] = dict(visit.pending)
        self.confirm = visit.confirm
        self.unusual: tuple[Unusual, ...] = visit.unusual
        self.ends_match = visit.ends_match
        self.flash: Flash | None = visit.flash
        self.sharing: Sharing = visit.sharing
        self.copy_offer = visit.copy_offer
        self.refused = visit.refused  # see `acts_setup.keep_refusal`
        self.record: RecordChoice = visit.record
        self.writes: set[str] = set()
        self.typing = ""  # a sheet whose drafts were typed into (written once the typing pauses)

    def state(self) -> State:
        visit = Visit(
            self.where,
            {fid: tuple(found) for fid, found in self.errors.items() if found},
            dict(self.pending),
            self.confirm,
            self.unusual,
            self.ends_match,
            self.flash,
            self.sharing,
            self.copy_offer,
            self.refused,
            self.record,
        )
        return State(self.shelf, visit)

    # -- reading ---------------------------------------------------------------------------------------

    def now(self) -> int:
        return int(self.world.clock())

    def saved(self, sheet_id: str | None = None) -> SavedSheet | None:
        return self.shelf.saved(sheet_id if sheet_id is not None else self.where.sheet_id)

    def sheet(self) -> Sheet:
        saved = self.saved()
        if saved is None:
            raise KeeperError("no_such_sheet", id=self.where.sheet_id)
        return saved.sheet

    def setup_sheet(self) -> Sheet:
        return self.shelf.setup if self.where.page == "new" else self.sheet()

    def new_name(self) -> str:
        """The name typed for the next player (a new game's is saved with its set-up)."""
        return self.shelf.setup_name if self.where.page == "new" else self.pending.get(ids.NAME_NEW, "")

    def draft(self) -> RoundDraft:
        """The round being entered on this screen."""
        self.sheet()  # KeeperError without it
        return self.shelf.draft(self.where)

    # -- changing the shelf (each change names the key to write) ------------------------------------------

    def put(self, sheet_id: str, sheet: Sheet, touch: bool = True) -> None:
        self.shelf = self.shelf.put(sheet_id, sheet, self.now(), touch)
        self.writes.add(LIBRARY_KEY)

    def remove(self, sheet_id: str) -> None:
        self.shelf = self.shelf.removed(sheet_id)
        self.writes |= {LIBRARY_KEY, DRAFTS_KEY}

    def set_setup(self, sheet: Sheet, name: str) -> None:
        """The new game being set up: its sheet, and the name typed for its next player."""
        self.shelf = dataclasses.replace(self.shelf, setup=sheet, setup_name=name)
        self.writes.add(SETUP_KEY)

    def set_drafts(self, sheet_id: str, drafts: Drafts, typing: bool = False) -> None:
        """`sheet_id`'s drafts: written now, or with `typing` once the typing pauses."""
        self.shelf = self.shelf.with_drafts(sheet_id, drafts)
        if typing:
            self.typing = sheet_id
        else:
            self.writes.add(DRAFTS_KEY)

    def set_roster(self, roster: Roster) -> None:
        """What the person changed about the regulars (kept with the library)."""
        self.shelf = dataclasses.replace(self.shelf, library=self.shelf.library.with_roster(roster))
        self.writes.add(LIBRARY_KEY)

    def set_marks(self, marks: Marks) -> None:
        self.shelf = dataclasses.replace(self.shelf, marks=marks)
        self.writes.add(KEPT_KEY)


Act = Callable[[Turn, Any], Effects]  # one intent's act: its typed intent (`shared.messages`) -> effects
