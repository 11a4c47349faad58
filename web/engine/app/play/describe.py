"""Words for the table: cards, events and actions as catalogue keys + arguments (pure, no DOM).

A `Line` is what the game log and the screen-reader announcements show. Its arguments may
be cards, colours or tuples of cards; `phrase_of` turns it into an `app.tree.Phrase` (cards and colours as
phrases of their own), which the page translates and relabels on a language switch; `render` gives its
words in one language (announcements, tests).
Card names: "Blue Skip" / "Salta azul", "Red 7" / "7 rojo", "Wild Draw Four" / "Comodín roba cuatro".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Union

from app.tree import Arg as PhraseArg
from app.tree import Phrase, phrase
from uno_core import ACCEPT, CHALLENGE, DRAW, KEEP, SAY_UNO, Action, Card, Catch, ChooseColour, Colour, Play, Rank
from uno_core import events as ev

if TYPE_CHECKING:
    from app.i18n import Texts

Arg = Union[str, int, Card, Colour, tuple[Card, ...]]  # noqa: UP007 (a runtime alias, valid on 3.11)

# The action ranks' names in catalogue keys ("play.card.skip", "score.face.skip"): the one list of them.
RANK_KEYS = {
    Rank.SKIP: "skip",
    Rank.REVERSE: "reverse",
    Rank.DRAW_TWO: "draw_two",
    Rank.WILD: "wild",
    Rank.WILD_DRAW_FOUR: "wild_draw_four",
}
# What the card face shows (text, so the value never depends on colour): numbers, then symbols.
FACE = {Rank.SKIP: "⊘", Rank.REVERSE: "⇄", Rank.DRAW_TWO: "+2", Rank.WILD: "W", Rank.WILD_DRAW_FOUR: "+4"}
# A shape per colour, so colour-blind players can tell the colours apart.
SHAPES = {Colour.RED: "●", Colour.YELLOW: "▲", Colour.GREEN: "■", Colour.BLUE: "◆"}
# Short forms for the table's last-action line (the game log keeps the whole line).
SHORT = {"play.log.draw_own_many": "play.log.draw_many"}


@dataclass(frozen=True, slots=True)
class Line:
    """One log line: a catalogue key, its arguments, the seat it is about (for styling) and the seat it
    names second (the one caught by, swapped with, found bluffing), if any."""

    key: str
    args: tuple[tuple[str, Arg], ...] = ()
    seat: int | None = None
    object_seat: int | None = None

    def arg(self, name: str) -> Arg | None:
        return dict(self.args).get(name)


def line(key: str, seat: int | None = None, object_seat: int | None = None, **args: Arg) -> Line:
    return Line(key, tuple(args.items()), seat, object_seat)


def face(card: Card) -> str:
    """The value printed on the card: '7', '⊘' (Skip), '⇄' (Reverse), '+2', 'W', '+4'."""
    return str(int(card.rank)) if card.rank.is_number else FACE[card.rank]


def shape(colour: Colour | None) -> str:
    return "" if colour is None else SHAPES[colour]


def card_phrase(card: Card) -> Phrase:
    """'Blue Skip' / 'Salta azul'."""
    colour: PhraseArg = phrase(f"play.card_colour.{card.colour.value}") if card.colour is not None else ""
    if card.rank.is_number:
        return phrase("play.card.number", colour=colour, value=int(card.rank))
    return phrase(f"play.card.{RANK_KEYS[card.rank]}", colour=colour)


def colour_phrase(colour: Colour) -> Phrase:
    """'Blue' / 'Azul' (capitalised, for buttons and labels)."""
    return phrase(f"play.colour.{colour.value}")


def _arg(value: Arg) -> PhraseArg:
    if isinstance(value, Card):
        return card_phrase(value)
    if isinstance(value, Colour):
        return phrase(f"play.card_colour.{value.value}")
    if isinstance(value, tuple):
        return tuple(card_phrase(card) for card in value)
    return str(value)


def phrase_of(item: Line, has: Callable[[str], bool], you: int | None = None, short: bool = False) -> Phrase:
    """The phrase of a line: about seat `you` (the person looking) in the second person where the catalogue
    has a `<key>.you` text (`has(key)`; `<key>.you_object` when `you` is the seat named second); `short`
    leaves out a long list of one's own drawn cards."""
    key = SHORT.get(item.key, item.key) if short else item.key
    args = {name: _arg(value) for name, value in item.args}
    if you is not None:
        for seat, suffix in ((item.seat, ".you"), (item.object_seat, ".you_object")):
            if seat == you and has(key + suffix):
                return phrase(key + suffix, **args)
    return phrase(key, **args)


def render(item: Line, texts: Texts, you: int | None = None, short: bool = False) -> str:
    """The words of a line in the language of `texts` (see `phrase_of`)."""
    return texts.words(phrase_of(item, texts.has, you, short))


# ----- events ---------------------------------------------------------------------------------


def event_lines(event: ev.Event, names: Sequence[str], sides: Sequence[int] = ()) -> list[Line]:
    """The log lines of one event as its viewer saw it (private cards only in that viewer's copy)."""
    if isinstance(event, ev.CardPlayed):
        return [_played(event, names)]
    if isinstance(event, ev.CardsDrawn):
        return [_drawn(event, names)]
    if isinstance(event, ev.ChallengeResult):
        return _challenge(event, names)
    if isinstance(event, (ev.RoundOver, ev.MatchOver)):
        return [_result(event, names, sides)]
    return [_simple(event, names)]


