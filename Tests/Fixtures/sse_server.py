#!/usr/bin/env python3
"""A small Mastodon whose notification stream misbehaves, for `queue --watch` tests (stdlib only).

Serves, on 127.0.0.1, what `fedictl queue --watch` needs from a Mastodon 4.3.2 admin account:
nodeinfo and the instance (from Tests/Fixtures/mastodon, the instance naming this server as its
`ws://` streaming URL), the open reports, the pending sign-ups, and the Server-Sent Events stream
`GET /api/v1/streaming/user/notification`. Any bearer token is accepted.

Usage:
    python3 Tests/Fixtures/sse_server.py [--port 0] [--heartbeat 15] [--no-streaming]

Prints "PORT <n>" once listening. See Tests/Fixtures/README.md, "sse_server.py".

Control routes:
    POST /_sse/report    a new open report; announced as an admin.report notification on every stream
    POST /_sse/sign-up   a new pending account; announced as an admin.sign_up notification
    POST /_sse/burst     a report and a sign-up at once; every open stream gets the report's event
                         whole, then half of the sign-up's, and is then dropped. A stream opened
                         after a drop gets every item's event again (as a server replaying its backlog).
    GET  /_sse/state     {"connections", "replays", "items", "authorized"}: streams opened so far,
                         replays written, items made, and whether every stream request had a token
"""

from __future__ import annotations

import argparse
import json
import queue
import sys
import threading
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

FIXTURES = Path(__file__).resolve().parent / "mastodon"


class State:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reports: list[dict] = []
        self.sign_ups: list[dict] = []
        self.subscribers: list[queue.Queue] = []
        self.connections = 0
        self.replays = 0
        self.dropped = False
        self.authorized = True
        self.next_id = 100

    def new_id(self) -> str:
        self.next_id += 1
        return str(self.next_id)


STATE = State()
OPTIONS = argparse.Namespace()


def now() -> str:
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.000Z")


def account(ident: str, username: str, created: str) -> dict:
    return {"id": ident, "username": username, "acct": username, "display_name": username, "created_at": created,
            "url": f"https://example.invalid/@{username}", "locked": False, "bot": False, "note": ""}


def make_report() -> dict:
    ident, created = STATE.new_id(), now()
    reporter, target = account("1", "alice", created), account("2", "spammer", created)
    return {"id": ident, "action_taken": False, "category": "spam", "comment": "buy now", "forwarded": False,
            "created_at": created, "updated_at": created, "account": {"id": "1", "username": "alice", "account": reporter},
            "target_account": {"id": "2", "username": "spammer", "account": target}, "assigned_account": None,
            "statuses": [], "rules": [], "_reporter": reporter, "_target": target}


def make_sign_up() -> dict:
    ident, created = STATE.new_id(), now()
    username = f"newcomer{ident}"
    return {"id": ident, "username": username, "domain": None, "created_at": created, "email": f"{username}@example.invalid",
            "ip": "192.0.2.1", "approved": False, "confirmed": True, "invite_request": "I run a birding forum.",
            "account": account(ident, username, created)}


def admin_view(item: dict) -> dict:
    return {k: v for k, v in item.items() if not k.startswith("_")}


def notification_event(kind: str, item: dict) -> bytes:
    if kind == "report":
        payload = {"id": "n" + item["id"], "type": "admin.report", "created_at": item["created_at"], "account": item["_reporter"],
                   "report": {"id": item["id"], "action_taken": False, "category": item["category"], "comment": item["comment"],
                              "forwarded": False, "created_at": item["created_at"], "status_ids": ["9001", "9002"], "rule_ids": [],
                              "target_account": item["_target"]}}
    else:
        payload = {"id": "n" + item["id"], "type": "admin.sign_up", "created_at": item["created_at"], "account": item["account"]}
    return b"event: notification\ndata: " + json.dumps(payload).encode() + b"\n\n"


