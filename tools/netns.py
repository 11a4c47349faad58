"""Run a command inside a network namespace of its own, for WebRTC between browser contexts.

Chromium gathers host candidates only with a default route, so the namespace gets a veth pair and a
route through it; the pair's far end is in the same namespace, so no peer traffic can leave the machine
(../shared/NOTES.md, "WebRTC between browser contexts"). Needs root (CI and the dev machines run as root).
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
from collections.abc import Sequence
from pathlib import Path

# No IPv6 on the pair: its link-local addresses would turn from tentative to valid about 2 s after the links
# come up, and Chromium, seeing the network change, fails the requests in flight (net::ERR_NETWORK_CHANGED).
SETUP = (
    "echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6 && "
    "ip link set lo up && ip link add v0 type veth peer name v1 && "
    "ip addr add 10.77.0.1/24 dev v0 && ip addr add 10.77.0.2/24 dev v1 && "
    "ip link set v0 up && ip link set v1 up && ip route add default via 10.77.0.2 dev v0"
)


def why_not() -> str | None:
    """Why a namespace cannot be made here, or None."""
    if os.geteuid() != 0:
        return "needs root to make a network namespace"
    missing = [tool for tool in ("unshare", "ip") if shutil.which(tool) is None]
    return f"missing {', '.join(missing)}" if missing else None


def run(argv: Sequence[str], *, timeout: float) -> subprocess.CompletedProcess[str]:
    """`argv` run in a fresh network namespace (lo, a veth pair, a default route into it)."""
    script = f"{SETUP} && exec {shlex.join(argv)}"
    return subprocess.run(
        ["unshare", "-n", "bash", "-c", script], capture_output=True, text=True, timeout=timeout, check=False
    )


class Phone:
    """One phone with a link of its own, made inside the namespace `run` made (call from the command it runs): a
    named namespace whose veth pair reaches this one, so `cut()` stops that phone's packets alone (`ip link set
    down` on this side) and `mend()` lets them through again; `remove()` once done. `wrap(path)` writes an
    executable that runs a program (a browser) inside the phone's namespace; `command(argv)` gives its argv."""

    def __init__(self, index: int) -> None:
        self.name = f"uno{os.getpid()}p{index}"  # /run/netns is the machine's: a name no other run takes
        self.near, self.far = f"ph{index}a", f"ph{index}b"  # this namespace's end, the phone's end
        self.here, self.there = f"10.{80 + index}.0.1", f"10.{80 + index}.0.2"
        steps = [
            f"ip netns add {self.name}",
            f"ip link add {self.near} type veth peer name {self.far}",
            f"ip link set {self.far} netns {self.name}",
            f"ip addr add {self.here}/24 dev {self.near}",
            f"ip link set {self.near} up",
            f"ip netns exec {self.name} sh -c 'echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6'",
            f"ip netns exec {self.name} ip link set lo up",
            f"ip netns exec {self.name} ip addr add {self.there}/24 dev {self.far}",
            f"ip netns exec {self.name} ip link set {self.far} up",
            f"ip netns exec {self.name} ip route add default via {self.here} dev {self.far}",
        ]
        for step in steps:
            subprocess.run(step, shell=True, check=True)

    def remove(self) -> None:
        """The phone's namespace gone (its name is the machine's, not the test's namespace's)."""
        subprocess.run(["ip", "netns", "del", self.name], check=False)

    def command(self, argv: Sequence[str]) -> list[str]:
        return ["ip", "netns", "exec", self.name, *argv]

    def wrap(self, path: Path, program: str) -> Path:
        path.write_text(f'#!/bin/sh\nexec ip netns exec {self.name} {shlex.quote(program)} "$@"\n')
        path.chmod(0o755)
        return path

    def cut(self) -> None:
        subprocess.run(["ip", "link", "set", self.near, "down"], check=True)

    def mend(self) -> None:
        subprocess.run(["ip", "link", "set", self.near, "up"], check=True)
