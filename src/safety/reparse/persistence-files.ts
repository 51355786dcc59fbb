import { HOME_PATH } from "../extract/expanded-word.js";
import type { Nested } from "../normalize/nested.js";

/**
 * Files in the home whose contents run later, on their own: the shells' start-up files (the next
 * login or interactive shell), desktop autostart entries and systemd user units (the next session).
 * A repository's git hooks likewise run on a later commit or push.
 * Text written to them is judged now, like a crontab line; text the gate cannot see is the user's own.
 */
const STARTUP_FILES =
  /^(\.bashrc|\.bash_profile|\.bash_login|\.bash_logout|\.profile|\.zshrc|\.zshenv|\.zprofile|\.zlogin|\.zlogout|\.kshrc|\.mkshrc|\.xprofile|\.xinitrc|\.xsession|\.xsessionrc|\.ssh\/rc|\.config\/fish\/config\.fish|\.config\/fish\/conf\.d\/[^/]+\.fish)$/;
/** Key files whose `Exec…=` lines are command lines. */
const EXEC_LINE_FILES =
  /^(\.config\/autostart\/[^/]+\.desktop|\.config\/systemd\/user\/[^/]+\.(service|socket|timer|path))$/;
const EXEC_LINE =
  /^\s*(?:Exec|ExecStart|ExecStartPre|ExecStartPost|ExecStop|ExecStopPost|ExecReload|ExecCondition)\s*=\s*[-@:+!]*(.*)$/;

/** A repository's hooks (`.git/hooks/pre-commit`, husky's `.husky/pre-push`) run on later git commands. */
const GIT_HOOK = /\/(\.git\/hooks|\.husky)\/[^/_][^/]*$(?<!\.sample)/;

/** Whether `resolved` (a path as `resolveIn` gives it) is a file whose contents run later. */
export function isPersistenceFile(resolved: string | undefined): boolean {
  if (resolved !== undefined && GIT_HOOK.test(resolved)) return true;
  if (!resolved?.startsWith(`${HOME_PATH}/`)) return false;
  const relative = resolved.slice(HOME_PATH.length + 1);
  return STARTUP_FILES.test(relative) || EXEC_LINE_FILES.test(relative);
}

type Script = Extract<Nested, { kind: "script" }>;

/**
 * `alias ls='…'` in a start-up file: an interactive shell runs the value whenever the user types a
 * command they use by habit, unasked. An alias of a new name (`alias please=sudo`) runs only on purpose.
 */
const ALIAS = /(?:^|[\s;&|])alias\s+([^\s=]+)=(?:'([^']*)'|"((?:\\.|[^"])*)"|([^\s;&|]+))/g;
const HABITUAL =
  /^(ls|ll|la|l|cd|cat|less|more|git|grep|vi|vim|nano|emacs|cp|mv|rm|echo|clear|make|npm|npx|yarn|node|python3?|pip3?|ssh|top|htop|man|exit|which|pwd|mkdir|touch|docker|kubectl|code|history|sudo)$/;

/** The scripts that text written to `resolved` runs later. */
export function persistedScripts(resolved: string, text: string | undefined): Script[] {
  if (text === undefined || !isPersistenceFile(resolved)) return [];
  if (GIT_HOOK.test(resolved))
    return [{ kind: "script", text, origin: "a git hook, which runs on a later git command" }];
  const relative = resolved.slice(HOME_PATH.length + 1);
  const origin = `text written to ~/${relative}, which runs later`;
  if (STARTUP_FILES.test(relative)) {
    const aliases = [...text.matchAll(ALIAS)]
      .filter((match) => HABITUAL.test(match[1]!))
      .map(
        (match): Script => ({
          kind: "script",
          text: match[2] ?? match[3] ?? match[4]!,
          origin: `an alias ${origin}`,
        }),
      );
    return [{ kind: "script", text, origin }, ...aliases];
  }
  return text
    .split("\n")
    .map((line) => EXEC_LINE.exec(line)?.[1])
    .filter((command): command is string => command !== undefined && command.trim() !== "")
    .map((command): Script => ({ kind: "script", text: command, origin }));
}