def _played(event: ev.CardPlayed, names: Sequence[str]) -> Line:
    name, card = names[event.seat], event.cards[0]
    if event.jump:
        return line("play.log.jump", event.seat, name=name, card=card)
    if len(event.cards) == 2:
        return line("play.log.play_double", event.seat, name=name, card=card)
    if card.colour is None and event.colour is not None:
        return line("play.log.play_wild", event.seat, name=name, card=card, colour=event.colour)
    return line("play.log.play", event.seat, name=name, card=card)


def _drawn(event: ev.CardsDrawn, names: Sequence[str]) -> Line:
    name, count, seat = names[event.seat], event.count, event.seat
    if count == 0:
        return line("play.log.draw_none", seat, name=name)
    if event.cards is not None:
        if count == 1:
            return line("play.log.draw_own", seat, name=name, card=event.cards[0])
        return line("play.log.draw_own_many", seat, name=name, count=count, cards=tuple(event.cards))
    if count == 1:
        return line("play.log.draw_one", seat, name=name)
    return line("play.log.draw_many", seat, name=name, count=count)


def _challenge(event: ev.ChallengeResult, names: Sequence[str]) -> list[Line]:
    who, whom = names[event.challenger], names[event.challenged]
    key = "play.log.challenge_won" if event.bluff else "play.log.challenge_lost"
    lines = [
        line(
            key, event.challenger, event.challenged, name=who, other=whom, drawer=names[event.drawer], count=event.count
        )
    ]
    if event.revealed is not None:
        lines.append(line("play.log.revealed", event.challenged, name=whom, cards=tuple(event.revealed)))
    return lines


def _result(event: ev.RoundOver | ev.MatchOver, names: Sequence[str], sides: Sequence[int]) -> Line:
    if isinstance(event, ev.RoundOver):
        side = sides[event.winner] if sides else event.winner
        gained = event.gained[side] if side < len(event.gained) else 0
        return line("play.log.round_over", event.winner, name=names[event.winner], round=event.round_no, points=gained)
    return line("play.log.match_over", None, name=" & ".join(names[s] for s in event.winners))


def _simple(event: ev.Event, names: Sequence[str]) -> Line:
    if isinstance(event, ev.DealerChosen):
        return line(
            "play.log.dealer_cut" if event.method == "cut" else "play.log.dealer",
            event.dealer,
            name=names[event.dealer],
        )
    if isinstance(event, ev.RoundStarted):
        return line(
            "play.log.round", event.dealer, round=event.round_no, name=names[event.dealer], count=event.hand_size
        )
    if isinstance(event, ev.CardTurned):
        return line("play.log.turned_back" if event.returned else "play.log.turned", None, card=event.card)
    if isinstance(event, ev.TurnSkipped):
        return line("play.log.skipped", event.seat, name=names[event.seat])
    if isinstance(event, ev.DirectionReversed):
        return line("play.log.reverse_cw" if event.direction > 0 else "play.log.reverse_ccw")
    if isinstance(event, ev.ColourChosen):
        return line("play.log.colour", event.seat, name=names[event.seat], colour=event.colour)
    if isinstance(event, ev.Reshuffled):
        return line("play.log.reshuffled", None, count=event.count)
    if isinstance(event, ev.Kept):
        return line("play.log.kept", event.seat, name=names[event.seat])
    if isinstance(event, ev.UnoSaid):
        return line("play.log.uno", event.seat, name=names[event.seat])
    if isinstance(event, ev.Caught):
        return line(
            "play.log.caught", event.seat, event.by, name=names[event.seat], by=names[event.by], count=event.penalty
        )
    if isinstance(event, ev.HandsSwapped):
        return line("play.log.swapped", event.seat, event.other, name=names[event.seat], other=names[event.other])
    if isinstance(event, ev.HandsRotated):
        return line("play.log.rotated")
    raise TypeError(f"no words for event {event!r}")


# ----- actions (hints, buttons) ----------------------------------------------------------------


def action_line(action: Action, names: Sequence[str]) -> Line:
    """What an action does, as an imperative ('Play Blue Skip', 'Draw a card', 'Catch Ana')."""
    if isinstance(action, Play):
        card = action.card
        if action.jump:
            return line("play.do.jump", card=card)
        if len(action.cards) == 2:
            return line("play.do.play_double", card=card)
        if action.colour is not None:
            return line("play.do.play_wild", card=card, colour=action.colour)
        if action.swap is not None:
            return line("play.do.play_swap", card=card, name=names[action.swap])
        return line("play.do.play", card=card)
    if isinstance(action, ChooseColour):
        return line("play.do.colour", colour=action.colour)
    if isinstance(action, Catch):
        return line("play.do.catch", name=names[action.seat])
    words = {
        DRAW: "play.do.draw",
        KEEP: "play.do.keep",
        CHALLENGE: "play.do.challenge",
        ACCEPT: "play.do.accept",
        SAY_UNO: "play.do.uno",
    }
    return line(words[action])
