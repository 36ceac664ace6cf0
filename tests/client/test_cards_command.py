"""`allegiance cards`: the summary's counts, and each filter (deck, hero, cost, text)."""

from __future__ import annotations

import argparse

import pytest

from client.commands import cards


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], str]:
    parser = argparse.ArgumentParser()
    cards.add_arguments(parser)
    code = cards.run(parser.parse_args(list(argv)))
    out = capsys.readouterr()
    return code, out.out.splitlines(), out.err


def test_summary_counts(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, _ = _run(capsys, "--summary")
    assert code == 0
    counts = {k.strip(): v.split()[0] for k, v in (line.split(":", 1) for line in lines)}
    assert counts == {"heroes": "10", "basic units": "75", "elite units": "30",
                      "action cards": "75", "special cards": "70", "equipment cards": "20"}


def test_deck_and_cost_filters(capsys: pytest.CaptureFixture[str]) -> None:
    _, lines, _ = _run(capsys, "--deck", "action", "--cost", "0")
    assert lines[-1] == "1 card"
    assert "War Subsidy [action] x4" in lines[0]
    _, lines, _ = _run(capsys, "--deck", "basic", "--cost", "2")
    assert lines == [" 2g Village Conscript [basic unit · 2/2] x6", "1 card"]


def test_a_split_card_shows_and_matches_both_halves(capsys: pytest.CaptureFixture[str]) -> None:
    _, by_cost, _ = _run(capsys, "--deck", "action", "--cost", "2")
    _, by_text, _ = _run(capsys, "frost")
    line = next(x for x in by_cost if "Ember / Frost" in x)  # Frost costs 2, Ember 3
    assert by_text == [line, "1 card"]
    assert "Ember (3g): Deal 2 damage to target unit or hero. // Frost (2g):" in line


def test_text_search_reads_names_and_texts(capsys: pytest.CaptureFixture[str]) -> None:
    _, lines, _ = _run(capsys, "production rating")
    assert [line.split("]")[0].split(" ", 2)[-1] for line in lines[:-1]] == [
        "War Subsidy [action", "Tax Collector [basic unit · 1/3"]


def test_hero_filter_takes_part_of_a_name(capsys: pytest.CaptureFixture[str]) -> None:
    _, lines, _ = _run(capsys, "--hero", "de'soth")
    assert lines[-1] == "4 cards"  # two weapon faces, the armor, Revenant
    assert any("Revenant" in line for line in lines)
    _, lines, _ = _run(capsys, "--heroes", "--hero", "desoth")
    assert lines[0].startswith("Last Triarch De'Soth Pravus") and "health 38" in lines[0]
    assert not any(line.startswith("Hakor") for line in lines)


def test_unknown_hero_is_a_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, lines, err = _run(capsys, "--hero", "nobody")
    assert code == 2 and not lines
    assert "no hero matches 'nobody'" in err and "hakor_dajet" in err


def test_a_hero_filter_matching_two_heroes_names_them(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, lines, err = _run(capsys, "--hero", "the")
    assert code == 2 and not lines
    assert "matches more than one hero: oswin_the_third, thedric_egen" in err


def test_lines_name_the_card_type_in_the_rulebooks_words(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, lines, _ = _run(capsys, "--hero", "thrainor")
    assert "    Runic Aegis [armor · armor 4] — Exhaust: Heal 1 damage" in "\n".join(lines)
    assert "    Runehammer [weapon · attack 3] — " in "\n".join(lines)
    assert "    Clockwork Sentry [special basic unit · 1/4]" in lines
    assert "    Iron Colossus [special elite unit · 6/8]" in lines


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("--summary", "--deck", "basic"), "--summary counts every card; it takes no --deck"),
        (("--summary", "strike"), "it takes no search text"),
        (("--heroes", "--cost", "2"), "--deck and --cost filter cards"),
        (("--hero", ""), "--hero needs part of a hero's name or id"),
    ],
)
def test_options_that_would_be_ignored_are_refused(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], said: str
) -> None:
    code, lines, err = _run(capsys, *argv)
    assert code == 2 and lines == [] and said in err


def test_a_negative_cost_is_refused_by_the_parser(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        _run(capsys, "--cost", "-1")
    assert "a cost is 0 or more" in capsys.readouterr().err


def test_heroes_say_how_many_matched(capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(capsys, "--heroes", "zzz")[:2] == (0, ["0 heroes"])
    code, lines, _ = _run(capsys, "--heroes", "--hero", "gonde")
    assert code == 0 and lines[0].startswith("Magus Gondè Kyal") and lines[-1] == "1 hero"
