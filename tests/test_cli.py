"""The ``allegiance`` command: version, help, errors and the subcommand registry."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from client import cli

SCRIPT = Path(sys.executable).parent / "allegiance"


def _fake_subcommand(name: str, calls: list[argparse.Namespace]) -> types.ModuleType:
    module = types.ModuleType(f"fake_commands.{name}")
    module.NAME = name  # type: ignore[attr-defined]
    module.HELP = f"the {name} fake"  # type: ignore[attr-defined]

    def add_arguments(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--seats", type=int, default=2, help="how many seats")

    def run(args: argparse.Namespace) -> int:
        calls.append(args)
        return 0

    module.add_arguments = add_arguments  # type: ignore[attr-defined]
    module.run = run  # type: ignore[attr-defined]
    return module


@pytest.fixture
def fake_registry(monkeypatch: pytest.MonkeyPatch) -> list[argparse.Namespace]:
    """Register two fake subcommands, ``play`` and ``sim``, in place of the real list."""
    calls: list[argparse.Namespace] = []
    for name in ("play", "sim"):
        monkeypatch.setitem(sys.modules, f"fake_commands.{name}", _fake_subcommand(name, calls))
    monkeypatch.setattr(cli, "SUBCOMMANDS", ["fake_commands.play", "fake_commands.sim"])
    return calls


def test_version_prints_the_distribution_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == "allegiance 0.1.0"


def test_help_lists_exactly_the_registered_subcommands(
    fake_registry: list[argparse.Namespace], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["--help"])
    assert exc.value.code == 0
    out = capsys.readouterr().out
    assert "the play fake" in out and "the sim fake" in out
    assert "replay" not in out


def test_subcommand_help_describes_its_flags(
    fake_registry: list[argparse.Namespace], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["sim", "--help"])
    assert exc.value.code == 0
    assert "--seats" in capsys.readouterr().out


def test_bad_flag_is_a_one_line_error_with_exit_2(
    fake_registry: list[argparse.Namespace], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["sim", "--no-such-flag"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "unrecognized arguments: --no-such-flag" in err
    assert "Traceback" not in err


def test_unknown_subcommand_is_refused_with_exit_2(
    fake_registry: list[argparse.Namespace], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(["teleport"])
    assert exc.value.code == 2
    assert "invalid choice: 'teleport'" in capsys.readouterr().err


def test_planned_but_unbuilt_subcommand_says_so(
    fake_registry: list[argparse.Namespace], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["replay", "game.db"]) == 2
    err = capsys.readouterr().err
    assert "'replay' is not built yet" in err
    assert "Traceback" not in err


def test_subcommand_runs_with_its_parsed_flags(fake_registry: list[argparse.Namespace]) -> None:
    assert cli.main(["sim", "--seats", "4"]) == 0
    assert [args.seats for args in fake_registry] == [4]


def test_bare_command_runs_play(fake_registry: list[argparse.Namespace]) -> None:
    assert cli.main([]) == 0
    assert [args.command for args in fake_registry] == ["play"]


def test_bare_command_without_play_explains_itself(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "SUBCOMMANDS", [])
    assert cli.main([]) == 1
    assert "not built yet" in capsys.readouterr().err


def test_broken_module_is_skipped_with_a_warning(
    fake_registry: list[argparse.Namespace],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setattr(cli, "SUBCOMMANDS", [*cli.SUBCOMMANDS, "fake_commands.absent"])
    assert cli.main(["sim"]) == 0
    assert "fake_commands.absent: cannot be imported" in capsys.readouterr().err


def test_every_registered_subcommand_loads_and_describes_every_flag() -> None:
    for module_path in cli.SUBCOMMANDS:
        cmd = cli.load_subcommand(module_path)  # raises, naming the module, if it is broken
        assert cmd.module == f"client.commands.{cmd.name}"
        assert cmd.help
        parser = argparse.ArgumentParser(prog=f"allegiance {cmd.name}")
        cmd.add_arguments(parser)
        undescribed = [a.dest for a in parser._actions if not a.help]
        assert not undescribed, f"{cmd.name}: flags without help: {undescribed}"


def test_registered_names_are_unique_and_planned() -> None:
    planned = {"play", "host", "serve", "join", "watch", "replay", "cards", "sim", "scenario"}
    assert set(cli.PLANNED) == planned
    names = [cli.load_subcommand(path).name for path in cli.SUBCOMMANDS]
    assert len(names) == len(set(names))
    assert set(names) <= planned


def test_console_script_is_installed_and_answers_version() -> None:
    assert SCRIPT.exists(), "run `make test` (it installs the project into .venv)"
    done = subprocess.run(
        [str(SCRIPT), "--version"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0
    assert done.stdout.strip() == "allegiance 0.1.0"


def test_console_script_bad_flag_exits_2() -> None:
    done = subprocess.run(
        [str(SCRIPT), "--no-such-flag"], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].startswith("allegiance: error:")


def test_output_into_a_closed_pipe_stops_quietly() -> None:
    # `allegiance cards | head -1` where the reader has already gone: no traceback.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [str(SCRIPT), "cards"], stdout=write_end, stderr=subprocess.PIPE,
            text=True, timeout=60, check=False,
        )
    finally:
        os.close(write_end)
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr, done.stderr
    assert done.returncode == 141


def test_an_app_that_ends_on_an_error_exits_with_status_1() -> None:
    """Textual returns no result from an app that crashed; that must not read as 0."""
    from textual.app import App

    from client.app import run_app

    class Crashes(App[int]):
        def on_mount(self) -> None:
            raise RuntimeError("boom")

    class Quits(App[int]):
        def on_mount(self) -> None:
            self.exit(3)

    assert run_app(Crashes(), headless=True) == 1
    assert run_app(Quits(), headless=True) == 3


@pytest.mark.parametrize(
    ("flag", "instead"),
    [("--seats", "a local run picks its table with --format (e.g. --format ffa3 for 3 seats)"),
     ("--concurrency", "a local run plays games at once with --jobs")],
)  # fmt: skip
def test_sim_refuses_the_flags_of_a_live_server_without_connect(
    flag: str, instead: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Without --connect they were silently ignored: 'sim --seats 3' played duels."""
    assert cli.main(["sim", flag, "3", "--games", "1"]) == 2
    assert capsys.readouterr() == (
        "", f"allegiance sim: error: {flag} goes with --connect (games through a server); "
        f"{instead}\n",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "named"),
    [(["--record", "replays"], "--record"),
     (["--format", "all"], "--format"),
     (["--bots", "hard,,easy", "--round-robin"], "--bots, --round-robin")],
)  # fmt: skip
def test_sim_refuses_the_flags_of_a_local_run_with_connect(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """With --connect they were silently ignored: '--record DIR' recorded nothing."""
    assert cli.main(["sim", "--connect", "127.0.0.1:9", "--games", "1", *argv]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith(f"allegiance sim: error: {named} ")
    assert "for a local run (without --connect)" in err
