"""The suite's cache of dbt's schema validations (validation_cache.py) reuses only what passed: data that fails
raises every time, and a value is keyed with its type, so no other data is taken for data that passed."""

import pytest
from dbt.artifacts.resources.v1.config import TestConfig
from dbt.node_types import NodeType
from dbt_common.dataclass_schema import ValidationError

import validation_cache


class Text(str):
    pass


@pytest.fixture(autouse=True)
def installed():
    validation_cache.install()  # conftest installs it for the suite; this makes the test independent of that
    assert validation_cache._installed, "SEARCH_METRICS_NO_VALIDATION_CACHE is set: nothing to test"


def test_data_that_failed_raises_every_time_and_data_that_passed_is_kept():
    good = {"severity": "warn", "store_failures": True}
    TestConfig.validate(good)
    assert (TestConfig, validation_cache._key(good)) in validation_cache._passed
    bad = {"severity": "warn", "store_failures": "yes"}  # a string where the schema wants a boolean
    for _ in range(2):
        with pytest.raises(ValidationError):
            TestConfig.validate(bad)
    assert (TestConfig, validation_cache._key(bad)) not in validation_cache._passed
    # a subclass's own checks still run on data whose schema check passed before
    for _ in range(2):
        with pytest.raises(ValidationError, match="materialized value of 'test'"):
            TestConfig.validate({**good, "materialized": "table"})


def test_keys_tell_types_apart():
    key = validation_cache._key
    assert key({"a": [1]}) != key({"a": (1,)})
    assert key([1]) != key([1.0]) != key([True])
    assert key("model") != key(Text("model")) != key(NodeType.Model)
    assert key(NodeType.Model) == key(NodeType("model"))
    with pytest.raises(validation_cache._NotKeyable):
        key({"a": object()})
