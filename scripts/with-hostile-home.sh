#!/usr/bin/env bash
# Runs a command as a user whose start-up files are hostile: HOME is a fresh temporary folder whose
# .bashrc, .bash_profile and .profile each print a line (to stdout and stderr) and change PATH, as
# pyenv, nvm, conda and cargo lines in a real user's files do. The suite must pass this way: no test
# may depend on the invoking user's start-up files.
# Usage: bash scripts/with-hostile-home.sh COMMAND [ARGS...]
set -euo pipefail
[ "$#" -gt 0 ] || { echo "usage: with-hostile-home.sh COMMAND [ARGS...]" >&2; exit 64; }

hostile_home=$(mktemp -d "${TMPDIR:-/tmp}/shellgate-hostile-home.XXXXXX")
trap 'rm -rf "$hostile_home"' EXIT
mkdir -p "$hostile_home/hostile-bin"
# A program that shadows a common one, first on PATH after the start-up files ran: a test that reads
# a start-up file sees 'hostile' output instead of ls's.
printf '#!/bin/sh\necho "hostile ls from %s/hostile-bin"\n' "$hostile_home" >"$hostile_home/hostile-bin/ls"
chmod +x "$hostile_home/hostile-bin/ls"
for file in .bashrc .bash_profile .profile; do
  cat >"$hostile_home/$file" <<START
# Written by scripts/with-hostile-home.sh: a start-up file that prints and changes PATH.
echo "hostile $file ran (stdout)"
echo "hostile $file ran (stderr)" >&2
export PATH="$hostile_home/hostile-bin:\$PATH:/nonexistent/hostile-path"
export HOSTILE_STARTUP_FILE_RAN=$file
START
done
# Tools the suite runs keep working with the new HOME: npm's cache and git's identity follow HOME.
if [ -n "${HOME:-}" ] && [ -d "$HOME/.npm" ] && [ -z "${npm_config_cache:-}" ]; then
  export npm_config_cache="$HOME/.npm"
fi
export HOME="$hostile_home"
export SHELLGATE_HOSTILE_HOME="$hostile_home"
status=0
"$@" || status=$?
exit "$status"
