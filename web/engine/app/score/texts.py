"""The score keeper's sentences as catalogue phrases, from `scorekeeper`'s codes and data (pure).

`scorekeeper` returns error codes with parameters, `share_data`, `announcement` and `round_summary`; every text
a person reads is a key of `web/i18n/*.json` (`score.err.<code>`, `score.share.*`, `score.announce.*`,
`score.summary.*`). Pages bind the phrases (a language switch relabels them). A live region's words and a shared
text are texts by nature: they are `Said` pieces, put in words where they leave for the page (`said_text`, with
the page's catalogue).
"""

from __future__ import annotations

from app.tree import Phrase, Translate, phrase, words
from scorekeeper import (
    UNUSUAL_CARDS,
    Announcement,
    KeeperError,
    RoundDraft,
    RoundSummary,
    ShareData,
    Sheet,
    Unusual,
    rank_entered,
    to_card,
)
from uno_core.cards import Card
from uno_core.rules import Scoring

from .faces import NAMED, face_limit, face_of, rank_of

Said = tuple[Phrase | str, ...]  # a text by nature (the live region's, a share's): pieces read one after another


def said_text(said: Said, tr: Translate) -> str:
    """The words of `said` in the language of `tr`."""
    return "".join(words(piece, tr) for piece in said)


def joined(parts: tuple[Phrase | str, ...], between: str) -> Said:
    """`parts` with `between` between each two."""
    said: list[Phrase | str] = []
    for part in parts:
        if said:
            said.append(between)
        said.append(part)
    return tuple(said)


def face_word(face: str) -> Phrase | str:
    """A face as people call it (`7`, `Skip` / `Salta`, `Wild` / `Comodín`)."""
    named = NAMED.get(face)
    return phrase(f"score.face.{named}") if named else face


def error_phrase(error: KeeperError) -> Phrase:
    """The error's sentence, its parameters filled in as text."""
    params = {"seat": error.seat, **error.params}
    return phrase(f"score.err.{error.code}", **{name: str(value) for name, value in params.items()})


def message(error: KeeperError, draft: RoundDraft | None = None) -> Phrase:
    """An error as the keeper says it: a card by its face as tapped (its colour was the app's choice), copies on a
    round page (`draft`) counted by face."""
    if error.code == "no_copy_left":
        face = face_of(to_card(str(error.params.get("card"))))
        return phrase("score.err.face_used_up", face=face_word(face), limit=face_limit(face))
    if error.code == "too_many_copies" and draft is not None:
        face = face_of(to_card(str(error.params.get("card"))))
        count = rank_entered(draft, rank_of(face))
        return phrase("score.err.copies", count=count, face=face_word(face), limit=face_limit(face))
    return error_phrase(error)


def sure_lines(sheet: Sheet, unusual: tuple[Unusual, ...]) -> tuple[Phrase, ...]:
    """The question before saving totals far beyond a normal hand: one line per hand asked about."""
    return tuple(
        phrase(
            "score.sure_hand", name=sheet.players[item.seat], total=item.total, cards=UNUSUAL_CARDS, limit=item.limit
        )
        for item in unusual
    )


def share_said(data: ShareData) -> Said:
    """Plain-text standings, one line per player or team."""
    head = "score.share.head_single" if data.scoring is Scoring.SINGLE_ROUND else "score.share.head"
    lines = [phrase(head, rounds=data.rounds, target=data.target)]
    if data.scoring is Scoring.PENALTY:
        lines.append(phrase("score.share.lowest"))
    lines += [phrase("score.share.line", rank=line.rank, label=line.label, total=line.total) for line in data.lines]
    if data.winner is not None:
        lines.append(phrase("score.share.wins", winner=data.winner))
    return joined(tuple(lines), "\n")


def announcement_said(item: Announcement) -> Said:
    """What a screen reader hears after a saved round, as one sentence."""
    key = "score.announce.single" if item.scoring is Scoring.SINGLE_ROUND else "score.announce.gain"
    parts = [phrase(key, label=g.label, gained=g.gained, total=g.total, target=item.target) for g in item.gains]
    if item.scoring is Scoring.PENALTY:
        parts.insert(0, phrase("score.announce.out", name=item.winner_name))
    said: Said = (phrase("score.announce.round", round=item.round), *joined(tuple(parts), "; "), ".")
    if item.match_winner is not None:
        said += (phrase("score.announce.wins", winner=item.match_winner),)
    return said


def summary_phrases(item: RoundSummary) -> tuple[Phrase, ...]:
    """A round summary as lines: who dealt and went out, each other hand (its cards when tapped),
    what was scored, who deals next."""
    lines = [phrase("score.summary.head", round=item.round, dealer=item.dealer, winner=item.winner)]
    for hand in item.hands:
        if hand.went_out:
            continue
        args = {"name": hand.name, "points": hand.points}
        if not hand.counted:
            lines.append(phrase("score.summary.hand_blank", **args))
        elif hand.cards is None:
            lines.append(phrase("score.summary.hand", **args))
        else:
            # the faces tapped: the colours are the app's choice (faces.card_for), not what was entered
            named = tuple(face_word(face_of(Card.parse(code))) for code in hand.cards)
            lines.append(phrase("score.summary.hand_cards", **args, cards=named))
    lines += [phrase("score.summary.gain", label=g.label, gained=g.gained, total=g.total) for g in item.gains]
    if item.next_dealer is not None:
        lines.append(phrase("score.summary.next", name=item.next_dealer))
    return tuple(lines)
