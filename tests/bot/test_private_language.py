"""Private answers speak the player's language: a scan of the cogs for answers worded in the server's.

What only the clicking player sees (an ephemeral message, a form, a refusal) is worded in
``await self.bot.reply_language(interaction)`` (the player's own Discord language when the bot
speaks it, else the server's); public messages in the server's language (``self.language(record)``,
``bot.language_of(guild_id)``, ``settings.language``). Mixing them up is easy and invisible on a
server whose players share its language, so this test reads the code:

- a function that answers privately and takes its words from the server's language only (never
  from ``reply_language``) is a mistake, unless it is listed in ``SERVER_WORDED`` with the reason;
- in a function that does both, the language of each ``text``/``plural`` call inside a private
  answer (or in the variable the answer sends) must not come from the server's language.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# Functions whose private answer is deliberately in the server's language, and why.
SERVER_WORDED = {
    "cogs/agora.py:settings": "it shows the settings in the language the server has just chosen",
}
ANSWERS = {"tell", "send_modal"}  # private whatever their arguments
EPHEMERAL_ANSWERS = {"send_answer", "send_message", "send", "defer"}  # private with ephemeral=True
WORDING = {"text", "plural"}


@dataclass(frozen=True)
class Found:
    where: str
    line: int
    why: str

    def __str__(self) -> str:
        return f"{self.where} (line {self.line}): {self.why}"


def called_name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""


def is_private_answer(node: ast.AST) -> bool:
    """A private answer, or a refusal worded on the spot (``ServiceError(text(...))``, shown privately)."""
    if not isinstance(node, ast.Call):
        return False
    name = called_name(node)
    ephemeral = any(
        k.arg == "ephemeral" and isinstance(k.value, ast.Constant) and k.value.value is True for k in node.keywords
    )
    worded_refusal = name == "ServiceError" and bool(node.args) and is_wording(node.args[0])
    return name in ANSWERS or (ephemeral and name in EPHEMERAL_ANSWERS) or worded_refusal


def is_wording(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and called_name(node) in WORDING


def server_language(node: ast.AST) -> bool:
    """``self.language(record)``, ``bot.language_of(guild)``, ``settings.language``: the server's."""
    return isinstance(node, ast.Attribute) and node.attr in ("language", "language_of")


def reply_language(node: ast.AST) -> bool:
    return isinstance(node, ast.Attribute) and node.attr == "reply_language"


def assignments(function: ast.AST) -> dict[str, list[ast.AST]]:
    """Each plain name assigned in ``function`` (nested functions included), with the values it takes."""
    found: dict[str, list[ast.AST]] = {}
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            pairs: list[tuple[ast.AST, ast.AST]] = []
            for target in node.targets:
                if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
                    pairs.extend(zip(target.elts, node.value.elts, strict=False))
                else:
                    pairs.append((target, node.value))
            for target, value in pairs:
                if isinstance(target, ast.Name):
                    found.setdefault(target.id, []).append(value)
    return found


def from_server(node: ast.AST, assigned: dict[str, list[ast.AST]]) -> bool:
    """Whether ``node`` (a language) is, or is a name assigned from, the server's language."""
    if isinstance(node, ast.Name):
        return any(from_server(value, {}) for value in assigned.get(node.id, []))
    return any(server_language(inner) for inner in ast.walk(node)) and not any(
        reply_language(inner) for inner in ast.walk(node)
    )


def wordings_sent(answer: ast.Call, assigned: dict[str, list[ast.AST]]) -> Iterator[ast.Call]:
    """The ``text``/``plural`` calls an answer sends: in its arguments, or in a name it sends that holds one."""
    for argument in [*answer.args, *(k.value for k in answer.keywords)]:
        for inner in ast.walk(argument):
            if is_wording(inner):
                yield inner  # type: ignore[misc]
            elif isinstance(inner, ast.Name):
                for value in assigned.get(inner.id, []):
                    yield from (w for w in ast.walk(value) if is_wording(w))  # type: ignore[misc]


