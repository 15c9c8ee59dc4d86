"""The first hour of a new user (issue 22): the traps a fresh clone met, one test each."""

from __future__ import annotations

import ast
import os
import pathlib
import subprocess
import sys

import pytest

import handrank as hr

ROOT = pathlib.Path(__file__).resolve().parent.parent
# The checks of the README, the docs and .ci/run read the repository's files:
# from an installed wheel (tests copied out, .ci/wheel.sh) there are none.
source_tree = pytest.mark.skipif(not (ROOT / "pyproject.toml").exists(),
                                 reason="not a source tree (tests run from an installed wheel)")


def _cli(*argv: str, stdout: int | None = None, env: dict[str, str] | None = None,
         code: str | None = None) -> subprocess.CompletedProcess[str]:
    cmd = [sys.executable, "-c", code] if code else [sys.executable, "-m", "handrank"]
    return subprocess.run([*cmd, *argv], stdout=subprocess.PIPE if stdout is None else stdout,
                          stderr=subprocess.PIPE, text=True, timeout=120,
                          env={**os.environ, **(env or {})})


# ------------------------------------------------------------ row 6: | head -1

BROKEN_PIPE_COMMANDS = [
    ["eval", "As Ks Qs Js Ts", "Kh 3c Ks 6d 7c 9h 2s"],
    ["eval", "--json", "As Ks Qs Js Ts"],
    ["range", "QQ+,AKs"],
    ["range", "QQ+,AKs", "--board", "Qh7c2d", "--json"],
    ["equity", "AsKs", "QdQc", "--board", "Qh7c2d"],
    ["showdown", "--board", "Ac Kh Qd 5s 5c", "--hand", "AsAd", "--hand", "KdKc",
     "--bets", "100,100"],
    ["preflop-table", "--classes", "AA,KK", "--out", "OUT"],
    ["--help"],
    ["--version"],
    ["range", "--help"],
]


@pytest.mark.parametrize("argv", BROKEN_PIPE_COMMANDS, ids=lambda a: "-".join(a[:2])[:16])
def test_a_closed_pipe_ends_quietly(argv, tmp_path):
    """``handrank ... | head -1``: the reader is gone before anything is written."""
    argv = [str(tmp_path / "t.csv") if a == "OUT" else a for a in argv]
    if argv[0] in ("equity", "preflop-table") and hr.backend != "c":
        pytest.skip("needs the C core")
    read, write = os.pipe()
    os.close(read)                      # every write to stdout now fails with EPIPE
    try:
        proc = _cli(*argv, stdout=write)
    finally:
        os.close(write)
    assert "Traceback" not in proc.stderr, proc.stderr
    assert "BrokenPipe" not in proc.stderr, proc.stderr
    assert proc.returncode in (0, 141), proc.stderr     # argparse itself ignores EPIPE


# ------------------------------------------------- row 12: usage and messages

def test_an_unknown_option_prints_the_subcommands_usage():
    proc = _cli("eval", "As Ks Qs Js Ts", "--bogus")
    assert proc.returncode == 2
    assert proc.stderr.startswith("usage: handrank eval "), proc.stderr
    assert proc.stderr.rstrip().endswith("handrank: error: unrecognized arguments: --bogus")


def test_an_unknown_top_level_option_prints_the_top_usage():
    proc = _cli("--bogus", "eval", "As Ks Qs Js Ts")
    assert proc.returncode == 2
    assert proc.stderr.startswith("usage: handrank [-h]"), proc.stderr


def test_plot_without_matplotlib_says_it_once(tmp_path):
    code = ("import sys; sys.modules['matplotlib'] = None; from handrank.cli import main; "
            "sys.exit(main(sys.argv[1:]))")
    proc = _cli("range", "QQ+,AKs", "--plot", str(tmp_path / "r.png"), code=code)
    assert proc.returncode == 2
    assert proc.stderr.count("matplotlib") == 1, proc.stderr
    assert "Traceback" not in proc.stderr


def _parametrize_values(tree: ast.AST) -> list[tuple[int, ast.expr]]:
    found = []
    for node in ast.walk(tree):
        if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                and node.func.attr == "parametrize" and len(node.args) >= 2):
            found.append((node.lineno, node.args[1]))
    return found