# What a real stream carries besides admin notifications, and what a hostile one might: a comment
# with control characters, an unknown event, a mention, data that is not JSON, a multi-line data field.
NOISE = (b":\x1b[31mred comment\x07\n\n"
         b"event: update\ndata: {\"id\": \"1\"}\n\n"
         b"event: notification\ndata: {\"id\": \"n1\", \"type\": \"mention\", \"account\": {\"id\": \"1\", \"acct\": \"alice\"}}\n\n"
         b"event: notification\ndata: {not json\n\n"
         b"event: notification\r\ndata: {\"type\":\r\ndata: \"admin.report\"}\r\n\r\n")


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:
        pass

    def send_json(self, value, status: int = 200) -> None:
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def fixture(self, name: str):
        host = f"127.0.0.1:{self.server.server_address[1]}"
        text = (FIXTURES / name).read_text().replace("{{base}}", f"http://{host}").replace("{{host}}", host)
        return json.loads(text)

    def do_GET(self) -> None:
        path = urlsplit(self.path).path
        if path == "/.well-known/nodeinfo":
            return self.send_json(self.fixture("well-known-nodeinfo.json"))
        if path == "/nodeinfo/2.0":
            return self.send_json(self.fixture("nodeinfo-2.0.json"))
        if path in ("/api/v2/instance", "/api/v1/instance"):
            instance = self.fixture(path.split("/")[2] == "v2" and "instance-v2.json" or "instance-v1.json")
            ws = f"ws://127.0.0.1:{self.server.server_address[1]}"
            if "configuration" in instance and "urls" in instance["configuration"]:
                instance["configuration"]["urls"]["streaming"] = ws
            if "urls" in instance:
                instance["urls"]["streaming_api"] = ws
            return self.send_json(instance)
        if path == "/api/v1/accounts/verify_credentials":
            return self.send_json(account("3", "admin", now()))
        if path == "/api/v1/admin/reports":
            with STATE.lock:
                return self.send_json([admin_view(r) for r in STATE.reports])
        if path in ("/api/v2/admin/accounts", "/api/v1/admin/accounts"):
            with STATE.lock:
                return self.send_json(list(STATE.sign_ups))
        if path == "/_sse/state":
            with STATE.lock:
                return self.send_json({"connections": STATE.connections, "replays": STATE.replays,
                                       "items": len(STATE.reports) + len(STATE.sign_ups), "authorized": STATE.authorized})
        if path == "/api/v1/streaming/user/notification":
            return self.stream()
        self.send_json({"error": "Not Found"}, 404)

    def do_POST(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        if length:
            self.rfile.read(length)
        path = urlsplit(self.path).path
        events = []
        with STATE.lock:
            if path in ("/_sse/report", "/_sse/burst"):
                report = make_report()
                STATE.reports.append(report)
                events.append(("report", report))
            if path in ("/_sse/sign-up", "/_sse/burst"):
                sign_up = make_sign_up()
                STATE.sign_ups.append(sign_up)
                events.append(("sign-up", sign_up))
            if not events:
                return self.send_json({"error": "Not Found"}, 404)
            for subscriber in STATE.subscribers:
                subscriber.put(("burst" if path == "/_sse/burst" else "events", events))
        self.send_json({"ids": [item["id"] for _, item in events]})

    def stream(self) -> None:
        if OPTIONS.no_streaming:
            return self.send_json({"error": "Streaming is not enabled"}, 404)
        mailbox: queue.Queue = queue.Queue()
        with STATE.lock:
            STATE.connections += 1
            if not (self.headers.get("Authorization") or "").startswith("Bearer "):
                STATE.authorized = False
            backlog = ([("report", r) for r in STATE.reports] + [("sign-up", s) for s in STATE.sign_ups]) if STATE.dropped else []
            STATE.subscribers.append(mailbox)
        self.close_connection = True
        try:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(b":connected\n\n" + NOISE)
            if backlog:
                self.wfile.write(b"".join(notification_event(kind, item) for kind, item in backlog))
                with STATE.lock:
                    STATE.replays += 1
            self.wfile.flush()
            while True:
                try:
                    what, events = mailbox.get(timeout=OPTIONS.heartbeat)
                except queue.Empty:
                    self.wfile.write(b":thump\n\n")
                    self.wfile.flush()
                    continue
                if what == "burst":
                    whole = notification_event(*events[0])
                    cut = notification_event(*events[1])
                    # Byte by byte across the event boundary, then the connection drops mid-event.
                    for piece in (whole[:7], whole[7:30], whole[30:], b":thump\n\n", cut[: len(cut) // 2]):
                        self.wfile.write(piece)
                        self.wfile.flush()
                    with STATE.lock:
                        STATE.dropped = True
                    return
                self.wfile.write(b"".join(notification_event(kind, item) for kind, item in events))
                self.wfile.flush()
        except (BrokenPipeError, ConnectionResetError):
            return
        finally:
            with STATE.lock:
                if mailbox in STATE.subscribers:
                    STATE.subscribers.remove(mailbox)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--heartbeat", type=float, default=15.0, help="seconds between ':thump' comments")
    parser.add_argument("--no-streaming", action="store_true", help="answer the stream 404, as a server with streaming off")
    parser.parse_args(namespace=OPTIONS)
    server = ThreadingHTTPServer(("127.0.0.1", OPTIONS.port), Handler)
    server.daemon_threads = True
    print(f"PORT {server.server_address[1]}", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
