#!/usr/bin/env bash
# A private Docker engine for the executor tests: dockerd on its own socket, data root and exec root
# (vfs storage, no iptables, no bridge: nothing on the host's network changes), the test images made
# by `docker import` (no registry is needed), and one running container per image.
# Usage: docker.sh start | stop. Idempotent; `stop` ends dockerd and the containerd it started.
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

state=$engines_dir/docker
socket=$state/docker.sock
pid_file=$state/dockerd.pid
# containerd's socket lives under the exec root and unix socket paths are short (108 bytes).
exec_root=/tmp/shellgate-docker-exec-$(printf '%s' "$engines_dir" | cksum | cut -d' ' -f1)
docker_cli=(docker --host "unix://$socket")
# Image and container names, also read by the tests (test/support/engines.ts). The tag follows
# rootfs.sh, so a changed image definition replaces the images and their containers.
images=(bash busybox noshell)
version=$(cksum <"$(dirname "${BASH_SOURCE[0]}")/rootfs.sh" | cut -d' ' -f1)

answers() { "${docker_cli[@]}" version; }

start_daemon() {
  if pid_file_alive "$pid_file" && answers >/dev/null 2>&1; then return 0; fi
  command -v dockerd >/dev/null 2>&1 || fail "dockerd is missing: apt-get install docker.io"
  stop_pid_file "$pid_file"
  mkdir -p "$state/data" "$exec_root"
  say "starting dockerd on $socket"
  # setsid: the daemon must not share the caller's process group or terminal (CI's trap stops it).
  setsid dockerd --storage-driver=vfs --iptables=false --ip-forward=false --ip-masq=false --bridge=none \
    --data-root "$state/data" --exec-root "$exec_root" --pidfile "$pid_file" \
    --host "unix://$socket" --shutdown-timeout 2 --log-level warn \
    </dev/null >"$state/dockerd.log" 2>&1 &
  wait_until 90 "dockerd did not answer on $socket within 90 s (see $state/dockerd.log)" answers
}

ensure_image() {
  local name=$1
  "${docker_cli[@]}" image inspect "shellgate-test/$name:$version" >/dev/null 2>&1 && return 0
  "${docker_cli[@]}" import "$state/rootfs/$name-$version.tar" "shellgate-test/$name:$version" >/dev/null
}

ensure_container() {
  local name=$1 running image
  image=$("${docker_cli[@]}" container inspect -f '{{.Config.Image}}' "shellgate-test-$name" 2>/dev/null) || image=
  if [ -n "$image" ] && [ "$image" != "shellgate-test/$name:$version" ]; then
    "${docker_cli[@]}" rm --force "shellgate-test-$name" >/dev/null
  fi
  running=$("${docker_cli[@]}" container inspect -f '{{.State.Running}}' "shellgate-test-$name" 2>/dev/null) || running=missing
  case $running in
  true) return 0 ;;
  false) "${docker_cli[@]}" start "shellgate-test-$name" >/dev/null ;;
  *)
    # --init: orphans of killed process groups are reaped; no network: loopback only.
    "${docker_cli[@]}" run --detach --init --network none --name "shellgate-test-$name" \
      "shellgate-test/$name:$version" /bin/sleep 2147483647 >/dev/null
    ;;
  esac
}

case ${1:-} in
start)
  bash "$(dirname "${BASH_SOURCE[0]}")/rootfs.sh" "$state/rootfs" "$version"
  start_daemon
  for image in "${images[@]}"; do
    ensure_image "$image"
    ensure_container "$image"
  done
  printf '%s\n' "$version" >"$state/image-version"
  say "docker ready: DOCKER_HOST=unix://$socket, containers ${images[*]/#/shellgate-test-}"
  ;;
stop)
  if pid_file_alive "$pid_file"; then say "stopping dockerd"; fi
  # dockerd stops its containers (2 s each at most) and the containerd it started, then exits.
  stop_pid_file "$pid_file" 40
  # Only after a KILL: containerd and its shims outlive dockerd; they are found by the exec root.
  stop_pid_file "$exec_root/containerd/containerd.pid" 10
  for process in /proc/[0-9]*; do
    if { tr '\0' ' ' <"$process/cmdline"; } 2>/dev/null | grep -qF -- "$exec_root/"; then
      kill -KILL "${process#/proc/}" 2>/dev/null || true
    fi
  done
  rm -rf "$exec_root"
  ;;
*)
  echo "usage: docker.sh start|stop" >&2
  exit 2
  ;;
esac
