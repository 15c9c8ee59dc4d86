"""Build glue only: metadata lives in pyproject.toml.

Runs tables/generate.py before anything is built (build_py ships its binary
tables, build_ext compiles its C tables; editable installs call only
build_ext), then compiles handrank._core through cffi.  A failed compile is
fatal when HANDRANK_REQUIRE_C=1 or CIBUILDWHEEL=1; otherwise the package
installs without it and runs on the pure-Python backend.
"""

import os
import platform
import subprocess
import sys
import sysconfig
import time
from concurrent.futures import ThreadPoolExecutor

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

try:
    from setuptools.errors import CCompilerError, ExecError, PlatformError
except ImportError:  # setuptools < 59
    from distutils.errors import CCompilerError
    from distutils.errors import DistutilsExecError as ExecError
    from distutils.errors import DistutilsPlatformError as PlatformError

HERE = os.path.dirname(os.path.abspath(__file__))
_generated = False


def say(message):
    """One line about the build, where a person installing can see it.

    pip runs this script with its output captured and shows it only with
    ``pip install -v`` (or when the build fails), so the line goes to stderr
    and, when the install runs on a terminal, to that terminal as well
    (/dev/tty, which pip does not capture).  HANDRANK_BUILD_QUIET=1 turns the
    terminal copy off; a CI log without a terminal gets the stderr copy only.
    """
    line = f"handrank: {message}"
    print(line, file=sys.stderr, flush=True)
    if os.environ.get("HANDRANK_BUILD_QUIET") == "1" or sys.stderr.isatty():
        return
    try:
        with open("/dev/tty", "w") as tty:
            tty.write(line + "\n")
    except OSError:
        pass


def generate_tables():
    global _generated
    if not _generated:
        say("generating the rank tables (tables/generate.py, a few seconds)...")
        subprocess.check_call(
            [sys.executable, os.path.join(HERE, "tables", "generate.py")], cwd=HERE
        )
        _generated = True


def c_required():
    return os.environ.get("HANDRANK_REQUIRE_C") == "1" or os.environ.get("CIBUILDWHEEL") == "1"


class GenerateBuildPy(build_py):
    def run(self):
        generate_tables()
        super().run()


def build_jobs():
    """Compiler processes at once: HANDRANK_BUILD_JOBS, else one per CPU."""
    try:
        return max(1, int(os.environ.get("HANDRANK_BUILD_JOBS") or os.cpu_count() or 1))
    except ValueError:
        return os.cpu_count() or 1


def werror_flags():
    """HANDRANK_WERROR=1 (CI): the project's own C (csrc/) built with every warning
    an error; the cffi-generated wrapper keeps the compiler's default flags."""
    if os.environ.get("HANDRANK_WERROR") != "1":
        return []
    return ["-Wall", "-Wextra", "-Wno-unused-function", "-Werror"]


def is_own_c(src):
    """True for a source under csrc/ (the generated tables included)."""
    rel = os.path.relpath(os.path.abspath(src), HERE)
    return rel.split(os.sep)[0] == "csrc"


def compile_in_parallel(compiler, jobs):
    """Make ``compiler.compile`` run one compiler process per source, ``jobs`` at
    once (the core's C files are independent), returning the objects in source
    order as one call would.  Only for the Unix compiler class, whose compile()
    is safe to call from threads once the object folders exist."""
    if getattr(compiler, "_handrank_parallel", False):
        return
    serial = compiler.compile
    compiler._handrank_parallel = True

    strict = werror_flags()

    def one(src, output_dir, args, kwargs):
        if strict and is_own_c(src):
            kwargs = dict(kwargs, extra_postargs=list(kwargs.get("extra_postargs") or []) + strict)
        return serial([src], output_dir, *args, **kwargs)

    def compile(sources, output_dir=None, *args, **kwargs):
        sources = list(sources)
        if (jobs < 2 or len(sources) < 2) and not strict:
            return serial(sources, output_dir, *args, **kwargs)
        for obj in compiler.object_filenames(sources, output_dir=output_dir):
            os.makedirs(os.path.dirname(obj) or ".", exist_ok=True)
        with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
            parts = pool.map(lambda src: one(src, output_dir, args, kwargs), sources)
            return [obj for part in parts for obj in part]

    compiler.compile = compile


class OptionalBuildExt(build_ext):
    def build_extension(self, ext):
        if getattr(self.compiler, "compiler_type", None) == "unix":
            compile_in_parallel(self.compiler, build_jobs())
        super().build_extension(ext)

    def run(self):
        generate_tables()
        sources = [f for f in os.listdir(os.path.join(HERE, "csrc")) if f.endswith(".c")]
        jobs = build_jobs()
        say(f"building the C core ({len(sources)} C files, {jobs} compiler "
            f"job{'s' if jobs > 1 else ''}; under a minute on two idle cores)...")
        start = time.monotonic()
        try:
            super().run()
            say(f"C core built in {time.monotonic() - start:.0f} s")
        except (CCompilerError, ExecError, PlatformError) as exc:
            if c_required():
                raise
            bar = "*" * 72
            # pip prints this only with -v (it hides a successful build's
            # output); the package's first import warns again where it is seen.
            print(
                f"{bar}\nWARNING: handrank's C extension could not be built ({exc}).\n"
                "handrank will run on its pure-Python backend: the same answers, much\n"
                "slower (hr.backend and `handrank --version` say which is in use).\n"
                f"Set HANDRANK_REQUIRE_C=1 to make this an error.\n{bar}",
                file=sys.stderr,
            )


def wheel_options():
    """Tag wheels cp39-abi3: cffi compiles _core against the limited API, so one
    wheel serves CPython 3.9 and every later version (not free-threaded builds,
    which have no limited API yet, nor PyPy)."""
    if platform.python_implementation() != "CPython" or sysconfig.get_config_var(
        "Py_GIL_DISABLED"
    ):
        return {}
    return {"bdist_wheel": {"py_limited_api": "cp39"}}


setup(
    cffi_modules=["src/handrank/_build_ffi.py:ffibuilder"],
    cmdclass={"build_py": GenerateBuildPy, "build_ext": OptionalBuildExt},
    options=wheel_options(),
)
