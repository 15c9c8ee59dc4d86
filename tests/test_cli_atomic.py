"""Files the CLI writes replace the old file only once complete (issue 23, row 7)."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from handrank import cli
from handrank.cli._common import replacing


def _full_disk(*args: Any, **kwargs: Any) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def test_range_plot_over_an_existing_file_on_a_full_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    figure = pytest.importorskip("matplotlib.figure")
    out = tmp_path / "R.png"
    out.write_bytes(b"the old plot")

    def half_then_full(self: Any, path: Any, *args: Any, **kwargs: Any) -> None:
        with open(path, "wb") as f:
            f.write(b"\x89PNG half")
        _full_disk()

    monkeypatch.setattr(figure.Figure, "savefig", half_then_full)
    code = cli.main(["range", "QQ+,AKs", "--plot", str(out)])
    err = capsys.readouterr().err
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("handrank: error: --plot: cannot write")
    assert "No space left on device" in err
    assert out.read_bytes() == b"the old plot"
    assert sorted(os.listdir(tmp_path)) == ["R.png"]      # no temporary file left


def test_replacing_keeps_the_old_file_on_any_failure(tmp_path: Path) -> None:
    out = tmp_path / "T.csv"
    out.write_text("old\n")
    os.chmod(out, 0o640)
    for error in (OSError(errno.ENOSPC, "full"), KeyboardInterrupt()):
        with pytest.raises(type(error)):
            with replacing(str(out)) as tmp:
                assert os.path.dirname(tmp) == str(tmp_path) and tmp.endswith(".csv")
                Path(tmp).write_text("half")
                raise error
        assert out.read_text() == "old\n"
        assert sorted(os.listdir(tmp_path)) == ["T.csv"]
    with replacing(str(out)) as tmp:
        Path(tmp).write_text("new\n")
    assert out.read_text() == "new\n"
    assert os.stat(out).st_mode & 0o777 == 0o640       # the old file's permissions


def _half_then_full(f: Any, text: str = "half") -> None:
    """Write part of the new content, then fail as a full disk does."""
    f.write(text)
    f.flush()
    _full_disk()


def _assert_refused_and_kept(code: int, err: str, folder: Path, out: Path, old: bytes,
                             flag: str) -> None:
    assert code == 2
    assert err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith(f"handrank: error: {flag}") or "No space left on device" in err, err
    assert "No space left on device" in err
    assert out.read_bytes() == old
    leftovers = [n for n in os.listdir(folder) if n.startswith(f".{out.name}.")]
    assert leftovers == []                                  # no temporary file left


_BENCH_DATA: dict[str, Any] = {
    "results": [{"workload": "w", "library": "handrank", "extrapolated": False,
                 "median": 1.0, "unit": "hands/s"}],
    "machine": {"cpu": "test"}, "date": "2026-12-01", "disagreements": []}


def _tiny_bench(monkeypatch: pytest.MonkeyPatch) -> None:
    from handrank import bench
    monkeypatch.setattr(bench, "adapters", lambda names=None: ([], {}))
    monkeypatch.setattr(bench, "run_suite", lambda *a, **k: dict(_BENCH_DATA))
    monkeypatch.setattr(bench, "render_table", lambda data: "the table")


def test_bench_json_over_an_existing_file_on_a_full_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json
    _tiny_bench(monkeypatch)
    out = tmp_path / "B.json"
    out.write_bytes(b'{"old": 1}')
    monkeypatch.setattr(json, "dump", lambda obj, f, **k: _half_then_full(f, '{"resu'))
    code = cli.main(["bench", "--quick", "--no-progress", "--json", str(out)])
    err = capsys.readouterr().err
    _assert_refused_and_kept(code, err, tmp_path, out, b'{"old": 1}', "--json")
    assert err.startswith(f"handrank: error: --json: cannot write {str(out)!r}")


def test_bench_json_writes_when_the_disk_is_fine(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same run without the fault replaces the old file (the fake is not the cause)."""
    import json
    _tiny_bench(monkeypatch)
    out = tmp_path / "B.json"
    out.write_bytes(b'{"old": 1}')
    assert cli.main(["bench", "--quick", "--no-progress", "--json", str(out)]) == 0
    assert json.loads(out.read_text())["results"] == _BENCH_DATA["results"]
    assert sorted(os.listdir(tmp_path)) == ["B.json"]


def test_bench_plot_over_an_existing_file_on_a_full_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    figure = pytest.importorskip("matplotlib.figure")
    _tiny_bench(monkeypatch)
    out = tmp_path / "B.png"
    out.write_bytes(b"the old plot")

    def savefig(self: Any, path: Any, *args: Any, **kwargs: Any) -> None:
        with open(path, "w") as f:
            _half_then_full(f)

    monkeypatch.setattr(figure.Figure, "savefig", savefig)
    code = cli.main(["bench", "--quick", "--no-progress", "--plot", str(out)])
    err = capsys.readouterr().err
    _assert_refused_and_kept(code, err, tmp_path, out, b"the old plot", "--plot")


