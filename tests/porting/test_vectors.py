"""Exported vectors: the format, determinism across runs and NumPy dispatch settings, and
a replay against the independent port in ``port_topk.py``."""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from equivalence.members import REGISTRY
from equivalence.model import Call, Value
from equivalence.ports import vectors, wire
from equivalence.ports.process import Port

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PORT = f"{shlex.quote(sys.executable)} {shlex.quote(str(HERE / 'port_topk.py'))}"

#: Small exports keep the tests quick; the command's default is 400 drawn cases.
CASES = 60
#: One member whose answers take a logarithm (NumPy's differs by SIMD path), two that
#: the independent port answers.
EXPORTED = ("LogLoss.multi_class", "TopKAccuracy.score", "Accuracy.score")


def _default_kernels() -> dict[str, str]:
    """This process's environment, NumPy left to pick its dispatch from the CPU."""
    return {k: v for k, v in os.environ.items() if k != "NPY_DISABLE_CPU_FEATURES"}


def _other_kernels() -> list[str]:
    """The other ``NPY_DISABLE_CPU_FEATURES`` settings CI runs under on this CPU, as
    ``.ci/kernels.py`` chooses them (each checked to change the dispatch; none on a CPU
    that offers nothing past the build's baseline)."""
    done = subprocess.run(
        [sys.executable, str(ROOT / ".ci" / "kernels.py")],
        env=_default_kernels(),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return [line for line in done.stdout.splitlines() if line.strip()]


def _exporting(folder: Path, kernels: str | None = None) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "equivalence", "vectors", *EXPORTED]
    command += ["--cases", str(CASES), "--output", str(folder)]
    env = _default_kernels()
    if kernels is not None:
        env["NPY_DISABLE_CPU_FEATURES"] = kernels
    return subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )


