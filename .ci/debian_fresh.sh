#!/usr/bin/env bash
# Row 1 of issue 22 on a stock machine: the README's two commands, verbatim,
# on a clean clone of the committed HEAD, with nothing but Debian's own
# /usr/bin/python3 (no pyenv, no activated venv, an empty HOME):
#
#   .ci/debian_fresh.sh first    the first command (install + run), ~1 min
#   .ci/debian_fresh.sh nocc     the first command with no C compiler on the
#                                PATH (the pure-Python backend and its warning),
#                                then the warning's advice with a compiler (C core)
#   .ci/debian_fresh.sh second   the second command (install the extras, run
#                                every test), ~8 min on 2 cores
#   .ci/debian_fresh.sh          all three, in that order
#
# Each runs under `env -i`: PATH=/usr/bin:/bin (or, for nocc, a folder of
# links to every program in /usr/bin except the C compilers), HOME a new
# empty folder.  Only pip's index settings (PIP_* variables and the user's
# pip.conf, if any) are passed through, so that a machine with a local
# package mirror uses it; without them pip uses PyPI as on any machine.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
what="${1:-all}"
case "$what" in first|nocc|second|all) ;; *) echo "usage: $0 [first|nocc|second|all]" >&2; exit 2;; esac

py=/usr/bin/python3
[ -x "$py" ] || { echo "debian_fresh: no $py" >&2; exit 2; }
echo "debian_fresh: $("$py" --version) at $py ($(. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME"))"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# The README's two commands, as written (the indented lines that make a .venv).
mapfile -t commands < <(grep -E '^    python3 -m venv ' "$root/README.md" | sed 's/^    //')
[ "${#commands[@]}" -eq 2 ] || { echo "debian_fresh: expected 2 README commands" >&2; exit 2; }

keep=()
while IFS='=' read -r name _; do
  keep+=("$name=${!name}")
done < <(env | grep -E '^PIP_[A-Z_]+=' || true)
conf="${PIP_CONFIG_FILE:-$HOME/.config/pip/pip.conf}"
[ -f "$conf" ] && keep+=("PIP_CONFIG_FILE=$conf")

# The same folder of programs without a C compiler (on merged-/usr Debian /bin
# is /usr/bin, so this folder is the whole PATH).
nocc="$tmp/nocc-bin"
mkdir -p "$nocc"
for f in /usr/bin/*; do
  case "$(basename "$f")" in
    cc|c89|c99|c89-gcc|c99-gcc|gcc|gcc-[0-9]*|*-linux-gnu-gcc|*-linux-gnu-gcc-[0-9]*) continue;;
    clang|clang-[0-9]*|tcc|icc) continue;;
  esac
  ln -s "$f" "$nocc/$(basename "$f")"
done

run() {       # run NAME PATH COMMAND: the command in a new clean clone
  local name="$1" path="$2" command="$3" dir="$tmp/$1"
  git clone -q "$root" "$dir/handrank"
  mkdir -p "$dir/home"
  echo "debian_fresh: [$name] PATH=$path; in a clean clone: $command"
  local start=$SECONDS
  (cd "$dir/handrank" && env -i PATH="$path" HOME="$dir/home" LANG=C.UTF-8 "${keep[@]}" \
      /bin/bash -c "command -v python3; $command")
  echo "debian_fresh: [$name] ok in $((SECONDS - start)) s"
}

if [ "$what" = first ] || [ "$what" = all ]; then
  run first /usr/bin:/bin "${commands[0]}"
fi
if [ "$what" = nocc ] || [ "$what" = all ]; then
  if PATH="$nocc" command -v gcc cc > /dev/null 2>&1; then
    echo "debian_fresh: a compiler is still on the no-compiler PATH" >&2; exit 1
  fi
  # the first command, then the backend it got (python) and the warning's advice
  run nocc "$nocc" "${commands[0]} && .venv/bin/python -c 'import handrank; print(\"backend:\", handrank.backend)' 2>&1 | tail -n 3"
  # Row 2: the warning's advice, run as printed once a compiler is there,
  # builds the C core in place.
  dir="$tmp/nocc/handrank"
  advice="$(cd "$dir" && env -i PATH="$nocc" HOME="$tmp/nocc/home" HANDRANK_BACKEND=python \
      .venv/bin/python -c 'from handrank._backend import reinstall_command as r; print(r())')"
  echo "debian_fresh: [advice] with a compiler on the PATH: $advice"
  (cd "$dir" && env -i PATH=/usr/bin:/bin HOME="$tmp/nocc/home" LANG=C.UTF-8 "${keep[@]}" \
      /bin/bash -c "$advice -q && .venv/bin/python -c 'import handrank; print(\"backend:\", handrank.backend)'")
fi
if [ "$what" = second ] || [ "$what" = all ]; then
  run second /usr/bin:/bin "${commands[1]}"
fi
