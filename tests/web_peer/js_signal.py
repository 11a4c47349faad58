"""The page's codec (web/page/signal.mjs) called from Python: one Node process (tests/web_peer/signal_check.mjs)
answering a JSON line per call, so property tests make thousands of calls in seconds.

A description is a dict, as the page has it, with its digest in hex:
{"kind", "ufrag", "pwd", "hash", "digest", "setup", "mid", "sctpPort",
 "candidates": [{"address", "port", "priority", "type", "protocol", "tcptype"}]}.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

HARNESS = Path(__file__).with_name("signal_check.mjs")
ERROR_CODES = ("not_ours", "truncated", "corrupt", "newer_version", "unsupported")

Desc = dict[str, Any]


class JsSignalError(Exception):
    """signal.mjs threw a SignalError; `code` is its code."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class JsSignal:
    """signal.mjs's four functions, each a call to the Node process."""

    def __init__(self) -> None:
        self._node = subprocess.Popen(
            ["node", str(HARNESS)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8"
        )

    def close(self) -> None:
        assert self._node.stdin is not None
        self._node.stdin.close()
        self._node.wait(timeout=10)

    def _call(self, **request: Any) -> Any:
        assert self._node.stdin is not None and self._node.stdout is not None
        self._node.stdin.write(json.dumps(request) + "\n")
        self._node.stdin.flush()
        line = self._node.stdout.readline()
        if not line:
            raise RuntimeError(f"signal.mjs stopped (exit {self._node.wait(timeout=10)}); see stderr above")
        answer = json.loads(line)
        if "error" in answer:
            raise JsSignalError(answer["error"])
        return answer["ok"]

    def encode(self, description: Desc) -> str:
        return str(self._call(op="encode", description=description))

    def decode(self, code: str, kind: str | None = None) -> Desc:
        return dict(self._call(op="decode", code=code, kind=kind))

    def from_sdp(self, kind: str, sdp: str) -> Desc:
        return dict(self._call(op="fromSdp", kind=kind, sdp=sdp))

    def to_sdp(self, description: Desc) -> str:
        return str(self._call(op="toSdp", description=description))

    def refusal(self, code: str, kind: str | None = None) -> str:
        """The error code decode gives `code`, or "" when it reads."""
        try:
            self.decode(code, kind)
        except JsSignalError as exc:
            return exc.code
        return ""


def candidate(
    address: str, port: int, priority: int, type: str = "host", protocol: str = "udp", tcptype: str = ""
) -> Desc:
    """A candidate as the page has it."""
    return dict(address=address, port=port, priority=priority, type=type, protocol=protocol, tcptype=tcptype)
