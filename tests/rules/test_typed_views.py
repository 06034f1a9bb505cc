"""Views are typed: mypy refuses a misspelt key or one game's view handed to another's board,
and every board's ``render`` is a :class:`render.kit.Render`.

Each line of the program below that must fail ends with ``# wrong``; every other line
must pass strict mypy, so the check also proves the right keys are accepted. The lines are
matched with mypy's report by their text, so lines may be added anywhere; every registered
game's ``render`` (built in or from a package) is checked to be a ``Render``.
"""

from __future__ import annotations

from pathlib import Path

from mypy import api

from rules import MODULES

PROGRAM = """
from rules.araksey import ArakseyState
from rules.arcanor import ArcanorState
from rules.arkaios import ArkaiosState
from rules.dragons_arena import DragonsArenaState
from rules.kouba import KoubaState
from render import araksey, arcanor, arkaios, dragons_arena, kouba
from render.kit import Render

arkaios_view = ArkaiosState.start(2, 0, {}).view(None)
dragons_view = DragonsArenaState.start(2, 0, {"level": "little", "dragon_master": False, "solo": "off"}).view(0)
arcanor_view = ArcanorState.start(2, 0, {"strict_memory": False}).view(0)
araksey_view = ArakseyState.start(2, 0, {"elements": None, "clock": False}).view(None)
kouba_view = KoubaState.start(3, 0, {}).view(1)

heights: list[list[int]] = arkaios_view["heights"]
arkaios_view["hieghts"]  # wrong
nuggets: dict[str, int] = dragons_view["nuggets"]
dragons_view["nugget"]  # wrong
first: int = arcanor_view["first_player"]
arcanor_view["firstplayer"]  # wrong
dragon: list[bool] = araksey_view["dragon"]
araksey_view["dragons"]  # wrong
draw_count: int = kouba_view["draw_count"]
kouba_view["drawcount"]  # wrong
turn: str = arkaios_view["turn"]  # wrong
kouba.render(kouba_view, ["Ada", "Bob", "Cy"])
arkaios.render(kouba_view, ["Ada", "Bob"])  # wrong
hands: Render = kouba.render_hand
arkaios.render(arkaios_view, ["Ada", "Bob"], result="Bob resigned: Ada won")
arkaios.render(arkaios_view, ["Ada", "Bob"], result=True)  # wrong
"""


def every_render() -> str:
    """Lines that hand every registered game's ``render`` to a ``Render``."""
    imports = [f"from {modules.render} import render as render_{game}" for game, modules in sorted(MODULES.items())]
    boards = ", ".join(f"render_{game}" for game in sorted(MODULES))
    return "\n".join([*imports, f"every_board: list[Render] = [{boards}]", ""])


def test_mypy_catches_misspelt_keys_and_mixed_up_views(tmp_path: Path) -> None:
    program = PROGRAM + every_render()
    report, errors, _ = api.run(
        ["--config-file", "/dev/null", "--strict", "--cache-dir", str(tmp_path), "-c", program]
    )
    assert "error" not in errors
    lines = program.splitlines()
    flagged = {int(line.split(":")[1]) for line in report.splitlines() if ": error:" in line}
    wrong = {number for number, line in enumerate(lines, start=1) if line.endswith("# wrong")}
    refused = [lines[number - 1] for number in sorted(flagged - wrong)]
    missed = [lines[number - 1] for number in sorted(wrong - flagged)]
    assert refused == [], f"mypy refused lines that must pass:\n{report}"
    assert missed == [], "mypy accepted lines marked # wrong"
