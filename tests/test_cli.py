"""The command line: output, JSON and one-line errors with exit status 2."""

from __future__ import annotations

import json
import subprocess
import sys

from handrank.cli import main


def test_eval_prints_strength_category_description_and_best_five(capsys):
    assert main(["eval", "As Ks Qs Js Ts"]) == 0
    out = capsys.readouterr().out
    assert "7462" in out and "STRAIGHT_FLUSH" in out and "Royal flush" in out
    assert "As Ks Qs Js Ts" in out


def test_eval_json(capsys):
    assert main(["eval", "--json", "Kh 3c Ks 6d 7c 9h 2s"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row == {"hand": "Kh 3c Ks 6d 7c 9h 2s", "strength": 3747, "category": "ONE_PAIR",
                   "description": "One pair, Kings, with 9-7-6 kickers",
                   "best_five": "Ks Kh 9h 7c 6d"}


def test_bad_input_is_one_line_on_stderr_and_status_2():
    r = subprocess.run([sys.executable, "-m", "handrank", "eval", "As Zz"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 2
    assert r.stderr.strip() == "handrank: error: invalid card 'Zz'"
    assert "Traceback" not in r.stderr
