"""Draw offers and take-back requests, as players see them: one pending offer per game, and an
offer's question closes itself (no buttons, a line saying why) once answered, withdrawn, left
behind by a move, or ended with the game."""

from __future__ import annotations

from collections.abc import Callable

from bot.app import AgoraBot
from tests.e2e.test_days_e2e import started
from tests.harness import FakeComponent, FakeDiscord, FakeMessage, FakeUser, InteractionResult


def offers(h: FakeDiscord) -> list[FakeMessage]:
    """The questions the bot posted in the channel, whatever they say now."""
    return [m for m in h.messages(h.default_channel) if "offers a draw" in m.content or "asks to take back" in m.content
            or "is closed" in m.content or "withdrew" in m.content or "declined the" in m.content]  # fmt: skip


async def menu_offer(h: FakeDiscord, user: FakeUser, board: FakeMessage, label: str) -> str:
    """Open the board's "⋯" menu and press ``label``; what the player is told, privately."""
    opened = await h.click(user, board.button(label="⋯"))
    assert opened.message is not None, opened.text
    pressed = await h.click(user, opened.message.button(label=label))
    assert pressed.ephemeral
    return pressed.text


async def test_one_pending_offer_per_game(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    board = await started(h, alice, bob)
    game_id = (await bot.service.active_games(alice.id))[0].id
    posted = await h.slash(alice, "draw")
    assert "offer is posted" in posted.text
    question = h.last_message(h.default_channel)
    link = f"https://discord.com/channels/{h.guild.id}/{h.default_channel.id}/{question.id}"
    before = len(h.messages(h.default_channel))
    for _ in range(2):
        again = await h.slash(alice, "draw")
        assert again.ephemeral and again.text == (
            f"A draw offer is already waiting for an answer in game #{game_id}: {link}"
        )
    from_menu = await menu_offer(h, alice, board, "Offer a draw")
    assert from_menu.startswith("A draw offer is already waiting") and link in from_menu
    other_kind = await h.slash(bob, "draw")
    assert other_kind.ephemeral and link in other_kind.text
    await h.slash(alice, "move", notation="c3=3")
    await h.slash(bob, "move", notation="a1=1")
    assert len(h.messages(h.default_channel)) > before  # the boards of the two moves
    assert len(offers(h)) == 1, "three /draw and a menu click posted one question"
    assert "is closed: the game moved on" in question.text and not question.components

    await h.slash(bob, "takeback")
    takeback = h.last_message(h.default_channel)
    assert "asks to take back" in takeback.text
    refused = await h.slash(alice, "draw")
    assert refused.ephemeral and refused.text.startswith("A take-back request is already waiting")
    assert str(takeback.id) in refused.text
    allow = takeback.button(label="Allow take-back")
    declined = await h.click(alice, takeback.button(label="Decline"))
    assert declined.updated and "declined the take-back" in declined.text and not takeback.components
    late = await stale_click(h, alice, takeback, allow)
    assert late.ephemeral and "There is no such offer to answer" in late.text
    offered = await h.slash(alice, "draw")
    assert "offer is posted" in offered.text, "once answered, a new offer can be made"


async def test_an_offer_withdrawn_by_its_maker(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await started(h, alice, bob)
    await h.slash(alice, "draw")
    question = h.last_message(h.default_channel)
    accept = question.button(label="Accept draw")
    withdrawn = await h.click(alice, question.button(label="Decline"))
    assert withdrawn.updated and f"<@{alice.id}> withdrew their draw offer" in withdrawn.text
    assert not question.components
    gone = await stale_click(h, bob, question, accept)
    assert gone.ephemeral and "There is no such offer to answer" in gone.text


async def test_the_offer_outlives_no_move_but_a_drafted_step(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await started(h, alice, bob)
    await h.slash(alice, "move", notation="c3=3")
    await h.slash(bob, "move", notation="a1=1")
    await h.slash(bob, "draw")
    question = h.last_message(h.default_channel)
    added = await h.slash(alice, "move", notation="b2=2")
    assert "b2=2" in added.text and "Played" not in added.text, "a pillar of an unfinished turn"
    assert [b.label for b in question.buttons] == ["Accept draw", "Decline"], "the turn goes on: the offer stands"
    agreed = await h.click(alice, question.button(label="Accept draw"))
    assert agreed.updated and "Draw agreed" in agreed.text


async def test_a_take_back_request_closes_when_the_game_ends(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await started(h, alice, bob)
    await h.slash(alice, "move", notation="c3=3")
    await h.slash(alice, "takeback")
    question = h.last_message(h.default_channel)
    allow = question.button(label="Allow take-back")
    board = next(m for m in reversed(h.messages(h.default_channel)) if "⋯" in labels(m))
    opened = await h.click(bob, board.button(label="⋯"))
    assert opened.message is not None
    asked = await h.click(bob, opened.message.button(label="Resign…"))
    assert asked.message is not None
    await h.click(bob, asked.message.button(label="Yes, resign"))
    game_id = question_game(question)
    assert question.text == f"<@{alice.id}>'s take-back request in game #{game_id} is closed: the game is over."
    assert not question.components
    late = await stale_click(h, bob, question, allow)
    assert late.ephemeral and "is not being played" in late.text
    assert await bot.service.move_log(game_id), "the game keeps its moves"


async def test_an_agreed_draw_posts_only_its_question(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    board = await started(h, alice, bob)
    before = len(h.messages(h.default_channel))
    await h.slash(alice, "draw")
    question = h.last_message(h.default_channel)
    agreed = await h.click(bob, question.button(label="Accept draw"))
    assert agreed.updated
    assert len(h.messages(h.default_channel)) == before + 1, "the question becomes the final board"
    assert question.content.startswith("🤝 Draw agreed") and question.attachments and question.embeds
    assert "draw" in question.embeds[0]["description"].lower() and "⋯" not in labels(question)
    assert board.content.startswith("🤝 Draw agreed") and not board.embeds and not board.components
    listed = await h.slash(alice, "games")
    assert "no game in progress" in listed.text


async def stale_click(h: FakeDiscord, user: FakeUser, message: FakeMessage, button: FakeComponent) -> InteractionResult:
    """A click on a button the message no longer shows (a client that had not refreshed it yet)."""
    assert button.custom_id is not None and button.custom_id not in [b.custom_id for b in message.buttons]
    return await h.forge(user, message, button.custom_id)


def labels(message: FakeMessage) -> list[str | None]:
    return [button.label for button in message.buttons]


def question_game(question: FakeMessage) -> int:
    """The game number a question names ("… in game #12 …")."""
    return int(question.content.split("game #", 1)[1].split()[0].rstrip(".:"))
