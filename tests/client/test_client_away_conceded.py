"""Under the away policy "concede" the client says what the policy did, not what the
player did: the match history does not speak of a bot choosing for an away chooser (no
bot stands in under "concede"), and a player back at a seat the policy conceded for reads
that their seat conceded, not "You conceded"."""

from __future__ import annotations

import pytest

from client.screens.gameover import _game_line
from tests.client.fixtures import views as v
from tests.client.helpers import Fake, make_app, screen_text, sync

NAMES = ["Cid", "Bob"]


def chosen(by: str | None) -> dict[str, object]:
    """Game two of a match: Bob, game one's loser, chose (or had chosen for him) to play
    second; Cid won."""
    return {"game": 2, "heroes": [], "chooser": 1, "first": 0, "chosen_by": by,
            "winners": [0], "reason": "opponent_conceded"}  # fmt: skip


def test_the_history_says_the_choice_was_made_for_an_away_chooser_without_a_bot() -> None:
    line = _game_line(chosen("away"), NAMES)
    assert "(Bob away: chosen for them, played second)" in line
    assert "bot" not in line


def test_a_record_of_a_bot_choosing_still_reads_as_before() -> None:
    line = _game_line(chosen("bot"), NAMES)
    assert "(Bob away: a bot chose for them and played second)" in line


AWAY = "You were away too long: your seat conceded; it leaves the game at its next priority."
OWN = "You conceded: you leave the game at your next priority."


@pytest.mark.asyncio
@pytest.mark.parametrize(
    ("away", "said", "not_said"),
    [(True, AWAY, "You conceded:"), (False, OWN, "away too long")],
)
async def test_the_prompt_says_who_conceded(away: bool, said: str, not_said: str) -> None:
    app = make_app()
    async with app.run_test(size=(120, 30)) as pilot:
        fake = Fake(app, [0])
        message = sync(0, v.maneuver())
        seat = message["doc"]["table"]["seats"][0]
        seat.update(conceded=True, conceded_away=away, bot=True)
        fake.feed(message)
        await pilot.pause()
        game = app.game
        assert game is not None
        frame = game.frame(0)
        assert frame is not None and frame.prompt.title == said
        text = " ".join(line.strip() for line in screen_text(app).splitlines())
        assert not_said not in text
        assert "You were away too long" in text if away else "You conceded" in text
