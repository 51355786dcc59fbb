#!/usr/bin/env bash
# Builds the Windows launcher (native/windows/shellgate-launch.c) with Debian's MinGW-w64 gcc, the
# same way every time: no C runtime, no timestamp, no symbols, no compiler ident, so one compiler
# version gives one binary. The x64 binary is committed (a fresh `npm install` needs no compiler)
# and shipped in the package; src/execution/containment/ uses it to start programs inside their Job
# Object.
#
# Usage: bash scripts/build-launcher.sh           rebuild native/windows/shellgate-launch-x64.exe
#        bash scripts/build-launcher.sh --check   rebuild into a temporary file and fail if it
#                                                 differs from the committed binary (CI, Wine script)
set -euo pipefail
cd "$(dirname "$0")/.."

compiler=x86_64-w64-mingw32-gcc
source_file=native/windows/shellgate-launch.c
committed=native/windows/shellgate-launch-x64.exe
command -v "$compiler" >/dev/null 2>&1 || {
  echo "build-launcher: $compiler is missing (apt-get install gcc-mingw-w64-x86-64)" >&2
  exit 1
}

build() {
  "$compiler" -Os -Wall -Wextra -Werror -ffreestanding -fno-ident -fno-stack-protector \
    -fno-asynchronous-unwind-tables -nostdlib -e launch -Wl,--subsystem,console \
    -Wl,--no-insert-timestamp -s -o "$1" "$source_file" -lkernel32
}

if [ "${1:-}" = "--check" ]; then
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  build "$scratch/launcher.exe"
  if ! cmp -s "$scratch/launcher.exe" "$committed"; then
    echo "build-launcher: $committed differs from a fresh build of $source_file with $("$compiler" -dumpversion)" >&2
    echo "build-launcher: run 'bash scripts/build-launcher.sh' and commit the binary" >&2
    exit 1
  fi
  echo "build-launcher: $committed matches a fresh build ($(wc -c <"$committed") bytes)"
else
  build "$committed"
  echo "build-launcher: wrote $committed ($(wc -c <"$committed") bytes)"
fi
