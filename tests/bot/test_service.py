"""The game service on a real database (SQLite, then PostgreSQL): challenges, moves, versions, resignations."""

from __future__ import annotations

import asyncio
import dataclasses

import pytest

from bot.database import Connection
from bot.service import GameService, ServiceError, StaleButton
from bot.storage import encode_state

ALICE, BOB, CAROL = 101, 202, 303


async def started(service: GameService) -> int:
    record = await service.challenge("arkaios", guild_id=1, channel_id=2, challenger=ALICE, invited=[BOB])
    await service.accept(record.id, BOB)
    return record.id


async def test_challenge_starts_when_the_opponent_accepts(service: GameService) -> None:
    record = await service.challenge("arkaios", guild_id=1, channel_id=2, challenger=ALICE, invited=[BOB])
    assert record.row.status == "challenge" and record.state is None
    record = await service.accept(record.id, BOB)
    assert record.row.status == "active"
    assert record.actors() == [ALICE]


async def test_only_the_challenged_player_may_accept(service: GameService) -> None:
    record = await service.challenge("arkaios", guild_id=1, channel_id=2, challenger=ALICE, invited=[BOB])
    with pytest.raises(ServiceError, match="not addressed to you"):
        await service.accept(record.id, CAROL)
    with pytest.raises(ServiceError, match="already accepted"):
        await service.accept(record.id, ALICE)


async def test_cannot_challenge_yourself(service: GameService) -> None:
    with pytest.raises(ServiceError, match="cannot challenge yourself"):
        await service.challenge("arkaios", guild_id=1, channel_id=2, challenger=ALICE, invited=[ALICE])


async def test_declined_and_cancelled_challenges_close(service: GameService) -> None:
    first = await service.challenge("arkaios", guild_id=1, channel_id=2, challenger=ALICE, invited=[BOB])
    assert (await service.decline(first.id, BOB)).row.status == "declined"
    second = await service.challenge("arkaios", guild_id=1, channel_id=2, challenger=ALICE, invited=[BOB])
    assert (await service.decline(second.id, ALICE)).row.status == "cancelled"
    with pytest.raises(ServiceError, match="no longer open"):
        await service.accept(second.id, BOB)


async def test_moves_are_logged_with_seat_and_user(service: GameService) -> None:
    game = await started(service)
    await service.play(game, ALICE, ["c3=3"])
    await service.play(game, BOB, ["d4=2"])
    log = await service.move_log(game)
    assert [(m.ply, m.seat, m.user_id, m.notation) for m in log] == [(1, 0, ALICE, "c3=3"), (2, 1, BOB, "d4=2")]


async def test_wrong_player_is_refused_and_nothing_changes(service: GameService) -> None:
    game = await started(service)
    before = await service.load(game)
    with pytest.raises(ServiceError, match="not your turn"):
        await service.play(game, BOB, ["c3=3"])
    with pytest.raises(ServiceError, match="not playing"):
        await service.play(game, CAROL, ["c3=3"])
    after = await service.load(game)
    assert after.version == before.version and after.state == before.state


async def test_illegal_move_message_reaches_the_player(service: GameService) -> None:
    game = await started(service)
    await service.play(game, ALICE, ["c3=3"])
    with pytest.raises(ServiceError, match="level"):
        await service.play(game, BOB, ["d4=3"])


async def test_stale_version_is_refused(service: GameService) -> None:
    game = await started(service)
    version = (await service.load(game)).version
    await service.play(game, ALICE, ["c3=3"], version)
    with pytest.raises(StaleButton, match="out of date"):
        await service.play(game, BOB, ["d4=2"], version)
    assert len(await service.move_log(game)) == 1


async def test_two_simultaneous_clicks_apply_once(service: GameService) -> None:
    game = await started(service)
    version = (await service.load(game)).version
    results = await asyncio.gather(
        service.play(game, ALICE, ["c3=3"], version),
        service.play(game, ALICE, ["c3=3"], version),
        return_exceptions=True,
    )
    assert sum(isinstance(r, StaleButton) for r in results) == 1
    assert [m.notation for m in await service.move_log(game)] == ["c3=3"]


