"""The score keeper's sentences, from `scorekeeper`'s codes and data and the catalogues (pure).

`scorekeeper` returns error codes with parameters, `share_data` and `announcement`; every text a
person reads is a key of `web/i18n/*.json` (`score.err.<code>`, `score.share.*`, `score.announce.*`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from scorekeeper import Announcement, KeeperError, RoundSummary, ShareData
from uno_core.cards import Card
from uno_core.rules import Scoring

from .faces import NAMED, face_of

Translate = Callable[[str, Mapping[str, str]], str]


def error_text(error: KeeperError, tr: Translate) -> str:
    """The error as a sentence in the current language (its parameters filled in as text)."""
    params = {"seat": error.seat, **error.params}
    return tr(f"score.err.{error.code}", {name: str(value) for name, value in params.items()})


def share_text(data: ShareData, tr: Translate) -> str:
    """Plain-text standings, one line per player or team."""
    head = "score.share.head_single" if data.scoring is Scoring.SINGLE_ROUND else "score.share.head"
    lines = [tr(head, {"rounds": str(data.rounds), "target": str(data.target)})]
    if data.scoring is Scoring.PENALTY:
        lines.append(tr("score.share.lowest", {}))
    lines += [
        tr("score.share.line", {"rank": str(line.rank), "label": line.label, "total": str(line.total)})
        for line in data.lines
    ]
    if data.winner is not None:
        lines.append(tr("score.share.wins", {"winner": data.winner}))
    return "\n".join(lines)


def announcement_text(item: Announcement, tr: Translate) -> str:
    """What a screen reader hears after a saved round, as one sentence."""
    key = "score.announce.single" if item.scoring is Scoring.SINGLE_ROUND else "score.announce.gain"
    parts = [
        tr(key, {"label": g.label, "gained": str(g.gained), "total": str(g.total), "target": str(item.target)})
        for g in item.gains
    ]
    if item.scoring is Scoring.PENALTY:
        parts.insert(0, tr("score.announce.out", {"name": item.winner_name}))
    text = tr("score.announce.round", {"round": str(item.round)}) + "; ".join(parts) + "."
    if item.match_winner is not None:
        text += tr("score.announce.wins", {"winner": item.match_winner})
    return text


def face_name(face: str, tr: Translate) -> str:
    """A face as people call it (`7`, `Skip` / `Salta`, `Wild` / `Comodín`)."""
    named = NAMED.get(face)
    return tr(f"score.face.{named}", {}) if named else face


def summary_lines(item: RoundSummary, tr: Translate) -> tuple[str, ...]:
    """A round summary as lines: who dealt and went out, each other hand (its cards when tapped),
    what was scored, who deals next."""
    lines = [tr("score.summary.head", {"round": str(item.round), "dealer": item.dealer, "winner": item.winner})]
    for hand in item.hands:
        if hand.went_out:
            continue
        args = {"name": hand.name, "points": str(hand.points)}
        if not hand.counted:
            lines.append(tr("score.summary.hand_blank", args))
        elif hand.cards is None:
            lines.append(tr("score.summary.hand", args))
        else:
            # the faces tapped: the colours are the app's choice (faces.card_for), not what was entered
            named = (face_name(face_of(Card.parse(code)), tr) for code in hand.cards)
            lines.append(tr("score.summary.hand_cards", {**args, "cards": ", ".join(named)}))
    lines += [
        tr("score.summary.gain", {"label": g.label, "gained": str(g.gained), "total": str(g.total)}) for g in item.gains
    ]
    if item.next_dealer is not None:
        lines.append(tr("score.summary.next", {"name": item.next_dealer}))
    return tuple(lines)
