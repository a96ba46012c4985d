"""A throwaway PostgreSQL 15 server for the tests: initdb under a temp dir (default collation ICU en-US, not C: see
PostgresServer._locale_args), start on 127.0.0.1 on a free port, create a role and a database, stop by PID
afterwards. Nothing assumes a server is already running.

PostgreSQL refuses to run as root, so when we are root initdb and postgres run as the `postgres` OS user
(`runuser -u postgres --`), with the cluster's directories chowned to it.

    python tests/python/postgres_server.py run -- <command ...>   # start, run the command with PG* / SEARCH_METRICS_PG_*
                                                             # set, stop; exits with the command's status
    python tests/python/postgres_server.py start                  # start and print `export ...` lines (incl. the PID)
    python tests/python/postgres_server.py stop <base_dir>        # stop a server started with `start`, remove its dir

From Python (the pytest session fixture): `server = PostgresServer(); server.start(); ...; server.stop()`.
Binaries: $SEARCH_METRICS_PG_BIN, else /usr/lib/postgresql/15/bin, else the first initdb on PATH.
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_BIN_DIRS = ["/usr/lib/postgresql/15/bin"]
ROLE = "search_metrics"
PASSWORD = "search_metrics"
DATABASE = "search_metrics"


def find_bin_dir() -> Path:
    candidates = [os.environ.get("SEARCH_METRICS_PG_BIN", "")] + DEFAULT_BIN_DIRS
    for candidate in candidates:
        if candidate and (Path(candidate) / "initdb").exists():
            return Path(candidate)
    initdb = shutil.which("initdb")
    if initdb:
        return Path(initdb).parent
    raise RuntimeError("PostgreSQL binaries not found: set SEARCH_METRICS_PG_BIN to the directory holding initdb "
                       "(Debian: apt-get install postgresql-15)")


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PostgresServer:
    def __init__(self, base_dir: Path | None = None, port: int | None = None):
        self.bin_dir = find_bin_dir()
        self.base_dir = Path(base_dir) if base_dir else Path(tempfile.mkdtemp(prefix="search_metrics_pg_"))
        self.data_dir = self.base_dir / "data"
        self.socket_dir = self.base_dir / "socket"
        self.log_file = self.base_dir / "postgres.log"
        self.port = port or free_port()
        self.host = "127.0.0.1"
        self.user, self.password, self.database = ROLE, PASSWORD, DATABASE
        self.pid: int | None = None
        self._as_postgres = os.geteuid() == 0

    # -- helpers --------------------------------------------------------------------------------
    def _cmd(self, *args: str) -> list[str]:
        command = [str(self.bin_dir / args[0]), *args[1:]]
        return ["runuser", "-u", "postgres", "--", *command] if self._as_postgres else command

    def _run(self, *args: str) -> str:
        done = subprocess.run(self._cmd(*args), capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(args[:2])} failed ({done.returncode}): {done.stderr or done.stdout}")
        return done.stdout

    def env(self) -> dict[str, str]:
        """Connection settings for the profile (SEARCH_METRICS_PG_*) and for libpq tools (PG*)."""
        return {
            "SEARCH_METRICS_PG_HOST": self.host, "SEARCH_METRICS_PG_PORT": str(self.port),
            "SEARCH_METRICS_PG_USER": self.user, "SEARCH_METRICS_PG_PASSWORD": self.password,
            "SEARCH_METRICS_PG_DATABASE": self.database,
            "PGHOST": self.host, "PGPORT": str(self.port), "PGUSER": self.user, "PGPASSWORD": self.password,
            "PGDATABASE": self.database,
        }

    # -- lifecycle ------------------------------------------------------------------------------
    def start(self, timeout: float = 30.0, watch_pid: int | None = None) -> "PostgresServer":
        """Start the server. With watch_pid, a small watchdog process stops it (and removes its directory) as
        soon as that process is gone, so a killed test run leaves no server behind."""
        self.base_dir.mkdir(parents=True, exist_ok=True)
        self.data_dir.mkdir()
        self.socket_dir.mkdir()
        if self._as_postgres:
            # the postgres user must reach its directories: the temp dir's parents are world-traversable
            os.chmod(self.base_dir, 0o755)
            for path in (self.data_dir, self.socket_dir):
                shutil.chown(path, "postgres", "postgres")
            self.log_file.touch()
            shutil.chown(self.log_file, "postgres", "postgres")
        os.chmod(self.data_dir, 0o700)
        failures = []
        for locale_args in self._locale_candidates():
            try:
                self._run("initdb", "-D", str(self.data_dir), "-U", "postgres", "--auth=trust", "--encoding=UTF8",
                          *locale_args, "--no-sync")
                break
            except RuntimeError as error:  # e.g. "ICU is not supported in this build": initdb left the dir empty
                failures.append(str(error))
        else:
            shutil.rmtree(self.base_dir, ignore_errors=True)
            raise RuntimeError("no non-C collation for the test cluster (a C cluster would leave the package's "
                               "`collate \"C\"` path untested): PostgreSQL without ICU and no en_US.UTF-8 locale "
                               "(Debian: apt-get install locales && sed -i 's/^# *en_US.UTF-8/en_US.UTF-8/' "
                               "/etc/locale.gen && locale-gen). " + " | ".join(failures))
        log = open(self.log_file, "ab")
        process = subprocess.Popen(
            self._cmd("postgres", "-D", str(self.data_dir), "-p", str(self.port),
                      "-c", f"listen_addresses={self.host}", "-c", f"unix_socket_directories={self.socket_dir}",
                      "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off", "-c", "jit=off",
                      "-c", "max_connections=50"),
            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        self._process = process  # runuser's PID when we are root; the postmaster's is in postmaster.pid
        self.pid = process.pid
        deadline = time.monotonic() + timeout
        while True:
            ready = subprocess.run([str(self.bin_dir / "pg_isready"), "-h", self.host, "-p", str(self.port),
                                    "-U", "postgres", "-q"])
            if ready.returncode == 0:
                self.pid = _read_pid(self.data_dir) or process.pid
                break
            if process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"PostgreSQL did not start; log:\n{self._log_tail()}")
            time.sleep(0.1)
        self._psql(f"create role {self.user} login superuser password '{self.password}'")
        self._psql(f"create database {self.database} owner {self.user}")
        if watch_pid:
            self._watchdog = subprocess.Popen([sys.executable, __file__, "watch", str(watch_pid), str(self.base_dir)],
                                              stdin=subprocess.DEVNULL, start_new_session=True)
        return self

    def _locale_candidates(self) -> list[list[str]]:
        """initdb's locale options, in order of preference: a default collation that is NOT code-point order, so
        that text the package must order by code point goes through binary_order (postgres__: `collate "C"`), as
        on a production server with a real locale. ICU's en-US (PostgreSQL 15 built with ICU, as Debian's is),
        else a libc en_US.UTF-8 locale when the machine has one. test_engine_parity checks the database's
        collation."""
        libc = _libc_locales()
        ctype = next((name for name in ("C.UTF-8", "C.utf8") if name in libc), "C")
        candidates = [[f"--locale={ctype}", "--locale-provider=icu", "--icu-locale=en-US"]]
        candidates += [[f"--locale={name}"] for name in ("en_US.UTF-8", "en_US.utf8") if name in libc]
        return candidates

    def _psql(self, sql: str) -> None:
        self._run("psql", "-h", self.host, "-p", str(self.port), "-U", "postgres", "-d", "postgres",
                  "-v", "ON_ERROR_STOP=1", "-q", "-c", sql)

    def _log_tail(self) -> str:
        try:
            return self.log_file.read_text()[-3000:]
        except OSError:
            return "(no log)"

    def stop(self, remove: bool = True) -> None:
        """Fast shutdown by the postmaster's PID (SIGINT, as `pg_ctl -m fast stop`), then remove the cluster.

        The PID is the postmaster's own (from postmaster.pid): runuser forks, so the process we started is
        its parent, which exits when the postmaster does."""
        pid = _read_pid(self.data_dir) or self.pid
        if pid:
            try:
                os.kill(pid, signal.SIGINT)
            except ProcessLookupError:
                pid = None
            deadline = time.monotonic() + 20
            while pid and _alive(pid) and time.monotonic() < deadline:
                time.sleep(0.05)
            if pid and _alive(pid):
                os.kill(pid, signal.SIGKILL)
        watchdog = getattr(self, "_watchdog", None)
        if watchdog is not None and watchdog.poll() is None:
            watchdog.terminate()
            watchdog.wait()
        process = getattr(self, "_process", None)
        if process is not None:
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        self.pid = None
        if remove:
            shutil.rmtree(self.base_dir, ignore_errors=True)


def _libc_locales() -> set[str]:
    try:
        return set(subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split())
    except OSError:
        return set()


def _read_pid(data_dir: Path) -> int | None:
    try:
        return int((Path(data_dir) / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def _alive(pid: int) -> bool:
    try:
        waited, _ = os.waitpid(pid, os.WNOHANG)
        if waited == pid:
            return False
    except ChildProcessError:
        pass
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("run", "start", "stop", "watch"):
        print(__doc__, file=sys.stderr)
        return 2
    if argv[0] in ("stop", "watch"):
        if argv[0] == "watch":  # internal: wait for the owner process to end, then stop its server
            owner = int(argv[1])
            argv = argv[1:]
            while _alive(owner):
                time.sleep(1)
        server = PostgresServer.__new__(PostgresServer)
        server.base_dir = Path(argv[1])
        server.data_dir = server.base_dir / "data"
        server.pid = None
        server.stop()
        return 0
    server = PostgresServer().start()
    if argv[0] == "start":
        for key, value in {**server.env(), "SEARCH_METRICS_PG_PID": str(server.pid),
                           "SEARCH_METRICS_PG_DIR": str(server.base_dir)}.items():
            print(f"export {key}={value}")
        return 0
    command = argv[1:]
    if command and command[0] == "--":
        command = command[1:]
    try:
        print(f"PostgreSQL {server.host}:{server.port} (pid {server.pid}, dir {server.base_dir})", file=sys.stderr)
        return subprocess.call(command, env={**os.environ, **server.env()}) if command else 0
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
