"""The puzzle store on SQLite and PostgreSQL: keeping a game's puzzles once, dealing, first answers that rate
and streak, the opt-out, and a day's post taken once and closed once."""

from __future__ import annotations

import pytest

from bot.mining import Found, Judged
from bot.puzzles import DAY_SECONDS, PuzzleSettings, PuzzleStore, day_of, day_start
from bot.service import FINISHED
from bot.storage import GameRow, Storage
from rules import GAMES

GAME = sorted(GAMES)[0]
NOW = day_start("2026-11-20") + 3600


def found(ply: int) -> Found:
    """A puzzle of the game's first position: its first legal move is the answer, its last the move played."""
    state = GAMES[GAME].new(players=2, seed=1)
    seat = (state.waiting_for or state.actors)[0]
    legal = sorted(str(move) for move in state.legal_moves(seat))
    return Found(ply, seat, Judged(legal[0], legal[-1], 0.9, 0.2, 0.5, 1.0), state.to_json(), (), ((seat, legal[0]),))


async def finished(storage: Storage, seats: list[int]) -> int:
    row = GameRow(
        id=0, game=GAME, guild_id=7, channel_id=1, status=FINISHED, seats=seats, accepted=seats, options={}, seed=1,
        state=None, draft=[], outcome=None, end_reason=None, version=1, message_id=None, created_at=0.0,
        updated_at=0.0, turn_started_at=None,
    )  # fmt: skip
    return await storage.insert_game(row)


@pytest.fixture
async def store(database: str) -> PuzzleStore:  # type: ignore[misc]
    storage = Storage(database)
    await storage.open()
    yield PuzzleStore(storage)
    await storage.close()


async def test_a_game_is_queued_mined_and_kept_once(store: PuzzleStore) -> None:
    game_id = await finished(store.storage, [1, 2])
    await store.queue(game_id, NOW)
    await store.queue(game_id, NOW + 5)
    assert await store.next_to_mine(NOW - 1) is None, "not before it is due"
    assert await store.next_to_mine(NOW) == game_id
    kept = await store.keep_mined(game_id, 7, GAME, [1, 2], [found(3), found(5)], 4.5, NOW)
    assert len(kept) == 2 and await store.next_to_mine(NOW + 10) is None
    assert await store.keep_mined(game_id, 7, GAME, [1, 2], [found(3)], 1.0, NOW) == [], "kept once"
    puzzle = await store.next_for(3, 7)
    assert puzzle is not None and puzzle.id == max(kept), "the newest first"
    assert await store.next_for(3, 8) is None, "another server has none"


async def test_first_answers_rate_and_streak_later_ones_do_not(store: PuzzleStore) -> None:
    game_id = await finished(store.storage, [1, 2])
    first, second = await store.keep_mined(game_id, 7, GAME, [1, 2], [found(3), found(5)], 1.0, NOW)
    one, two = await store.get(first), await store.get(second)
    assert one is not None and two is not None
    right = await store.answer(one, 9, one.best, NOW)
    assert right.solved and right.counted and right.after > right.before and right.streak == 1
    again = await store.answer(one, 9, one.played, NOW)
    assert not again.solved and not again.counted and again.streak == 1
    wrong = await store.answer(two, 9, two.played, NOW)
    assert not wrong.solved and wrong.after < wrong.before and wrong.streak == 0
    assert await store.streak(7, 9) == type(await store.streak(7, 9))(0, 1)
    [rating] = await store.ratings_of(7, 9)
    assert (rating.tried, rating.solved) == (2, 1) and rating.label.endswith("?")
    assert [entry.user_id for entry in await store.table(7, GAME)] == [9]
    missed = await store.get(second)
    assert missed is not None and missed.rating > two.rating, "a puzzle missed rises"


async def test_an_opt_out_drops_the_puzzles_of_the_players_games(store: PuzzleStore) -> None:
    theirs = await finished(store.storage, [1, 2])
    others = await finished(store.storage, [3, 4])
    await store.keep_mined(theirs, 7, GAME, [1, 2], [found(3)], 1.0, NOW)
    await store.keep_mined(others, 7, GAME, [3, 4], [found(3)], 1.0, NOW)
    assert await store.set_opt_out(2, True, NOW) == 1
    assert await store.opted_out([5, 2]) and not await store.opted_out([1, 3])
    left = await store.next_for(9, 7)
    assert left is not None and left.game_id == others and await store.next_for(1, 7) == left
    assert await store.set_opt_out(2, False, NOW) == 0 and not await store.is_opted_out(2)


async def test_a_day_is_posted_once_and_closed_once(store: PuzzleStore) -> None:
    await store.update_settings(PuzzleSettings(7, 55, False))
    assert [s.guild_id for s in await store.daily_servers()] == [7]
    game_id = await finished(store.storage, [1, 2])
    [kept] = await store.keep_mined(game_id, 7, GAME, [1, 2], [found(3)], 1.0, NOW)
    today = day_of(NOW + DAY_SECONDS)
    picked = await store.day_pick(7, today)
    assert picked is not None and picked.id == kept
    assert await store.day_pick(7, day_of(NOW)) is None, "a puzzle is the next day's"
    assert await store.claim_day(7, today, kept, 55) and not await store.claim_day(7, today, kept, 55)
    assert await store.has_day(7, today)
    await store.posted(7, today, 99)
    assert await store.day_pick(7, day_of(NOW + 2 * DAY_SECONDS)) is None, "never posted twice"
    assert await store.days_to_close(7, today) == []
    puzzle = await store.get(kept)
    assert puzzle is not None
    await store.answer(puzzle, 9, puzzle.best, NOW + DAY_SECONDS + 60)
    await store.answer(puzzle, 8, puzzle.best, NOW + DAY_SECONDS + 120)
    later = day_of(NOW + 2 * DAY_SECONDS)
    [post] = await store.days_to_close(7, later)
    assert (post.puzzle_id, post.message_id) == (kept, 99)
    result = await store.close_day(post)
    assert result is not None and (result.solved, result.first) == (2, 9)
    assert await store.close_day(post) is None, "closed once"


async def test_the_day_rotates_games(store: PuzzleStore) -> None:
    """Of the day before's puzzles, one of another game than the last post's, even if its move lost less."""
    first, second = sorted(GAMES)[:2]
    game_id = await finished(store.storage, [1, 2])
    [kept] = await store.keep_mined(game_id, 7, GAME, [1, 2], [found(3)], 1.0, NOW)
    assert await store.claim_day(7, day_of(NOW), kept, 55)
    other_game = await finished(store.storage, [1, 2])
    state = GAMES[second].new(players=2, seed=1)
    seat = (state.waiting_for or state.actors)[0]
    legal = sorted(str(move) for move in state.legal_moves(seat))
    milder = Found(4, seat, Judged(legal[0], legal[-1], 0.8, 0.4, 0.5, 1.0), state.to_json(), (), ((seat, legal[0]),))
    [theirs] = await store.keep_mined(other_game, 7, second, [1, 2], [milder], 1.0, NOW)
    again = await finished(store.storage, [1, 2])
    [same] = await store.keep_mined(again, 7, first, [1, 2], [found(5)], 1.0, NOW)
    picked = await store.day_pick(7, day_of(NOW + DAY_SECONDS))
    assert picked is not None and picked.id == theirs and picked.swing < (await store.get(same)).swing  # type: ignore[union-attr]
