"""One way to declare the messages of a boundary, and one checker for all of them.

Three boundaries carry messages, each declared with this module in a file of its own:
- the page and the engine worker: `shared.protocol` (kinds named by "op"; the page's intents by "act");
- the engine worker and the bots' worker: `shared.bots`;
- phones at one table: `shared.phones` (an envelope with a version and a sequence number).

A `Schema` names its kinds by the value of its key field; each `Kind` says who sends it and its fields, required
or optional, each with its `Type`. `Schema.why(message, sender)` says why `message` is not one that `sender` may
send ("" when it is): not an object, no kind or an unknown one, the other side's kind, a field missing, unknown,
of the wrong type or beyond its limits. A kind may leave the rest of its fields to a second schema named by one
of its own (an intent's fields depend on its "act"). `tools/messages.py` writes every kind as a `TypedDict`
(`shared.messages`): a receiver reads checked fields with their types, and mypy checks a sender's dict literal.

Plain classes and `isinstance`: this module runs in the page's MicroPython too.
"""

try:
    from collections.abc import Mapping
    from typing import Any
except ImportError:
    pass


BOTH = "both"  # a kind either side sends


class Type:
    """A field's type: `why(value)` is "" when the value fits, else the reason; `hint` is its Python type; `parse`
    reads the value from an attribute's text (an intent's fields written on its control: `ui.host`)."""

    hint = "Any"

    def why(self, value: Any) -> str:
        return ""

    def parse(self, text: str) -> Any:
        return text


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)  # JSON's true is not a number


class Text(Type):
    hint = "str"

    def __init__(self, limit: int = 0) -> None:
        self.limit = limit  # 0: no limit

    def why(self, value: Any) -> str:
        if not isinstance(value, str):
            return "is not text"
        if self.limit and len(value) > self.limit:
            return "is longer than " + str(self.limit)
        return ""


class Number(Type):
    """A whole number, within [low, high] where they are given."""

    hint = "int"

    def __init__(self, low: "int | None" = None, high: "int | None" = None) -> None:
        self.low, self.high = low, high

    def why(self, value: Any) -> str:
        if not _int(value):
            return "is not a whole number"
        if (self.low is not None and value < self.low) or (self.high is not None and value > self.high):
            return "is out of range"
        return ""

    def parse(self, text: str) -> Any:
        digits = text[1:] if text.startswith("-") else text
        return int(text) if digits and digits.isdigit() else text  # not a number: `why` says so


class Flag(Type):
    hint = "bool"

    def why(self, value: Any) -> str:
        return "" if isinstance(value, bool) else "is not true or false"

    def parse(self, text: str) -> Any:
        return {"true": True, "false": False}.get(text, text)

    @staticmethod
    def write(value: bool) -> str:
        return "true" if value else "false"


class Choice(Type):
    """One of a few texts."""

    def __init__(self, *values: str) -> None:
        self.values = values
        self.hint = "Literal[" + ", ".join('"' + v + '"' for v in values) + "]"

    def why(self, value: Any) -> str:
        return "" if isinstance(value, str) and value in self.values else "is not one of " + ", ".join(self.values)


class Maybe(Type):
    """A value of `inner`'s type, or null."""

    def __init__(self, inner: Type) -> None:
        self.inner = inner
        self.hint = inner.hint + " | None"

    def why(self, value: Any) -> str:
        return "" if value is None else self.inner.why(value)

    def parse(self, text: str) -> Any:
        return None if text == "" else self.inner.parse(text)


class ListOf(Type):
    def __init__(self, item: Type, limit: int = 0) -> None:
        self.item, self.limit = item, limit
        self.hint = "list[" + item.hint + "]"

    def why(self, value: Any) -> str:
        if not isinstance(value, list):
            return "is not a list"
        if self.limit and len(value) > self.limit:
            return "has more than " + str(self.limit) + " items"
        for index, item in enumerate(value):
            why = self.item.why(item)
            if why:
                return "[" + str(index) + "] " + why
        return ""


