"""How we start WebKit (Safari's engine) for the smoke tests: WebKitGTK's MiniBrowser under Xvfb, driven through
WebKitWebDriver by Selenium (see ../shared/NOTES.md). `./dev test` installs the Debian packages (APT_PACKAGES).

`WebKit` starts a private X server (Xvfb picks a free display itself) and a WebKitWebDriver on a free port,
and stops both; `new_session()` opens a MiniBrowser window in automation mode (its storage is ephemeral).
"""

from __future__ import annotations

import contextlib
import glob
import os
import select
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import IO, Any

APT_PACKAGES = ("webkit2gtk-driver", "xvfb")
MINIBROWSER_GLOB = "/usr/lib/*/webkit2gtk-4.1/MiniBrowser"
SCREEN = "1280x900x24"


class WebKitMissing(RuntimeError):
    """A program the WebKit tests need is not installed."""


def programs() -> tuple[str, str, str]:
    """(WebKitWebDriver, MiniBrowser, Xvfb) paths; raises WebKitMissing naming what is absent and how to get it."""
    driver = shutil.which("WebKitWebDriver")
    browsers = sorted(glob.glob(MINIBROWSER_GLOB))
    xvfb = shutil.which("Xvfb")
    missing = [
        name for name, found in (("WebKitWebDriver", driver), (MINIBROWSER_GLOB, browsers), ("Xvfb", xvfb)) if not found
    ]
    if missing or driver is None or xvfb is None:
        raise WebKitMissing(
            f"WebKit is not installed (missing: {', '.join(missing)}). `./dev test` installs it; by hand: "
            f"apt-get update && apt-get install -y {' '.join(APT_PACKAGES)}"
        )
    return driver, browsers[0], xvfb


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class WebKit:
    """Xvfb + WebKitWebDriver for one test session; `log_dir` keeps their output for a failure's report."""

    def __init__(self, log_dir: Path) -> None:
        self.driver_path, self.minibrowser, self.xvfb_path = programs()
        self.log_dir = log_dir
        self.display = ""
        self.url = ""
        self._procs: list[subprocess.Popen[bytes]] = []
        self._groups: set[int] = set()  # pids that lead a process group of their own
        self._logs: list[IO[bytes]] = []

    def _log(self, name: str) -> IO[bytes]:
        log = (self.log_dir / f"{name}.log").open("wb")
        self._logs.append(log)
        return log

    def logs(self) -> str:
        """The last lines of Xvfb's and WebKitWebDriver's output."""
        parts = []
        for path in sorted(self.log_dir.glob("*.log")):
            lines = path.read_text(errors="replace").splitlines()[-20:]
            parts.append(f"--- {path.name}\n" + "\n".join(lines))
        return "\n".join(parts)

    def start(self, timeout: float = 30.0) -> WebKit:
        try:
            self._start_xvfb(timeout)
            self._start_driver(timeout)
        except BaseException:
            self.stop()
            raise
        return self

    def _start_xvfb(self, timeout: float) -> None:
        read_end, write_end = os.pipe()
        try:
            proc = subprocess.Popen(
                [self.xvfb_path, "-displayfd", str(write_end), "-screen", "0", SCREEN, "-nolisten", "tcp"],
                pass_fds=(write_end,),
                stdout=subprocess.DEVNULL,
                stderr=self._log("xvfb"),
            )
        finally:
            os.close(write_end)
        self._procs.append(proc)
        number = b""
        deadline = time.monotonic() + timeout
        with os.fdopen(read_end, "rb", buffering=0) as pipe:
            while not number.endswith(b"\n"):  # Xvfb writes the display number once it accepts clients
                readable, _, _ = select.select([pipe], [], [], max(0.0, deadline - time.monotonic()))
                chunk = pipe.read(16) if readable else b""
                if not chunk:
                    raise RuntimeError(f"Xvfb did not start (exit code {proc.poll()}):\n{self.logs()}")
                number += chunk
        self.display = f":{number.decode().strip()}"

    def _start_driver(self, timeout: float) -> None:
        port = free_port()
        env = {**os.environ, "DISPLAY": self.display}
        # its own process group: stop() ends the MiniBrowser and web processes it started with it
        proc = subprocess.Popen(
            [self.driver_path, f"--port={port}"],
            env=env,
            stdout=self._log("webdriver"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self._procs.append(proc)
        self._groups.add(proc.pid)
        self.url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + timeout
        while True:
            with contextlib.suppress(OSError), urllib.request.urlopen(self.url + "/status", timeout=2) as answer:
                if answer.status == 200:
                    return
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"WebKitWebDriver did not start (exit code {proc.poll()}):\n{self.logs()}")
            time.sleep(0.2)

    def new_session(self) -> Any:
        """A Selenium session in a new MiniBrowser window (automation mode: ephemeral storage)."""
        from selenium import webdriver
        from selenium.webdriver.remote.client_config import ClientConfig
        from selenium.webdriver.remote.remote_connection import RemoteConnection
        from selenium.webdriver.webkitgtk.options import Options

        options = Options()
        options.binary_location = self.minibrowser
        options.add_argument("--automation")
        # a connection object: a plain URL makes Selenium warn about its own deprecated argument
        connection = RemoteConnection(client_config=ClientConfig(remote_server_addr=self.url, timeout=180))
        return webdriver.Remote(command_executor=connection, options=options)

    def stop(self) -> None:
        for proc in reversed(self._procs):  # the driver's group first, then Xvfb
            group = proc.pid in self._groups
            for sig in (signal.SIGTERM, signal.SIGKILL):
                with contextlib.suppress(ProcessLookupError):
                    if group:
                        os.killpg(proc.pid, sig)
                    else:
                        proc.send_signal(sig)
                try:
                    proc.wait(timeout=10)
                    break
                except subprocess.TimeoutExpired:
                    continue
        self._procs.clear()
        self._groups.clear()
        for log in self._logs:
            log.close()
        self._logs.clear()
