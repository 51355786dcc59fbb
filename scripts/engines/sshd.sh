#!/usr/bin/env bash
# A private OpenSSH server for the executor tests: `sshd -f CONFIG` on 127.0.0.1 on a free high
# port, with a temporary host key, no PAM, key authentication only, for one test user (as root a
# dedicated account, `shellgate-ssh`; otherwise the current user, the only one a non-root sshd can
# serve). The client key, authorized_keys and a known_hosts file naming this server are made here.
# Usage: sshd.sh start [NAME [MAX_SESSIONS]] | stop [NAME]. NAME defaults to "main", MAX_SESSIONS
# to 64 (the tests run that many channels at once; a "small" instance tests queueing).
set -euo pipefail
# shellcheck source=common.sh
source "$(dirname "${BASH_SOURCE[0]}")/common.sh"

keys=$engines_dir/ssh
name=${2:-main}
state=$keys/$name
pid_file=$state/sshd.pid
sshd=$(command -v sshd || echo /usr/sbin/sshd)

test_user() {
  if [ "$(id -u)" != 0 ]; then
    id -un
    return
  fi
  if ! id shellgate-ssh >/dev/null 2>&1; then
    useradd --create-home --shell /bin/bash shellgate-ssh
  fi
  # useradd leaves the password field "!" (locked), and without PAM sshd refuses a locked account
  # even for key authentication; "*" means no password, not locked.
  usermod -p '*' shellgate-ssh
  echo shellgate-ssh
}

listening() { bash -c "exec 3<>/dev/tcp/127.0.0.1/$(cat "$state/port")"; }

ensure_keys() {
  mkdir -p "$keys"
  # sshd reads authorized_keys as the test user: the directory must be readable by it (the private
  # client key stays 0600, ssh-keygen's mode).
  chmod 755 "$keys"
  [ -s "$keys/client_ed25519" ] || ssh-keygen -q -t ed25519 -N '' -C shellgate-test-client -f "$keys/client_ed25519"
  cp "$keys/client_ed25519.pub" "$keys/authorized_keys"
  chmod 644 "$keys/authorized_keys"
}

start() {
  local max_sessions=${3:-64} user port
  [ -x "$sshd" ] || fail "sshd is missing: apt-get install openssh-server"
  ensure_keys
  mkdir -p "$state"
  user=$(test_user)
  if pid_file_alive "$pid_file" && listening 2>/dev/null; then return 0; fi
  stop_pid_file "$pid_file"
  port=$(free_port)
  rm -f "$state/host_ed25519" "$state/host_ed25519.pub"
  ssh-keygen -q -t ed25519 -N '' -C "shellgate-test-host-$name" -f "$state/host_ed25519"
  cat >"$state/sshd_config" <<CONFIG
Port $port
ListenAddress 127.0.0.1
HostKey $state/host_ed25519
PidFile $pid_file
UsePAM no
StrictModes no
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
AuthorizedKeysFile $keys/authorized_keys
AllowUsers $user
MaxSessions $max_sessions
MaxStartups 100:30:200
AllowTcpForwarding no
X11Forwarding no
PrintMotd no
PrintLastLog no
LogLevel ERROR
CONFIG
  printf '[127.0.0.1]:%s %s\n' "$port" "$(cut -d' ' -f1-2 "$state/host_ed25519.pub")" >"$state/known_hosts"
  printf '%s\n' "$port" >"$state/port"
  printf '%s\n' "$user" >"$state/user"
  printf '%s\n' "$max_sessions" >"$state/max_sessions"
  # The privilege-separation directory Debian's sshd expects (normally made by its service unit).
  [ "$(id -u)" != 0 ] || mkdir -p /run/sshd
  "$sshd" -t -f "$state/sshd_config" || fail "sshd rejected $state/sshd_config"
  say "starting sshd '$name' on 127.0.0.1:$port for user $user (MaxSessions $max_sessions)"
  setsid "$sshd" -f "$state/sshd_config" -E "$state/sshd.log" </dev/null
  wait_until 30 "sshd '$name' did not listen on 127.0.0.1:$port within 30 s (see $state/sshd.log)" listening
}

case ${1:-} in
start) start "$@" ;;
stop)
  if pid_file_alive "$pid_file"; then say "stopping sshd '$name'"; fi
  # The listener only: each connection's own sshd ends with its client (the tests close theirs).
  stop_pid_file "$pid_file" 10
  ;;
*)
  echo "usage: sshd.sh start [NAME [MAX_SESSIONS]] | stop [NAME]" >&2
  exit 2
  ;;
esac
