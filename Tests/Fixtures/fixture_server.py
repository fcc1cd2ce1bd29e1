#!/usr/bin/env python3
"""Fixture HTTP server for fedictl's test-suite (Python 3.11 standard library only).

Serves the recorded-shape responses of one server flavour from
Tests/Fixtures/<flavour>/routes.json over real HTTP/1.1 (keep-alive) on 127.0.0.1.

Usage:
    python3 Tests/Fixtures/fixture_server.py --flavour gotosocial [--port 0] [--host 127.0.0.1] [--verbose]

Prints exactly one line "PORT <n>" on stdout once the socket is bound and listening,
then serves until killed. See Tests/Fixtures/README.md for the routes.json format.

Control routes (never recorded):
    GET    /__fixture/requests   recorded requests, in arrival order, as a JSON array
    DELETE /__fixture/requests   clear the record
    POST   /__fixture/routes     merge extra/overriding routes (JSON object, routes.json format)
    DELETE /__fixture/routes     drop overrides, back to the flavour's routes.json
    POST   /__fixture/reset      clear the record, the overrides and every sequence position
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

FIXTURES_DIR = Path(__file__).resolve().parent
METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
RESPONSE_FIELDS = {"file", "body", "json", "status", "headers", "content_type", "delay_ms"}
ROUTE_FIELDS = RESPONSE_FIELDS | {"sequence"}
UNKNOWN_RULE_FIELDS = RESPONSE_FIELDS | {"prefix", "methods"}
DEFAULT_UNKNOWN = {"status": 404, "json": {"error": "Record not found"}}
CONTROL_PREFIX = "/__fixture/"


class FixtureError(Exception):
    """A routes.json problem, reported with the flavour and key it concerns."""


# ---------------------------------------------------------------------------------------------
# Loading and validating routes.json (shared with check_fixtures.py)
# ---------------------------------------------------------------------------------------------

def available_flavours() -> list[str]:
    return sorted(p.name for p in FIXTURES_DIR.iterdir() if (p / "routes.json").is_file())


def resolve_flavour_dir(flavour: str) -> Path:
    """A flavour name (a directory next to this script) or a path to a directory."""
    candidate = Path(flavour)
    if os.sep in flavour or flavour.startswith("."):
        directory = candidate.resolve()
    else:
        directory = FIXTURES_DIR / flavour
    if not (directory / "routes.json").is_file():
        raise FixtureError(
            f"no fixture flavour {flavour!r}: {directory}/routes.json does not exist; "
            f"available: {', '.join(available_flavours()) or '(none)'}"
        )
    return directory


def parse_route_key(key: str) -> tuple[str, str, str | None]:
    """'GET /path?query' -> ('GET', '/path', 'query' or None)."""
    method, sep, target = key.partition(" ")
    if not sep or method not in METHODS or not target.startswith("/") or " " in target:
        raise FixtureError(f"route key {key!r} must look like 'METHOD /path' or 'METHOD /path?query'")
    path, qsep, query = target.partition("?")
    return method, path, (query if qsep else None)


def _check_response(where: str, obj: object, directory: Path, allowed: set[str]) -> None:
    if not isinstance(obj, dict):
        raise FixtureError(f"{where}: a response must be a JSON object, got {type(obj).__name__}")
    unknown = set(obj) - allowed
    if unknown:
        raise FixtureError(f"{where}: unknown field(s) {sorted(unknown)}; allowed: {sorted(allowed)}")
    bodies = [k for k in ("file", "body", "json") if k in obj]
    if len(bodies) > 1:
        raise FixtureError(f"{where}: give at most one of file/body/json, got {bodies}")
    if "file" in obj:
        if not isinstance(obj["file"], str) or not (directory / obj["file"]).is_file():
            raise FixtureError(f"{where}: file {obj['file']!r} not found in {directory}")
    if "body" in obj and not isinstance(obj["body"], str):
        raise FixtureError(f"{where}: body must be a string (use 'json' for structured bodies)")
    status = obj.get("status", 200)
    if not isinstance(status, int) or not 100 <= status <= 599:
        raise FixtureError(f"{where}: status must be an integer 100..599, got {status!r}")
    headers = obj.get("headers", {})
    if not isinstance(headers, dict) or not all(isinstance(v, str) for v in headers.values()):
        raise FixtureError(f"{where}: headers must be an object of strings")
    if "content_type" in obj and not isinstance(obj["content_type"], str):
        raise FixtureError(f"{where}: content_type must be a string")
    if "delay_ms" in obj and not isinstance(obj["delay_ms"], (int, float)):
        raise FixtureError(f"{where}: delay_ms must be a number")


def validate_routes(routes: object, directory: Path, name: str = "routes.json") -> dict:
    if not isinstance(routes, dict):
        raise FixtureError(f"{name}: top level must be a JSON object")
    for key, value in routes.items():
        where = f"{directory.name}/{name} [{key}]"
        if key == "__unknown__":
            rules = value if isinstance(value, list) else [value]
            for i, rule in enumerate(rules):
                _check_response(f"{where}[{i}]", rule, directory, UNKNOWN_RULE_FIELDS)
                methods = rule.get("methods", [])
                if not isinstance(methods, list) or any(m not in METHODS for m in methods):
                    raise FixtureError(f"{where}[{i}]: methods must be a list of HTTP methods")
            continue
        if key.startswith("__"):
            continue  # comments and other annotations, e.g. "__comment__"
        parse_route_key(key)
        _check_response(where, value, directory, ROUTE_FIELDS)
        if "sequence" in value:
            seq = value["sequence"]
            if not isinstance(seq, list) or not seq:
                raise FixtureError(f"{where}: sequence must be a non-empty list of responses")
            if set(value) - {"sequence"}:
                raise FixtureError(f"{where}: a route with 'sequence' takes no other fields")
            for i, item in enumerate(seq):
                _check_response(f"{where} sequence[{i}]", item, directory, RESPONSE_FIELDS)
    return routes


def load_routes(directory: Path) -> dict:
    path = directory / "routes.json"
    try:
        routes = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise FixtureError(f"{path}: invalid JSON: {error}") from None
    return validate_routes(routes, directory)


def substitute(text: str, base: str, host: str, method: str = "GET", path: str = "/") -> str:
    """{{base}} -> http://127.0.0.1:<port>, {{host}} -> 127.0.0.1:<port>; {{method}}/{{path}} -> the request's."""
    return (text.replace("{{base}}", base).replace("{{host}}", host)
            .replace("{{method}}", method).replace("{{path}}", path))


