#!/usr/bin/env python3
"""Self-check for the fixture flavours (Python 3.11 standard library only).

For every Tests/Fixtures/<flavour>/routes.json:
  * routes.json parses and follows the format (see README.md),
  * every referenced file exists, and JSON-typed bodies are valid JSON after placeholder substitution,
  * GET /.well-known/nodeinfo exists, and each nodeinfo href resolves to a route of this flavour,
  * the nodeinfo documents that answer 200 carry software.name and software.version,
  * files in the directory that no route uses are reported as warnings.
Then (unless --static-only) it starts fixture_server.py for each flavour and fetches the well-known
document, every nodeinfo href and /api/v1/instance over HTTP, checking status codes and the request log.

Usage: python3 Tests/Fixtures/check_fixtures.py [--static-only] [flavour ...]
Exit status 0 when everything passes, 1 otherwise.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
import fixture_server as fs  # noqa: E402

NODEINFO_RELS = {f"http://nodeinfo.diaspora.software/ns/schema/{v}" for v in ("1.0", "1.1", "2.0", "2.1")}
FAKE_BASE, FAKE_HOST = "http://127.0.0.1:1", "127.0.0.1:1"


def is_json_type(content_type: str) -> bool:
    mime = content_type.split(";")[0].strip().lower()
    return mime == "application/json" or mime.endswith("+json")


def responses_of(route: dict) -> list[dict]:
    return route["sequence"] if "sequence" in route else [route]


def check_static(directory: Path) -> tuple[list[str], list[str], dict]:
    errors: list[str] = []
    warnings: list[str] = []
    summary: dict = {}
    name = directory.name
    try:
        routes = fs.load_routes(directory)
    except fs.FixtureError as error:
        return [str(error)], warnings, summary

    used_files = {"routes.json"}
    all_responses: list[tuple[str, dict]] = []
    for key, route in routes.items():
        if key == "__unknown__":
            rules = route if isinstance(route, list) else [route]
            all_responses += [(f"__unknown__[{i}]", r) for i, r in enumerate(rules)]
        elif not key.startswith("__"):
            all_responses += [(key, r) for r in responses_of(route)]

    for key, response in all_responses:
        if "file" in response:
            used_files.add(response["file"])
        body = fs.render_body(response, directory, FAKE_BASE, FAKE_HOST).decode("utf-8")
        content_type = response.get("content_type") or ("application/json" if body else "")
        if body and is_json_type(content_type):
            try:
                json.loads(body)
            except json.JSONDecodeError as error:
                errors.append(f"{name}: {key}: body is not valid JSON after substitution: {error}")
        if "{{" in body and not key.startswith("__unknown__"):
            errors.append(f"{name}: {key}: unreplaced placeholder left in body")
        status = response.get("status", 200)
        if status == 204 and body:
            errors.append(f"{name}: {key}: status 204 with a body")

    for path in sorted(directory.iterdir()):
        if path.is_file() and path.name not in used_files:
            warnings.append(f"{name}: file {path.name} is not used by any route")

    well_known = routes.get("GET /.well-known/nodeinfo")
    if not well_known:
        errors.append(f"{name}: no 'GET /.well-known/nodeinfo' route")
        return errors, warnings, summary
    doc = json.loads(fs.render_body(responses_of(well_known)[0], directory, FAKE_BASE, FAKE_HOST))
    links = doc.get("links")
    if not isinstance(links, list) or not links:
        errors.append(f"{name}: well-known nodeinfo has no links")
        return errors, warnings, summary
    best = None
    for link in links:
        rel, href = link.get("rel", ""), link.get("href", "")
        if not href.startswith(FAKE_BASE + "/"):
            errors.append(f"{name}: nodeinfo href {href!r} does not start with {{{{base}}}}")
            continue
        path = href[len(FAKE_BASE):]
        route = routes.get(f"GET {path}")
        if route is None:
            errors.append(f"{name}: nodeinfo href {path} ({rel}) has no 'GET {path}' route")
            continue
        response = responses_of(route)[0]
        if response.get("status", 200) != 200:
            summary.setdefault("nodeinfo_failures", []).append(f"{path} -> {response.get('status')}")
            continue
        if rel not in NODEINFO_RELS:
            continue  # e.g. Friendica's own schema; clients ignore it
        info = json.loads(fs.render_body(response, directory, FAKE_BASE, FAKE_HOST))
        software = info.get("software", {})
        if not software.get("name") or not software.get("version"):
            errors.append(f"{name}: {path}: software.name/version missing")
            continue
        version = rel.rsplit("/", 1)[-1]
        if best is None or version > best[0]:
            best = (version, software["name"], software["version"], path)
    if best:
        summary["nodeinfo"] = f"{best[1]} {best[2]} (schema {best[0]} at {best[3]})"

    for key in ("GET /api/v2/instance", "GET /api/v1/instance"):
        route = routes.get(key)
        if route and responses_of(route)[0].get("status", 200) == 200:
            body = json.loads(fs.render_body(responses_of(route)[0], directory, FAKE_BASE, FAKE_HOST))
            summary[key.split()[1]] = body.get("version")
    meta = routes.get("POST /api/meta")
    if meta and responses_of(meta)[0].get("status", 200) == 200:
        summary["/api/meta"] = json.loads(fs.render_body(responses_of(meta)[0], directory, FAKE_BASE, FAKE_HOST)).get("version")
    return errors, warnings, summary


def fetch(base: str, method: str, path: str, body: bytes | None = None) -> tuple[int, str, bytes]:
    request = urllib.request.Request(base + path, data=body, method=method,
                                     headers={"Accept": "application/json", "User-Agent": "check_fixtures"})
    if body is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type", ""), error.read()


def check_live(directory: Path) -> list[str]:
    errors: list[str] = []
    name = directory.name
    process = subprocess.Popen([sys.executable, str(HERE / "fixture_server.py"), "--flavour", name],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline().strip()
        if not line.startswith("PORT "):
            return [f"{name}: server did not print 'PORT <n>' (got {line!r}; stderr: {process.stderr.read()})"]
        base = f"http://127.0.0.1:{int(line.split()[1])}"
        routes = fs.load_routes(directory)
        status, ctype, body = fetch(base, "GET", "/.well-known/nodeinfo")
        if status != 200:
            return [f"{name}: live GET /.well-known/nodeinfo -> {status}"]
        links = json.loads(body)["links"]
        for link in links:
            href = link["href"]
            if not href.startswith(base + "/"):
                errors.append(f"{name}: live href {href} is not on {base}")
                continue
            path = href[len(base):]
            expected = responses_of(routes[f"GET {path}"])[0].get("status", 200)
            status, ctype, body = fetch(base, "GET", path)
            if status != expected:
                errors.append(f"{name}: live GET {path} -> {status}, expected {expected}")
            elif status == 200 and not is_json_type(ctype):
                errors.append(f"{name}: live GET {path} content type {ctype!r}")
        for key in ("GET /api/v1/instance", "POST /api/meta"):
            method, path, _ = fs.parse_route_key(key)
            expected = responses_of(routes[key])[0].get("status", 200) if key in routes else None
            status, _, _ = fetch(base, method, path, b"{}" if method == "POST" else None)
            if expected is not None and status != expected:
                errors.append(f"{name}: live {key} -> {status}, expected {expected}")
        status, _, body = fetch(base, "GET", "/__fixture/requests")
        recorded = json.loads(body)
        if status != 200 or any(r["path"].startswith("/__fixture/") for r in recorded):
            errors.append(f"{name}: request log wrong: {status} {recorded!r:.200}")
        if recorded and recorded[0]["path"] != "/.well-known/nodeinfo":
            errors.append(f"{name}: first recorded request is {recorded[0]['path']}")
        status, _, _ = fetch(base, "DELETE", "/__fixture/requests")
        _, _, body = fetch(base, "GET", "/__fixture/requests")
        if status != 204 or json.loads(body) != []:
            errors.append(f"{name}: DELETE /__fixture/requests did not clear the log")
    finally:
        process.terminate()
        process.wait(timeout=5)
    return errors


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--static-only", action="store_true", help="skip starting the server")
    parser.add_argument("flavours", nargs="*", help="flavours to check (default: all)")
    args = parser.parse_args()
    flavours = args.flavours or fs.available_flavours()
    failed = False
    for flavour in flavours:
        directory = HERE / flavour
        errors, warnings, summary = check_static(directory)
        if not errors and not args.static_only:
            errors += check_live(directory)
        for warning in warnings:
            print(f"warning: {warning}")
        for error in errors:
            print(f"error: {error}")
        failed |= bool(errors)
        details = "; ".join(f"{k}: {v}" for k, v in summary.items())
        print(f"{'FAIL' if errors else 'ok  '} {flavour:22} {details}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
