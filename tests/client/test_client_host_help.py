"""``allegiance host``: its one line of help says both ways of hosting (served from here
on the LAN, or made on a server with ``--on``), and ``--bot-level`` takes the levels
``allegiance play --bot-level`` takes, random too (as the Host form offers)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest

from client import cli
from client.app import AllegianceApp
from client.commands import host as host_command
from client.commands import play as play_command


@pytest.fixture(autouse=True)
def nothing_starts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """No screen starts: the table the app would make (here or on a server) is kept."""
    started: list[Any] = []
    monkeypatch.setenv("ALLEGIANCE_CONFIG_DIR", str(tmp_path))
    monkeypatch.setattr(
        AllegianceApp, "run", lambda self: started.append(self.host_start or self.remote_host_start)
    )
    return started


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser()
    host_command.add_arguments(parser)
    return parser.parse_args(argv)


def test_the_commands_line_says_the_lan_and_a_server_with_on(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    listing = " ".join(capsys.readouterr().out.split())
    line = listing.split(" host ", 1)[1].split(" sim ", 1)[0]
    assert "on the LAN" in line and "on a server with --on" in line, line
    with pytest.raises(SystemExit):
        cli.main(["host", "--help"])
    description = " ".join(capsys.readouterr().out.split())
    assert "on a server with --on" in description


def test_host_and_play_take_the_same_bot_levels(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["host", "--help"])
    said = " ".join(capsys.readouterr().out.split())
    levels = "{" + ",".join(play_command.LEVELS) + "}"
    assert f"--bot-level {levels}" in said, said
    assert "never random" in said  # the away player's stand-in, which is medium then


@pytest.mark.parametrize("on", [[], ["--on", "127.0.0.1:8765"]])
def test_random_bots_sit_at_a_hosted_table(on: list[str], nothing_starts: list[Any]) -> None:
    host_command.run(parse([*on, "--format", "ffa", "--bots", "2", "--bot-level", "random"]))
    plan = nothing_starts[0][0]
    assert [(s.kind, s.level) for s in plan.seats[1:]] == [("bot", 0), ("bot", 0)]
