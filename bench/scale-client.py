#!/usr/bin/env python3
"""The peers for bench/scale, on one keep-alive connection: every admin account as one JSON line each
(FIELDS, comma-separated, keeps those keys only; `acct` is the profile's), or with `--read-only` the
pages read and nothing decoded or written: the server's own floor."""
import http.client, json, re, sys
from urllib.parse import urlsplit

read_only = "--read-only" in sys.argv
base, token, *rest = [a for a in sys.argv[1:] if a != "--read-only"]
fields = rest[0].split(",") if rest else None
origin = urlsplit(base)
connection = http.client.HTTPConnection(origin.hostname, origin.port)
path = "/api/v2/admin/accounts?limit=100"
out = sys.stdout
while path:
    connection.request("GET", path, headers={"Authorization": f"Bearer {token}"})
    response = connection.getresponse()
    body = response.read()
    assert response.status == 200, response.status
    if read_only:
        out.write("%d\n" % (body.count(b'"username"') // 2))  # a line per page: its account count
    else:
        for account in json.loads(body):
            if fields:
                account["acct"] = account["account"]["acct"]
                account = {key: account[key] for key in fields}
            out.write(json.dumps(account) + "\n")
    link = re.search(r'<([^>]+)>;\s*rel="next"', response.getheader("Link") or "")
    path = urlsplit(link.group(1))._replace(scheme="", netloc="").geturl() if link else None
