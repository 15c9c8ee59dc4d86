"""Files the CLI writes replace the old file only once complete (issue 23, row 7)."""

from __future__ import annotations

import errno
import os
from pathlib import Path
from typing import Any

import pytest

from handrank import cli
from handrank._cli_common import replacing


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


def test_bench_json_and_preflop_out_use_replacing() -> None:
    """The other two writers go through the same helper (their runs take long)."""
    import inspect

    from handrank import _cli_bench, _cli_preflop
    assert "with replacing(path) as tmp:" in inspect.getsource(_cli_bench)
    assert "with replacing(args.out) as tmp:" in inspect.getsource(_cli_preflop)
