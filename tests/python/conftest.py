import os
import re
import sys
from pathlib import Path

import pytest
from hypothesis import settings

sys.path.insert(0, str(Path(__file__).resolve().parent))

# ranx (the reference of the fused runs, test_fusion.py) compiles its functions with numba on first use: about 60 s of
# CPU in a fresh install, for a comparison that takes 2 s. Its code is run by the interpreter instead (numba reads
# this when it is first imported, which must be after this line; the bench keeps the JIT).
os.environ.setdefault("NUMBA_DISABLE_JIT", "1")

import jinja_cache  # noqa: E402
import validation_cache  # noqa: E402

# Jinja's parse of unchanged template text, and dbt's schema validations that passed, reused across the suite's dbt
# invocations (jinja_cache.py, validation_cache.py)
jinja_cache.install()
validation_cache.install()

# Hypothesis profile "ci", loaded when the environment variable CI is set (CI runners set CI=true): examples are
# derived from each test's name rather than drawn at random (derandomize=True), and no example database is read or
# written (database=None), so a property test that fails in CI fails the same way on a developer's machine with
# `CI=true pytest ...`; print_blob=True prints the @reproduce_failure blob of a failure as well; deadline=None
# because a shared CI machine's timing is no property of the package (a deadline failure would not reproduce).
# Settings a test passes explicitly (max_examples, suppress_health_check, ...) still apply on top of the profile:
# this module is imported before the test modules, whose settings(...) objects inherit from the loaded profile.
# Locally (CI unset) Hypothesis's default profile draws fresh random examples on every run.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True, deadline=None)
if os.environ.get("CI"):
    settings.load_profile("ci")

from harness import DbtProject, new_workdir, remove_workdir  # noqa: E402

# DuckDB, PostgreSQL and Spark engines for the parity and portability tests (each started once, on first use)
from engines import (  # noqa: E402,F401
    duckdb_engine, engine_workdir, postgres_engine, postgres_server, spark_engine,
)
# The demo build that test_bi_and_report.py and test_demo_and_consumer.py read (built once, on first use)
from demo_build import demo  # noqa: E402,F401


@pytest.fixture(scope="session")
def dbt_project():
    """One DuckDB file and one compile per set of vars for the whole session."""
    workdir = new_workdir()
    try:
        yield DbtProject(workdir)
    finally:
        remove_workdir(workdir)


# A Spark test's id names the engine as a parameter: test_x[spark], test_x[spark-defaults]. `-m spark` selects the
# same tests (each Spark parameter carries the mark), which the scheduler below cannot see: it gets ids only.
SPARK_TEST_ID = re.compile(r"\[(?:[^\]]*-)?spark(?:-[^\]]*)?\]$")


# Files that share a session fixture's work run in one unit, on one worker, so that work is done once a run: the
# portability gate compiles the three parity var sets on DuckDB and PostgreSQL, as the engine-parity tests do (six
# compiles of about 4 s each), and the demo tests read the BI tests' demo build (`demo`, a `dbt build` of 15-30 s).
# The engine-parity and portability files join the Spark unit ("spark"): its Spark tests compare with DuckDB, so they
# compile the three parity var sets on DuckDB and build the DuckDB demo (`duckdb_demo`) too, which a second worker
# running the rest of those files paid again (about 42 s of CPU, tests/README.md).
SAME_UNIT_AS = {"test_portability.py": "spark", "test_engine_parity.py": "spark",
                "test_demo_and_consumer.py": "test_bi_and_report.py"}


def unit_of(scope: str) -> str:
    """The scheduler's unit of a file's scope (its path): the file itself, or the unit SAME_UNIT_AS names."""
    name = scope.rsplit("/", 1)[-1]
    unit = SAME_UNIT_AS.get(name, name)
    return unit if unit == "spark" else scope[:len(scope) - len(name)] + unit


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """`make test` runs the suite on two pytest-xdist workers (`-n 2 --dist loadfile`, tests/README.md). With
    loadfile, every test of one file runs on one worker (so a module's fixtures, such as the demo build of
    test_bi_and_report.py, are built once); here the Spark tests of every file are one more unit of their own, with
    the files that compare with them (SAME_UNIT_AS), so that one worker starts Spark (a JVM, about 17 s, and both
    cores while it runs) and the other never does."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    # keep the collection's order (Spark first, then the files): by default xdist sorts the units by their number
    # of tests, which would put the seven Spark tests near the end
    config.option.loadscopereorder = False

    class FilesAndSparkScheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            if SPARK_TEST_ID.search(nodeid):
                return "spark"
            return unit_of(super()._split_scope(nodeid))

    return FilesAndSparkScheduling(config, log)


def pytest_collection_modifyitems(config, items):
    """On pytest-xdist's workers (which collect the tests; the scheduler gets their ids in this order) the Spark
    tests come first: the scheduler hands out its units in collection order, and the Spark unit is the longest
    (about a third of the suite), so it starts at once on one worker while the other works through the files.
    A run without workers keeps the files' order."""
    if os.environ.get("PYTEST_XDIST_WORKER"):
        items.sort(key=lambda item: 0 if SPARK_TEST_ID.search(item.nodeid) else 1)
