/**
 * The POSIX sh text the target probe runs once per executor: who and where commands will run, and
 * which shell they get. Every answer is a `key=value` line (an empty value: not there), then the
 * line `environment` and the environment a command starts with — NUL-separated from
 * /proc/self/environ where there is one, else `env`'s lines. Nothing is assumed of the target but
 * a POSIX sh; each probe is guarded so a missing program leaves its key empty. Pure data.
 */
export const PROBE_SCRIPT = [
  `p(){ printf '%s=%s\\n' "$1" "$2";}`,
  // busybox's \`command -v\` names its applets without a directory: look for the file itself.
  `w(){ case $1 in /*|'') echo "$1";; *) for d in /bin /usr/bin /sbin /usr/sbin;do [ -x "$d/$1" ]&&{ echo "$d/$1";return;};done;echo "$1";;esac;}`,
  `p probe shellgate-1`,
  `p user "$(id -un 2>/dev/null||whoami 2>/dev/null)"`,
  `p uid "$(id -u 2>/dev/null)"`,
  `p home "$HOME"`,
  `p cwd "$(pwd 2>/dev/null)"`,
  `p os "$(uname -s 2>/dev/null)"`,
  `p arch "$(uname -m 2>/dev/null)"`,
  `p hostname "$(uname -n 2>/dev/null)"`,
  `p login_shell "$SHELL"`,
  `b=$(command -v bash 2>/dev/null);p bash "$b"`,
  `[ -n "$b" ]&&p bash_version "$("$b" --norc --noprofile -c 'printf %s "$BASH_VERSION"' 2>/dev/null)"`,
  `s=$(w "$(command -v sh 2>/dev/null)");p sh "$s"`,
  `p sh_target "$(readlink -f "$s" 2>/dev/null)"`,
  `p env_program "$(w "$(command -v env 2>/dev/null)")"`,
  `p proc "$([ -r /proc/self/stat ]&&echo yes)"`,
  `p tmp "$([ -d /tmp ]&&[ -w /tmp ]&&echo /tmp)"`,
  `echo environment`,
  `if [ -r /proc/self/environ ];then cat /proc/self/environ;else env;fi`,
].join("\n");
