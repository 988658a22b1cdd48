"""The built web app as static files, with cache headers that fit Vite's output.

Vite names every bundled asset by its content hash (`assets/index-3f9a2c.js`), so such
a file never changes under its name: browsers may keep it a year without asking again.
`index.html` (and anything else unhashed) must be revalidated on every load, or a new
release would never reach a browser that cached the old page. Compression is the
app's GZipMiddleware.

The app is installable: its manifest goes out as `application/manifest+json`, and its
service worker (`sw.js`, scope "/") is revalidated on every check like `index.html` —
browsers look for a new worker at most a day apart whatever the header says, and a
worker cached longer would keep an old release's shell.
"""

from __future__ import annotations

import os

from starlette.responses import Response
from starlette.staticfiles import StaticFiles
from starlette.types import Scope

FOREVER = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"
MANIFEST = "application/manifest+json"
WORKER = "sw.js"


class WebFiles(StaticFiles):
    def file_response(self, full_path: str | os.PathLike[str], stat_result: os.stat_result, scope: Scope,
                      status_code: int = 200) -> Response:  # fmt: skip
        response = super().file_response(full_path, stat_result, scope, status_code)
        hashed = "/assets/" in str(full_path).replace(os.sep, "/")
        response.headers["Cache-Control"] = FOREVER if hashed else REVALIDATE
        name = os.path.basename(full_path)
        if name.endswith(".webmanifest"):
            response.headers["Content-Type"] = MANIFEST
        elif name == WORKER:
            response.headers["Content-Type"] = "text/javascript; charset=utf-8"
            response.headers["Service-Worker-Allowed"] = "/"
        return response
