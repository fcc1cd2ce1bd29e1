#!/usr/bin/env python3
"""A fake Mastodon 4.3 holding many admin accounts, for streaming tests and bench/scale.

Serves detection (nodeinfo, /api/v2/instance) and /api/v2/admin/accounts in pages of --page,
newest first, the next page in a Link header (max_id), over HTTP/1.1 keep-alive. Every page is
rendered at start-up, so serving costs the same for every client. Prints `PORT <n>` once listening.

--hold-last: the last page is held until `POST /__release` arrives, so a test can show that the
first rows reached it before the list ended. --latency MS: every page of accounts is held that long
(a server on another machine; a sleep, so it costs the server no CPU). Python 3.11 standard library only.
"""
import argparse, json, threading, time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

parser = argparse.ArgumentParser()
parser.add_argument("--accounts", type=int, default=50_000)
parser.add_argument("--page", type=int, default=100)
parser.add_argument("--port", type=int, default=0)
parser.add_argument("--hold-last", action="store_true")
parser.add_argument("--latency", type=float, default=0, help="milliseconds every page of accounts is held")
args = parser.parse_args()

FIRST_ID = 110_000_000_000_000_000
released = threading.Event()


def account(i, origin):
    ident = str(FIRST_ID + args.accounts - i)  # newest (highest id) first
    name = f"user{i}"
    day = f"2024-{1 + i % 12:02d}-{1 + i % 28:02d}"
    created = f"{day}T{i % 24:02d}:{i % 60:02d}:{(i * 7) % 60:02d}.{i % 1000:03d}Z"
    return {
        "id": ident, "username": name, "domain": None, "created_at": created,
        "email": f"{name}@example.test", "ip": f"10.{i // 65536 % 256}.{i // 256 % 256}.{i % 256}",
        "ips": [{"ip": f"10.0.{i // 256 % 256}.{i % 256}", "used_at": created}], "locale": "en",
        "invite_request": "I moderate a book club" if i % 10 == 0 else None,
        "role": {"id": "-99", "name": "", "permissions": "0", "color": "", "highlighted": False},
        "confirmed": True, "approved": i % 10 != 0, "disabled": i % 97 == 0, "silenced": i % 53 == 0,
        "suspended": False, "sensitized": False,
        "account": {
            "id": ident, "username": name, "acct": name, "display_name": f"User Number {i} \u2728",
            "locked": False, "bot": i % 50 == 0, "discoverable": True, "group": False, "created_at": created,
            "note": f"<p>Hello, I am user {i}. I post about <a href=\"{origin}/tags/cats\">#cats</a>.</p>",
            "url": f"{origin}/@{name}", "uri": f"{origin}/users/{name}",
            "avatar": f"{origin}/avatars/original/missing.png", "avatar_static": f"{origin}/avatars/original/missing.png",
            "header": f"{origin}/headers/original/missing.png", "header_static": f"{origin}/headers/original/missing.png",
            "followers_count": i % 1000, "following_count": i % 300, "statuses_count": i % 5000,
            "last_status_at": day, "emojis": [], "fields": [], "indexable": False, "hide_collections": None,
            "roles": [], "moved": None, "suspended": None, "limited": None,
        },
        "created_by_application_id": None, "invited_by_account_id": None,
    }


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *a):
        pass

    def send(self, body, status=200, headers=()):
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        for k, v in headers:
            self.send_header(k, v)
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self):
        if self.path == "/__release":
            released.set()
            self.send_response(204); self.send_header("Content-Length", "0"); self.end_headers()
        else:
            self.send(b'{"error":"not found"}', 404)

    def do_GET(self):
        path, _, query = self.path.partition("?")
        if path in ("/api/v2/admin/accounts", "/api/v1/admin/accounts"):
            params = dict(p.partition("=")[::2] for p in query.split("&") if p)
            if args.latency:
                time.sleep(args.latency / 1000)
            # max_id is the last id seen: the next account's index follows from it.
            start = FIRST_ID + args.accounts - int(params["max_id"]) + 1 if "max_id" in params else 0
            index = start // args.page
            if index >= len(self.server.pages):
                return self.send(b"[]")
            body, has_next = self.server.pages[index]
            if args.hold_last and not has_next:
                released.wait()
            headers = []
            if has_next:
                last_id = FIRST_ID + args.accounts - ((index + 1) * args.page - 1)
                headers.append(("Link", f'<{self.server.origin}{path}?limit={args.page}&max_id={last_id}>; rel="next"'))
            return self.send(body, headers=headers)
        documents = self.server.documents
        if path in documents:
            return self.send(documents[path])
        self.send(b'{"error":"Record not found"}', 404)


server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
server.daemon_threads = True
port = server.server_address[1]
origin = f"http://127.0.0.1:{port}"
server.origin = origin
server.pages = []
for first in range(0, args.accounts, args.page):
    rows = [account(i, origin) for i in range(first, min(first + args.page, args.accounts))]
    server.pages.append((json.dumps(rows).encode(), first + args.page < args.accounts))
server.documents = {
    "/.well-known/nodeinfo": json.dumps({"links": [{"rel": "http://nodeinfo.diaspora.software/ns/schema/2.0",
                                                    "href": f"{origin}/nodeinfo/2.0"}]}).encode(),
    "/nodeinfo/2.0": json.dumps({"version": "2.0", "software": {"name": "mastodon", "version": "4.3.0"},
                                 "protocols": ["activitypub"], "usage": {"users": {"total": args.accounts}},
                                 "openRegistrations": True, "metadata": {}}).encode(),
    "/api/v2/instance": json.dumps({"domain": f"127.0.0.1:{port}", "title": "Many accounts", "version": "4.3.0",
                                    "source_url": "https://github.com/mastodon/mastodon", "description": "",
                                    "usage": {"users": {"active_month": args.accounts}}, "languages": ["en"],
                                    "configuration": {"urls": {}}, "registrations": {"enabled": False},
                                    "api_versions": {"mastodon": 2}}).encode(),
}
print(f"PORT {port}", flush=True)
server.serve_forever()
