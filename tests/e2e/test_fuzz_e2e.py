"""A seeded fuzz of hostile input for every game, through Discord as players would send it.

Random and hostile ``/move`` texts and forged control ids, from the player to move, the
other player and a bystander, and ids no kind of control claims.  Every interaction is answered,
inside Discord's limits; nothing illegal changes the stored game; a bystander never receives a
private picture, and nobody is told the names of cards in another player's hand.
Errors the bot only logs fail the test (the harness sees to that).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from bot.service import GameRecord
from cogs.common import CONTENT_LIMIT, game_cog
from rules import GAMES, GameState
from tests.e2e.test_authorization_e2e import COMMON, rows_of, snapshot
from tests.harness import FakeDiscord, FakeUser, InteractionResult

SEED = 20_18
ROUNDS = 150  # per game: about a second each
UNICODE_DIGITS = "٠١٢٣٤٥٦٧٨٩²³¹۱۲"
HOSTILE = ["@everyone", "@here", "<@&1>", "**", "[x](https://e.x)", "`", "\u200b", "\x00", "9" * 4400, "ｃ３"]


def hostile_text(rng: random.Random, legal: list[str]) -> str:
    """A move text: a legal move bent (Unicode digits, junk, repeats), or hostile pieces."""
    base = rng.choice(legal) if legal and rng.random() < 0.6 else rng.choice(HOSTILE)
    bent = rng.choice([
        lambda t: t,
        lambda t: "".join(rng.choice(UNICODE_DIGITS) if c.isdigit() else c for c in t),
        lambda t: t * rng.randint(2, 300),
        lambda t: t + " " + rng.choice(HOSTILE),
        lambda t: t.upper(),
        lambda t: t[: rng.randint(0, len(t))],
    ])
    return bent(base)[:6000] or "x"


# Ids that no kind of control claims: mangled prefixes, other kinds with broken parts, junk.
UNCLAIMED = ["nonsense", "agora", "agora:b", "agora:x:1:1:pass", "agora:lb:x", "agora:rp:1:2:boom", "agora:t:x:join",
             "agora:b:1", "\u200b", "@everyone", "agora:s:" + "9" * 90]


def forged_id(rng: random.Random, record: GameRecord, actions: list[str], kind: str) -> str:
    """A control id of ``kind`` (b: button, s: select): the game's own actions, right or wrong game, version, tail."""
    if rng.random() < 0.15:
        return rng.choice(UNCLAIMED)
    game = rng.choice([str(record.id), str(record.id), "0", "9" * rng.randint(19, 60), "-1", "1e3"])
    version = rng.choice([str(record.version), "any", str(record.version + rng.randint(1, 9)), "9" * 40, ""])
    action = rng.choice(actions)
    action += rng.choice(["", "", f":{rng.randint(0, 10**30)}", ":" + rng.choice(HOSTILE), "extra"])
    return f"agora:{kind}:{game}:{version}:{action}"[:100]


async def start(h: FakeDiscord, bot: AgoraBot, game: str, alice: FakeUser, bob: FakeUser) -> GameRecord:
    record = await bot.service.start_game(
        game, guild_id=h.guild.id, channel_id=h.default_channel.id, seats=[alice.id, bob.id]
    )
    await game_cog(bot, game).post_board(None, record)
    await h.settle()
    return record


def hidden_words(state: GameState | None, seat: int | None, players: int) -> set[str]:
    """Ids of the cards only other seats hold (names repeat in public texts): never in what ``seat`` is told.

    ``seat`` None: a bystander, who may learn no seat's hidden words.
    """
    if state is None:
        return set()
    known = json.dumps([state.view(None), state.view(seat)], ensure_ascii=False)
    words = set()
    for other in range(players):
        hand = state.view(other).get("hand") if other != seat else None
        for pile in hand or []:
            words |= {str(card[key]) for card in pile["cards"] for key in ("id",)}
    return {word for word in words if word not in known}


def check_answer(result: InteractionResult, who: FakeUser, seat: int | None, hidden: set[str]) -> None:
    assert result.responded, f"unanswered: {result}"
    for message in result.messages:
        assert len(message.content) <= CONTENT_LIMIT
        assert "@everyone" not in message.content.replace("@\u200beveryone", "")
        told = message.content + json.dumps(message.embeds, ensure_ascii=False)
        leaked = sorted(word for word in hidden if word in told)
        assert not leaked, f"{who.name} was told hidden {leaked}"
        if seat is None:
            assert not any(a.filename.startswith("private-") for a in message.attachments), who.name


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_hostile_moves_and_forged_controls(
    game: str, discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    record = await start(h, bot, game, alice, bob)
    board = h.last_message(h.default_channel)
    rng = random.Random(f"{SEED}-{game}")
    actions = [row.action.format(seat=0) for row in {**COMMON, **rows_of(game)}.values()]
    for _ in range(ROUNDS):
        record = await bot.service.load(record.id)
        if record.row.status != "active":
            record = await start(h, bot, game, alice, bob)
            board = h.last_message(h.default_channel)
        user = rng.choice([alice, bob, carol])
        seat = None if user is carol else record.seats.index(user.id)
        state = record.state
        legal = [str(m) for seat in (state.actors if state else ()) for m in state.legal_moves(seat)[:20]]
        if rng.random() < 0.5:
            typed = hostile_text(rng, legal)
            result = await h.slash(user, "move", notation=typed, game=rng.choice([record.id, record.id, 999]))
        else:
            # A client can forge a control's id but not its type: buttons carry no values.
            values = None if rng.random() < 0.5 else [hostile_text(rng, legal)[:100]]
            kind = "b" if values is None else "s"
            result = await h.forge(user, board, forged_id(rng, record, actions, kind), values=values)
        after = await bot.service.load(record.id)
        # Hidden before and after: what the move itself made public (a card shown in a duel) may be told.
        players = len(record.seats)
        check_answer(result, user, seat, hidden_words(state, seat, players) & hidden_words(after.state, seat, players))
        if snapshot(after) != snapshot(record):
            assert user is not carol, "a bystander changed the game"
            assert after.version > record.version
