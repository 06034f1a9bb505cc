"""What a player's profile card shows, read from the database: per game the rating over time and the
running season's place, recent results, the record against Agora, tournaments won and badges.

Badges are earned, never configured:

- ``agora_hard``: a win against Agora at its hardest level;
- ``seen_through``: :data:`SEEN_THROUGH` finished games in a row that the player did not leave
  (a resignation or a time-out they lost breaks the run);
- ``podium``: a place in the first three of a game's final table in a past season.

Every read is bounded: the rating history is the player's last :data:`HISTORY_POINTS` rated games,
read through the ``rating_changes`` index by server and player; season places are counted through
the season tables' index by score.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.alt_text import ALT_TEXT_LIMIT
from bot.i18n import plural, text
from bot.opponent import Record, records_against_bot
from bot.ratings import Rating, provisional_note, shown_rating
from bot.storage import GameRow, Storage
from render.profile import ProfileGame, ProfilePicture
from rules import Outcome

SEEN_THROUGH = 10
HISTORY_POINTS = 60
RECENT_RESULTS = 10
LEFT = frozenset({"resignation", "timeout"})  # how a player leaves a game before its end
HARDEST = "hard"


@dataclass(frozen=True)
class GameFacts:
    """One game's part of a profile."""

    rating: Rating
    history: tuple[int, ...]  # shown rating after each rated game, oldest first
    season_place: int | None  # in the running season's table; None: not on it
    season_players: int


@dataclass(frozen=True)
class ProfileFacts:
    """Everything a profile card says about one player on one server."""

    games: tuple[GameFacts, ...]
    recent: tuple[str, ...]  # "win" | "loss" | "draw", newest first
    against_agora: dict[str, Record]
    tournaments_won: int
    badges: tuple[str, ...]
    season_number: int | None


def result_for(row: GameRow, user_id: int) -> str | None:
    """``user_id``'s result in a finished game: win, loss or draw (None without an outcome)."""
    outcome = Outcome.from_json(row.outcome)
    if outcome is None:
        return None
    if outcome.is_draw:
        return "draw"
    mine = {seat for seat, uid in enumerate(row.seats) if uid == user_id}
    return "win" if mine & set(outcome.winners) else "loss"


def longest_seen_through(rows: Sequence[GameRow], user_id: int) -> int:
    """The longest run of finished games in a row the player saw to their end (any order of rows)."""
    best = run = 0
    for row in sorted(rows, key=lambda r: (r.updated_at, r.id)):
        left = row.end_reason in LEFT and result_for(row, user_id) == "loss"
        run = 0 if left else run + 1
        best = max(best, run)
    return best


def earned_badges(finished: Sequence[GameRow], user_id: int, against: dict[str, Record], podium: bool) -> list[str]:
    """The badges (catalogue suffixes) ``user_id`` earned, in a fixed order."""
    badges = []
    if against.get(HARDEST, Record()).wins > 0:
        badges.append("agora_hard")
    if longest_seen_through(finished, user_id) >= SEEN_THROUGH:
        badges.append("seen_through")
    if podium:
        badges.append("podium")
    return badges


async def rating_history(storage: Storage, guild_id: int, user_id: int) -> dict[str, list[int]]:
    """Per game, the shown rating after each of the player's last rated games, oldest first."""
    found = await storage.db.fetch(
        "SELECT game, mu_after, sigma_after FROM rating_changes WHERE guild_id = ? AND user_id = ? "
        "ORDER BY rated_at DESC LIMIT ?",
        (guild_id, user_id, HISTORY_POINTS * 5),
    )
    history: dict[str, list[int]] = {}
    for game, mu, sigma in reversed(found):
        history.setdefault(str(game), []).append(shown_rating(float(mu), float(sigma)))
    return {game: points[-HISTORY_POINTS:] for game, points in history.items()}


async def season_place(storage: Storage, season_id: int, game: str, user_id: int) -> tuple[int | None, int]:
    """A player's place in a season's table for a game, and how many are on it."""
    found = await storage.db.fetchrow(
        "SELECT (SELECT COUNT(*) FROM season_ratings o WHERE o.season_id = r.season_id AND o.game = r.game "
        "AND o.score > r.score) FROM season_ratings r WHERE r.season_id = ? AND r.game = ? AND r.user_id = ?",
        (season_id, game, user_id),
    )
    total = await storage.db.fetchrow(
        "SELECT COUNT(*) FROM season_ratings WHERE season_id = ? AND game = ?", (season_id, game)
    )
    return (None if found is None else 1 + int(found[0])), int(total[0]) if total else 0


