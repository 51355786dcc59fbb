import { singleQuote } from "../spawn/long-command.js";
import { RECORD_SEPARATOR } from "./control-lines.js";

export interface KillScriptInput {
  /** The control-line token the report is written with. */
  readonly token: string;
  /** The run's process group (the wrapper's pid); absent when it was never reported. */
  readonly processGroup?: number;
  /**
   * Every descendant of this pid is a member too, the pid itself never (a resident shell: its
   * commands run in process groups of their own, so no one group holds them).
   */
  readonly descendantsOf?: number;
  /** SIGINT goes to this pid before anything else (a resident shell, so it abandons its command line). */
  readonly interrupt?: number;
  /** `NAME=VALUE` markers: every process whose environment holds one is ended too (`setsid` escapes). */
  readonly markers: readonly string[];
  /** SIGTERM → SIGKILL grace. */
  readonly graceMs: number;
  /** How long the tree may take to vanish after SIGKILL before survivors are reported. */
  readonly killWaitMs: number;
  /** Only list who is alive (`found`, nothing signalled): what outlived a finished run. */
  readonly listOnly?: boolean;
}

/**
 * The POSIX sh text a second exec runs to end a run's whole tree in the target, because no engine
 * can kill an exec and dropping its stream kills nothing. As local termination does: the members
 * are listed first (the process group from /proc/<pid>/stat, and every process carrying a marker in
 * /proc/<pid>/environ, which is how a `setsid` escape is found), SIGTERM goes to the group and to
 * each of them, the grace is given, a second look catches members started meanwhile, SIGKILL ends
 * what is left, and the report names who could not be ended. A zombie counts as gone (a container
 * without an init may never reap it). Without /proc (a macOS host) only the group is signalled.
 * Pure.
 */
export function killScript(input: KillScriptInput): string {
  if (!/^[A-Za-z0-9]+$/.test(input.token)) throw new Error("the control token must be alphanumeric");
  const mark = `\\0${RECORD_SEPARATOR.charCodeAt(0).toString(8)}${input.token}`;
  const group = input.processGroup === undefined ? "" : String(input.processGroup);
  const parent = input.descendantsOf === undefined ? "" : String(input.descendantsOf);
  const markers = input.markers.map((marker) => `-e ${singleQuote(marker)}`).join(" ");
  const steps = (milliseconds: number) => Math.max(1, Math.ceil(milliseconds / 50));
  return [
    ...(input.interrupt === undefined ? [] : [`kill -INT ${input.interrupt} 2>/dev/null`]),
    `g=${group}`,
    `d=${parent}`,
    // Members: the group by /proc/<pid>/stat's fifth field (after the parenthesised name), zombies
    // not; with a parent, every process whose chain of fourth fields (ppid) leads to it, found by
    // widening the set from the parent until a pass adds nothing.
    `members(){ [ -n "$g$d" ]||return 0;t=;for f in /proc/[0-9]*/stat;do read -r l <"$f" 2>/dev/null||continue;r=\${l##*) };set -- $r;p=\${f#/proc/};p=\${p%/stat};[ "$1" = Z ]&&continue;[ -n "$g" ]&&[ "$3" = "$g" ]&&echo "$p";[ -n "$d" ]&&t="$t$p:$2 ";done;[ -n "$d" ]||return 0;k=" $d ";m=1;while [ $m = 1 ];do m=0;for e in $t;do case "$k" in *" \${e#*:} "*)case "$k" in *" \${e%%:*} "*);;*)k="$k\${e%%:*} ";m=1;echo "\${e%%:*}";;esac;;esac;done;done;}`,
    markers === ""
      ? "marked(){ :;}"
      : // GNU grep reads a NUL-separated environ whole; busybox grep stops at the first NUL, so
        // there each environ is turned into lines first (a fork per process, on the kill path only).
        `marked(){ [ -d /proc/self ]||return 0;if grep --version 2>/dev/null|grep -q GNU;then grep -l -F ${markers} /proc/[0-9]*/environ 2>/dev/null|while read -r f;do p=\${f#/proc/};echo "\${p%/environ}";done;else for f in /proc/[0-9]*/environ;do tr '\\0' '\\n' <"$f" 2>/dev/null|grep -q -x -F ${markers}&&{ p=\${f#/proc/};echo "\${p%/environ}";};done;fi;}`,
    `alive(){ [ -r "/proc/$1/stat" ]||{ [ -d /proc/self ]&&return 1;kill -0 "$1" 2>/dev/null;return;};read -r l <"/proc/$1/stat" 2>/dev/null||return 1;r=\${l##*) };[ "\${r%% *}" != Z ];}`,
    `any(){ for p in $all;do [ "$p" = "$$" ]||alive "$p"&&return 0;done;return 1;}`,
    `nap(){ sleep 0.05 2>/dev/null||sleep 1;}`,
    `uniq(){ for p in "$@";do echo "$p";done|sort -un|tr '\\n' ' ';}`,
    `all=$(uniq $(members;marked))`,
    `found=$all`,
    ...(input.listOnly
      ? [
          `left=;for p in $all;do alive "$p"&&left="$left,$p";done`,
          `printf '${mark} killed found=%s forced=0 survivors=\\n' "\${left#,}"`,
        ]
      : killSteps(input, mark, steps)),
  ].join("\n");
}

function killSteps(input: KillScriptInput, mark: string, steps: (milliseconds: number) => number): string[] {
  return [
    `[ -n "$g" ]&&kill -TERM -- "-$g" 2>/dev/null;[ -n "$all" ]&&kill -TERM $all 2>/dev/null`,
    `n=0;while any&&[ $n -lt ${steps(input.graceMs)} ];do nap;n=$((n+1));done`,
    `forced=0`,
    `if any||[ -n "$(members)" ];then forced=1;all=$(uniq $all $(members;marked));[ -n "$g" ]&&kill -KILL -- "-$g" 2>/dev/null;kill -KILL $all 2>/dev/null;n=0;while any&&[ $n -lt ${steps(input.killWaitMs)} ];do nap;n=$((n+1));done;fi`,
    // Once the known members are gone, what started while the first look ran (a setsid child that
    // left the group after it) is found by the group and the markers and ended too, until two looks
    // in a row find nothing or eight rounds had something (as terminate-tree.ts does locally).
    `live(){ l=;for p in $(members;marked);do [ "$p" = "$$" ]||{ alive "$p"&&l="$l $p";};done;echo $l;}`,
    `c=0;r=0;while [ $c -lt 2 ]&&[ $r -lt 8 ];do late=$(live);if [ -z "$late" ];then c=$((c+1));else c=0;r=$((r+1));all=$(uniq $all $late);kill -TERM $late 2>/dev/null;n=0;while any&&[ $n -lt ${steps(input.graceMs)} ];do nap;n=$((n+1));done;any&&{ forced=1;kill -KILL $late 2>/dev/null;n=0;while any&&[ $n -lt ${steps(input.killWaitMs)} ];do nap;n=$((n+1));done;};fi;done`,
    `left=;for p in $all;do alive "$p"&&left="$left,$p";done`,
    `printf '${mark} killed found=%s forced=%s survivors=%s\\n' "$(echo $found|tr ' ' ,)" "$forced" "\${left#,}"`,
  ];
}
