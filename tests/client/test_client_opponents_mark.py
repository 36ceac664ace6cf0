"""The ``↑`` line marks the player whose lines continue at the top of the board with a
``↓`` after them, in full and shortened alike, and on one line at 80 columns."""

from __future__ import annotations

from client.widgets.opponents import OpponentsLine, Summary, opponents_content
from tests.client.helpers import make_app


def summary(name: str, hero: str, health: int) -> Summary:
    return Summary(name, hero, health, 38, 0, 4, False, False)


#: Three players at 80×24: the board shows Player 2's weapon under the line.
TWO = (summary("Player", "Oswin", 38), summary("Player 2", "Thedric", 35))


def test_the_last_player_is_marked_when_their_lines_continue() -> None:
    plain = opponents_content(TWO, 78, continued=True).plain
    assert plain == "↑ Player (Oswin) ♥38/38 0g h4 │ Player 2 (Thedric) ♥35/38 0g h4 ↓"
    assert opponents_content(TWO, 0, continued=True).plain.endswith("hand 4  ↓")  # in full
    assert "↓" not in opponents_content(TWO, 78).plain  # nobody's lines continue


def test_the_mark_stays_with_its_player_when_the_line_wraps() -> None:
    three = (*TWO, summary("Player 3", "Kael", 9))
    rows = opponents_content(three, 60, continued=True).plain.split("\n")
    assert len(rows) == 3 and all(len(row) <= 60 for row in rows)
    assert rows[-1].endswith("Player 3 (Kael) ♥9/38 0g h4 ↓")


async def test_the_line_draws_again_when_only_the_mark_changes() -> None:
    app = make_app()
    async with app.run_test(size=(80, 24)):
        line = OpponentsLine()
        await app.screen.mount(line)
        line.show(TWO)
        assert not line.continued
        line.show(TWO, continued=True)
        assert line.continued and str(line.render()).endswith("↓")