class MapOf(Type):
    """An object with text keys and values of one type."""

    def __init__(self, value: Type, limit: int = 0) -> None:
        self.value, self.limit = value, limit
        self.hint = "dict[str, " + value.hint + "]"

    def why(self, value: Any) -> str:
        if not isinstance(value, dict):
            return "is not an object"
        if self.limit and len(value) > self.limit:
            return "has more than " + str(self.limit) + " entries"
        for key in value:
            why = self.value.why(value[key])
            if why:
                return "[" + repr(key) + "] " + why
        return ""


class Json(Type):
    """Any JSON value. Only for what another check owns (a stored record read by the saves' own checks, a tree the
    worker turns into HTML before it leaves): `owner` names it."""

    def __init__(self, owner: str) -> None:
        self.owner = owner


def _named(name: str, why: str) -> str:
    """`why` said of `name`: "intent lacks act", "intent.seq is out of range"."""
    if not why:
        return ""
    return name + why if why.startswith(".") else name + " " + why


def _fields_why(fields: "Mapping[str, Any]", required: "Mapping[str, Type]", optional: "Mapping[str, Type]") -> str:
    for name in required:
        if name not in fields:
            return "lacks " + name
    for name in fields:
        kind = required.get(name) or optional.get(name)
        if kind is None:
            return "has an unknown field " + str(name)
        why = kind.why(fields[name])
        if why:
            return "." + str(name) + " " + why
    return ""


class Record(Type):
    """An object with named fields (`name` is its `TypedDict`'s)."""

    def __init__(self, name: str, required: "Mapping[str, Type]", optional: "Mapping[str, Type] | None" = None) -> None:
        self.name, self.required, self.optional = name, dict(required), dict(optional or {})
        self.hint = name

    def why(self, value: Any) -> str:
        if not isinstance(value, dict):
            return "is not an object"
        return _fields_why(value, self.required, self.optional)


class Kind:
    """A message kind: its sender (or `BOTH`), its fields, and where the rest of its fields are declared (`by`: a
    field of its own whose value names a kind of the schema `sub`)."""

    def __init__(
        self,
        sender: str,
        required: "Mapping[str, Type] | None" = None,
        optional: "Mapping[str, Type] | None" = None,
        by: str = "",
        sub: "Schema | None" = None,
    ) -> None:
        self.sender = sender
        self.required = dict(required or {})
        self.optional = dict(optional or {})
        self.by, self.sub = by, sub


class Schema:
    """The kinds of one boundary, named by the field `key`; `common` fields go with every kind (an envelope)."""

    def __init__(
        self,
        name: str,
        key: str,
        kinds: "dict[str, Kind]",
        common: "Mapping[str, Type] | None" = None,
        common_optional: "Mapping[str, Type] | None" = None,
    ) -> None:
        self.name, self.key, self.kinds = name, key, kinds
        self.common = dict(common or {})
        self.common_optional = dict(common_optional or {})

    def why(self, message: Any, sender: str) -> str:
        """Why `message` is not a message `sender` may send ("" when it is one)."""
        if not isinstance(message, dict):
            return "not an object"
        name = message.get(self.key)
        if not isinstance(name, str):
            return "no " + self.key
        kind = self.kinds.get(name)
        if kind is None:
            return "unknown " + self.key + " " + repr(name)
        if kind.sender != sender and kind.sender != BOTH:
            return name + " is sent by the " + kind.sender + ", not the " + sender
        required = dict(self.common)
        required.update(kind.required)
        optional = dict(self.common_optional)
        optional.update(kind.optional)
        if kind.sub is None:
            fields = {field: message[field] for field in message if field != self.key}
            return _named(name, _fields_why(fields, required, optional))
        own = {field: message[field] for field in message if field in required or field in optional}
        why = _fields_why(own, required, optional)
        if why:
            return _named(name, why)
        rest = {field: message[field] for field in message if field not in own and field != self.key}
        rest[kind.sub.key] = message.get(kind.by)
        return kind.sub.why(rest, sender)


class MessageOf(Type):
    """A message of `schema` from `sender` (a batch's messages, a message carried inside another)."""

    def __init__(self, schema: Schema, sender: str, hint: str) -> None:
        self.schema, self.sender, self.hint = schema, sender, hint

    def why(self, value: Any) -> str:
        return self.schema.why(value, self.sender)
