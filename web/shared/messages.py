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


class WinnerIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["winner"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class ModeIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["mode"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class ModeallIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["modeall"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class TotalIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["total"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class CardIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["card"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class UncardIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["uncard"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class SaveIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["save"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class DiscardIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["discard"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class DeleteRoundIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["delete-round"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class NewnameIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["newname"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class AddIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["add"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class RenameIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["rename"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class MoveIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["move"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class RemoveIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["remove"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class TeamsIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["teams"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class TargetIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["target"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class ScoringIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["scoring"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class WildIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["wild"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class RotationIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["rotation"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class DealerIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["dealer"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class DrawIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["draw"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class StartIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["start"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class UndoIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["undo"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class ShareIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["share"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class SummaryIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["summary"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class ExportIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["export"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class AgainIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["again"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class AskIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["ask"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class CancelIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["cancel"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class DeleteGameIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["delete-game"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class SharelinkIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["sharelink"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class KeepIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["keep"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class LinktextIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["linktext"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class OpenlinkIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["openlink"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class NocopyIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["nocopy"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class IosdoneIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["iosdone"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class MoveallIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["moveall"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class KeepallIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["keepall"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class MovefileIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["movefile"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class ImportIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["import"]
    seq: NotRequired[int]
    blind: NotRequired[bool]
    enabled: NotRequired[bool]
    arg: NotRequired[str]
    value: NotRequired[str]
    checked: NotRequired[bool]


class FileIntent(TypedDict):
    op: Literal["intent"]
    act: Literal["file"]
    text: str
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
    how: Literal["shared", "copied", "failed"]
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
    )
)


def is_table_intent(message: FromPage) -> TypeGuard[TableIntent]:
    return message["op"] == "intent" and message["act"] in TABLE_ACTS


ScoreIntent = (
    WinnerIntent
    | ModeIntent
    | ModeallIntent
    | TotalIntent
    | CardIntent
    | UncardIntent
    | SaveIntent
    | DiscardIntent
    | DeleteRoundIntent
    | NewnameIntent
    | AddIntent
    | RenameIntent
    | MoveIntent
    | RemoveIntent
    | TeamsIntent
    | TargetIntent
    | ScoringIntent
    | WildIntent
    | RotationIntent
    | DealerIntent
    | DrawIntent
    | StartIntent
    | UndoIntent
    | ShareIntent
    | SummaryIntent
    | ExportIntent
    | AgainIntent
    | AskIntent
    | CancelIntent
    | DeleteGameIntent
    | SharelinkIntent
    | KeepIntent
    | LinktextIntent
    | OpenlinkIntent
    | NocopyIntent
    | IosdoneIntent
    | MoveallIntent
    | KeepallIntent
    | MovefileIntent
    | ImportIntent
    | FileIntent
)


SCORE_ACTS = frozenset(
    (
        "winner",
        "mode",
        "modeall",
        "total",
        "card",
        "uncard",
        "save",
        "discard",
        "delete-round",
        "newname",
        "add",
        "rename",
        "move",
        "remove",
        "teams",
        "target",
        "scoring",
        "wild",
        "rotation",
        "dealer",
        "draw",
        "start",
        "undo",
        "share",
        "summary",
        "export",
        "again",
        "ask",
        "cancel",
        "delete-game",
        "sharelink",
        "keep",
        "linktext",
        "openlink",
        "nocopy",
        "iosdone",
        "moveall",
        "keepall",
        "movefile",
        "import",
        "file",
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
    | TableInviteIntent
    | TableCodeIntent
    | TableAcceptIntent
    | TableScanIntent
    | TableUnscanIntent
    | TableStopIntent
    | TableClaimIntent
    | WinnerIntent
    | ModeIntent
    | ModeallIntent
    | TotalIntent
    | CardIntent
    | UncardIntent
    | SaveIntent
    | DiscardIntent
    | DeleteRoundIntent
    | NewnameIntent
    | AddIntent
    | RenameIntent
    | MoveIntent
    | RemoveIntent
    | TeamsIntent
    | TargetIntent
    | ScoringIntent
    | WildIntent
    | RotationIntent
    | DealerIntent
    | DrawIntent
    | StartIntent
    | UndoIntent
    | ShareIntent
    | SummaryIntent
    | ExportIntent
    | AgainIntent
    | AskIntent
    | CancelIntent
    | DeleteGameIntent
    | SharelinkIntent
    | KeepIntent
    | LinktextIntent
    | OpenlinkIntent
    | NocopyIntent
    | IosdoneIntent
    | MoveallIntent
    | KeepallIntent
    | MovefileIntent
    | ImportIntent
    | FileIntent
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
    | TableInviteIntent
    | TableCodeIntent
    | TableAcceptIntent
    | TableScanIntent
    | TableUnscanIntent
    | TableStopIntent
    | TableClaimIntent
    | WinnerIntent
    | ModeIntent
    | ModeallIntent
    | TotalIntent
    | CardIntent
    | UncardIntent
    | SaveIntent
    | DiscardIntent
    | DeleteRoundIntent
    | NewnameIntent
    | AddIntent
    | RenameIntent
    | MoveIntent
    | RemoveIntent
    | TeamsIntent
    | TargetIntent
    | ScoringIntent
    | WildIntent
    | RotationIntent
    | DealerIntent
    | DrawIntent
    | StartIntent
    | UndoIntent
    | ShareIntent
    | SummaryIntent
    | ExportIntent
    | AgainIntent
    | AskIntent
    | CancelIntent
    | DeleteGameIntent
    | SharelinkIntent
    | KeepIntent
    | LinktextIntent
    | OpenlinkIntent
    | NocopyIntent
    | IosdoneIntent
    | MoveallIntent
    | KeepallIntent
    | MovefileIntent
    | ImportIntent
    | FileIntent
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
