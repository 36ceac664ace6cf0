"""``short_message``: what an error repeats of its sender's input is cut, the rest kept."""

from __future__ import annotations

from shared.protocol.errors import MESSAGE_LENGTH, VALUE_LENGTH, short_message


def test_a_long_quoted_value_is_cut_inside_its_quotes() -> None:
    said = f"unknown action kind {'x' * 4000!r}"
    assert short_message(said) == "unknown action kind '" + "x" * VALUE_LENGTH + "…'"


def test_a_value_repr_writes_in_double_quotes_is_cut_too() -> None:
    value = "it's " + "Z" * 100
    cut = short_message(f"unknown hero {value!r}; choose another")
    assert cut == 'unknown hero "' + value[:VALUE_LENGTH] + '…"; choose another'


def test_short_values_and_apostrophes_stay_as_they_are() -> None:
    said = "That table's game is over; you can't join 'K7QF3M', and that's all of it."
    assert short_message(said) == said
    long_words = "That table's " + "game " * 20 + "isn't open."
    assert short_message(long_words) == long_words


def test_a_message_too_long_anyway_is_cut_whole() -> None:
    said = "unknown format " + "Z" * 4000  # a value repeated unquoted
    cut = short_message(said)
    assert len(cut) == MESSAGE_LENGTH and cut.startswith("unknown format ZZZ")
    assert cut.endswith("…")


def test_a_quote_left_open_does_not_stop_the_cut() -> None:
    for said in ("bad value '" + "\\" * 3000, "bad value " + "\\'" * 3000, "'" * 9000):
        cut = short_message(said)
        assert len(cut) == MESSAGE_LENGTH and cut.endswith("…")