def _files(folder: Path) -> dict[str, bytes]:
    """Every file of an export, by name, and its bytes."""
    return {path.name: path.read_bytes() for path in sorted(folder.iterdir())}


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The export as a user makes it, by the command in a fresh process. Not in this one:
    Hypothesis mixes into its draws the constants it finds in the local modules already
    imported (``hypothesis.internal.constants_ast``), so an export drawn inside a test
    session that has imported every test module draws other calls than the command does."""
    folder = tmp_path_factory.mktemp("vectors")
    run = _exporting(folder)
    _, errors = run.communicate(timeout=600)
    assert run.returncode == 0, errors.decode()
    return folder


def test_the_header_and_every_case_have_the_documented_form(exported: Path) -> None:
    for name in EXPORTED:
        member = REGISTRY[name]
        header, cases = vectors.read(exported / f"{name}.jsonl")
        assert list(header) == ["format", "suite", "member", "csharp", "cases", "digest"]
        assert header["format"] == vectors.FORMAT == "lodestar-vectors/3"
        assert header["member"] == name
        assert header["cases"] == len(cases) >= CASES // 2
        lines = (exported / f"{name}.jsonl").read_text().splitlines()[1:]
        assert header["digest"] == vectors.digest(lines)
        assert len({case["id"] for case in cases}) == len(cases)
        for case in cases:
            keys = vectors.LARGE_KEYS if "repeat" in case else vectors.CASE_KEYS
            assert list(case) == list(keys)
            assert case["id"] == vectors.case_id(member, case["arguments"], case.get("repeat"))
            assert set(case["expect"]) in ({"value", "within"}, {"error"})
            if "error" in case["expect"]:
                assert case["expect"]["error"] in {error.__name__ for error in member.refusals}
        reached = {edge for case in cases for edge in case["edges"]}
        # Every edge but float32, which only calls JSON cannot carry (float32 arrays) reach.
        assert {edge.name for edge in member.edges} - reached <= {"float32"}, name
        assert member.example is not None
        assert cases[0]["arguments"] == wire.request(member, member.example)["arguments"]
        assert "repeat" not in cases[0]
        large = [case for case in cases if "repeat" in case]
        assert large and all(case["arguments"] == cases[0]["arguments"] for case in large[:1])


def test_an_export_is_the_same_bytes_twice_and_under_other_numpy_kernels(
    exported: Path, tmp_path: Path
) -> None:
    settings = _other_kernels()
    # the default dispatch again, then each setting CI runs the pages under on this CPU
    exports: list[tuple[str | None, Path]] = [(None, tmp_path / "again")]
    exports += [(setting, tmp_path / f"kernels-{i}") for i, setting in enumerate(settings)]
    runs = [_exporting(folder, kernels) for kernels, folder in exports]
    for run in runs:
        _, errors = run.communicate(timeout=600)
        assert run.returncode == 0, errors.decode()
    first = _files(exported)
    assert set(first) == {f"{name}.jsonl" for name in EXPORTED} | {"index.json", "provenance.json"}
    for kernels, folder in exports:
        other = _files(folder)
        assert list(other) == list(first), kernels
        for name, written in first.items():
            assert other[name] == written, (kernels, name)
    if not settings:
        pytest.skip("this CPU and NumPy build offer no dispatch path besides the default")


# mpmath's context precision around the call: a page or a library may leave it at any
# (``mp.dps = 30`` is 103 bits, where a result negated at the ambient precision once fell on
# a tie and rounded to the even 2.220446049250313e-16).
@pytest.mark.parametrize("ambient", [40, 53, 103, 300])
def test_the_expected_value_is_the_exact_result_not_a_kernels_bits(ambient: int) -> None:
    import mpmath

    from equivalence.model import Call

    member = REGISTRY["LogLoss.score"]
    # 2.220446049250313e-16 with AVX-512's log, 2.2204460492503136e-16 with AVX2's.
    with mpmath.workprec(ambient):
        value, within = vectors.reference(member, Call(([0, 1], [0.0, 1.0])))
    # The exact loss, eps + eps**2/2 + ..., rounded to the nearest double: the same bits on
    # every machine and at every ambient precision, with both kernels' answers within the bound.
    assert value == 2.2204460492503136e-16
    assert abs(2.2204460492503136e-16 - value) <= within
    assert abs(2.220446049250313e-16 - value) <= within


@pytest.mark.parametrize("name", ["TopKAccuracy.score", "Accuracy.score"])
def test_an_independent_port_meets_every_exported_case(exported: Path, name: str) -> None:
    header, cases = vectors.read(exported / f"{name}.jsonl")
    with Port(PORT) as port:
        for case in cases:
            request = {"member": header["member"], "csharp": header["csharp"]}
            request["arguments"] = vectors.repeated(case["arguments"], case.get("repeat"))
            response = port.exchange(json.dumps(request))
            assert vectors.meets(case["expect"], response), (case, response)


def test_a_port_with_a_tie_order_bug_misses_some_case(exported: Path) -> None:
    header, cases = vectors.read(exported / "TopKAccuracy.score.jsonl")
    with Port(f"{PORT} --bug ascending-ties") as port:
        missed = [
            case
            for case in cases
            if not vectors.meets(
                case["expect"],
                port.exchange(
                    json.dumps(
                        {
                            "member": header["member"],
                            "arguments": vectors.repeated(case["arguments"], case.get("repeat")),
                        }
                    )
                ),
            )
        ]
    assert missed and all("error" not in case["expect"] for case in missed)


@pytest.mark.parametrize(
    ("expect", "response", "met"),
    [
        ({"value": 0.5, "within": 1e-12}, {"value": 0.5 + 1e-13}, True),
        ({"value": 0.5, "within": 1e-12}, {"value": 0.5 + 1e-11}, False),
        ({"value": "NaN", "within": 0.0}, {"value": "NaN"}, True),
        ({"value": "Infinity", "within": 1.0}, {"value": 1e308}, False),
        ({"value": [[1.0, "NaN"]], "within": 0.0}, {"value": [[1.0, "NaN"]]}, True),
        ({"value": [1.0, 2.0], "within": 0.0}, {"value": [1.0]}, False),
        (
            {"value": {"labels": [0], "total_weight": 1.0}, "within": 0.0},
            {"value": {"labels": [0], "total_weight": 1.0}},
            True,
        ),
        ({"error": "ArgumentError"}, {"error": "ArgumentOutOfRangeException"}, True),
        ({"error": "ArgumentError"}, {"error": "UndefinedMetricError"}, False),
        ({"error": "ArgumentError"}, {"value": 1.0}, False),
        ({"value": 1.0, "within": 0.0}, {"error": "ArgumentError"}, False),
    ],
)
def test_meeting_a_case(expect: dict[str, object], response: dict[str, object], met: bool) -> None:
    assert vectors.meets(expect, response) is met


def _validator(name: str) -> Any:
    import jsonschema
    from referencing import Registry, Resource

    folder = ROOT / "equivalence" / "schemas"
    resources = [
        (
            f"https://lodestar.invalid/schemas/{path.name}",
            Resource.from_contents(json.loads(path.read_text())),
        )
        for path in folder.glob("*.schema.json")
    ]
    schema = json.loads((folder / name).read_text())
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema, registry=Registry().with_resources(resources))


def test_every_exported_file_and_the_index_meet_their_schemas(exported: Path) -> None:
    head, case, index = (
        _validator("vectors-header.schema.json"),
        _validator("vectors-case.schema.json"),
        _validator("index.schema.json"),
    )
    for name in EXPORTED:
        header, cases = vectors.read(exported / f"{name}.jsonl")
        head.validate(header)
        for item in cases:
            case.validate(item)
    written = json.loads((exported / "index.json").read_text())
    index.validate(written)
    assert [e["member"] for e in written["members"]] == sorted(EXPORTED)
    assert written["cases"] == sum(e["cases"] for e in written["members"])
    provenance = json.loads((exported / "provenance.json").read_text())
    assert set(provenance) == {"format", "suite", "lodestar", "hypothesis", "scikit-learn", "numpy"}


def test_a_live_wire_exchange_meets_the_wire_schemas() -> None:
    request, response = (
        _validator("wire-request.schema.json"),
        _validator("wire-response.schema.json"),
    )
    member = REGISTRY["TopKAccuracy.score"]
    with Port(PORT) as port:
        for call in (member.example, Call(([0], [0.5, 0.5], 2), {"k": 0})):
            assert call is not None
            line = wire.request(member, call)
            request.validate(line)
            response.validate(port.exchange(wire.dumps(line)))


#: Exchanges recorded from the Node.js example port (``node ports/node/port.js``), each
#: line as it crossed the pipe: the harness's request, then the port's answer, in turn.
#: Protocol 2 opens with the start exchange and carries a ``seq``; protocol 1 does not.
#: Between them they hold every kind of line a port writes to a readable request: a start,
#: a number, an infinity, a refusal in the C# spelling and a member skipped.
RECORDED = {
    "node-protocol1.jsonl": {"value", "error"},
    "node-protocol2.jsonl": {"start", "value", "error", "skipped"},
}


@pytest.mark.parametrize("recording", sorted(RECORDED))
def test_a_recorded_wire_exchange_meets_the_wire_schemas(recording: str) -> None:
    request, response = (
        _validator("wire-request.schema.json"),
        _validator("wire-response.schema.json"),
    )
    text = (HERE / "recorded" / recording).read_text(encoding="utf-8").splitlines()
    assert text and len(text) % 2 == 0, recording
    kinds: set[str] = set()
    for sent, answered in zip(text[::2], text[1::2], strict=True):
        asked, said = wire.loads(sent), wire.loads(answered)  # the harness's strict reader
        request.validate(asked)
        response.validate(said)
        assert said.get("seq") == asked.get("seq"), (sent, answered)
        assert ("start" in said) == ("start" in asked), (sent, answered)
        kinds.update(set(said) & {"start", "value", "error", "skipped", "errored"})
    assert kinds == RECORDED[recording]


#: One member of each family of the harness (``equivalence/families/<family>``), the
#: quickest of its family to export; with :data:`STRUCTURED` and the command's export of
#: :data:`EXPORTED`, what the schema tests validate.
FAMILY_MEMBERS = {
    "classification": "BrierScore.multi_class",
    "clustering": "FowlkesMallows.score",
    "confusion": "BalancedAccuracy.score",
    "dcg": "Ndcg.score",
    "kappa": "CohenKappa.score",
    "logerror": "MeanSquaredLogError.per_output",
    "mcc": "MatthewsCorrelation.score",
    "median": "MedianAbsoluteError.per_output",
    "probability": "LogLoss.multi_class",
    "top_k": "TopKAccuracy.score",
    "ratios": "LikelihoodRatios.compute",
    "report": "ClassificationReport.compute[cm]",
    "prf": "Recall.per_class[cm]",
    "regression": "MeanSquaredError.per_output",
    "roc_curve": "RocCurve.compute",
    "pinball": "PinballLoss.per_output",
    "variance": "ExplainedVariance.variance_weighted",
    "labelranking": "CoverageError.score",
    "deviance": "PoissonDeviance.score",
    "hinge": "HingeLoss.score",
    "reciprocal": "ReciprocalRank.score",
    "silhouette": "Silhouette.per_sample_from_distances",
    "mutual": "AdjustedMutualInformation.score",
    "dispersion": "CalinskiHarabasz.score",
    "multilabel": "ZeroOneLoss.score[matrix]",
    "pr_det_curves": "PrecisionRecallCurve.compute",
    "trapezoid": "Auc.trapezoid",
    "calibration": "CalibrationCurve.compute",
    "areas": "AveragePrecision.score",
    "average_precision_matrix": "AveragePrecision.per_label",
}


def test_a_member_of_every_family_is_validated() -> None:
    import importlib

    from equivalence.families import FAMILIES

    assert list(FAMILY_MEMBERS) == list(FAMILIES)
    for family, name in FAMILY_MEMBERS.items():
        declared = importlib.import_module(f"equivalence.families.{family}.members").MEMBERS
        assert name in {member.name for member in declared}, (family, name)


@pytest.mark.parametrize("family", list(FAMILY_MEMBERS))
def test_a_member_of_each_family_exports_files_that_meet_their_schemas(
    family: str, tmp_path: Path
) -> None:
    # drawn in this process, not by the command: the calls may differ, the form may not
    head, case, index = (
        _validator("vectors-header.schema.json"),
        _validator("vectors-case.schema.json"),
        _validator("index.schema.json"),
    )
    member = REGISTRY[FAMILY_MEMBERS[family]]
    path, count, _ = vectors.export(member, tmp_path, cases=CASES)
    header, cases = vectors.read(path)
    head.validate(header)
    for item in cases:
        case.validate(item)
    assert header["cases"] == count == len(cases) > 0
    index.validate(json.loads(vectors.write_index(tmp_path).read_text(encoding="utf-8")))


STRUCTURED = (
    "PairConfusionMatrix.compute",
    "ClassificationReport.compute[cm]",
    "RocCurve.compute",
    "MultilabelConfusionMatrix.compute",
    "MultilabelConfusionMatrix.compute[matrix]",
    "PrecisionRecallCurve.compute",
    "DetCurve.compute",
    "CalibrationCurve.compute",
)


@pytest.mark.parametrize("name", STRUCTURED)
def test_a_structured_result_exports_and_reads_back_as_the_harness_compares_it(
    name: str,
) -> None:
    from equivalence.runner import ask

    member = REGISTRY[name]
    case = _validator("vectors-case.schema.json")
    for line in vectors.lines(member)[1:]:
        item = json.loads(line)
        case.validate(item)
        if "value" not in item["expect"]:
            continue
        decoded = wire.decode_result(member, item["expect"]["value"])
        answer = ask(lambda *a, _d=decoded, **k: _d, Call((), {}), member.project)
        assert isinstance(answer, Value), answer


def test_no_exported_value_case_lets_a_sixth_digit_error_through(exported: Path) -> None:
    for name in EXPORTED:
        _, cases = vectors.read(exported / f"{name}.jsonl")
        for case in cases:
            assert not vectors.is_ill_conditioned(case), (name, case)
            if "value" in case["expect"]:
                largest = max(vectors._leaves(case["expect"]["value"], True), default=0.0)
                assert case["expect"]["within"] <= 1e-6 * max(1.0, largest), (name, case)


@pytest.mark.parametrize("name", EXPORTED)
def test_every_contract_bug_of_a_member_misses_one_of_its_cases(name: str) -> None:
    member = REGISTRY[name]
    choice = vectors.chosen(member, cases=CASES)
    assert choice.bugs, name
    assert choice.caught == choice.bugs, set(choice.bugs) - set(choice.caught)
    for bug in vectors._seeded_bugs(member):
        assert any(vectors.clearly_misses(member, bug.implementation, i) for i in choice.kept)


def test_a_case_is_kept_for_a_bug_only_where_the_bug_misses_it() -> None:
    from types import SimpleNamespace

    member = REGISTRY["MaxError.score"]
    pooled = vectors.pool(member, cases=CASES)
    reference = member.implementation

    def off_past_the_hundredth(*args: Any, **kwargs: Any) -> Any:
        answer = reference(*args, **kwargs)
        return answer + 1e-3 if answer > 100 else answer

    bugs = [
        SimpleNamespace(name="none", implementation=reference),
        SimpleNamespace(name="large", implementation=off_past_the_hundredth),
    ]
    without = vectors.choose(member, pooled, bugs=[])
    choice = vectors.choose(member, pooled, bugs=bugs)
    assert choice.bugs == ("none", "large") and choice.caught == ("large",)
    assert len(without.kept) <= len(choice.kept) <= len(without.kept) + 1
    missed = [i for i in choice.kept if vectors.clearly_misses(member, bugs[1].implementation, i)]
    assert missed and all(float(i.case["expect"]["value"]) > 100 for i in missed)


def test_ill_conditioned_cases_are_written_apart_with_their_condition() -> None:
    member = REGISTRY["R2.score"]
    validate = _validator("vectors-case.schema.json")
    written = [json.loads(line) for line in vectors.lines(member, ill_conditioned=True)[1:]]
    choice = vectors.chosen(member)
    assert [case["id"] for case in written] == [i.case["id"] for i in choice.apart]
    assert len(written) == choice.ill_conditioned > 0
    for case in written:
        validate.validate(case)
        assert list(case) == [*vectors.CASE_KEYS, *vectors.ILL_CONDITIONED_KEYS]
        assert case["ill_conditioned"] is True and vectors.is_ill_conditioned(case)
        largest = max(1.0, max(vectors._leaves(case["expect"]["value"], True), default=0.0))
        assert case["condition"] > 1e-6 / sys.float_info.epsilon
        assert case["condition"] == pytest.approx(
            case["expect"]["within"] / (sys.float_info.epsilon * largest), rel=1e-2
        )
    kept = {i.case["id"] for i in choice.kept}
    assert not kept & {case["id"] for case in written}


def test_a_condition_past_the_largest_double_is_written_as_an_infinity() -> None:
    # RootMeanSquaredLogError.score draws such a case: 1.7e308 in the targets
    built = {
        "id": "0123456789abcdef",
        "arguments": {},
        "expect": {"value": 671.58375017, "within": 2.9e295},
        "edges": [],
        "divergences": [],
    }
    assert vectors.condition(built) == "Infinity"
    line = wire.dumps({**built, "ill_conditioned": True, "condition": vectors.condition(built)})
    _validator("vectors-case.schema.json").validate(json.loads(line))


def test_the_ill_conditioned_file_holds_what_the_strength_page_counts(tmp_path: Path) -> None:
    # TweedieDeviance.score draws more rounds for a seeded bug that misses none of the first
    # cases; the ill-conditioned cases of those rounds are left out of its file too
    member = REGISTRY["TweedieDeviance.score"]
    _, _, measured = vectors.export(member, tmp_path / "default", cases=CASES)
    path, count, _ = vectors.export(
        member, tmp_path / "ill-conditioned", cases=CASES, ill_conditioned=True
    )
    assert measured is not None
    first_rounds = sum(
        vectors.is_ill_conditioned(i.case) for i in vectors.pool(member, cases=CASES)
    )
    assert count == measured.ill_conditioned > first_rounds
    _, written = vectors.read(path)
    apart = vectors.chosen(member, cases=CASES).apart
    assert [case["id"] for case in written] == [item.case["id"] for item in apart]


def test_the_strength_page_counts_what_its_rows_hold() -> None:
    rows = [
        vectors.Strength("A.score", "ranking", 10, 2000, ("x", "y"), ("x",), 8, 2),
        vectors.Strength("B.score", "ranking", 5, 1000, ("z",), ("z",), 4, 0),
    ]
    page = vectors.strength_page(rows)
    assert "| ranking | 2 | 15 | 0.00 MB | 2 of 3 (66.7 %) | 2 of 12 (16.7 %) |" in page
    assert "| `A.score` | 10 | 2 kB | 1 of 2 | `y` | 2 of 8 |" in page


def test_the_committed_strength_page_lists_every_member() -> None:
    page = (ROOT / "docs" / "vectors-strength.md").read_text(encoding="utf-8")
    listed = [line.split("`")[1] for line in page.splitlines() if line.startswith("| `")]
    assert listed == list(REGISTRY)


def test_an_export_for_the_installed_scikit_learn_changes_only_the_divergent_cases() -> None:
    from equivalence.versions import sklearn_version

    version = sklearn_version()
    member = REGISTRY["TopKAccuracy.score"]
    kept = vectors.chosen(member, cases=CASES).kept
    retargeted, left_out = vectors.targeting(member, kept, version)
    assert left_out == 0 and len(retargeted) == len(kept)
    changed = [
        (item.case, new) for item, new in zip(kept, retargeted, strict=True) if item.case != new
    ]
    # binary_threshold: scikit-learn reads a binary score column another way
    assert changed and all(old["id"] == new["id"] and old["divergences"] for old, new in changed), (
        changed
    )
    for _, new in changed:
        assert set(new["expect"]) in ({"value", "within"}, {"error"})


VECTORS = (sys.executable, "-m", "equivalence", "vectors")


def test_vectors_for_another_scikit_learn_refuse_to_run_beside_the_installed_one(
    tmp_path: Path,
) -> None:
    run = subprocess.run(
        [*VECTORS, "Accuracy.score", "--sklearn", "0.1", "--output", str(tmp_path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 2
    assert "--sklearn 0.1: the scikit-learn installed here is" in run.stderr
    assert "nox -s \"vectors(sklearn='0.1')\"" in run.stderr
    assert not list(tmp_path.iterdir())


_ROUNDED = Call(  # the null deviance is 0 or not depending on the order of the arithmetic
    (
        [[1e15], [1e15 + 2], [1e15 + 0.5], [1e15 + 2], [1e15 + 0.5]],
        [[1e15 - 0.5], [1e15 + 3], [1e15 + 0.5], [1e15 + 3], [1e15 - 1.5]],
    ),
    {"power": 4.0},
)


@pytest.mark.parametrize("refused", [False, True])
def test_a_call_whose_refusal_rounding_decides_makes_no_case(
    refused: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # AVX-512's power refuses this call and AVX2's answers it: neither answer is a case,
    # whichever this machine gives
    from lodestar.errors import UndefinedMetricError

    member = REGISTRY["D2Tweedie.score"]
    if refused:
        monkeypatch.setattr(
            vectors, "_lodestar", lambda m, c: (None, UndefinedMetricError("no deviance"))
        )
    else:
        monkeypatch.setattr(vectors, "_lodestar", lambda m, c: (2.0, None))
    assert vectors.case(member, _ROUNDED) is None
    assert (
        vectors.case(member, Call(([[1.0], [2.0], [4.0]], [[1.5], [2.0], [3.0]]), {})) is not None
    )


def test_a_repeat_writes_the_arguments_it_names_end_to_end() -> None:
    arguments = {"y_true": [1, 0], "y_pred": [[1, 2], [3, 4]], "labels": [0, 1], "k": 2}
    repeat = {"times": 3, "arguments": ["y_true", "y_pred"]}
    assert vectors.repeated(arguments, repeat) == {
        "y_true": [1, 0, 1, 0, 1, 0],
        "y_pred": [[1, 2], [3, 4]] * 3,
        "labels": [0, 1],
        "k": 2,
    }
    assert vectors.repeated(arguments, None) is arguments
    assert arguments["y_true"] == [1, 0]  # nothing written in place
    # the id of a case without a repeat is what format 2 gave it; with one, another
    member = REGISTRY["Accuracy.score"]
    assert vectors.case_id(member, arguments) == vectors.case_id(member, arguments, None)
    assert vectors.case_id(member, arguments) != vectors.case_id(member, arguments, repeat)


def test_a_port_with_32_bit_counts_misses_a_large_count_case_and_no_other() -> None:
    from types import SimpleNamespace

    from tests.porting.test_large import mcc_with_32_bit_counts

    member = REGISTRY["MatthewsCorrelation.score"]
    pooled = vectors.pool(member, cases=CASES)
    bug = SimpleNamespace(name="int32 counts", implementation=mcc_with_32_bit_counts)
    missed = [i for i in pooled if vectors.clearly_misses(member, bug.implementation, i)]
    assert missed and all("repeat" in item.case for item in missed), [i.case for i in missed]
    assert vectors.choose(member, pooled, bugs=[bug]).caught == ("int32 counts",)
