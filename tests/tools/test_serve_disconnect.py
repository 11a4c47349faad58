"""`tools.serve`: a browser that goes away mid-answer (a cancelled fetch, a closed tab) is not an error."""

from __future__ import annotations

import socket
import struct
import time
from pathlib import Path

import pytest

from tools.serve import SiteServer


def test_a_client_gone_mid_answer_prints_nothing_but_a_real_error_still_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "index.html").write_text("<!doctype html><title>x</title>", encoding="utf-8")
    (tmp_path / "big.bin").write_bytes(b"\0" * (32 << 20))  # more than the sockets' buffers hold
    server = SiteServer(tmp_path, precompressed=False).start()
    try:
        port = server.httpd.server_address[1]
        client = socket.create_connection(("127.0.0.1", port))
        client.sendall(b"GET /big.bin HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        client.recv(1024)  # the answer has begun
        client.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # a reset, as a tab closed
        client.close()
        time.sleep(1.0)  # the server's writes meet the reset
        assert "Exception occurred" not in capsys.readouterr().err

        def broken(*args: object) -> None:
            raise RuntimeError("a bug in the handler")

        server.httpd.RequestHandlerClass.func.do_GET = broken  # type: ignore[attr-defined]
        with socket.create_connection(("127.0.0.1", port)) as other:
            other.sendall(b"GET /index.html HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            other.recv(1024)
        time.sleep(0.3)
        assert "a bug in the handler" in capsys.readouterr().err  # a real error is still reported
    finally:
        server.stop()
