"""The porting page's example port of Accuracy.score, speaking protocol 2 alone and bending
it one way: ``python proto_port.py MODE``.

A request that comes before the start exchange, or without a seq, ends it with status 3:
it is the port of a team that never spoke protocol 1.

Modes: ``good``; ``wrong-seq`` (echoes the seq of the request before); ``skip-weighted``
(skips every weighted call, naming an issue); ``errored`` (answers ``errored`` to every
weighted call); ``errored-object`` (the same, with an object for the message);
``drop-weights`` (leaves the weights out of every call: a wrong value); ``bad-start``
(answers the start with a value); ``no-language`` (a start that does not name its
language).
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
    started = False
    for line in sys.stdin:
        request = json.loads(line)
        if "start" in request:
            started = True
            start = {
                "protocol": 2,
                "name": "proto",
                "language": "Python",
                "version": "0",
                "members": ["Accuracy.score"],
            }
            if mode == "no-language":
                del start["language"]
            print(
                json.dumps({"value": 1.0} if mode == "bad-start" else {"start": start}), flush=True
            )
            continue
        if not started or "seq" not in request:
            print("proto_port speaks protocol 2 alone: start first, then a seq", file=sys.stderr)
            sys.exit(3)
        seq = request["seq"] - (1 if mode == "wrong-seq" and request["seq"] > 2 else 0)
        arguments = request["arguments"]
        weighted = arguments.get("sample_weight") is not None
        if mode == "drop-weights":
            arguments = {k: v for k, v in arguments.items() if k != "sample_weight"}
        response: dict[str, object]
        if mode == "skip-weighted" and weighted:
            response = {
                "skipped": "weights are not ported yet",
                "issue": "https://example.invalid/7",
            }
        elif mode == "errored" and weighted:
            response = {"errored": "Traceback: IndexError in weights()"}
        elif mode == "errored-object" and weighted:
            response = {"errored": {"trace": ["weights()"]}}
        else:
            try:
                response = {"value": example.number(example.accuracy(**arguments))}
            except example.Refused as refusal:
                response = {"error": "ArgumentException", "message": str(refusal)}
        print(json.dumps({"seq": seq, **response}), flush=True)


if __name__ == "__main__":
    main()
