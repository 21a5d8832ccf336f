"""The local server (`./dev serve`, the browser tests' server, the load benchmark's): a browser
that drops a connection mid-file (a page closed while a wheel was on its way) is no error of the
site and prints nothing; a real error in a handler is still reported; a connection is kept alive
for the next file (a cold start asks for 35) and one left idle is let go without a word."""

from __future__ import annotations

import socket
import struct
import sys
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
import build  # noqa: E402

pytestmark = pytest.mark.cpython_only


def serving(folder: Path, handler: Any = None) -> tuple[build.HttpServer, int]:
    httpd = build.HttpServer(("127.0.0.1", 0), handler or partial(build.Handler, directory=str(folder)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, httpd.server_address[1]


def test_a_connection_dropped_mid_file_prints_nothing(tmp_path: Path, capfd: Any) -> None:
    (tmp_path / "big.bin").write_bytes(b"\0" * (32 << 20))  # far more than the sockets' buffers
    httpd, port = serving(tmp_path)
    try:
        for _ in range(3):
            s = socket.create_connection(("127.0.0.1", port))
            s.sendall(b"GET /big.bin HTTP/1.1\r\nHost: x\r\n\r\n")
            assert s.recv(64).startswith(b"HTTP/1.1 200")
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # a reset, as a closed tab
            s.close()
        time.sleep(1.0)  # (the handlers meet the reset and end)
    finally:
        httpd.shutdown()
        httpd.server_close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "ConnectionResetError" not in err, err


def test_an_error_in_a_handler_is_still_reported(tmp_path: Path, capfd: Any) -> None:
    class Broken(build.Handler):
        def do_GET(self) -> None:
            raise ValueError("a bug in the handler")

    httpd, port = serving(tmp_path, partial(Broken, directory=str(tmp_path)))
    try:
        s = socket.create_connection(("127.0.0.1", port))
        s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
        s.recv(64)
        s.close()
        time.sleep(0.5)
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert "ValueError: a bug in the handler" in capfd.readouterr().err


def test_one_connection_serves_file_after_file(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"first")
    (tmp_path / "b.txt").write_bytes(b"second")
    httpd, port = serving(tmp_path)
    try:
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.settimeout(5)
            reader = s.makefile("rb")
            for name, body in (("a.txt", b"first"), ("b.txt", b"second"), ("a.txt", b"first")):
                s.sendall(f"GET /{name} HTTP/1.1\r\nHost: x\r\n\r\n".encode())
                assert reader.readline().startswith(b"HTTP/1.1 200")
                headers = {}
                while (line := reader.readline()) not in (b"\r\n", b""):
                    key, _, value = line.decode().partition(":")
                    headers[key.strip().lower()] = value.strip()
                assert headers.get("connection", "").lower() != "close"
                assert reader.read(int(headers["content-length"])) == body
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_an_idle_connection_is_closed_quietly_even_when_verbose(tmp_path: Path, capfd: Any, monkeypatch: Any) -> None:
    class Quick(build.Handler):
        timeout = 0.3

    monkeypatch.setattr(build.Handler, "verbose", True)
    httpd, port = serving(tmp_path, partial(Quick, directory=str(tmp_path)))
    try:
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.settimeout(5)
            assert s.recv(64) == b""  # the server hung up on a connection that asked for nothing
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert "timed out" not in capfd.readouterr().err


def test_each_connection_sends_without_waiting_for_an_ack(tmp_path: Path) -> None:
    # The headers and the body leave in two writes; with Nagle's algorithm on, the body of every
    # file after the first on a kept-alive connection waited for the browser's delayed ACK (40 ms).
    (tmp_path / "a.txt").write_bytes(b"first")
    seen: list[int] = []

    class Recording(build.Handler):
        def do_GET(self) -> None:
            seen.append(self.connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            super().do_GET()

    httpd, port = serving(tmp_path, partial(Recording, directory=str(tmp_path)))
    try:
        with socket.create_connection(("127.0.0.1", port)) as s:
            s.settimeout(5)
            s.sendall(b"GET /a.txt HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            while s.recv(4096):
                pass
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert len(seen) == 1 and seen[0] != 0
