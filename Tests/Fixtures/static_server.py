#!/usr/bin/env python3
"""Serves one directory's files on 127.0.0.1 (a blocklist a GoToSocial subscription fetches); prints PORT <n>."""
import functools
import http.server
import sys

handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
handler.log_message = lambda *args: None
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
print(f"PORT {server.server_address[1]}", flush=True)
server.serve_forever()
