#!/usr/bin/env python3
"""The peer for bench/scale: every admin account, one keep-alive connection, one JSON line each."""
import http.client, json, re, sys
from urllib.parse import urlsplit

base, token = sys.argv[1], sys.argv[2]
origin = urlsplit(base)
connection = http.client.HTTPConnection(origin.hostname, origin.port)
path = "/api/v2/admin/accounts?limit=100"
out = sys.stdout
while path:
    connection.request("GET", path, headers={"Authorization": f"Bearer {token}"})
    response = connection.getresponse()
    page = json.loads(response.read())
    assert response.status == 200, response.status
    for account in page:
        out.write(json.dumps(account) + "\n")
    link = re.search(r'<([^>]+)>;\s*rel="next"', response.getheader("Link") or "")
    path = urlsplit(link.group(1))._replace(scheme="", netloc="").geturl() if link else None