def functions(tree: ast.Module) -> Iterator[ast.FunctionDef | ast.AsyncFunctionDef]:
    """Module functions and methods (nested functions are read with the function that holds them)."""
    for node in tree.body:
        bodies = node.body if isinstance(node, ast.ClassDef) else [node]
        yield from (f for f in bodies if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef))


def mistakes_in(source: str, module: str) -> Iterator[Found]:
    """The private answers of ``source`` (the file ``module``) worded in the server's language."""
    for function in functions(ast.parse(source)):
        where = f"{module}:{function.name}"
        nodes = list(ast.walk(function))
        answers = [n for n in nodes if is_private_answer(n)]
        if not answers or where in SERVER_WORDED:
            continue
        if any(server_language(n) for n in nodes) and not any(reply_language(n) for n in nodes):
            yield Found(where, function.lineno, "answers privately in the server's language only")
            continue
        assigned = assignments(function)
        for answer in answers:
            assert isinstance(answer, ast.Call)
            for wording in wordings_sent(answer, assigned):
                if wording.args and from_server(wording.args[0], assigned):
                    yield Found(where, wording.lineno, "a private answer worded in the server's language")


def cogs() -> dict[str, str]:
    """Each cog module's source, by its path in the project."""
    paths = (ROOT / "cogs").rglob("*.py")
    return {path.relative_to(ROOT).as_posix(): path.read_text(encoding="utf-8") for path in paths}


def test_private_answers_are_worded_in_the_players_language() -> None:
    found = [str(mistake) for module, source in sorted(cogs().items()) for mistake in mistakes_in(source, module)]
    assert found == [], "\n".join(found)


def test_every_exception_names_a_function_that_answers_privately() -> None:
    """An exception left for a function that is gone, or that no longer answers privately, is removed."""
    answering = {
        f"{module}:{function.name}"
        for module, source in cogs().items()
        for function in functions(ast.parse(source))
        if any(is_private_answer(node) for node in ast.walk(function))
    }
    assert set(SERVER_WORDED) <= answering


def mistakes(source: str) -> list[str]:
    return [found.where.split(":")[1] for found in mistakes_in(source, "cogs/example.py")]


def test_the_scan_finds_a_private_answer_in_the_servers_language() -> None:
    assert mistakes(
        """
async def refuse(self, interaction, record):
    lang = await self.language(record)
    await tell(interaction, text(lang, "err.no_game", id=record.id))
"""
    ) == ["refuse"]


def test_the_scan_finds_a_panel_drawn_in_the_servers_language() -> None:
    assert mistakes(
        """
async def show(self, interaction, record):
    lang = await self.bot.language_of(record.row.guild_id)
    embed = discord.Embed(title=text(lang, "hint.title", id=record.id))
    await send_answer(interaction, embed=embed, ephemeral=True)
"""
    ) == ["show"]


def test_the_scan_finds_the_wrong_language_where_both_are_at_hand() -> None:
    assert mistakes(
        """
async def join(self, interaction, tournament):
    public = await self.bot.language_of(tournament.guild_id)
    private = await self.bot.reply_language(interaction)
    await interaction.response.edit_message(**self.announcement(tournament, public))
    said = text(public, "tour.joined", id=tournament.id)
    await tell(interaction, said)
"""
    ) == ["join"]


def test_the_scan_finds_a_refusal_worded_in_the_servers_language() -> None:
    assert mistakes(
        """
async def check(self, interaction):
    settings = await self.bot.settings.get(interaction.guild_id)
    raise ServiceError(text(settings.language, "no_permission"))
"""
    ) == ["check"]


def test_the_scan_lets_public_and_private_words_each_go_their_way() -> None:
    assert mistakes(
        """
async def join(self, interaction, tournament):
    public = await self.bot.language_of(tournament.guild_id)
    await interaction.response.edit_message(**self.announcement(tournament, public))
    private = await self.bot.reply_language(interaction)
    await tell(interaction, text(private, "tour.joined", id=tournament.id))
    await channel.send(text(public, "tour.joined_public"))
"""
    ) == []
