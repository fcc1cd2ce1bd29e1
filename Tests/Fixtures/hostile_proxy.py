#!/usr/bin/env python3
"""A proxy on 127.0.0.1 in front of a test server (a fixture server or mastodon_mock) that behaves the
way a hostile server or a lossy network does, for fedictl's tests. Python 3.11 standard library only.

    python3 Tests/Fixtures/hostile_proxy.py --upstream http://127.0.0.1:PORT [--port 0]

Prints `PORT <n>` once it listens, then forwards every request to the upstream (HTTP/1.1, keep-alive
towards the client) until killed. What it does besides is set at run time:

POST /__hostile/rules with a JSON object (merged over the current rules):
  "lose_writes": N      the next N writes (any method but GET/HEAD) reach the upstream, which acts on
                        them; then the client's connection is closed with no answer at all.
  "fail_writes": N,     the next N writes reach the upstream; the client gets this status instead of
  "fail_status": 503    the upstream's answer (default 503; 429 comes with Retry-After: 0).
  "paths": {"/path": {"type": ...}}   answers for one path (query ignored):
      gzip_bomb     {"bytes": B}: a gzip body of B zero bytes once decompressed (a few KB per MiB).
      endless       a chunked JSON array that never ends; {"delay_ms": D} between chunks.
      endless_pages the upstream's answer with a Link to a new page each time (?page=N+1), forever.
      looping_pages the upstream's answer with a Link back to the same URL.
      repeat        {"count": C}: the upstream's JSON array, its first element repeated C times.
      cut_body      the upstream's answer with its whole Content-Length, but only half the body; then
                    the connection is closed (a server or proxy dying mid-answer).
      inflated_length {"claims": "N"}: the upstream's whole answer under a Content-Length of N (any
                    text), then the connection is closed (a server lying about its size).
      redirect_loop a 302 back to the same URL, every time.
      foreign_link  {"origin": "http://host:port"}: the upstream's answer with the origin of every
                    URL in its Link header replaced (a proxy that leaves the server's links alone).
GET /__hostile/log     every forwarded request as ["METHOD /path?query", ...], in order.
GET /__hostile/answered  the same, each with the upstream's status: ["METHOD /path?query STATUS", ...].
DELETE /__hostile/rules  clears the rules.
"""

import argparse
import http.client
import json
import os
import sys
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

HOP_HEADERS = {"connection", "keep-alive", "transfer-encoding", "content-length", "proxy-connection", "te", "upgrade"}


