"""The C API as declared: the sanitizer driver calls every entry point, and the cffi
cdef (src/handrank/_build_ffi.py) declares exactly what the headers declare.

Entry points are the functions csrc/*.h declare (not ``static``: the helpers
a header defines inline are the C files' own), plus ``hr_pot_levels``, the
inline pot split the replay and the all-in pots share, which has a contract
of its own (every seat's contribution is a level, chips conserved).
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CSRC = ROOT / "csrc"
if not (CSRC / "test" / "driver.c").exists() or not (ROOT / "src" / "handrank").is_dir():
    pytest.skip("not a source tree (tests run from an installed wheel): no csrc/ to read",
                allow_module_level=True)
DRIVER = CSRC / "test" / "driver.c"
INLINE_ENTRY_POINTS = {"hr_pot_levels"}


def _strip_comments(text: str) -> str:
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


#: a declaration or definition at the start of a line: return type, name, "("
_DECL = re.compile(r"^(static\s+)?(?:inline\s+)?(?:const\s+)?(?:unsigned\s+|signed\s+)?"
                   r"[A-Za-z_][A-Za-z_0-9]*\s*\**\s*(hr_[a-z_0-9]+)\s*\(", re.M)


def _normalize(decl: str) -> str:
    """A prototype with its whitespace and parameter names' spacing made uniform."""
    decl = re.sub(r"\s+", " ", decl).strip()
    decl = re.sub(r"\s*([(),*])\s*", r"\1", decl)
    return decl


def _prototypes(text: str) -> dict[str, str]:
    """name -> normalized prototype of every non-static function declared in C text."""
    out: dict[str, str] = {}
    text = _strip_comments(text)
    for m in _DECL.finditer(text):
        if m.group(1):
            continue
        end = text.index(")", m.end())
        depth = 1
        i = m.end()
        while depth:
            ch = text[i]
            depth += ch == "("
            depth -= ch == ")"
            i += 1
        end = i
        out[m.group(2)] = _normalize(text[m.start():end])
    return out


def _header_prototypes() -> dict[str, tuple[str, str]]:
    found: dict[str, tuple[str, str]] = {}
    for h in sorted(CSRC.glob("*.h")):
        for name, proto in _prototypes(h.read_text()).items():
            found[name] = (proto, h.name)
    return found


def test_the_headers_are_parsed() -> None:
    protos = _header_prototypes()
    # a few from different headers, so a parser that finds nothing cannot pass
    for name in ("hr_eval", "hr_index_batch", "hr_exact_random", "hr_rank_holds",
                 "hr_phh_scan", "hr_showdown_batch", "hr_deal"):
        assert name in protos, name
    assert len(protos) >= 70
    assert "hr_lookup" not in protos          # static inline helpers are not entry points


def test_every_entry_point_has_a_caller_in_the_driver() -> None:
    driver = _strip_comments(DRIVER.read_text())
    names = set(_header_prototypes()) | INLINE_ENTRY_POINTS
    missing = sorted(n for n in names if not re.search(rf"\b{n}\s*\(", driver))
    assert not missing, f"csrc/test/driver.c never calls {missing}"


def _cdef() -> str:
    spec = importlib.util.spec_from_file_location("_hr_build_ffi", ROOT / "src" / "handrank"
                                                  / "_build_ffi.py")
    if spec is None or spec.loader is None:
        pytest.skip("src/handrank/_build_ffi.py not found")
    pytest.importorskip("cffi")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return str(module.CDEF)


def test_every_cdef_declaration_is_the_headers() -> None:
    cdef = _prototypes(_cdef())
    headers = _header_prototypes()
    assert len(cdef) >= 60
    wrong = {}
    for name, proto in cdef.items():
        if name not in headers:
            wrong[name] = "not declared in csrc/*.h"
        elif proto != headers[name][0]:
            wrong[name] = f"cdef {proto!r} vs {headers[name][1]} {headers[name][0]!r}"
    assert not wrong, wrong


def test_the_cdef_declares_what_python_calls() -> None:
    """Every hr_ function the Python sources call through the core is in the cdef."""
    cdef = set(_prototypes(_cdef()))
    used: set[str] = set()
    for py in (ROOT / "src" / "handrank").rglob("*.py"):
        if py.name == "_build_ffi.py":
            continue
        used |= set(re.findall(r"\blib\.(hr_[a-z_0-9]+)\s*\(", py.read_text()))
    assert used, "no call through lib found"
    assert used <= cdef, sorted(used - cdef)
