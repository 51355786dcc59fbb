# Shared by the engine scripts: where their state lives and small helpers. Sourced, not run.
# Everything is under one directory (default <repository>/.engines, ignored by git), so a developer
# and CI use the same layout, and `engines.sh stop` finds every process the scripts started.
repository_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
engines_dir=${SHELLGATE_ENGINES_DIR:-$repository_root/.engines}
mkdir -p "$engines_dir"
engines_dir=$(cd "$engines_dir" && pwd)

say() { printf '[engines] %s\n' "$*" >&2; }
fail() {
  printf '[engines] FAILED: %s\n' "$*" >&2
  exit 1
}

# Whether the process whose pid is in FILE still runs.
pid_file_alive() {
  [ -s "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null
}

# Ends the process whose pid is in FILE: TERM, then KILL after SECONDS; removes the file.
stop_pid_file() {
  local file=$1 seconds=${2:-20} pid waited=0
  if ! pid_file_alive "$file"; then
    rm -f "$file"
    return 0
  fi
  pid=$(cat "$file")
  kill -TERM "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt "$((seconds * 10))" ]; do
    sleep 0.1
    waited=$((waited + 1))
  done
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$file"
}

# A free TCP port on 127.0.0.1 (the kernel picks it; node is there wherever the tests run).
free_port() {
  node -e 'const s=require("node:net").createServer().listen(0,"127.0.0.1",()=>{process.stdout.write(String(s.address().port));s.close()})'
}

# Polls COMMAND... every 0.2 s for up to SECONDS; fails with MESSAGE.
wait_until() {
  local seconds=$1 message=$2 tries=0
  shift 2
  until "$@" >/dev/null 2>&1; do
    tries=$((tries + 1))
    [ "$tries" -lt "$((seconds * 5))" ] || fail "$message"
    sleep 0.2
  done
}
