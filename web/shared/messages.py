"""Every message kind of every boundary as a `TypedDict`, for the type checker. Written by
`python -m tools.messages` from the declarations in `shared.protocol`, `shared.bots` and `shared.phones`: do not
edit by hand."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, TypeGuard


class Label(TypedDict):
    key: str
    args: NotRequired[dict[str, str]]


class Refocus(TypedDict):
    prefix: str
    selector: str


class Said(TypedDict):
    region: str
    text: str


class Download(TypedDict):
    name: str
    text: str
    type: str


class Picture(TypedDict):
    name: str
    svg: str


class Cue(TypedDict):
    kind: str
    at: int
    sound: str
    buzz: str
    seat: NotRequired[int]
    mine: NotRequired[bool]
    card: NotRequired[str]
    face: NotRequired[str]
    colour: NotRequired[str]
    count: NotRequired[int]
    penalty: NotRequired[bool]
    direction: NotRequired[int]


class BotMove(TypedDict):
    seat: int
    action: str


class BootMessage(TypedDict):
    op: Literal["boot"]
    hint: NotRequired[str | None]
    origin: NotRequired[int]


class StartMessage(TypedDict):
    op: Literal["start"]
    hash: str
    lang: str
    typing: NotRequired[list[Any]]
    catalogue: NotRequired[dict[str, str]]
    saves: NotRequired[Any]


class PlayCardIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.card"]
    card: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlayMoveIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.move"]
    move: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlayColourIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.colour"]
    colour: Literal["red", "yellow", "green", "blue"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlayCountIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.count"]
    count: int
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlaySwapIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.swap"]
    seat: int
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlayCancelIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.cancel"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlayUnoIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.uno"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlayHintIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.hint"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlayUndoIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.undo"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlayHandoffIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.handoff"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlayRevealIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.reveal"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlaySoundIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.sound"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlayNextRoundIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.next-round"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlayNewMatchIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.new-match"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlayExportIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.export"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class PlayImportIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["play.import"]
    text: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class SetupStartIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["setup.start"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class SetupStartSureIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["setup.start-sure"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class SetupStartKeepIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["setup.start-keep"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class SetupResumeIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["setup.resume"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class SetupAddSeatIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["setup.add-seat"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class SetupRemoveSeatIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["setup.remove-seat"]
    seat: int
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class SetupSeatNameIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["setup.seat-name"]
    seat: int
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class SetupSeatKindIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["setup.seat-kind"]
    seat: int
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class SetupSeatLevelIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["setup.seat-level"]
    seat: int
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class SetupPresetIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["setup.preset"]
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class SetupRuleIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["setup.rule"]
    rule: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    value: NotRequired[str]
    checked: NotRequired[bool]


class SetupSpeedIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["setup.speed"]
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class SetupUndoIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["setup.undo"]
    checked: bool
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class SetupTimerIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["setup.timer"]
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class TableInviteIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["table.invite"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class TableCodeIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["table.code"]
    value: str
    link: int | None
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class TableAcceptIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["table.accept"]
    link: int | None
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class TableScanIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["table.scan"]
    link: int | None
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class TableUnscanIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["table.unscan"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class TableStopIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["table.stop"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class TableClaimIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["table.claim"]
    seat: int | None
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class TableStandInIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["table.stand-in"]
    checked: bool
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class TableGraceIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["table.grace"]
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class TableBigIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["table.big"]
    checked: bool
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreImportIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.import"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreFileIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.file"]
    text: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreLinkTextIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.link-text"]
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreOpenLinkIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.open-link"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreIosDoneIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.ios-done"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreNewNameIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.new-name"]
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreAddIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.add"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreRenameIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.rename"]
    seat: int
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreMoveIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.move"]
    seat: int
    step: int
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreRemoveIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.remove"]
    seat: int
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreTeamsIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.teams"]
    checked: bool
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreTargetIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.target"]
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreScoringIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.scoring"]
    scoring: Literal["standard", "penalty", "single_round"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreWildIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.wild"]
    points: int
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreRotationIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.rotation"]
    rotation: Literal["left", "winner"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreDealerIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.dealer"]
    seat: int
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreDrawIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.draw"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreStartIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.start"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScorePickIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.pick"]
    person: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreAddNewIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.add-new"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScorePersonNameIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.person-name"]
    person: str
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScorePersonMergeIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.person-merge"]
    person: str
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScorePersonSplitIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.person-split"]
    person: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScorePersonForgetIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.person-forget"]
    person: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScorePersonRememberIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.person-remember"]
    person: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreJoinIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.join"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreRecordIncludeIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.record-include"]
    checked: bool
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreRecordWhoIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.record-who"]
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreVersusIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.versus"]
    side: Literal["a", "b"]
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreUndoIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.undo"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreShareIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.share"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreSummaryIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.summary"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScorePictureIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.picture"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreExportIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.export"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreAgainIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.again"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreAskIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.ask"]
    what: Literal["delete-game", "delete-round"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreCancelIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.cancel"]
    what: Literal["delete-game", "delete-round", "sure"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreDeleteGameIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.delete-game"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreNoCopyIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.no-copy"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScorePlaceIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.place"]
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreNotesIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.notes"]
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreWinnerIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.winner"]
    seat: int
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreModeAllIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.mode-all"]
    mode: Literal["total", "cards"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreHandModeIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.hand-mode"]
    seat: int
    mode: Literal["total", "cards"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreHandTotalIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.hand-total"]
    seat: int
    value: str
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreHandFaceIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.hand-face"]
    seat: int
    face: Literal["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "S", "V", "+2", "W", "W+4"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreHandChipIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.hand-chip"]
    seat: int
    index: int
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreSaveIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.save"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreSaveSureIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.save-sure"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreDiscardIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.discard"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreDeleteRoundIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.delete-round"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreShareLinkIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.share-link"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreKeepIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.keep"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreKeepUpdateIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.keep-update"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreMoveAllIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.move-all"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreKeepAllIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.keep-all"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class ScoreMoveFileIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["score.move-file"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]


class RouteMessage(TypedDict):
    op: Literal["route"]
    hash: str


class LangMessage(TypedDict):
    op: Literal["lang"]
    lang: str
    catalogue: NotRequired[dict[str, str]]


class RedrawMessage(TypedDict):
    op: Literal["redraw"]
    root: str


class SharedMessage(TypedDict):
    op: Literal["shared"]
    how: Literal["shared", "copied", "downloaded", "failed"]
    text: NotRequired[str]


class SavesWrittenMessage(TypedDict):
    op: Literal["saves-written"]
    id: int
    error: NotRequired[str]


class SavesOthersMessage(TypedDict):
    op: Literal["saves-others"]
    records: NotRequired[Any | None]


class SavesExportMessage(TypedDict):
    op: Literal["saves-export"]


class HiddenMessage(TypedDict):
    op: Literal["hidden"]


class ShownMessage(TypedDict):
    op: Literal["shown"]


class StorageMessage(TypedDict):
    op: Literal["storage"]
    ua: NotRequired[str]
    touch: NotRequired[int]
    standalone: NotRequired[bool]
    persisted: NotRequired[bool | None]


class HookMessage(TypedDict):
    op: Literal["hook"]
    id: int
    name: str
    arg: NotRequired[str]


class PeerSdpMessage(TypedDict):
    op: Literal["peer-sdp"]
    link: int
    kind: Literal["offer", "answer"]
    sdp: str


class PeerInMessage(TypedDict):
    op: Literal["peer-in"]
    link: int
    text: str


class PeerStateMessage(TypedDict):
    op: Literal["peer-state"]
    link: int
    state: Literal["connecting", "open", "closed"]


class PeerScannedMessage(TypedDict):
    op: Literal["peer-scanned"]
    text: NotRequired[str]
    error: NotRequired[str]


class PeerSupportMessage(TypedDict):
    op: Literal["peer-support"]
    webrtc: bool
    camera: bool


class PeerFailedMessage(TypedDict):
    op: Literal["peer-failed"]
    error: str
    link: NotRequired[int | None]


class BatchMessage(TypedDict):
    op: Literal["batch"]
    messages: list[dict[str, Any]]


class ReadyMessage(TypedDict):
    op: Literal["ready"]
    engineVersion: str
    loadPath: str


class OpenMessage(TypedDict):
    op: Literal["open"]
    section: str
    tree: NotRequired[dict[str, Any] | None]
    focus_main: NotRequired[bool]


class SetMessage(TypedDict):
    op: Literal["set"]
    marks: NotRequired[dict[str, str]]
    id: NotRequired[str]
    hidden: NotRequired[bool]
    label: NotRequired[Label]


class DrawMessage(TypedDict):
    op: Literal["draw"]
    root: str
    tree: NotRequired[Any]
    html: NotRequired[str]
    attrs: NotRequired[dict[str, str]]
    changes: NotRequired[list[list[Any]]]
    fields: NotRequired[list[list[Any]]]
    lang: NotRequired[str]
    focus: NotRequired[str]
    refocus: NotRequired[Refocus]
    live: NotRequired[Said]
    seen: NotRequired[int]


class EffectMessage(TypedDict):
    op: Literal["effect"]
    download: NotRequired[Download]
    picture: NotRequired[Picture]
    go: NotRequired[str]
    share: NotRequired[str]
    pick: NotRequired[str]
    focus: NotRequired[str]
    announce: NotRequired[Said]
    wake: NotRequired[bool]
    jump: NotRequired[str]
    top: NotRequired[bool]
    cues: NotRequired[list[Cue]]
    sound: NotRequired[bool]
    motion: NotRequired[bool]
    seen: NotRequired[int]


class SavesWriteMessage(TypedDict):
    op: Literal["saves-write"]
    id: int
    puts: dict[str, Any]
    deletes: list[str]
    upto: NotRequired[int]
    mirror: NotRequired[list[str]]


class SavesHoldMessage(TypedDict):
    op: Literal["saves-hold"]
    puts: dict[str, Any]


class LocalMessage(TypedDict):
    op: Literal["local"]
    set: NotRequired[dict[str, str]]
    remove: NotRequired[list[str]]


class HookAnswerMessage(TypedDict):
    op: Literal["hook-answer"]
    id: int
    result: str


class PlayStateMessage(TypedDict):
    op: Literal["play-state"]
    state: str
    seen: NotRequired[int]


class OfferPeer(TypedDict):
    op: Literal["peer"]
    do: Literal["offer"]
    link: int


class AnswerPeer(TypedDict):
    op: Literal["peer"]
    do: Literal["answer"]
    link: int
    sdp: str


class AcceptPeer(TypedDict):
    op: Literal["peer"]
    do: Literal["accept"]
    link: int
    sdp: str


class SendPeer(TypedDict):
    op: Literal["peer"]
    do: Literal["send"]
    link: int
    text: str


class ClosePeer(TypedDict):
    op: Literal["peer"]
    do: Literal["close"]
    link: int


class ScanPeer(TypedDict):
    op: Literal["peer"]
    do: Literal["scan"]
    video: str


class StopScanPeer(TypedDict):
    op: Literal["peer"]
    do: Literal["stop-scan"]


class ProbePeer(TypedDict):
    op: Literal["peer"]
    do: Literal["probe"]


class ProgressMessage(TypedDict):
    op: Literal["progress"]
    stage: str


class DownloadMessage(TypedDict):
    op: Literal["download"]
    path: str
    done: NotRequired[int]
    total: NotRequired[int | None]
    encoded: NotRequired[bool]


class FetchFailedMessage(TypedDict):
    op: Literal["fetch-failed"]
    path: str
    reason: NotRequired[str]


class FatalMessage(TypedDict):
    op: Literal["fatal"]
    error: str


class ChooseBotsMessage(TypedDict):
    op: Literal["choose"]
    id: int
    save: Any
    position: int


class HintBotsMessage(TypedDict):
    op: Literal["hint"]
    id: int
    save: Any
    position: int
    seat: int


class LoadedBotsMessage(TypedDict):
    op: Literal["loaded"]


class ReadyBotsMessage(TypedDict):
    op: Literal["ready"]
    ms: int
    path: Literal["snapshot", "plain"]


class FatalBotsMessage(TypedDict):
    op: Literal["fatal"]
    error: str


class ChosenBotsMessage(TypedDict):
    op: Literal["chosen"]
    id: int
    move: BotMove | None


class HintedBotsMessage(TypedDict):
    op: Literal["hinted"]
    id: int
    action: str | None


class RefusedBotsMessage(TypedDict):
    op: Literal["refused"]
    id: int | None
    error: Literal["bad_json", "bad_request", "bad_save", "bad_op"]
    detail: str


class HelloPhones(TypedDict):
    kind: Literal["hello"]
    v: int
    seq: int
    token: str | None


class PagePhones(TypedDict):
    kind: Literal["page"]
    v: int
    seq: int
    message: FromPage


class ByePhones(TypedDict):
    kind: Literal["bye"]
    v: int
    seq: int


class WelcomePhones(TypedDict):
    kind: Literal["welcome"]
    v: int
    seq: int
    token: str


class EnginePhones(TypedDict):
    kind: Literal["engine"]
    v: int
    seq: int
    message: dict[str, Any]


class EndedPhones(TypedDict):
    kind: Literal["ended"]
    v: int
    seq: int


class PartPhones(TypedDict):
    kind: Literal["part"]
    v: int
    seq: int
    id: int
    index: int
    count: int
    text: str


class PingPhones(TypedDict):
    kind: Literal["ping"]
    v: int
    seq: int
    at: int


PlayIntent = (
    PlayCardIntent
    | PlayMoveIntent
    | PlayColourIntent
    | PlayCountIntent
    | PlaySwapIntent
    | PlayCancelIntent
    | PlayUnoIntent
    | PlayHintIntent
    | PlayUndoIntent
    | PlayHandoffIntent
    | PlayRevealIntent
    | PlaySoundIntent
    | PlayNextRoundIntent
    | PlayNewMatchIntent
    | PlayExportIntent
    | PlayImportIntent
)


PLAY_ACTS = frozenset(
    (
        "play.card",
        "play.move",
        "play.colour",
        "play.count",
        "play.swap",
        "play.cancel",
        "play.uno",
        "play.hint",
        "play.undo",
        "play.handoff",
        "play.reveal",
        "play.sound",
        "play.next-round",
        "play.new-match",
        "play.export",
        "play.import",
    )
)


def is_play_intent(message: FromPage) -> TypeGuard[PlayIntent]:
    return message["op"] == "intent" and message["act"] in PLAY_ACTS


SetupIntent = (
    SetupStartIntent
    | SetupStartSureIntent
    | SetupStartKeepIntent
    | SetupResumeIntent
    | SetupAddSeatIntent
    | SetupRemoveSeatIntent
    | SetupSeatNameIntent
    | SetupSeatKindIntent
    | SetupSeatLevelIntent
    | SetupPresetIntent
    | SetupRuleIntent
    | SetupSpeedIntent
    | SetupUndoIntent
    | SetupTimerIntent
)


SETUP_ACTS = frozenset(
    (
        "setup.start",
        "setup.start-sure",
        "setup.start-keep",
        "setup.resume",
        "setup.add-seat",
        "setup.remove-seat",
        "setup.seat-name",
        "setup.seat-kind",
        "setup.seat-level",
        "setup.preset",
        "setup.rule",
        "setup.speed",
        "setup.undo",
        "setup.timer",
    )
)


def is_setup_intent(message: FromPage) -> TypeGuard[SetupIntent]:
    return message["op"] == "intent" and message["act"] in SETUP_ACTS


TableIntent = (
    TableInviteIntent
    | TableCodeIntent
    | TableAcceptIntent
    | TableScanIntent
    | TableUnscanIntent
    | TableStopIntent
    | TableClaimIntent
    | TableStandInIntent
    | TableGraceIntent
    | TableBigIntent
)


TABLE_ACTS = frozenset(
    (
        "table.invite",
        "table.code",
        "table.accept",
        "table.scan",
        "table.unscan",
        "table.stop",
        "table.claim",
        "table.stand-in",
        "table.grace",
        "table.big",
    )
)


def is_table_intent(message: FromPage) -> TypeGuard[TableIntent]:
    return message["op"] == "intent" and message["act"] in TABLE_ACTS


ScoreIntent = (
    ScoreImportIntent
    | ScoreFileIntent
    | ScoreLinkTextIntent
    | ScoreOpenLinkIntent
    | ScoreIosDoneIntent
    | ScoreNewNameIntent
    | ScoreAddIntent
    | ScoreRenameIntent
    | ScoreMoveIntent
    | ScoreRemoveIntent
    | ScoreTeamsIntent
    | ScoreTargetIntent
    | ScoreScoringIntent
    | ScoreWildIntent
    | ScoreRotationIntent
    | ScoreDealerIntent
    | ScoreDrawIntent
    | ScoreStartIntent
    | ScorePickIntent
    | ScoreAddNewIntent
    | ScorePersonNameIntent
    | ScorePersonMergeIntent
    | ScorePersonSplitIntent
    | ScorePersonForgetIntent
    | ScorePersonRememberIntent
    | ScoreJoinIntent
    | ScoreRecordIncludeIntent
    | ScoreRecordWhoIntent
    | ScoreVersusIntent
    | ScoreUndoIntent
    | ScoreShareIntent
    | ScoreSummaryIntent
    | ScorePictureIntent
    | ScoreExportIntent
    | ScoreAgainIntent
    | ScoreAskIntent
    | ScoreCancelIntent
    | ScoreDeleteGameIntent
    | ScoreNoCopyIntent
    | ScorePlaceIntent
    | ScoreNotesIntent
    | ScoreWinnerIntent
    | ScoreModeAllIntent
    | ScoreHandModeIntent
    | ScoreHandTotalIntent
    | ScoreHandFaceIntent
    | ScoreHandChipIntent
    | ScoreSaveIntent
    | ScoreSaveSureIntent
    | ScoreDiscardIntent
    | ScoreDeleteRoundIntent
    | ScoreShareLinkIntent
    | ScoreKeepIntent
    | ScoreKeepUpdateIntent
    | ScoreMoveAllIntent
    | ScoreKeepAllIntent
    | ScoreMoveFileIntent
)


SCORE_ACTS = frozenset(
    (
        "score.import",
        "score.file",
        "score.link-text",
        "score.open-link",
        "score.ios-done",
        "score.new-name",
        "score.add",
        "score.rename",
        "score.move",
        "score.remove",
        "score.teams",
        "score.target",
        "score.scoring",
        "score.wild",
        "score.rotation",
        "score.dealer",
        "score.draw",
        "score.start",
        "score.pick",
        "score.add-new",
        "score.person-name",
        "score.person-merge",
        "score.person-split",
        "score.person-forget",
        "score.person-remember",
        "score.join",
        "score.record-include",
        "score.record-who",
        "score.versus",
        "score.undo",
        "score.share",
        "score.summary",
        "score.picture",
        "score.export",
        "score.again",
        "score.ask",
        "score.cancel",
        "score.delete-game",
        "score.no-copy",
        "score.place",
        "score.notes",
        "score.winner",
        "score.mode-all",
        "score.hand-mode",
        "score.hand-total",
        "score.hand-face",
        "score.hand-chip",
        "score.save",
        "score.save-sure",
        "score.discard",
        "score.delete-round",
        "score.share-link",
        "score.keep",
        "score.keep-update",
        "score.move-all",
        "score.keep-all",
        "score.move-file",
    )
)


def is_score_intent(message: FromPage) -> TypeGuard[ScoreIntent]:
    return message["op"] == "intent" and message["act"] in SCORE_ACTS


IntentMessage = (
    PlayCardIntent
    | PlayMoveIntent
    | PlayColourIntent
    | PlayCountIntent
    | PlaySwapIntent
    | PlayCancelIntent
    | PlayUnoIntent
    | PlayHintIntent
    | PlayUndoIntent
    | PlayHandoffIntent
    | PlayRevealIntent
    | PlaySoundIntent
    | PlayNextRoundIntent
    | PlayNewMatchIntent
    | PlayExportIntent
    | PlayImportIntent
    | SetupStartIntent
    | SetupStartSureIntent
    | SetupStartKeepIntent
    | SetupResumeIntent
    | SetupAddSeatIntent
    | SetupRemoveSeatIntent
    | SetupSeatNameIntent
    | SetupSeatKindIntent
    | SetupSeatLevelIntent
    | SetupPresetIntent
    | SetupRuleIntent
    | SetupSpeedIntent
    | SetupUndoIntent
    | SetupTimerIntent
    | TableInviteIntent
    | TableCodeIntent
    | TableAcceptIntent
    | TableScanIntent
    | TableUnscanIntent
    | TableStopIntent
    | TableClaimIntent
    | TableStandInIntent
    | TableGraceIntent
    | TableBigIntent
    | ScoreImportIntent
    | ScoreFileIntent
    | ScoreLinkTextIntent
    | ScoreOpenLinkIntent
    | ScoreIosDoneIntent
    | ScoreNewNameIntent
    | ScoreAddIntent
    | ScoreRenameIntent
    | ScoreMoveIntent
    | ScoreRemoveIntent
    | ScoreTeamsIntent
    | ScoreTargetIntent
    | ScoreScoringIntent
    | ScoreWildIntent
    | ScoreRotationIntent
    | ScoreDealerIntent
    | ScoreDrawIntent
    | ScoreStartIntent
    | ScorePickIntent
    | ScoreAddNewIntent
    | ScorePersonNameIntent
    | ScorePersonMergeIntent
    | ScorePersonSplitIntent
    | ScorePersonForgetIntent
    | ScorePersonRememberIntent
    | ScoreJoinIntent
    | ScoreRecordIncludeIntent
    | ScoreRecordWhoIntent
    | ScoreVersusIntent
    | ScoreUndoIntent
    | ScoreShareIntent
    | ScoreSummaryIntent
    | ScorePictureIntent
    | ScoreExportIntent
    | ScoreAgainIntent
    | ScoreAskIntent
    | ScoreCancelIntent
    | ScoreDeleteGameIntent
    | ScoreNoCopyIntent
    | ScorePlaceIntent
    | ScoreNotesIntent
    | ScoreWinnerIntent
    | ScoreModeAllIntent
    | ScoreHandModeIntent
    | ScoreHandTotalIntent
    | ScoreHandFaceIntent
    | ScoreHandChipIntent
    | ScoreSaveIntent
    | ScoreSaveSureIntent
    | ScoreDiscardIntent
    | ScoreDeleteRoundIntent
    | ScoreShareLinkIntent
    | ScoreKeepIntent
    | ScoreKeepUpdateIntent
    | ScoreMoveAllIntent
    | ScoreKeepAllIntent
    | ScoreMoveFileIntent
)


FromPage = (
    BootMessage
    | StartMessage
    | PlayCardIntent
    | PlayMoveIntent
    | PlayColourIntent
    | PlayCountIntent
    | PlaySwapIntent
    | PlayCancelIntent
    | PlayUnoIntent
    | PlayHintIntent
    | PlayUndoIntent
    | PlayHandoffIntent
    | PlayRevealIntent
    | PlaySoundIntent
    | PlayNextRoundIntent
    | PlayNewMatchIntent
    | PlayExportIntent
    | PlayImportIntent
    | SetupStartIntent
    | SetupStartSureIntent
    | SetupStartKeepIntent
    | SetupResumeIntent
    | SetupAddSeatIntent
    | SetupRemoveSeatIntent
    | SetupSeatNameIntent
    | SetupSeatKindIntent
    | SetupSeatLevelIntent
    | SetupPresetIntent
    | SetupRuleIntent
    | SetupSpeedIntent
    | SetupUndoIntent
    | SetupTimerIntent
    | TableInviteIntent
    | TableCodeIntent
    | TableAcceptIntent
    | TableScanIntent
    | TableUnscanIntent
    | TableStopIntent
    | TableClaimIntent
    | TableStandInIntent
    | TableGraceIntent
    | TableBigIntent
    | ScoreImportIntent
    | ScoreFileIntent
    | ScoreLinkTextIntent
    | ScoreOpenLinkIntent
    | ScoreIosDoneIntent
    | ScoreNewNameIntent
    | ScoreAddIntent
    | ScoreRenameIntent
    | ScoreMoveIntent
    | ScoreRemoveIntent
    | ScoreTeamsIntent
    | ScoreTargetIntent
    | ScoreScoringIntent
    | ScoreWildIntent
    | ScoreRotationIntent
    | ScoreDealerIntent
    | ScoreDrawIntent
    | ScoreStartIntent
    | ScorePickIntent
    | ScoreAddNewIntent
    | ScorePersonNameIntent
    | ScorePersonMergeIntent
    | ScorePersonSplitIntent
    | ScorePersonForgetIntent
    | ScorePersonRememberIntent
    | ScoreJoinIntent
    | ScoreRecordIncludeIntent
    | ScoreRecordWhoIntent
    | ScoreVersusIntent
    | ScoreUndoIntent
    | ScoreShareIntent
    | ScoreSummaryIntent
    | ScorePictureIntent
    | ScoreExportIntent
    | ScoreAgainIntent
    | ScoreAskIntent
    | ScoreCancelIntent
    | ScoreDeleteGameIntent
    | ScoreNoCopyIntent
    | ScorePlaceIntent
    | ScoreNotesIntent
    | ScoreWinnerIntent
    | ScoreModeAllIntent
    | ScoreHandModeIntent
    | ScoreHandTotalIntent
    | ScoreHandFaceIntent
    | ScoreHandChipIntent
    | ScoreSaveIntent
    | ScoreSaveSureIntent
    | ScoreDiscardIntent
    | ScoreDeleteRoundIntent
    | ScoreShareLinkIntent
    | ScoreKeepIntent
    | ScoreKeepUpdateIntent
    | ScoreMoveAllIntent
    | ScoreKeepAllIntent
    | ScoreMoveFileIntent
    | RouteMessage
    | LangMessage
    | RedrawMessage
    | SharedMessage
    | SavesWrittenMessage
    | SavesOthersMessage
    | SavesExportMessage
    | HiddenMessage
    | ShownMessage
    | StorageMessage
    | HookMessage
    | PeerSdpMessage
    | PeerInMessage
    | PeerStateMessage
    | PeerScannedMessage
    | PeerSupportMessage
    | PeerFailedMessage
)


ToPage = (
    BatchMessage
    | ReadyMessage
    | OpenMessage
    | SetMessage
    | DrawMessage
    | EffectMessage
    | SavesWriteMessage
    | SavesHoldMessage
    | LocalMessage
    | HookAnswerMessage
    | PlayStateMessage
    | OfferPeer
    | AnswerPeer
    | AcceptPeer
    | SendPeer
    | ClosePeer
    | ScanPeer
    | StopScanPeer
    | ProbePeer
    | ProgressMessage
    | DownloadMessage
    | FetchFailedMessage
    | FatalMessage
)


ToBots = ChooseBotsMessage | HintBotsMessage


FromBots = (
    LoadedBotsMessage | ReadyBotsMessage | FatalBotsMessage | ChosenBotsMessage | HintedBotsMessage | RefusedBotsMessage
)


FromGuest = HelloPhones | PagePhones | ByePhones


FromHost = WelcomePhones | EnginePhones | EndedPhones
