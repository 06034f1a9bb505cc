"""What operators and admins see: /agora status, the interaction log, answers while the bot restarts."""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable

import pytest

from bot.app import AgoraBot
from bot.status import version
from cogs.common import GameCog
from tests.harness import FakeDiscord, FakeUser

INTERACTIONS = "agora.interactions"


async def challenge(h: FakeDiscord, alice: FakeUser, bob: FakeUser, *, accept: bool) -> int:
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    if accept:
        await h.click(bob, sent.button(label="Accept"))
    return len(h.messages(h.default_channel))


def lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == INTERACTIONS]


async def test_status_for_admins_in_english(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob, carol = h.user("alice"), h.user("bob"), h.user("carol")
    await h.start(make_bot())
    await challenge(h, alice, bob, accept=True)
    await challenge(h, alice, carol, accept=False)
    shown = await h.slash(h.owner, "agora status")
    assert shown.ephemeral
    assert "Agora status" in shown.text and f"Version: {version()}" in shown.text
    assert "Running for: 1m" in shown.text
    assert "Latency to Discord: not measured yet" in shown.text  # the offline Discord has no heartbeat
    assert "Games on this server: 1 being played, challenges waiting: 1" in shown.text
    refused = await h.slash(carol, "agora status")
    assert refused.ephemeral and "Manage Server" in refused.text and "Version" not in refused.text


async def test_status_in_french(discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    await h.slash(h.owner, "agora settings", language="fr")
    h.guild.locale = "fr"  # the admins' Discord is in French too: the private status follows it
    await challenge(h, alice, bob, accept=False)
    shown = await h.slash(h.owner, "agora status")
    assert "État d'Agora" in shown.text and "En marche depuis" in shown.text and "Latence vers Discord" in shown.text
    assert "Parties sur ce serveur: en cours : 0 · défis en attente : 1" in shown.text
    refused = await h.slash(alice, "agora status")
    assert "Gérer le serveur" in refused.text


async def test_one_log_line_per_interaction(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=INTERACTIONS)
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    await h.click(bob, sent.button(label="Accept"))
    await h.slash(alice, "resign", game=1)
    logged = lines(caplog)
    assert len(logged) == 3, logged
    command, click, resign = logged
    assert command.startswith(f"interaction game=- action=/arkaios challenge user={alice.id} guild={h.guild.id} took ")
    assert command.endswith(" ms: channel_message")
    assert click.startswith(f"interaction game=1 action=b:accept@v0 user={bob.id}") and click.endswith("message_update")
    assert resign.startswith("interaction game=1 action=/resign ")


async def test_slow_answers_are_warned_about(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger=INTERACTIONS)
    h = discord_harness
    bot = make_bot()
    bot.interactions.timer = itertools.count(0.0, 2.0).__next__  # every interaction takes two seconds
    await h.start(bot)
    await h.slash(h.user("alice"), "games")
    slow = [r for r in caplog.records if r.name == INTERACTIONS]
    assert [r.levelname for r in slow] == ["WARNING"]
    assert "took 2000 ms (slow): channel_message" in slow[0].getMessage()


async def test_a_failing_control_is_answered_and_logged_with_its_game(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot], monkeypatch: pytest.MonkeyPatch
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    await h.start(make_bot())
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)

    async def broken(*args: object) -> None:
        raise RuntimeError("a bug in a control")

    monkeypatch.setattr(GameCog, "on_control", broken)
    with h.expect_logged_error(r"interaction game=1 action=b:accept@v0 failed"):
        answered = await h.click(bob, sent.button(label="Accept"))
    assert answered.ephemeral and "something went wrong on our side" in answered.text


async def test_a_failing_command_is_answered_in_the_servers_language(
    discord_harness: FakeDiscord,
    make_bot: Callable[[], AgoraBot],
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger=INTERACTIONS)
    h = discord_harness
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", language="fr")
    h.owner.locale = "pt-BR"  # a language the bot does not speak: the answer is in the server's

    async def broken(*args: object) -> None:
        raise RuntimeError("a bug in a command")

    monkeypatch.setattr(bot.get_cog("Agora"), "status_here", broken)
    with h.expect_logged_error("a bug in a command"):
        answered = await h.slash(h.owner, "agora status")
    assert "interaction game=- action=/agora status failed" in caplog.text
    assert lines(caplog)[-1].endswith(": failed")
    assert answered.ephemeral and "Désolé, un problème est survenu de notre côté" in answered.text


async def test_a_stopping_bot_turns_clicks_away_politely(
    discord_harness: FakeDiscord, make_bot: Callable[[], AgoraBot]
) -> None:
    h = discord_harness
    alice, bob = h.user("alice"), h.user("bob")
    bot = make_bot()
    await h.start(bot)
    await h.slash(h.owner, "agora settings", language="fr")
    h.guild.locale = "fr"  # the players' Discord is in French too
    sent = await h.slash(alice, "arkaios challenge", opponent=bob)
    assert await bot.interactions.close(grace=1.0), "nothing was in flight"
    clicked = await h.click(bob, sent.button(label="Accepter"))
    assert clicked.ephemeral and "Agora redémarre : rien n'a été fait" in clicked.text
    typed = await h.slash(alice, "games")
    assert typed.ephemeral and "Agora redémarre" in typed.text
    assert (await bot.service.load(1)).row.status == "challenge", "the refused click changed nothing"
