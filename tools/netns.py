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
