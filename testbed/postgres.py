"""A throwaway PostgreSQL cluster for the tests: initdb in a temp dir, pg_ctl on loopback.

Debian's `postgresql` package provides the binaries (scripts/setup.sh installs it where
missing). PostgreSQL refuses to run as root, and the tests run as root on CI: then the
cluster belongs to the `postgres` system user (the package creates it) and its commands
run as that user; the data folder lives in a fresh directory under the system temp dir
that user can reach. Nothing is skipped: without the binaries the fixture fails.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
import time
import uuid
from pathlib import Path

from server.storage.embedded import free_port


def pg_bin(name: str) -> str:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    path = found[0] if found else shutil.which(name)
    if not path:
        raise RuntimeError(f"PostgreSQL's {name} is missing: run `bash scripts/setup.sh postgres`")
    return path


class TempPostgres:
    def __init__(self) -> None:
        self.dir = Path(tempfile.mkdtemp(prefix="longhall-pg-"))
        self.port = free_port()
        self.user: str | None = "postgres" if os.geteuid() == 0 else None
        if self.user:
            pw = pwd.getpwnam(self.user)
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)

    def _run(self, *args: str, timeout: float = 60) -> None:
        subprocess.run(args, check=True, timeout=timeout, user=self.user, capture_output=True, cwd=self.dir)

    def start(self) -> TempPostgres:
        data = self.dir / "data"
        self._run(pg_bin("initdb"), "-D", str(data), "-U", "longhall", "--auth=trust", "-E", "UTF8", "--no-sync")
        opts = (
            f"-h 127.0.0.1 -p {self.port} -k {self.dir} -c fsync=off -c synchronous_commit=off -c max_connections=200"
        )
        self._run(pg_bin("pg_ctl"), "-D", str(data), "-l", str(self.dir / "log"), "-o", opts, "-w", "start")
        return self

    def stop(self) -> None:
        try:
            self._run(pg_bin("pg_ctl"), "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://longhall@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        name = "t_" + uuid.uuid4().hex[:12]
        deadline = time.monotonic() + 10
        while True:
            try:
                subprocess.run([pg_bin("psql"), "-q", self.url(), "-c", f"CREATE DATABASE {name}"],
                               check=True, capture_output=True, timeout=30)  # fmt: skip
                return self.url(name)
            except subprocess.CalledProcessError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
