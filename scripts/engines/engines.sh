#!/usr/bin/env bash
# The real engines the executor tests run against, loopback only: a private dockerd with the test
# images and containers (docker.sh) and two sshd instances (sshd.sh: "main", and "small" with
# MaxSessions 2 for the queueing test). Writes $engines_dir/engines.json, which the tests read
# (test/support/engines.ts); SHELLGATE_ENGINES_DIR moves the whole state (default .engines/).
# Usage: engines.sh start | stop | status. Idempotent; `stop` ends every process `start` started.
set -euo pipefail
here=$(dirname "${BASH_SOURCE[0]}")
# shellcheck source=common.sh
source "$here/common.sh"

json_string() { node -e 'process.stdout.write(JSON.stringify(process.argv[1]))' "$1"; }

ssh_entry() {
  local state=$engines_dir/ssh/$1
  printf '{"host":"127.0.0.1","port":%s,"user":%s,"identity_file":%s,"known_hosts":%s,"max_sessions":%s}' \
    "$(cat "$state/port")" "$(json_string "$(cat "$state/user")")" \
    "$(json_string "$engines_dir/ssh/client_ed25519")" "$(json_string "$state/known_hosts")" \
    "$(cat "$state/max_sessions")"
}

write_manifest() {
  local socket=$engines_dir/docker/docker.sock
  {
    printf '{"docker":{"docker_host":%s,' "$(json_string "unix://$socket")"
    printf '"containers":{"bash":"shellgate-test-bash","busybox":"shellgate-test-busybox","noshell":"shellgate-test-noshell"},'
    local tag
    tag=$(cat "$engines_dir/docker/image-version")
    printf '"images":{"bash":"shellgate-test/bash:%s","busybox":"shellgate-test/busybox:%s","noshell":"shellgate-test/noshell:%s"}},' "$tag" "$tag" "$tag"
    printf '"ssh":%s,"ssh_small":%s}\n' "$(ssh_entry main)" "$(ssh_entry small)"
  } >"$engines_dir/engines.json.partial"
  mv "$engines_dir/engines.json.partial" "$engines_dir/engines.json"
}

case ${1:-} in
start)
  started=$SECONDS
  rm -f "$engines_dir/engines.json"
  bash "$here/docker.sh" start
  bash "$here/sshd.sh" start main 64
  bash "$here/sshd.sh" start small 2
  write_manifest
  say "engines ready in $((SECONDS - started)) s: $engines_dir/engines.json"
  ;;
stop)
  rm -f "$engines_dir/engines.json"
  bash "$here/sshd.sh" stop small
  bash "$here/sshd.sh" stop main
  bash "$here/docker.sh" stop
  ;;
status)
  if [ -s "$engines_dir/engines.json" ]; then cat "$engines_dir/engines.json"; else
    echo "not started (run scripts/engines/engines.sh start)"
    exit 1
  fi
  ;;
*)
  echo "usage: engines.sh start|stop|status" >&2
  exit 2
  ;;
esac