async def test_draft_then_undo_then_commit(service: GameService) -> None:
    game = await started(service)
    await service.play(game, ALICE, ["c3=3"])
    await service.play(game, BOB, ["d4=2"])
    record = await service.add_to_draft(game, ALICE, "b2=2", None)
    assert record.row.draft == ["b2=2"] and record.actors() == [ALICE]
    record = await service.undo_draft(game, ALICE, record.version)
    assert record.row.draft == []
    for pillar in ("b2=2", "b3=2", "a4=1"):
        record = await service.add_to_draft(game, ALICE, pillar, None)
    draft = record.draft_state()
    assert draft is not None and draft.actors == (1,), "the drafted turn is complete"
    assert record.actors() == [ALICE], "the game waits for Alice to confirm her turn"
    assert len(await service.move_log(game)) == 2, "a draft is not played until confirmed"
    record = await service.play(game, ALICE, [], record.version)
    assert [m.notation for m in await service.move_log(game)][2:] == ["b2=2", "b3=2", "a4=1"]
    assert record.row.draft == []


async def test_resignation_ends_the_game(service: GameService) -> None:
    game = await started(service)
    record = await service.resign(game, ALICE)
    assert record.row.status == "finished"
    assert record.outcome is not None and record.outcome.winners == (1,)
    with pytest.raises(ServiceError, match="not being played"):
        await service.play(game, BOB, ["c3=3"])


async def test_damaged_row_is_refused_politely(service: GameService) -> None:
    game = await started(service)
    await service.storage.db.execute("UPDATE games SET state = ? WHERE id = ?", (encode_state({"bad": 1}), game))
    with pytest.raises(ServiceError, match="damaged"):
        await service.load(game)
    await service.storage.db.execute("UPDATE games SET seats = 'not json' WHERE id = ?", (game,))
    with pytest.raises(ServiceError, match="damaged"):
        await service.load(game)
    assert await service.active_games(ALICE) == []


async def test_a_game_is_rebuilt_again_only_when_its_stored_state_changed(service: GameService) -> None:
    game = await started(service)
    first = await service.load(game)
    assert first.state is not None
    assert (await service.load(game)).state is first.state
    # Another process plays a move: this one must see the new position, not the one it kept.
    seat = first.state.waiting_for[0]
    moved = first.state.play(seat, str(first.state.legal_moves(seat)[0]))
    await service.storage.db.execute("UPDATE games SET state = ? WHERE id = ?", (encode_state(moved.to_json()), game))
    again = await service.load(game)
    assert again.state is not first.state
    assert again.state is not None and again.state.to_json() == moved.to_json()


async def test_a_rolled_back_game_leaves_no_turn_deadline_to_the_next(service: GameService) -> None:
    storage = service.storage
    challenge = await service.challenge("arkaios", guild_id=1, channel_id=2, challenger=ALICE, invited=[BOB])
    row = dataclasses.replace(challenge.row, id=0)

    async def deadline_then_refusal(db: Connection, game_id: int) -> None:
        await storage.set_turn_seconds(db, game_id, 3600)
        assert await storage.game_turn_seconds(game_id, db) == 3600
        raise RuntimeError("refused")

    with pytest.raises(RuntimeError):
        await storage.insert_game(row, deadline_then_refusal)
    # SQLite gives the rolled-back id to the next game; it follows its server's deadline.
    again = await storage.insert_game(row)
    assert await storage.game_turn_seconds(again) is None


async def test_lone_writes_change_no_version_and_count_what_they_changed(service: GameService) -> None:
    game = await started(service)
    storage, version = service.storage, (await service.load(game)).version
    await storage.set_message_id(game, 42)
    assert await storage.set_claim_message(game, 7, None)
    assert not await storage.set_claim_message(game, 8, None)  # another run asked first
    assert await storage.set_claim_message(game, 8, 7)
    row = (await service.load(game)).row
    assert (row.message_id, row.claim_message, row.version) == (42, 8, version)


async def test_a_lone_write_never_joins_another_transaction(service: GameService) -> None:
    game = await started(service)
    storage = service.storage
    with pytest.raises(RuntimeError):
        async with storage.transaction() as db:
            await db.execute("UPDATE games SET end_reason = 'aborted' WHERE id = ?", (game,))
            lone = asyncio.create_task(storage.set_message_id(game, 42))
            await asyncio.sleep(0.05)
            raise RuntimeError("rolled back")
    await lone
    row = (await service.load(game)).row
    assert (row.message_id, row.end_reason) == (42, None)


async def test_active_games_lists_open_games_of_a_user(service: GameService) -> None:
    game = await started(service)
    other = await service.challenge("arkaios", guild_id=1, channel_id=2, challenger=CAROL, invited=[ALICE])
    ids = [r.id for r in await service.active_games(ALICE, 1)]
    assert sorted(ids) == sorted([game, other.id])
    assert await service.active_games(ALICE, 999) == []