class State:
    def __init__(self, upstream):
        self.upstream = urlsplit(upstream)
        self.lock = threading.Lock()
        self.rules = {}
        self.log = []
        self.answered = []

    def take(self, key):
        """Counts one use of a counted rule; True while it lasts."""
        with self.lock:
            left = self.rules.get(key, 0)
            if left > 0:
                self.rules[key] = left - 1
                return True
            return False


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    state: State = None

    def log_message(self, *args):
        pass

    def log_error(self, format, *args):
        sys.stderr.write(format % args + "\n")

    def do_GET(self):
        self.handle_any()

    do_POST = do_PUT = do_PATCH = do_DELETE = do_HEAD = do_GET

    def handle_any(self):
        path, _, query = self.path.partition("?")
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        if path.startswith("/__hostile/"):
            return self.control(path, body)
        rule = self.state.rules.get("paths", {}).get(path)
        kind = rule.get("type") if rule else None
        if kind == "gzip_bomb":
            return self.gzip_bomb(int(rule.get("bytes", 2 << 30)))
        if kind == "endless":
            return self.endless(float(rule.get("delay_ms", 0)) / 1000)
        if kind == "redirect_loop":
            self.send_response(302)
            self.send_header("Location", f"http://{self.headers.get('Host')}{self.path}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return

        status, headers, data = self.forward(body)
        with self.state.lock:
            self.state.log.append(f"{self.command} {self.path}")
            self.state.answered.append(f"{self.command} {self.path} {status}")
        if self.command not in ("GET", "HEAD"):
            if self.state.take("lose_writes"):
                self.close_connection = True  # the upstream acted; the answer is lost
                return
            if self.state.take("fail_writes"):
                status = int(self.state.rules.get("fail_status", 503))
                headers = [("Content-Type", "application/json")] + ([("Retry-After", "0")] if status == 429 else [])
                data = json.dumps({"error": "Service Unavailable"}).encode()
        if kind in ("endless_pages", "looping_pages"):
            page = int(parse_qs(query).get("page", ["0"])[0] or 0)
            target = self.path if kind == "looping_pages" else f"{path}?page={page + 1}"
            headers = [(k, v) for k, v in headers if k.lower() != "link"]
            headers.append(("Link", f'<http://{self.headers.get("Host")}{target}>; rel="next"'))
        if kind == "repeat":
            items = json.loads(data)
            data = json.dumps(items[:1] * int(rule.get("count", 1000))).encode()
        if kind == "foreign_link":
            own = f"http://{self.headers.get('Host')}"
            headers = [(k, v.replace(own, rule["origin"]) if k.lower() == "link" else v) for k, v in headers]
        if kind in ("cut_body", "inflated_length"):
            claimed = str(len(data)) if kind == "cut_body" else str(rule["claims"])
            self.send_response(status)
            for name, value in headers:
                self.send_header(name, value)
            self.send_header("Content-Length", claimed)
            self.end_headers()
            self.wfile.write(data[: len(data) // 2] if kind == "cut_body" else data)
            self.wfile.flush()
            self.close_connection = True
            return
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(data)

    def forward(self, body):
        upstream = self.state.upstream
        connection = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=60)
        headers = {k: v for k, v in self.headers.items() if k.lower() not in HOP_HEADERS and k.lower() != "accept-encoding"}
        if body:
            headers["Content-Length"] = str(len(body))
        connection.request(self.command, self.path, body=body or None, headers=headers)
        response = connection.getresponse()
        data = response.read()
        connection.close()
        own = f"127.0.0.1:{self.server.server_address[1]}"
        up = f"{upstream.hostname}:{upstream.port}"
        out = [(k, v.replace(up, own)) for k, v in response.getheaders() if k.lower() not in HOP_HEADERS]
        return response.status, out, data

    def chunk(self, data):
        self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))

    def gzip_bomb(self, size):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
        zeros = b"\0" * (1 << 20)
        try:
            for _ in range(size >> 20):
                packed = compressor.compress(zeros)
                if packed:
                    self.chunk(packed)
            self.chunk(compressor.flush())
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def endless(self, delay):
        import time
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        piece = b'{"id": "1", "domain": "endless.example"},' * 1000
        try:
            self.chunk(b"[")
            while True:
                self.chunk(piece)
                if delay:
                    time.sleep(delay)
        except (BrokenPipeError, ConnectionResetError):
            pass
        self.close_connection = True

    def control(self, path, body):
        if path == "/__hostile/rules" and self.command == "POST":
            with self.state.lock:
                self.state.rules.update(json.loads(body or b"{}"))
            return self.reply(204, b"")
        if path == "/__hostile/rules" and self.command == "DELETE":
            with self.state.lock:
                self.state.rules = {}
            return self.reply(204, b"")
        if path == "/__hostile/log":
            with self.state.lock:
                return self.reply(200, json.dumps(self.state.log).encode())
        if path == "/__hostile/answered":
            with self.state.lock:
                return self.reply(200, json.dumps(self.state.answered).encode())
        return self.reply(404, b'{"error": "no such control route"}')

    def reply(self, status, data):
        self.send_response(status)
        if data:
            self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--upstream", required=True)
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    if os.environ.get("HOSTILE_PROXY_LOG"):  # errors of the handlers, when debugging a test
        sys.stderr = open(os.environ["HOSTILE_PROXY_LOG"], "a", buffering=1)
    Handler.state = State(args.upstream)
    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    server.daemon_threads = True
    print(f"PORT {server.server_address[1]}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