@source_tree
def test_parametrize_is_given_lists_not_iterators():
    """pytest 10 refuses a one-shot iterator (``enumerate(...)``) as argvalues."""
    one_shot = {"enumerate", "zip", "map", "filter", "iter", "reversed"}
    bad = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for line, value in _parametrize_values(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(value, ast.GeneratorExp) or (
                    isinstance(value, ast.Call) and isinstance(value.func, ast.Name)
                    and value.func.id in one_shot):
                bad.append(f"{path.name}:{line}")
    assert bad == []


# --------------------------------------------------------- row 10: namespace

def test_dir_is_the_public_api():
    names = {n for n in dir(hr) if not n.startswith("_")}
    assert names == set(hr.__all__) | {"analysis", "reference", "showdown"}
    for stray in ("Any", "annotations", "importlib", "cards_mod", "errors", "ranges",
                  "equity_mod", "hilo", "omaha", "variants", "bench", "cli"):
        assert stray not in dir(hr)
    for name in dir(hr):
        getattr(hr, name)               # every listed name resolves


def test_showdown_is_callable_and_still_the_module():
    board, hands, bets = "A♣ K♥ Q♦ 5♠ 5♣", ["Q♠ Q♣", "A♦ 5♥", "K♦ K♣", None], [300, 300, 100, 50]
    folded = [False, False, False, True]
    s = hr.showdown(board, hands, bets, folded=folded, button=3)
    assert s == hr.settle(board, hands, bets, folded=folded, button=3)
    assert s.payouts == [400, 0, 350, 0]
    from handrank import showdown as sd
    assert sd.settle(board, hands, bets, folded=folded, button=3) == s
    assert callable(sd)


def test_explain_takes_what_evaluate_takes():
    rng = __import__("numpy").random.default_rng(22)
    for _ in range(200):
        deal = rng.permutation(52)[:9]
        board = [int(c) for c in deal[4:]]
        a = [int(c) for c in deal[:2]] + board
        b = [int(c) for c in deal[2:4]] + board
        sa, sb = hr.evaluate(a), hr.evaluate(b)
        text = hr.explain(a, b)
        assert text == hr.explain(deal[:2].tolist(), deal[2:4].tolist(), board=board)
        if sa == sb:
            assert text.startswith("split: ")
        else:
            assert " beats " in text and text == hr.explain(b, a)
    for k in (5, 6, 7):
        hr.explain(list(range(k)), list(range(20, 20 + k)))
    with pytest.raises(hr.InvalidHandError, match="duplicate card 'Ac' in both hands"):
        hr.explain("Ac Jd 9h 5s 3c", "Ac Jc 8h 7s 6c")
    with pytest.raises(hr.InvalidHandError, match="expected 5 to 7 cards, got 8"):
        hr.explain("Ac Jd 9h 5s 3c 2c 4c 5c", "Ad Jc 8h 7s 6c")


# ------------------------------------------- row 2: advice that works from here

class _Dist:
    def __init__(self, text: str | None) -> None:
        self.text = text

    def read_text(self, name: str) -> str | None:
        assert name == "direct_url.json"
        return self.text


@pytest.mark.parametrize("record,source", [
    ('{"url": "file:///home/me/handrank", "dir_info": {}}', "/home/me/handrank"),
    ('{"url": "file:///home/me/handrank", "dir_info": {"editable": true}}',
     "-e /home/me/handrank"),
    ('{"url": "file:///tmp/my%20dir/handrank-0.1.0.tar.gz", "archive_info": {}}',
     "'/tmp/my dir/handrank-0.1.0.tar.gz'"),
    ('{"url": "file:///tmp/handrank-0.1.0-py3-none-any.whl", "archive_info": {}}',
     "<the checkout or sdist that wheel was built from>"),
    (None, "handrank"),
    ('{"url": "https://example.org/handrank-0.1.0.tar.gz", "archive_info": {}}', "handrank"),
])
def test_the_no_compiler_advice_names_the_source_installed_from(monkeypatch, record, source):
    """Runs pip through this Python (the README's venv is never activated: no `pip`)."""
    import shlex
    from importlib import metadata

    from handrank.core import _backend
    monkeypatch.setattr(metadata, "distribution", lambda name: _Dist(record))
    assert _backend.reinstall_command() == (
        f"{shlex.quote(sys.executable)} -m pip install --no-cache-dir --force-reinstall "
        f"--no-deps {source}")


@source_tree
def test_no_advice_names_a_package_index_handrank_is_not_on():
    """``pip install ... handrank`` from the index fails: handrank is installed from source."""
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")),
                 ROOT / "src" / "handrank" / "core" / "_backend.py"]:
        text = path.read_text(encoding="utf-8")
        assert "--force-reinstall handrank`" not in text, path


# ------------------------------------------------ rows 1 and 3: the README's two commands

