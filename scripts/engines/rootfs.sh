#!/usr/bin/env bash
# Builds the root file systems of the test images as tar files (for `docker import`):
#   bash.tar     busybox (every applet) + /bin/bash with the libraries ldd lists: the usual target
#   busybox.tar  busybox only: /bin/sh is busybox ash, the POSIX-sh target
#   noshell.tar  one static program (/bin/sleep, busybox under a name that runs only that applet):
#                a container without any shell, which shellgate must refuse
# Usage: rootfs.sh OUTPUT_DIRECTORY VERSION. Writes NAME-VERSION.tar; rebuilds only what is missing.
set -euo pipefail
out=${1:?usage: rootfs.sh OUTPUT_DIRECTORY VERSION}
version=${2:?usage: rootfs.sh OUTPUT_DIRECTORY VERSION}
mkdir -p "$out"
busybox=$(command -v busybox) || {
  echo "busybox is missing: apt-get install busybox-static" >&2
  exit 1
}
! ldd "$busybox" >/dev/null 2>&1 || {
  echo "$busybox is not statically linked: apt-get install busybox-static" >&2
  exit 1
}

# The files every image has: users (root and an unprivileged one), /tmp, the mount points.
base_tree() {
  local root=$1
  mkdir -p "$root"/{bin,etc,tmp,root,proc,sys,dev,home/tester,work}
  # mktemp made the tree's top 0700: as the image's / it would lock every other user out.
  chmod 755 "$root"
  chmod 1777 "$root/tmp"
  printf 'root:x:0:0:root:/root:/bin/sh\ntester:x:1000:1000:tester:/home/tester:/bin/sh\n' >"$root/etc/passwd"
  printf 'root:x:0:\ntester:x:1000:\n' >"$root/etc/group"
  chown 1000:1000 "$root/home/tester" "$root/work"
}

with_busybox() {
  local root=$1 applet
  cp "$busybox" "$root/bin/busybox"
  for applet in $("$busybox" --list); do
    [ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
  done
}

with_bash() {
  local root=$1 library
  cp "$(command -v bash)" "$root/bin/bash"
  for library in $(ldd "$(command -v bash)" | grep -o '/[^ ]*'); do
    mkdir -p "$root$(dirname "$library")"
    cp -L "$library" "$root$library"
  done
}

build() {
  local name=$1 tree
  shift
  [ -s "$out/$name-$version.tar" ] && return 0
  tree=$(mktemp -d "${TMPDIR:-/tmp}/shellgate-rootfs.XXXXXX")
  base_tree "$tree"
  for step in "$@"; do "$step" "$tree"; done
  tar --numeric-owner -C "$tree" -cf "$out/$name-$version.tar.partial" .
  mv "$out/$name-$version.tar.partial" "$out/$name-$version.tar"
  rm -rf "$tree"
}

only_sleep() {
  local root=$1
  cp "$busybox" "$root/bin/sleep"
}

build bash with_busybox with_bash
build busybox with_busybox
build noshell only_sleep
