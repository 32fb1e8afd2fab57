"""``CalibrationCurve.compute`` against ``sklearn.calibration.calibration_curve``
(``strategy`` passed as its value). Measured on 1.3.2, 1.6.1 and 1.9.1: every version bins
by ``np.searchsorted`` over the inner edges (``np.linspace``, or ``np.percentile`` at
``np.linspace(0, 1, n_bins + 1) * 100``), drops the empty bins, and refuses empty input,
a probability outside [0, 1] (NaN passes; malformed input here), more than two labels,
``n_bins`` below 1 and an unknown strategy."""

from __future__ import annotations

from typing import Any

import numpy as np

from equivalence import shared
from equivalence.draw import blocks, primitives
from equivalence.model import Call, Edge, Member
from equivalence.view import View, as_floats
from lodestar.metrics import BinStrategy, CalibrationCurve

__all__ = ["CALIBRATION_CURVE", "MEMBERS"]

#: Probabilities on and beside the uniform edges: 0.1 + 0.2 and np.linspace's 0.3, 0.6,
#: 0.7 differ from 3/10, 6/10 and 7/10 by one ULP.
PROBABILITIES = (
    *(0.5, 0.0, 1.0, 0.1, 0.2, 0.3, 0.1 + 0.2, 0.6, 0.7, 0.6000000000000001),
    *(0.7000000000000001, 0.25, 0.75, 0.9, 1e-300, 0.9999999999999999),
)
BINS = (5, 1, 2, 3, 4, 10, 7, 20)
STRATEGIES = (BinStrategy.UNIFORM, "uniform", BinStrategy.QUANTILE, "quantile")
LABEL_PAIRS = ((0, 1), (-1, 1), (3, 7))
NON_FINITE = (np.nan, np.inf, -np.inf)