def _readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Two commands"):].split("\n## ", 1)[0]
    return [line[4:] for line in section.splitlines() if line.startswith("    ")]


@source_tree
def test_the_readme_commands_need_only_python3_and_make_their_own_venv():
    first, second = _readme_commands()
    for command in (first, second):
        assert command.startswith("python3 -m venv .venv && "), command
        for word in command.replace("&&", " ").split():
            assert word not in ("python", "pip", "handrank"), (word, command)
    assert first.endswith('.venv/bin/handrank eval "As Ks Qs Js Ts"')
    assert second.endswith(".venv/bin/python -m pytest -n auto --dist loadgroup")
    # HANDRANK_REQUIRE_C must reach pytest too (its smoke test checks the C
    # core loaded), not only pip: a prefix on the pip command alone would not
    assert " && export HANDRANK_REQUIRE_C=1 && " in second, second
    assert "about six minutes" not in (ROOT / "README.md").read_text(encoding="utf-8")


@source_tree
def test_ci_runs_the_readme_commands_verbatim():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    for command in _readme_commands():
        assert command in ci, command


# ------------------------------------------------------ row 9: no cluster package

@pytest.mark.skipif(hr.backend != "c", reason="preflop tables need the C core")
def test_preflop_table_runs_on_one_machine_without_dask(tmp_path):
    out = tmp_path / "t.csv"
    block = ("import sys\n"
             "for name in ('dask', 'distributed'):\n"
             "    sys.modules[name] = None\n"
             "from handrank.cli import main\n"
             "sys.exit(main(sys.argv[1:]))\n")
    proc = _cli("preflop-table", "--classes", "AA,KK,AKs,72o", "--out", str(out), code=block)
    assert proc.returncode == 0, proc.stderr
    from handrank.equity.preflop import local_table
    t = local_table(classes=["AA", "KK", "AKs", "72o"])
    for a in ("AA", "KK", "AKs", "72o"):
        for b in ("AA", "KK", "AKs", "72o"):
            e = float(t.equity[t.index(a), t.index(b)])
            want = float(hr.equity([a, b], exact=True).equity[0])
            assert e == want, (a, b)
    assert "AA" in out.read_text()


# ------------------------------------------------------------ the CLI catches up

@pytest.mark.skipif(hr.backend != "c", reason="Monte Carlo on the command line: the C core")
def test_equity_target_stderr_on_the_command_line():
    import json as _json
    proc = _cli("equity", "AhAd", "random", "random", "--target-stderr", "0.002", "--seed", "7",
                "--json")
    assert proc.returncode == 0, proc.stderr
    got = _json.loads(proc.stdout)
    want = hr.equity(["AhAd", "random", "random"], target_stderr=0.002, seed=7)
    assert got["samples"] == want.samples and not got["exact"]
    assert [p["equity"] for p in got["players"]] == want.equity.tolist()
    assert max(p["stderr"] for p in got["players"]) <= 0.002
    bad = _cli("equity", "AhAd", "random", "--target-stderr", "2")
    assert bad.returncode == 2
    assert bad.stderr.strip() == ("handrank: error: --target-stderr: target_stderr must be "
                                  "a number between 0 and 1, got 2.0")


def test_the_hilo_table_names_each_column_once():
    # the common columns keep their names in every game (win is the scoop in hi-lo,
    # shown once, under the common name); the halves add theirs
    r = hr.equity(["As2sKdQd", "Ah2hJcTc"], board="4c 5d Kh 8s 9s", game="omaha-hilo")
    header = repr(r).splitlines()[1].split()
    assert header == ["player", "hand", "equity", "win", "tie", "high", "low"]
    assert "<th>win</th>" in r._repr_html_() and "<th>scoop</th>" not in r._repr_html_()
    assert repr(hr.equity(["AsKs", "QdQc"], board="Qh7c2d8s")).splitlines()[1].split() == [
        "player", "hand", "equity", "win", "tie"]


def test_public_docstrings_link_the_rules_page_not_its_source_path():
    """The rendered API pages once said "docs/rules.md", a path in the repository."""
    import inspect
    for name in hr.__all__:
        doc = inspect.getdoc(getattr(hr, name)) or ""
        assert "docs/rules.md" not in doc, name
    assert "docs/rules.md" not in (hr.reference.__doc__ or "")


