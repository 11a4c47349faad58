"""Write `web/shared/messages.py`: every kind of every boundary (`shared.schema` declarations) as a `TypedDict`.

The declarations stay the one source (`shared.protocol`, `shared.bots`, `shared.phones`); this only spells them
for the type checker, so a receiver reads a checked message's fields with their types and mypy checks a sender's
dict literal. `python -m tools.messages` writes the file; `tests/web_protocol/test_messages.py` fails when it is
stale.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TARGET = ROOT / "web" / "shared" / "messages.py"
sys.path.insert(0, str(ROOT / "web"))

from shared import bots, phones, protocol  # noqa: E402
from shared.schema import ListOf, MapOf, Maybe, Record, Schema, Type  # noqa: E402

HEADER = '''"""Every message kind of every boundary as a `TypedDict`, for the type checker. Written by
`python -m tools.messages` from the declarations in `shared.protocol`, `shared.bots` and `shared.phones`: do not
edit by hand."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict, TypeGuard'''


def camel(name: str) -> str:
    """`play.next-round` -> `PlayNextRound`."""
    return "".join(part[:1].upper() + part[1:] for part in name.replace(".", "-").replace("_", "-").split("-"))


def records(types: Iterable[Type]) -> list[Record]:
    """The records among `types`, nested ones first."""
    found: list[Record] = []

    def walk(kind: Type) -> None:
        if isinstance(kind, Record):
            for inner in (*kind.required.values(), *kind.optional.values()):
                walk(inner)
            if all(kind is not seen for seen in found):
                found.append(kind)
        elif isinstance(kind, ListOf):
            walk(kind.item)
        elif isinstance(kind, MapOf):
            walk(kind.value)
        elif isinstance(kind, Maybe):
            walk(kind.inner)

    for kind in types:
        walk(kind)
    return found


def typed_dict(name: str, fixed: dict[str, str], required: dict[str, Type], optional: dict[str, Type]) -> str:
    lines = [f"class {name}(TypedDict):"]
    for field, literal in fixed.items():
        lines.append(f'    {field}: Literal["{literal}"]')
    for field, kind in required.items():
        lines.append(f"    {field}: {kind.hint}")
    for field, kind in optional.items():
        lines.append(f"    {field}: NotRequired[{kind.hint}]")
    if len(lines) == 1:
        lines.append("    pass")
    return "\n".join(lines)


def kinds_of(schema: Schema, suffix: str) -> list[tuple[str, str]]:
    """(class name, its text) for each kind of `schema` and each kind of the schemas its kinds lead to."""
    out: list[tuple[str, str]] = []
    for name, kind in schema.kinds.items():
        required = {**schema.common, **kind.required}
        optional = {**schema.common_optional, **kind.optional}
        if kind.sub is None:
            out.append((camel(name) + suffix, typed_dict(camel(name) + suffix, {schema.key: name}, required, optional)))
            continue
        sub_suffix = camel(name) if name != "intent" else "Intent"
        for sub_name, sub in kind.sub.kinds.items():
            cls = camel(sub_name) + sub_suffix
            fixed = {schema.key: name, kind.by: sub_name}
            own = {field: value for field, value in required.items() if field != kind.by}
            out.append((cls, typed_dict(cls, fixed, {**own, **sub.required}, {**optional, **sub.optional})))
    return out


def guard(screen: str, acts: list[str]) -> str:
    """`is_<screen>_intent(message)`: whether a page's message is one of that screen's intents (mypy narrows)."""
    name = camel(screen) + "Intent"
    listed = "".join(f'        "{act}",\n' for act in acts)
    return (
        f"{screen.upper()}_ACTS = frozenset(\n    (\n{listed}    )\n)\n\n\n"
        f"def is_{screen}_intent(message: FromPage) -> TypeGuard[{name}]:\n"
        f'    return message["op"] == "intent" and message["act"] in {screen.upper()}_ACTS'
    )


def unions(classes: list[str], name: str) -> str:
    """`name = A | B | ...`, written as `ruff format` writes it."""
    one_line = f"{name} = " + " | ".join(classes)
    if len(one_line) <= 120:
        return one_line
    inner = "    " + " | ".join(classes)
    if len(inner) <= 120:
        return f"{name} = (\n{inner}\n)"
    return f"{name} = (\n    " + "\n    | ".join(classes) + "\n)"


def every_type(schemas: Iterable[Schema]) -> list[Type]:
    found: list[Type] = []
    for schema in schemas:
        for kind in schema.kinds.values():
            found += [*schema.common.values(), *kind.required.values(), *kind.optional.values()]
            if kind.sub is not None:
                found += every_type([kind.sub])
    return found


def source() -> str:
    schemas = [protocol.MESSAGES, bots.MESSAGES, phones.MESSAGES]
    parts = [HEADER]
    for record in records(every_type(schemas)):
        parts.append(typed_dict(record.name, {}, record.required, record.optional))
    classes: dict[str, list[str]] = {}
    for schema, suffix in ((protocol.MESSAGES, "Message"), (bots.MESSAGES, "BotsMessage"), (phones.MESSAGES, "Phones")):
        made = kinds_of(schema, suffix)
        parts += [text for _, text in made]
        classes[suffix] = [cls for cls, _ in made]
    intents = [camel(name) + "Intent" for name in protocol.INTENTS.kinds]
    by_screen: dict[str, list[str]] = {}
    for name in protocol.INTENTS.kinds:
        screen = name.split(".")[0]
        by_screen.setdefault(screen, []).append(camel(name) + "Intent")
    for screen, members in by_screen.items():
        parts.append(unions(members, camel(screen) + "Intent"))
        acts = [name for name in protocol.INTENTS.kinds if camel(name) + "Intent" in members]
        parts.append(guard(screen, acts))
    parts.append(unions(intents, "IntentMessage"))
    for schema, suffix, names in (
        (protocol.MESSAGES, "Message", {protocol.PAGE: "FromPage", protocol.ENGINE: "ToPage"}),
        (bots.MESSAGES, "BotsMessage", {bots.ENGINE: "ToBots", bots.BOTS: "FromBots"}),
        (phones.MESSAGES, "Phones", {phones.GUEST: "FromGuest", phones.HOST: "FromHost"}),
    ):
        for sender, union in names.items():
            members = [cls for cls, kind in zip(classes[suffix], senders(schema), strict=True) if kind == sender]
            parts.append(unions(members, union))
    return "\n\n\n".join(parts) + "\n"


def senders(schema: Schema) -> list[str]:
    """The sender of each class `kinds_of(schema)` writes, in its order."""
    out: list[str] = []
    for kind in schema.kinds.values():
        out += [kind.sender] * (len(kind.sub.kinds) if kind.sub is not None else 1)
    return out


def main() -> None:
    TARGET.write_text(source())
    print(f"wrote {TARGET.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
