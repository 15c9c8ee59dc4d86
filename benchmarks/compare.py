"""Run handrank's benchmark suite against every installed evaluator; print the table.

    PYTHONPATH=src python benchmarks/compare.py            # default suite
    PYTHONPATH=src python benchmarks/compare.py --quick    # under 30 s

Accepts every option of ``handrank bench`` (--json, --plot, --libs, ...).
"""

from __future__ import annotations

import sys

from handrank.cli._bench import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
