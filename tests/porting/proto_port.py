"""The porting page's example port of Accuracy.score, speaking protocol 2 and bending it
one way: ``python proto_port.py MODE``.

Modes: ``good``; ``wrong-seq`` (echoes the seq of the request before); ``skip-weighted``
(skips every weighted call, naming an issue); ``errored`` (answers ``errored`` to every
weighted call); ``bad-start`` (answers the start with a value).
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "_static" / "example_port.py"
_spec = importlib.util.spec_from_file_location("example_port", EXAMPLE)
assert _spec is not None and _spec.loader is not None
example = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(example)


def main() -> None:
    mode = sys.argv[1]
    for line in sys.stdin:
        request = json.loads(line)
        if "start" in request:
            start = {
                "protocol": 2,
                "name": "proto",
                "language": "Python",
                "version": "0",
                "members": ["Accuracy.score"],
            }
            print(
                json.dumps({"value": 1.0} if mode == "bad-start" else {"start": start}), flush=True
            )
            continue
        seq = request["seq"] - (1 if mode == "wrong-seq" and request["seq"] > 2 else 0)
        weighted = request["arguments"].get("sample_weight") is not None
        if mode == "skip-weighted" and weighted:
            response = {
                "skipped": "weights are not ported yet",
                "issue": "https://example.invalid/7",
            }
        elif mode == "errored" and weighted:
            response = {"errored": "Traceback: IndexError in weights()"}
        else:
            try:
                response = {"value": example.number(example.accuracy(**request["arguments"]))}
            except example.Refused as refusal:
                response = {"error": "ArgumentException", "message": str(refusal)}
        print(json.dumps({"seq": seq, **response}), flush=True)


if __name__ == "__main__":
    main()
