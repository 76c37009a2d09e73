"""A throwaway PostgreSQL server from Debian's package, in a temporary folder, on loopback.

Found under /usr/lib/postgresql/<version>/bin; if it is not there and this runs as
root with apt-get, the `postgresql` package is installed first. initdb refuses to
run as root, so as root the cluster belongs to the `postgres` user (made by the
package) and its programs run through `runuser`.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.serve_process import free_port


class Unavailable(Exception):
    """Why no PostgreSQL server can be started here (the test skips, saying this)."""


def _bin_dir() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=_version)
    return Path(found[-1]).parent if found else None


def _version(path: str) -> int:
    part = Path(path).parent.parent.name
    return int(part) if part.isdigit() else 0


def find_or_install() -> Path:
    """The folder of PostgreSQL's programs, installing Debian's package if need be."""
    found = _bin_dir()
    if found is not None:
        return found
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        raise Unavailable("PostgreSQL is not installed (apt-get install postgresql) and cannot be")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (
        ["apt-get", "install", "-y", "--no-install-recommends", "postgresql"],
        ["apt-get", "update"],
        ["apt-get", "install", "-y", "--no-install-recommends", "postgresql"],
    ):
        done = subprocess.run(command, env=env, capture_output=True, timeout=300)
        if done.returncode == 0 and _bin_dir() is not None:
            break
    found = _bin_dir()
    if found is None:
        raise Unavailable("apt-get could not install PostgreSQL")
    return found


def _as_owner() -> tuple[list[str], str | None]:
    """The command prefix that runs PostgreSQL's programs, and the user who owns the cluster."""
    if os.geteuid() != 0:
        return [], None
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise Unavailable("running as root and there is no postgres user for initdb") from None
    runner = shutil.which("runuser")
    if runner is not None:
        return [runner, "-u", "postgres", "--"], "postgres"
    raise Unavailable("running as root and runuser is missing: initdb refuses root")


@contextmanager
def postgres_server() -> Iterator[str]:
    """Start a PostgreSQL cluster of its own; yield a SQLAlchemy URL; stop and remove it."""
    bin_dir = find_or_install()
    prefix, owner = _as_owner()
    home = Path(tempfile.mkdtemp(prefix="sleuth-pg-"))
    data = home / "data"
    port = free_port()
    try:
        if owner is not None:
            home.chmod(0o755)
            shutil.chown(home, owner)

        def run(*args: str) -> None:
            done = subprocess.run([*prefix, *args], capture_output=True, timeout=60)
            if done.returncode != 0:
                raise RuntimeError(f"{args[0]} failed: {done.stderr.decode(errors='replace')}")

        run(str(bin_dir / "initdb"), "-D", str(data), "-U", "sleuth", "-A", "trust", "--no-sync")
        # Loopback only, its socket in its own folder; fsync off: the test kills the game
        # servers, never PostgreSQL.
        settings = f"-c listen_addresses=127.0.0.1 -p {port} -k {home} -c fsync=off"
        run(str(bin_dir / "pg_ctl"), "-D", str(data), "-o", settings, "-w", "-t", "30",
            "-l", str(home / "log"), "start")  # fmt: skip
        try:
            yield f"postgresql+psycopg://sleuth@127.0.0.1:{port}/postgres"
        finally:
            subprocess.run([*prefix, str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate",
                            "-w", "stop"], capture_output=True, timeout=60)  # fmt: skip
    finally:
        shutil.rmtree(home, ignore_errors=True)
