"""The offline Discord used by the end-to-end tests (see docs in harness.py and ARCHITECTURE.md)."""

from .capture import CapturedError
from .harness import FakeDiscord
from .interactions import HarnessError, InteractionResult
from .model import FakeAttachment, FakeChannel, FakeComponent, FakeMessage, FakeRole, FakeUser
from .spec import DiscordSpec, SpecViolation, load_spec, spec_path
from .transport import RecordedRequest, UploadedFile
from .waiting import SettleTimeout

__all__ = [
    "CapturedError",
    "DiscordSpec",
    "FakeAttachment",
    "FakeChannel",
    "FakeComponent",
    "FakeDiscord",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "HarnessError",
    "InteractionResult",
    "RecordedRequest",
    "SettleTimeout",
    "SpecViolation",
    "UploadedFile",
    "load_spec",
    "spec_path",
]
