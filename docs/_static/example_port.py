"""An example port of Accuracy.Score that speaks the JSON-lines protocol of docs/porting.md.

Run by the harness as: python -m equivalence check Accuracy.score --command "python example_port.py"
(protocol 1), or with --protocol 2, when it first answers the start exchange.
It needs the standard library only, as a port in C#, Rust or Go needs no Python at all.
"""

import json
import math
import sys

NON_FINITE = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}


class Refused(Exception):
    """An argument the C# library refuses with an ArgumentException."""


def labels(value, name):
    if not isinstance(value, list):
        raise Refused(f"{name} must be an array of labels")
    result = []
    for item in value:
        item = NON_FINITE.get(item, item) if isinstance(item, str) else item
        if isinstance(item, bool) or not isinstance(item, (int, float)):
            raise Refused(f"{name} holds {item!r}; labels must be integers")
        if isinstance(item, float) and not (math.isfinite(item) and item == int(item)):
            raise Refused(f"{name} holds {item!r}; labels must be integers")
        if not -(2**63) <= item < 2**63:
            raise Refused(f"{name} holds {item!r}, which is past int64")
        result.append(int(item))
    return result


def weights(value, samples):
    if value is None or value == []:
        return [1.0] * samples
    if not isinstance(value, list):
        raise Refused("sample_weight must be an array of numbers")
    result = []
    for item in value:
        item = NON_FINITE.get(item, item) if isinstance(item, str) else item
        if isinstance(item, bool) or not isinstance(item, (int, float)):
            raise Refused(f"sample_weight holds {item!r}; numbers are required")
        if not math.isfinite(item):
            raise Refused(f"sample_weight holds {item!r}; every value must be finite")
        result.append(float(item))
    if len(result) != samples:
        raise Refused(f"sample_weight holds {len(result)} values for {samples} samples")
    if not any(result):
        raise Refused("Sample weights must contain at least one non-zero number.")
    return result


def accuracy(y_true, y_pred, normalize=True, sample_weight=None):
    if not isinstance(normalize, bool):
        raise Refused("normalize must be true or false")
    truth, predicted = labels(y_true, "y_true"), labels(y_pred, "y_pred")
    if len(truth) != len(predicted):
        raise Refused("y_true and y_pred must have the same length")
    if not truth:
        raise Refused("y_true is empty; there is nothing to score")
    weight = weights(sample_weight, len(truth))
    correct = 0.0
    total = 0.0
    for true, guess, w in zip(truth, predicted, weight, strict=True):
        if true == guess:
            correct += w
        total += w
    if not normalize:
        return correct
    if total == 0.0:
        raise Refused("Weights sum to zero, can't be normalized")
    return correct / total


def number(value):
    """A float as the wire writes it: NaN and the infinities as strings."""
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    return value


def main():
    for line in sys.stdin:
        request = json.loads(line)
        if "start" in request:  # protocol 2: say what this port is; requests then carry a seq
            start = {
                "protocol": 2,
                "name": "example",
                "language": "Python",
                "version": "1.0",
                "members": ["Accuracy.score"],
            }
            print(json.dumps({"start": start}, allow_nan=False), flush=True)
            continue
        try:
            if request["member"] != "Accuracy.score":
                raise Refused(f"this port has no {request['member']}")
            response = {"value": number(accuracy(**request["arguments"]))}
        except Refused as refusal:
            response = {"error": "ArgumentException", "message": str(refusal)}
        if "seq" in request:
            response = {"seq": request["seq"], **response}
        print(json.dumps(response, allow_nan=False), flush=True)


if __name__ == "__main__":
    main()
