#!/usr/bin/env python3
"""mastodon_mock on a port it binds itself (run with the venv's python).

Usage:
    python Tests/Fixtures/mastodon_mock_port0.py [--first-id N] -- SERVE-ARGUMENTS...

Binds 127.0.0.1:0 before anything else, prints exactly one line "PORT <n>" on stdout, and serves
`mastodon_mock serve SERVE-ARGUMENTS --host 127.0.0.1 --port <n>` on that socket. Asking the kernel
for a free port and binding it later left a gap in which another process on a busy machine took
the port, and a test then talked to a stranger ("Record not found" from the wrong server). With
the socket held from the start, nothing else can answer in its place.

--first-id starts mastodon_mock's id counter there, so two servers hand out the same ids.
"""

from __future__ import annotations

import itertools
import os
import socket
import sys


def main() -> None:
    arguments = sys.argv[1:]
    first_id = None
    if arguments[:1] == ["--first-id"]:
        first_id = int(arguments[1])
        arguments = arguments[2:]
    if arguments[:1] == ["--"]:
        arguments = arguments[1:]

    listener = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    listener.bind(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    import uvicorn
    import mastodon_mock.ids as ids
    from mastodon_mock.cli import main as mastodon_mock_main

    if first_id is not None:
        ids._counter = itertools.count(first_id)  # pylint: disable=protected-access

    def run_on_listener(app, **options) -> None:
        options.pop("host", None)
        options.pop("port", None)
        uvicorn.Server(uvicorn.Config(app, **options)).run(sockets=[listener])

    uvicorn.run = run_on_listener
    print(f"PORT {port}", flush=True)
    # Nobody reads stdout after the port: a full pipe would stall the server.
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    sys.argv = ["mastodon_mock", "serve", *arguments, "--host", "127.0.0.1", "--port", str(port)]
    mastodon_mock_main()


if __name__ == "__main__":
    main()
