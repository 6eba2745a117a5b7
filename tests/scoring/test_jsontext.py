"""JSON a person hands over, or a row read back: nested deeper than the companion ever writes is refused before it
is parsed (brackets inside strings do not count), with the place named."""
from __future__ import annotations

import pytest

from scoring import jsontext
from scoring.errors import InputError


def test_nesting_beyond_the_bound_is_refused_before_parsing_and_strings_do_not_count() -> None:
    deep = jsontext.DEPTH
    assert jsontext.loads("[" * deep + "]" * deep, "f") is not None
    assert jsontext.loads('["' + "[{" * 5000 + '"]', "f") == ["[{" * 5000]
    assert jsontext.loads('{"a": "\\"[[["}', "f") == {"a": '"[[['}
    for text in ("[" * (deep + 1) + "]" * (deep + 1), "[" * 100_000, '{"a":' * 50_000):
        with pytest.raises(InputError, match="f: nested too deeply to be read"):
            jsontext.loads(text, "f")