@primitives.composite
def _calls(draw: primitives.Draw, scenario: str) -> Call:
    size, pair, bins, choice = primitives.integers(
        draw, (1, 12), (0, 2), (0, len(BINS) - 1), (0, 3)
    )
    size = 0 if scenario == "bad_length" and choice < 2 else size
    low, high = LABEL_PAIRS[pair]
    truth: list[Any] = [(low, high)[c % 2] for c in draw(primitives.labels(size, 0, 1))]
    prob = draw(primitives.table(size, PROBABILITIES))
    way = 2 + choice % 2 if scenario == "quantile" else choice
    kwargs: dict[str, Any] = {"pos_label": (high, high, low, high + 1)[choice]}
    kwargs["n_bins"], kwargs["strategy"] = BINS[bins], STRATEGIES[way]
    if scenario == "ties" and size:
        prob = prob[: max(1, size // 4)].repeat(4)[:size]
        truth = (truth * 4)[:size]
    if scenario == "bad_probability":
        prob[primitives.index(draw, size)] = primitives.pick(
            draw, (-0.1, 1.5, -1e-300, 1.0000000000000002, *NON_FINITE)
        )
    if scenario == "three_labels" and size:
        truth[0] = high + 1
    if scenario == "bad_length" and size:
        prob = prob[: primitives.between(draw, 0, size - 1)]
    if scenario == "bad_option":
        kwargs["n_bins" if choice % 2 else "strategy"] = primitives.pick(
            draw, (0, -1, "kmeans", None)
        )
    if scenario == "malformed_pos_label":
        kwargs["pos_label"] = primitives.pick(draw, (0.5, True, "1", None))
    return Call((truth, prob.tolist()), kwargs)


def _oracle(v: View) -> list[Any]:
    from sklearn.calibration import calibration_curve

    strategy = getattr(v["strategy"], "value", v["strategy"])
    keywords = {"pos_label": v["pos_label"], "n_bins": v["n_bins"], "strategy": strategy}
    return [np.asarray(part, dtype=np.float64) for part in calibration_curve(*v.args, **keywords)]


def _binned(v: View) -> tuple[Any, Any] | None:
    """The probabilities and the inner edges, on a call lodestar answers; else ``None``."""
    prob, truth, bins = as_floats(v.args[1]), v.truth, v["n_bins"]
    if prob is None or truth is None or prob.ndim != 1 or prob.shape != truth.shape:
        return None
    if not prob.size or not ((prob >= 0) & (prob <= 1)).all() or _labels(v) > 2:
        return None
    if not isinstance(bins, int) or isinstance(bins, bool) or bins < 1:
        return None
    quantiles = np.linspace(0.0, 1.0, bins + 1)
    quantile = v["strategy"] in (BinStrategy.QUANTILE, "quantile")
    return prob, (np.percentile(prob, quantiles * 100) if quantile else quantiles)[1:-1]


def _labels(v: View) -> int:
    return 0 if v.truth is None else int(np.unique(v.truth).size)


def _on(test: Any) -> Any:
    return lambda v: v.derived(_binned) is not None and bool(test(v, *v.derived(_binned)))


def _prob(test: Any) -> Any:  # a predicate on y_prob as floats, false where it is not
    return lambda v: as_floats(v.args[1]) is not None and bool(test(as_floats(v.args[1])))


def _by_division(v: View, prob: Any, inner: Any) -> bool:
    """A probability the C# edges ``i / n_bins`` put in another bin than np.linspace's."""
    if v["strategy"] not in (BinStrategy.UNIFORM, "uniform"):
        return False
    divided = np.arange(1, inner.size + 1) / (inner.size + 1)
    return bool((np.searchsorted(inner, prob) != np.searchsorted(divided, prob)).any())


CALIBRATION_CURVE = Member(
    name="CalibrationCurve.compute",
    csharp="CalibrationCurve.Compute",
    page="reference/metrics/classification/calibrationcurve-compute.md",
    implementation=CalibrationCurve.compute,
    oracle=_oracle,
    oracle_call="calibration_curve(y_true, y_prob, pos_label=pos_label, n_bins=n_bins, "
    "strategy=strategy.value)",
    since="1.3",
    scenarios=blocks.scenarios(
        _calls,
        "valid quantile ties bad_probability three_labels bad_length bad_option "
        "malformed_pos_label",
    ),
    edges=(
        Edge(
            "empty_bin",
            "a bin holds no sample: dropped",
            _on(lambda v, p, e: np.unique(np.searchsorted(e, p)).size <= e.size),
        ),
        Edge(
            "on_an_edge", "a probability on an inner edge", _on(lambda v, p, e: np.isin(p, e).any())
        ),
        Edge("edge_by_division", "i / n_bins would bin a probability apart", _on(_by_division)),
        Edge("one", "a probability of 1: the last bin", _on(lambda v, p, e: (p == 1).any())),
        Edge(
            "collapsed_edges",
            "quantile edges that coincide",
            _on(lambda v, p, e: (np.diff(e) == 0).any()),
        ),
        Edge("outside", "a probability outside [0, 1]", _prob(lambda p: ((p < 0) | (p > 1)).any())),
        Edge("three_labels", "more than two labels", lambda v: _labels(v) > 2),
        Edge(
            "non_finite", "a NaN or infinite probability", _prob(lambda p: not np.isfinite(p).all())
        ),
        Edge(
            "pos_label_absent",
            "pos_label names no sample",
            _on(lambda v, p, e: (v.truth != shared.pos_label(v)).all()),
        ),
        *shared.edges("empty", "malformed_pos_label"),
    ),
    divergences=(shared.malformed_pos_label(),),
    project=lambda curve: [curve.prob_true, curve.prob_pred],
    roles={"n_bins": "count"},
    example=Call(([0, 1, 1, 0], [0.1, 0.9, 0.8, 0.3]), {"pos_label": 1, "n_bins": 5}),
)


MEMBERS = (CALIBRATION_CURVE,)
