"""An unknown flag after a subcommand is that subcommand's error: its name, in one line
(``allegiance play: error: unrecognized arguments: --foo; see 'allegiance play --help'``),
exit status 2."""

from __future__ import annotations

import pytest

from client import cli

#: Every registered subcommand (``scenario`` through its own subcommand, which it needs).
COMMANDS = [[name] for name in cli.PLANNED if name != "scenario"] + [["scenario", "run", "x.toml"]]


@pytest.mark.parametrize("words", COMMANDS, ids=" ".join)
@pytest.mark.parametrize("extra", [["--foo"], ["--foo", "bar"]])
def test_an_unknown_flag_is_reported_by_the_subcommand(
    words: list[str], extra: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    command = " ".join(w for w in words if not w.endswith(".toml"))
    with pytest.raises(SystemExit) as exc:
        cli.main([*words, *extra])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith(f"allegiance {command}: error: unrecognized arguments: --foo"), err
    assert err.count("\n") == 1 and f"see 'allegiance {command} --help'" in err, err
    assert "Traceback" not in err


def test_an_unknown_flag_before_the_subcommand_is_the_top_level_error(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["--foo", "play"])
    assert exc.value.code == 2
    assert "allegiance: error: unrecognized arguments: --foo" in capsys.readouterr().err


def test_known_flags_still_parse() -> None:
    """Nothing is refused that was accepted: ``serve``'s flags reach its namespace."""
    parser = cli.build_parser(cli.load_subcommands(cli.SUBCOMMANDS))
    args = parser.parse_args(["serve", "--port", "9000", "--db", "x.db"])
    assert (args.command, args.port, args.db) == ("serve", 9000, "x.db")