@source_tree
def test_the_docs_pictures_are_drawn_by_the_library_at_build_time(tmp_path):
    pytest.importorskip("matplotlib")
    import runpy
    conf = runpy.run_path(str(ROOT / "docs" / "conf.py"))
    draw = conf["_draw_pictures"]
    draw.__globals__["_PICTURES"] = tmp_path
    draw(None)
    gallery = (ROOT / "docs" / "gallery.md").read_text(encoding="utf-8")
    for name in ("range-grid.png", "equity-grid.png", "equity-distribution.png",
                 "board-breakdown.png", "bench.png"):
        assert (tmp_path / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n", name
        assert f"_generated/{name}" in gallery


# ------------------------------------------------------------ row 5: progress

class _Calls(list):
    """A progress(done, total) callback that records its calls."""

    def __call__(self, done, total):
        self.append((done, total))

    def check(self):
        assert self, "the callback was never called"
        dones = [d for d, _ in self]
        assert dones == sorted(dones), self            # never goes back
        assert all(0 <= d <= t for d, t in self), self
        assert self[-1][0] == self[-1][1], self        # ends at total
        return self


def _same(a, b):
    for name in ("equity", "win", "tie", "stderr"):
        assert getattr(a, name).tobytes() == getattr(b, name).tobytes(), name
    assert (a.exact, a.samples) == (b.exact, b.samples)


@pytest.mark.parametrize("threads", [1, 2])
def test_exact_equity_reports_each_part_and_keeps_its_bits(threads):
    players = ["AA:0.3,KK", "QQ:0.7,JJ"]               # 64 parts, weighted: float sums
    plain = hr.equity(players, exact=True, threads=threads)
    calls = _Calls()
    _same(hr.equity(players, exact=True, threads=threads, progress=calls), plain)
    calls.check()
    if hr.backend == "c":
        assert calls[0] == (0, 64) and calls[-1] == (64, 64)
        # the parts do not depend on threads: the same bits with 1 or 2
        _same(hr.equity(players, exact=True, threads=3 - threads), plain)


@pytest.mark.parametrize("kw", [{"trials": 200_000, "threads": 1},
                                {"trials": 200_000, "threads": 2}, {"target_stderr": 0.002}])
def test_monte_carlo_reports_trials_and_keeps_its_bits(kw):
    players = ["AhAd", "random", "random"]
    plain = hr.equity(players, seed=11, **kw)
    calls = _Calls()
    _same(hr.equity(players, seed=11, progress=calls, **kw), plain)
    calls.check()
    assert calls[-1][0] == plain.samples
    if kw.get("threads") == 1 and hr.backend == "c":
        # one report per C call of up to MC_STREAMS_PER_CALL streams: all 8 at once
        assert calls == [(0, 200_000), (200_000, 200_000)]


def test_monte_carlo_reports_each_run_of_streams(monkeypatch):
    """Three 25,000-trial streams a C call: reports after 75,000, 150,000 and the
    last 50,000 trials, and the same bits as one call for all of them."""
    if hr.backend != "c":
        pytest.skip("the streams per call are the C core's")
    from handrank.core import kernels
    players = ["AhAd", "random", "random"]
    plain = hr.equity(players, seed=11, trials=200_000, threads=1)
    monkeypatch.setattr(kernels, "MC_STREAMS_PER_CALL", 3)
    calls = _Calls()
    _same(hr.equity(players, seed=11, trials=200_000, threads=1, progress=calls), plain)
    assert calls == [(0, 200_000), (75_000, 200_000), (150_000, 200_000), (200_000, 200_000)]


def test_other_games_report_the_start_and_the_end():
    calls = _Calls()
    plain = hr.equity(["As2sKdQd", "Ah2hJcTc"], board="4c 5d Kh", game="omaha")
    _same(hr.equity(["As2sKdQd", "Ah2hJcTc"], board="4c 5d Kh", game="omaha", progress=calls),
          plain)
    assert calls.check() == [(0, 1), (1, 1)]


@pytest.mark.parametrize("board", ["", "Qh7c2d"])
def test_range_equity_and_matrix_report_progress_and_keep_their_bits(board):
    calls = _Calls()
    plain = hr.range_equity("QQ+,AKs,A5s", "22+,AJo+", board)
    got = hr.range_equity("QQ+,AKs,A5s", "22+,AJo+", board, progress=calls)
    assert got.equity.tobytes() == plain.equity.tobytes() and got.overall == plain.overall
    calls.check()
    if board:
        calls = _Calls()
        plain_m = hr.equity_matrix("QQ+,AKs", "JJ+", board)
        got_m = hr.equity_matrix("QQ+,AKs", "JJ+", board, progress=calls)
        assert got_m.equity.tobytes() == plain_m.equity.tobytes()
        assert calls.check()[-1] == (1176, 1176)      # every turn and river card


def test_bench_run_suite_takes_a_progress_callback():
    from handrank import bench
    libs, _ = bench.adapters([])
    suite = bench.Suite("tiny", repeats=2, bulk=2_000, single=20, single_loops=1)
    calls = _Calls()
    bench.run_suite(suite, libs, progress=calls)
    assert calls.check()[0][0] == 0 and len(calls) > 2


def test_a_progress_that_is_not_callable_is_a_type_error():
    for call in (lambda: hr.equity(["AsKs", "QdQc"], progress=5),
                 lambda: hr.range_equity("AA", "KK", "Qh7c2d", progress="yes"),
                 lambda: hr.equity_matrix("AA", "KK", "Qh7c2d", progress=1.0)):
        with pytest.raises(TypeError, match="progress must be a callable"):
            call()


# ------------------------------------- games issue: no operation tests a game's name

@source_tree
def test_the_command_line_and_deal_test_no_game_name():
    """cli.py, the _cli_* modules and _deal.py ask the Game object, never compare names."""
    import re
    pattern = re.compile(r"""game\s*(==|!=|\bin\b|\bnot in\b)\s*["'(]""")
    # (cli.py and the _cli_* modules are the cli/ package now, _deal.py is games/_deal.py)
    files = [ROOT / "src/handrank/games/_deal.py",
             *sorted((ROOT / "src/handrank/cli").glob("*.py"))]
    for f in files:
        for i, line in enumerate(f.read_text(encoding="utf-8").splitlines(), 1):
            assert not pattern.search(line), f"{f.name}:{i}: {line.strip()}"


def test_deal_uses_each_games_own_deck():
    for name in hr.games():
        g = hr.game(name)
        rows = hr.deal(200, 5, seed=3, game=name)
        assert set(rows.ravel().tolist()) <= set(g.deck), name
        assert (rows == hr.deal(200, 5, seed=3, game=g)).all(), name
    for rule in ("a5", "27"):                           # lowball rules: the full deck
        assert (hr.deal(50, 7, seed=2, game=rule) == hr.deal(50, 7, seed=2)).all()
    with pytest.raises(ValueError, match="unknown variant 'nope'"):
        hr.deal(1, 5, game="nope")


@source_tree
def test_the_getting_started_code_fits_the_page():
    """Row 12: a code line there overflowed its box (the theme shows about 88 columns)."""
    text = (ROOT / "docs" / "getting-started.md").read_text(encoding="utf-8")
    inside = False
    for i, line in enumerate(text.splitlines(), 1):
        if line.startswith("```"):
            inside = not inside
            continue
        assert not inside or len(line) <= 88, f"getting-started.md:{i}: {len(line)} columns"


@source_tree
def test_no_page_of_the_site_names_the_rules_source_path():
    """The rendered pages (docs/, and the changelog they include) link the rules page."""
    for path in [*sorted((ROOT / "docs").rglob("*.md")), ROOT / "CHANGELOG.md"]:
        if "_build" in path.parts:
            continue
        assert "docs/rules.md" not in path.read_text(encoding="utf-8"), path


def test_progress_on_the_python_backend():
    """The numpy paths report per combo tuple and per chunk of trials, like the C core."""
    script = (
        "import json, handrank as hr\n"
        "out = {'backend': hr.backend}\n"
        "for name, kw in (('exact', {'board': 'Qh7c2d', 'exact': True}),\n"
        "                 ('mc', {'board': 'Qh7c', 'trials': 50000, 'seed': 1})):\n"
        "    calls = []\n"
        "    a = hr.equity(['AsKs', 'QQ'], **kw)\n"
        "    b = hr.equity(['AsKs', 'QQ'], progress=lambda d, t: calls.append([d, t]), **kw)\n"
        "    out[name] = [calls, a.equity.tolist() == b.equity.tolist()]\n"
        "print(json.dumps(out))\n")
    proc = subprocess.run([sys.executable, "-W", "ignore", "-c", script], capture_output=True,
                          text=True, timeout=120,
                          env={**os.environ, "HANDRANK_BACKEND": "python"})
    assert proc.returncode == 0, proc.stderr
    import json
    got = json.loads(proc.stdout)
    assert got["backend"] == "python"
    for name in ("exact", "mc"):
        calls, same = got[name]
        assert same, name
        dones = [d for d, _ in calls]
        assert dones == sorted(dones) and calls[-1][0] == calls[-1][1], (name, calls)
    assert got["exact"][0][-1] == [3, 3]          # QQ: three combos left with the Qh out
    assert got["mc"][0][-1] == [50000, 50000] and len(got["mc"][0]) >= 3
