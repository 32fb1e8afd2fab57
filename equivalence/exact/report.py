"""stub"""

from typing import Any

EVALUATORS: dict[str, Any] = {}
