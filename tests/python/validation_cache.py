"""Skip dbt's schema validation of data it has already validated in this test process.

Every parse validates each node, config and YAML entry against the JSON schema of its dataclass
(`dbtClassMixin.validate`: a Draft-7 validator built from the class's schema, then a search for a first error),
some 950 times per parse of this project. The suite runs dbt in-process a few hundred times, almost every time
with new vars, so dbt parses the whole project again each time, and most of what it validates is the same data as
in the parse before. A validation depends only on the class (its schema is fixed for the process: dbt caches it
per class) and on the data, and changes neither, so this module remembers which (class, data) pairs passed and
does not validate them again:

- the key is the data as nested tuples, with the type of every value (a tuple is not a JSON array to the
  validator, `1` is not `1.0` or `True`), in the dict's own key order (another order is only a miss);
- only dicts, lists, tuples, strings (dbt's string types and string enums too: the key holds their type and
  text), numbers, booleans and None are keyed; data holding anything else is validated every time, as is data
  that failed (its error is raised as before);
- a subclass that overrides `validate` and calls `super().validate(data)` (test configs, seeds) still runs its own
  checks every time; only the schema check is reused.

Install with `install()` before the first dbt invocation (conftest.py does); `SEARCH_METRICS_NO_VALIDATION_CACHE=1`
turns it off, to compare.
"""

import os

_passed: set = set()
_installed = False
_SCALARS = {str, int, float, bool, type(None)}


class _NotKeyable(Exception):
    pass


def _key(value):
    kind = type(value)
    if kind is dict:
        return dict, tuple((_key(k), _key(v)) for k, v in value.items())
    if kind is list or kind is tuple:
        return kind, tuple(_key(v) for v in value)
    if kind in _SCALARS:
        return kind, value
    if isinstance(value, str):  # dbt's string types and string enums (NodeType, Severity): the type and the text
        return kind, str.__str__(value)
    raise _NotKeyable


def install() -> None:
    global _installed
    if _installed or os.environ.get("SEARCH_METRICS_NO_VALIDATION_CACHE"):
        return
    _installed = True
    from dbt_common.dataclass_schema import dbtClassMixin

    original = dbtClassMixin.validate.__func__

    def validate(cls, data):
        try:
            key = (cls, _key(data))
        except _NotKeyable:
            return original(cls, data)
        if key in _passed:
            return None
        original(cls, data)
        _passed.add(key)
        return None

    dbtClassMixin.validate = classmethod(validate)
