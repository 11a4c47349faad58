"""The score keeper's state, without the browser: where it is, the errors and half-typed refusals on show,
the question asked, the note to show once. Every action the page sends (`act(name, arg, value, checked)`)
is looked up in `actions.ACTIONS`, changes the saved library or a draft, writes them to storage at once, and
returns an `Effect` that tells the view what to do next."""

from __future__ import annotations

from collections.abc import Callable

from scorekeeper import KeeperError, LoadError, RoundDraft, SavedSheet, Sheet, Unusual, to_card
from scorekeeper.sheet import Randrange

from . import faces, ids
from .actions import ACTIONS
from .acts_list import import_text
from .acts_setup import keep_refusal
from .acts_sheet import shared
from .effect import Effect, Flash, Intent
from .keepsafe import Facts
from .page_state import Screen
from .showing import screen_of
from .store import Storage, Store
from .texts import Translate, error_text, face_name
from .where import Where

__all__ = ["Effect", "Flash", "Keeper"]


class Keeper:
    def __init__(
        self,
        storage: Storage,
        *,
        clock: Callable[[], int],
        new_id: Callable[[], str],
        rng: Randrange,
        lang: Callable[[], str],
        tr: Translate,
        base: Callable[[], str] = lambda: "https://uno.invalid/",
        store: Store | None = None,
    ) -> None:
        self.store = store if store is not None else Store.open(storage)  # `store`: another keeper's sheets
        self.clock, self.new_id, self.rng, self.lang, self.tr = clock, new_id, rng, lang, tr
        self.base = base  # the app's address, which a sheet's link starts with
        self.facts = Facts()  # what the page told about this browser's storage
        self.copy_offer = ""  # the sheet offered "Keep a copy" after its round was saved ("" none)
        self.where = Where("list")
        self.errors: dict[str, list[KeeperError]] = {}  # by field key (`ids`): "hand-2", "winner", "name-new"...
        self.pending: dict[str, str] = {}  # text typed in a field but refused (kept on screen)
        # the last new name refused among intents replayed at start (typed before Python was ready), and why
        self.refused: tuple[str, dict[str, list[KeeperError]]] | None = None
        self.confirm = ""  # the confirmation asked on this screen: "delete-game", "delete-round", "sure"
        self.unusual: tuple[Unusual, ...] = ()  # the totals asked about ("sure"): possible, far beyond a hand
        self.ends_match = False  # ... and saving that round ends the match
        self.flash: Flash | None = None
        self.sharing = "standings"  # what the last share was: "standings", "summary", "link" or "all"

    # -- navigation and reading ----------------------------------------------------------------

    def enter(self, where: Where) -> None:
        """The screen changed: forget errors and half-typed refusals of the previous one."""
        if where != self.where:
            self.where = where
            self.errors, self.pending, self.confirm, self.refused = {}, {}, "", None
        if self.flash is not None and self.flash.where != where.to_hash():
            self.flash = None

    def now(self) -> int:
        return int(self.clock())

    def saved(self, sheet_id: str | None = None) -> SavedSheet | None:
        try:
            return self.store.library.get(sheet_id if sheet_id is not None else self.where.sheet_id)
        except LoadError:
            return None

    def sheet(self) -> Sheet:
        saved = self.saved()
        if saved is None:
            raise KeeperError("no_such_sheet", id=self.where.sheet_id)
        return saved.sheet

    def setup_sheet(self) -> Sheet:
        return self.store.setup if self.where.page == "new" else self.sheet()

    def new_name(self) -> str:
        """The name typed for the next player (a new game's is saved with its set-up)."""
        return self.store.setup_name if self.where.page == "new" else self.pending.get(ids.NAME_NEW, "")

    def draft(self) -> RoundDraft:
        """The round being entered on this screen (the saved draft, else a blank or the round as saved)."""
        sheet = self.sheet()
        drafts = self.store.drafts_of(self.where.sheet_id)
        players = len(sheet.players)
        number = self.where.round
        if number is None:
            if drafts.next is not None and len(drafts.next.hands) == players:
                return drafts.next
            return sheet.blank_draft()
        if drafts.edit is not None and drafts.edit_round == number and len(drafts.edit.hands) == players:
            return drafts.edit
        return sheet.draft_of(number)

    def message(self, error: KeeperError) -> str:
        """An error as a sentence in the current language (card faces named as tapped)."""
        if error.code == "no_copy_left":
            face = faces.face_of(to_card(str(error.params.get("card"))))
            return self.tr(
                "score.err.face_used_up", {"face": self.face_name(face), "limit": str(faces.face_limit(face))}
            )
        if error.code == "too_many_copies" and self.where.page == "round":
            face = faces.face_of(to_card(str(error.params.get("card"))))
            count = faces.face_count(face, (hand.cards for hand in self.draft().hands))
            return self.tr(
                "score.err.copies",
                {"count": str(count), "face": self.face_name(face), "limit": str(faces.face_limit(face))},
            )
        return error_text(error, self.tr)

    def face_name(self, face: str) -> str:
        return face_name(face, self.tr)

    def screen(self) -> Screen:
        """What the page for this location shows, as plain values (`pages.render` draws it)."""
        return screen_of(self)

    # -- actions -------------------------------------------------------------------------------

    def act(self, name: str, arg: str = "", value: str = "", checked: bool = False, replayed: bool = False) -> Effect:
        """Do the page's action `name`; an unknown one, or an argument no page sends, changes nothing. `replayed`: the
        person made it before the page showed anything (typed while Python was starting, `app.link.replaying`), so
        a refusal among such intents keeps its message through a later one's success (`acts_setup.keep_refusal`)."""
        action = ACTIONS.get(name)
        if action is None:
            return Effect(render=False, refused="unknown_action")
        if not replayed:  # the person sees the page from now on
            self.refused = None
        unseen = self.refused
        try:
            effect = action(self, Intent(arg, value, checked))
            if unseen is not None and self.refused is unseen and not self.errors:
                keep_refusal(self, *unseen)
            return effect
        except KeeperError as error:  # anything unexpected from the logic: show it, change nothing
            self.errors = {ids.PAGE: [error]}
            return Effect()
        except (ValueError, IndexError):  # every action reads its argument before it changes anything
            return Effect(render=False, refused="bad_argument")

    def import_text(self, text: str) -> Effect:
        """A chosen file's text (see `acts_list.import_text`)."""
        return import_text(self, text)

    def shared(self, how: str, text: str = "") -> Effect:
        """The view's report on a share (see `acts_sheet.shared`)."""
        return shared(self, how, text)