def test_preflop_table_out_over_an_existing_file_on_a_full_disk(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A real two-class table; the CSV writer fails after its header row."""
    import csv

    out = tmp_path / "T.csv"
    out.write_bytes(b"class,AA\nAA,0.5\n")
    real_writer = csv.writer

    class Failing:
        def __init__(self, f: Any, *args: Any, **kwargs: Any) -> None:
            self.f, self.rows = f, 0
            self.w = real_writer(f, *args, **kwargs)

        def writerow(self, row: Any) -> Any:
            self.rows += 1
            if self.rows > 1:
                _half_then_full(self.f, "AA,0.")
            return self.w.writerow(row)

        def writerows(self, rows: Any) -> None:
            for r in rows:
                self.writerow(r)

    monkeypatch.setattr(csv, "writer", Failing)       # the module _preflop writes with
    code = cli.main(["preflop-table", "--out", str(out), "--classes", "AA,KK"])
    err = capsys.readouterr().err.splitlines(keepends=True)
    err = [e for e in err if "pieces" not in e]             # the one progress line
    _assert_refused_and_kept(code, "".join(err), tmp_path, out, b"class,AA\nAA,0.5\n", "")


def _histories(folder: Path) -> Path:
    from .test_history import HU
    hands = folder / "hands"
    hands.mkdir()
    (hands / "a.phh").write_text(HU)
    return hands


@pytest.mark.parametrize("flag", ["--json", "--csv", "--plot"])
def test_history_outputs_over_an_existing_file_on_a_full_disk(
        flag: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    import json
    hands = _histories(tmp_path)
    out = tmp_path / {"--json": "H.json", "--csv": "H.csv", "--plot": "H.png"}[flag]
    old = b"the old output"
    out.write_bytes(old)
    if flag == "--json":
        monkeypatch.setattr(json, "dump", lambda obj, f, **k: _half_then_full(f, '{"re'))
    elif flag == "--csv":
        pd = pytest.importorskip("pandas")

        def to_csv(self: Any, path: Any, *args: Any, **kwargs: Any) -> None:
            with open(path, "w") as f:
                _half_then_full(f, "player,net\n")

        monkeypatch.setattr(pd.DataFrame, "to_csv", to_csv)
    else:
        figure = pytest.importorskip("matplotlib.figure")

        def savefig(self: Any, path: Any, *args: Any, **kwargs: Any) -> None:
            with open(path, "w") as f:
                _half_then_full(f)

        monkeypatch.setattr(figure.Figure, "savefig", savefig)
    code = cli.main(["history", str(hands), flag, str(out)])
    err = capsys.readouterr().err
    _assert_refused_and_kept(code, err, tmp_path, out, old, flag)
    assert err.startswith(f"handrank: error: {flag}: cannot write {str(out)!r}")


def test_history_outputs_replace_the_old_files(tmp_path: Path) -> None:
    import json
    pytest.importorskip("pandas")
    hands = _histories(tmp_path)
    j, c = tmp_path / "H.json", tmp_path / "H.csv"
    j.write_text("old")
    c.write_text("old")
    assert cli.main(["history", str(hands), "--json", str(j), "--csv", str(c)]) == 0
    assert json.loads(j.read_text())["players"]["p2"]["net"] == 400
    assert c.read_text().startswith("player") or "p2" in c.read_text()
    assert sorted(os.listdir(tmp_path)) == ["H.csv", "H.json", "hands"]


def test_history_refuses_an_unwritable_output_before_reading(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    hands = _histories(tmp_path)
    code = cli.main(["history", str(hands), "--json", str(tmp_path / "no" / "H.json")])
    out = capsys.readouterr()
    assert code == 2 and out.out == ""                      # nothing was read or printed
    assert out.err.startswith("handrank: error: --json: cannot write")


def test_an_output_is_synced_before_it_takes_the_name(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Temporary file, fsync, rename: the order that survives a crash."""
    calls: list[str] = []
    real_fsync, real_replace = os.fsync, os.replace
    monkeypatch.setattr(os, "fsync", lambda fd: (calls.append("fsync"), real_fsync(fd))[1])
    monkeypatch.setattr(os, "replace",
                        lambda a, b: (calls.append("replace"), real_replace(a, b))[1])
    out = tmp_path / "out.txt"
    with replacing(str(out)) as tmp:
        Path(tmp).write_text("done\n")
    assert calls == ["fsync", "replace"] and out.read_text() == "done\n"