def render_body(response: dict, directory: Path, base: str, host: str, method: str = "GET",
                path: str = "/") -> bytes:
    if "file" in response:
        text = (directory / response["file"]).read_text(encoding="utf-8")
    elif "body" in response:
        text = response["body"]
    elif "json" in response:
        text = json.dumps(response["json"], ensure_ascii=False)
    else:
        return b""
    return substitute(text, base, host, method, path).encode("utf-8")


# ---------------------------------------------------------------------------------------------
# Serving
# ---------------------------------------------------------------------------------------------

class FixtureState:
    def __init__(self, directory: Path, routes: dict, base: str, host: str):
        self.directory = directory
        self.base_routes = routes
        self.overrides: dict = {}
        self.base = base
        self.host = host
        self.lock = threading.Lock()
        self.requests: list[dict] = []
        self.positions: dict[str, int] = {}

    def routes(self) -> dict:
        merged = dict(self.base_routes)
        merged.update(self.overrides)
        return merged

    def record(self, entry: dict) -> None:
        with self.lock:
            self.requests.append(entry)

    def match(self, method: str, path: str, query: str) -> tuple[str | None, dict]:
        routes = self.routes()
        lookup = [method] if method != "HEAD" else ["HEAD", "GET"]
        for m in lookup:
            if query:
                exact = f"{m} {path}?{query}"
                if exact in routes:
                    return exact, routes[exact]
                wanted = sorted(parse_qsl(query, keep_blank_values=True))
                for key, value in routes.items():
                    if key.startswith(f"{m} {path}?"):
                        _, _, q = parse_route_key(key)
                        if sorted(parse_qsl(q or "", keep_blank_values=True)) == wanted:
                            return key, value
            plain = f"{m} {path}"
            if plain in routes:
                return plain, routes[plain]
        return None, self.unknown(method, path, routes)

    @staticmethod
    def unknown(method: str, path: str, routes: dict) -> dict:
        spec = routes.get("__unknown__")
        if spec is None:
            return DEFAULT_UNKNOWN
        rules = spec if isinstance(spec, list) else [spec]
        for rule in rules:
            methods = rule.get("methods") or []
            if methods and method not in methods and not (method == "HEAD" and "GET" in methods):
                continue
            if not path.startswith(rule.get("prefix", "/")):
                continue
            return {k: v for k, v in rule.items() if k not in ("prefix", "methods")}
        return DEFAULT_UNKNOWN

    def pick(self, key: str | None, route: dict) -> dict:
        if "sequence" not in route:
            return route
        with self.lock:
            position = self.positions.get(key, 0)
            self.positions[key] = position + 1
        sequence = route["sequence"]
        return sequence[min(position, len(sequence) - 1)]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "fedictl-fixture/1"
    sys_version = ""
    state: FixtureState  # set on the subclass built in main()
    verbose = False

    def version_string(self) -> str:
        return self.server_version

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (BaseHTTPRequestHandler API)
        if self.verbose:
            super().log_message(format, *args)

    def _read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            chunks = []
            while True:
                size_line = self.rfile.readline().strip()
                size = int(size_line.split(b";")[0] or b"0", 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass  # trailers
                    break
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
            return b"".join(chunks)
        length = int(self.headers.get("Content-Length") or 0)
        return self.rfile.read(length) if length > 0 else b""

    def _send(self, status: int, body: bytes, content_type: str | None, headers: dict | None = None,
              head: bool = False) -> None:
        no_body = status in (204, 304) or 100 <= status < 200
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        if content_type and not any(n.lower() == "content-type" for n in (headers or {})):
            self.send_header("Content-Type", content_type)
        if not no_body:
            self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head and not no_body:
            self.wfile.write(body)

    def _send_json(self, status: int, value: object) -> None:
        body = json.dumps(value, ensure_ascii=False, indent=2).encode("utf-8")
        self._send(status, body, "application/json; charset=utf-8")

    def _control(self, method: str, path: str, body: bytes) -> None:
        state = self.state
        if path == "/__fixture/requests" and method == "GET":
            with state.lock:
                snapshot = list(state.requests)
            return self._send_json(200, snapshot)
        if path == "/__fixture/requests" and method == "DELETE":
            with state.lock:
                state.requests.clear()
            return self._send(204, b"", None)
        if path == "/__fixture/routes" and method == "POST":
            try:
                extra = validate_routes(json.loads(body or b"{}"), state.directory, "POST /__fixture/routes")
            except (FixtureError, json.JSONDecodeError) as error:
                return self._send_json(400, {"error": str(error)})
            with state.lock:
                state.overrides.update(extra)
                state.positions.clear()
            return self._send(204, b"", None)
        if path == "/__fixture/routes" and method == "DELETE":
            with state.lock:
                state.overrides.clear()
                state.positions.clear()
            return self._send(204, b"", None)
        if path == "/__fixture/reset" and method == "POST":
            with state.lock:
                state.requests.clear()
                state.overrides.clear()
                state.positions.clear()
            return self._send(204, b"", None)
        return self._send_json(404, {"error": f"unknown fixture control route {method} {path}"})

    def _handle(self) -> None:
        method = self.command
        split = urlsplit(self.path)
        path, query = split.path or "/", split.query
        body = self._read_body()
        if path.startswith(CONTROL_PREFIX):
            return self._control(method, path, body)
        headers: dict[str, str] = {}
        for name, value in self.headers.items():
            lower = name.lower()
            headers[lower] = f"{headers[lower]}, {value}" if lower in headers else value
        self.state.record({
            "method": method,
            "path": path,
            "query": query,
            "headers": headers,
            "body": body.decode("utf-8", errors="replace"),
        })
        key, route = self.state.match(method, path, query)
        response = self.state.pick(key, route)
        if response.get("delay_ms"):
            time.sleep(response["delay_ms"] / 1000)
        state = self.state
        payload = render_body(response, state.directory, state.base, state.host, method, path)
        out_headers = {k: substitute(v, state.base, state.host, method, path)
                       for k, v in response.get("headers", {}).items()}
        # Content-Type: the explicit content_type, else application/json when there is a body.
        content_type = response.get("content_type") or ("application/json; charset=utf-8" if payload else None)
        self._send(response.get("status", 200), payload, content_type, out_headers, head=(method == "HEAD"))

    do_GET = do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = _handle


class FixtureHTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Serve one flavour's recorded-shape fixtures over HTTP.")
    parser.add_argument("--flavour", "--flavor", required=True,
                        help="fixture directory name under Tests/Fixtures (or a path to one)")
    parser.add_argument("--port", type=int, default=0, help="port to bind; 0 picks a free one (default)")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--verbose", action="store_true", help="log every request on stderr")
    args = parser.parse_args(argv)

    try:
        directory = resolve_flavour_dir(args.flavour)
        routes = load_routes(directory)
    except FixtureError as error:
        print(f"fixture_server: {error}", file=sys.stderr)
        return 2

    server_class = FixtureHTTPServer
    if ":" in args.host:
        server_class = type("FixtureHTTPServer6", (FixtureHTTPServer,), {"address_family": socket.AF_INET6})
    handler = type("BoundHandler", (Handler,), {"verbose": args.verbose})
    try:
        server = server_class((args.host, args.port), handler)
    except OSError as error:
        print(f"fixture_server: cannot bind {args.host}:{args.port}: {error}", file=sys.stderr)
        return 2
    port = server.server_address[1]
    advertised = "127.0.0.1" if args.host in ("", "0.0.0.0", "::") else args.host
    if ":" in advertised:
        advertised = f"[{advertised}]"
    host = f"{advertised}:{port}"
    handler.state = FixtureState(directory, routes, f"http://{host}", host)

    sys.stdout.write(f"PORT {port}\n")
    sys.stdout.flush()
    if args.verbose:
        print(f"fixture_server: serving {directory.name} on http://{host}", file=sys.stderr)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
