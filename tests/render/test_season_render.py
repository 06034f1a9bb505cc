"""The season's final table and the profile card as pictures: sized to what they hold, readable
with long names, and drawn the same in every language from the words they are given."""

from __future__ import annotations

import io

from PIL import Image

from render.profile import ProfileGame, ProfilePicture, render_profile
from render.season import SeasonLabels, SeasonLine, SeasonSection, render_season

LABELS = SeasonLabels("Season 2 · final table", "2027-01-01 to 2027-02-01", "Rating", "Games")


def size_of(png: bytes) -> tuple[int, int]:
    return Image.open(io.BytesIO(png)).size


def section(game: str, players: int) -> SeasonSection:
    long = "A name far too long to fit on any podium step at all, really"
    return SeasonSection(
        game, tuple(SeasonLine(n, long if n == 1 else f"P{n}", "1500?", n) for n in range(1, players + 1))
    )


def test_a_final_table_grows_with_its_games_and_players() -> None:
    one = size_of(render_season(LABELS, [section("Arkaios", 2)]))
    two = size_of(render_season(LABELS, [section("Arkaios", 10), section("Kouba", 1)]))
    assert one[0] == two[0] == 800 and two[1] > one[1] + 300


def card(badges: int, games: int = 2) -> ProfilePicture:
    game = ProfileGame("Arkaios", "1640?", ("3 games · 2W/1L/0D", "Season 2: #1 of 4"), (1500, 1640, 1600))
    named = tuple(f"A badge with a rather long name {n}" for n in range(badges))
    return ProfilePicture("Ada", "Profile", (game,) * games, "Recent", (("W", "win"), ("L", "loss")),
                          ("Tournaments won: 0",), "Badges", named)  # fmt: skip


def test_a_profile_card_wraps_its_badges_onto_more_rows_rather_than_dropping_them() -> None:
    none, few, many = (size_of(render_profile(card(n))) for n in (0, 2, 6))
    assert none[0] == few[0] == many[0] == 800
    assert none[1] < few[1] < many[1]


def test_a_profile_without_rated_games_or_history_still_draws() -> None:
    empty = ProfilePicture("Ada", "Profile", (), "Recent", (), ("No rated game yet",), "Badges", ())
    flat = ProfileGame("Kouba", "1500?", ("1 games",), (1500,))
    assert size_of(render_profile(empty))[1] < size_of(render_profile(card(0, games=1)))[1]
    assert render_profile(ProfilePicture("Bo", "Profile", (flat,), "Recent", (), (), "Badges", ()))[:4] == b"\x89PNG"