async def on_a_podium(storage: Storage, guild_id: int, user_id: int) -> bool:
    """Whether the player finished in the first three of a game in a past season of the server."""
    # Counting at most three players ahead is enough to know, and stops early for everyone else.
    found = await storage.db.fetch(
        "SELECT (SELECT COUNT(*) FROM (SELECT 1 FROM season_ratings o WHERE o.season_id = r.season_id "
        "AND o.game = r.game AND o.score > r.score LIMIT 3) AS ahead) FROM season_ratings r "
        "JOIN seasons s ON s.id = r.season_id WHERE r.user_id = ? AND s.guild_id = ? AND s.ended_at IS NOT NULL",
        (user_id, guild_id),
    )
    return any(int(row[0]) < 3 for row in found)


def recent_results(finished: Sequence[GameRow], user_id: int) -> tuple[str, ...]:
    """The player's last results, newest first (``finished`` comes newest first)."""
    results = (result_for(row, user_id) for row in finished)
    return tuple(result for result in results if result is not None)[:RECENT_RESULTS]


async def profile_facts(
    storage: Storage, *, guild_id: int, user_id: int, standings: Sequence[Rating], finished: Sequence[GameRow],
    season: tuple[int, int] | None, tournaments_won: int,
) -> ProfileFacts:
    """The facts of a profile card; ``season`` is the running season's (id, number), if one runs."""
    history = await rating_history(storage, guild_id, user_id)
    games = []
    for rating in standings:
        place, players = (None, 0) if season is None else await season_place(storage, season[0], rating.game, user_id)
        games.append(GameFacts(rating, tuple(history.get(rating.game, ())), place, players))
    against = records_against_bot(finished, user_id)
    badges = earned_badges(finished, user_id, against, await on_a_podium(storage, guild_id, user_id))
    number = None if season is None else season[1]
    recent = recent_results(finished, user_id)
    return ProfileFacts(tuple(games), recent, against, tournaments_won, tuple(badges), number)


# -- the card in a server's language -------------------------------------------------------------


def picture_of(facts: ProfileFacts, name: str, game_names: dict[str, str], lang: str) -> ProfilePicture:
    """The card's words in ``lang``: what :func:`render.profile.render_profile` draws."""
    games = tuple(
        ProfileGame(game_names.get(g.rating.game, g.rating.game), g.rating.label, _game_lines(g, facts, lang),
                    g.history)
        for g in facts.games
    )  # fmt: skip
    recent = tuple((text(lang, f"card.letter_{result}"), result) for result in facts.recent)
    return ProfilePicture(
        title=name, subtitle=text(lang, "card.subtitle"), games=games, recent_label=text(lang, "card.recent"),
        recent=recent, facts=_facts_lines(facts, lang), badges_label=text(lang, "card.badges"),
        badges=tuple(text(lang, f"card.badge.{badge}", games=SEEN_THROUGH) for badge in facts.badges),
    )  # fmt: skip


def _game_lines(game: GameFacts, facts: ProfileFacts, lang: str) -> tuple[str, ...]:
    r = game.rating
    lines = [plural(lang, "season.line", r.games, games=r.games, wins=r.wins, losses=r.losses, draws=r.draws)]
    if facts.season_number is not None and game.season_place is None:
        lines.append(text(lang, "card.season_none", number=facts.season_number))
    elif facts.season_number is not None:
        lines.append(text(lang, "card.season_place", number=facts.season_number, place=game.season_place,
                          players=game.season_players))  # fmt: skip
    if r.provisional:  # the "?" after the rating, said where it shows
        lines.append(provisional_note(lang))
    return tuple(lines)


def _facts_lines(facts: ProfileFacts, lang: str) -> tuple[str, ...]:
    lines = []
    if facts.against_agora:
        records = ", ".join(
            f"{text(lang, f'bot.level.{level}')} "
            + text(lang, "lb.record", wins=record.wins, losses=record.losses, draws=record.draws)
            for level, record in facts.against_agora.items()
        )
        lines.append(text(lang, "card.agora", records=records))
    lines.append(text(lang, "card.tournaments", count=facts.tournaments_won))
    if not facts.games:
        lines.insert(0, text(lang, "lb.no_rating"))
    return tuple(lines)


def alt_text_of(card: ProfilePicture) -> str:
    """The card in words, for screen readers: the same facts, in the order they are drawn."""
    parts = [f"{card.title}: {card.subtitle}."]
    for game in card.games:
        trend = f" ({game.history[0]} → {game.history[-1]})" if len(game.history) > 1 else ""
        parts.append(f"{game.name} {game.rating}{trend}, {', '.join(game.lines)}.")
    if card.recent:
        parts.append(f"{card.recent_label}: {' '.join(letter for letter, _ in card.recent)}.")
    parts.extend(f"{fact}." for fact in card.facts)
    if card.badges:
        parts.append(f"{card.badges_label}: {', '.join(card.badges)}.")
    return " ".join(parts)[:ALT_TEXT_LIMIT]
