"""A port of TopKAccuracy.Score and Accuracy.Score that speaks the harness's JSON lines.

It stands for a port in another language: it imports neither lodestar nor the harness,
only the standard library, and computes the way a C#, Rust or Go port does (loops,
left-to-right sums). It reads one request per line on standard input and writes one
response per line on standard output until its input ends.

``--bug ascending-ties`` breaks ties the wrong way round (the lower index ranks first),
the bug the tests expect ``check`` to catch.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

NON_FINITE = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}
INT64 = 2**63


class Refused(Exception):
    def __init__(self, kind: str, message: str) -> None:
        super().__init__(message)
        self.kind = kind


def refuse(message: str, kind: str = "ArgumentException") -> Refused:
    return Refused(kind, message)


def number(item: Any, name: str) -> float:
    if isinstance(item, str) and item in NON_FINITE:
        return NON_FINITE[item]
    if isinstance(item, bool) or not isinstance(item, (int, float)):
        raise refuse(f"{name} holds {item!r}; numbers are required.")
    return float(item)


def label_list(value: Any, name: str) -> list[int]:
    if not isinstance(value, list):
        raise refuse(f"{name} is not an array of labels.")
    labels = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, (int, float, str)):
            raise refuse(f"{name} holds {item!r}; labels must be integers.")
        real = number(item, name) if not isinstance(item, int) else item
        if isinstance(real, float):
            if not math.isfinite(real) or real != math.floor(real):
                raise refuse(f"{name} holds {real!r}; labels must be integers.")
            real = int(real)
        if not -INT64 <= real < INT64:
            raise refuse(f"{name} holds {real}, which is past int64.")
        labels.append(real)
    return labels


def finite_list(value: Any, name: str) -> list[float]:
    if not isinstance(value, list):
        raise refuse(f"{name} is not an array of numbers.")
    values = [number(item, name) for item in value]
    if not all(math.isfinite(item) for item in values):
        raise refuse(f"{name} holds NaN or infinity; every value must be finite.")
    return values


def score_rows(value: Any, samples: int, classes: int) -> list[list[float]]:
    if not isinstance(value, list):
        raise refuse("y_score is not an array of numbers.")
    if value and all(isinstance(row, list) for row in value):
        if len(value) != samples or any(len(row) != classes for row in value):
            raise refuse(f"y_score is not {samples} rows of {classes}.")
        return [finite_list(row, "y_score") for row in value]
    flat = finite_list(value, "y_score")
    if len(flat) != samples * classes:
        raise refuse(f"y_score holds {len(flat)} values, not {samples} rows of {classes}.")
    return [flat[row * classes : (row + 1) * classes] for row in range(samples)]


def weights(value: Any, samples: int) -> list[float] | None:
    if value is None:
        return None
    given = finite_list(value, "sample_weight")
    if not given:
        return None
    if len(given) != samples:
        raise refuse(f"sample_weight holds {len(given)} values for {samples} samples.")
    return given


def count(value: Any, name: str, minimum: int, kind: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise refuse(f"{name} is {value!r}; it must be an integer.")
    if value < minimum:
        raise refuse(f"{name} is {value}; it must be at least {minimum}.", kind)
    return value


def flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise refuse(f"{name} is {value!r}; it must be true or false.")
    return value


def average(hits: list[bool], weight: list[float] | None, normalize: bool) -> float:
    if weight is None:
        total = float(sum(hits))
        return total / len(hits) if normalize else total
    numerator = 0.0
    for hit, w in zip(hits, weight, strict=True):
        if hit:
            numerator += w
    if not normalize:
        return numerator
    denominator = 0.0
    for w in weight:
        denominator += w
    if denominator == 0.0:
        raise refuse("Weights sum to zero, can't be normalized")
    return numerator / denominator


def top_k_accuracy(arguments: dict[str, Any], ascending_ties: bool) -> float:
    k = count(arguments.get("k", 2), "k", 1, "ArgumentOutOfRangeException")
    classes = count(arguments.get("class_count"), "class_count", 2, "ArgumentException")
    normalize = flag(arguments.get("normalize", True), "normalize")
    truth = label_list(arguments.get("y_true"), "y_true")
    if not truth:
        raise refuse("y_true is empty; there is nothing to score.")
    rows = score_rows(arguments.get("y_score"), len(truth), classes)
    weight = weights(arguments.get("sample_weight"), len(truth))
    hits = []
    for label, row in zip(truth, rows, strict=True):
        if not 0 <= label < classes:
            raise refuse(f"y_true holds {label}, which is not a class index.")
        own = row[label]
        rank = 0
        for column, value in enumerate(row):
            tie_ranks_above = column < label if ascending_ties else column > label
            if value > own or (value == own and tie_ranks_above):
                rank += 1
        hits.append(rank < k)
    return average(hits, weight, normalize)


def accuracy(arguments: dict[str, Any]) -> float:
    normalize = flag(arguments.get("normalize", True), "normalize")
    truth = label_list(arguments.get("y_true"), "y_true")
    predicted = label_list(arguments.get("y_pred"), "y_pred")
    if len(truth) != len(predicted):
        raise refuse("y_true and y_pred differ in length.")
    if not truth:
        raise refuse("y_true is empty; there is nothing to score.")
    weight = weights(arguments.get("sample_weight"), len(truth))
    if weight is not None and not any(weight):
        raise refuse("Sample weights must contain at least one non-zero number.")
    hits = [a == b for a, b in zip(truth, predicted, strict=True)]
    return average(hits, weight, normalize)


def encode(value: float) -> Any:
    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "Infinity" if value > 0 else "-Infinity"
    return value


def answer(request: dict[str, Any], ascending_ties: bool) -> dict[str, Any]:
    member, arguments = request["member"], request["arguments"]
    try:
        if member == "TopKAccuracy.score":
            return {"value": encode(top_k_accuracy(arguments, ascending_ties))}
        if member == "Accuracy.score":
            return {"value": encode(accuracy(arguments))}
        return {"error": "ArgumentException", "message": f"this port has no {member}"}
    except Refused as refusal:
        return {"error": refusal.kind, "message": str(refusal)}


def main() -> None:
    ascending_ties = sys.argv[1:] == ["--bug", "ascending-ties"]
    for line in sys.stdin:
        response = answer(json.loads(line), ascending_ties)
        sys.stdout.write(json.dumps(response) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
