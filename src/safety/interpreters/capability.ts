import type { RuleHit } from "../finding.js";
import type { Language } from "./inline-code.js";
import { insideStrings } from "./string-literals.js";

/**
 * Judging inline code by capability rather than by spelling: after folding and reflection are written
 * out, what is left that builds the name of what it calls at run time (a computed `getattr`, `send`,
 * `$f(…)`, `x[k](…)`, `exec` of computed text, a foreign-function call) is judged by what the code can
 * reach. When a process or file-mutation capability is reachable — a process or file module is in
 * sight, or the language has one built in (Perl's and Ruby's `system`, PHP's functions) — strict
 * cannot know what is called and blocks it.
 */

interface LanguageCapability {
  /** Constructs that decide at run time which function is called or which code runs. */
  readonly computed: readonly RegExp[];
  /** Names that bring process execution or file mutation into reach; undefined: always in reach. */
  readonly reach?: RegExp;
  /** Foreign-function interfaces: any library symbol can be called, processes included. */
  readonly foreign: RegExp;
}

const CAPABILITIES: Record<Language, LanguageCapability> = {
  python: {
    computed: [
      /\bgetattr\s*\(/,
      /\b__import__\s*\(\s*[^"'\s]/,
      /\b(?:exec|eval|compile)\s*\(\s*(?![rRbBuU]{0,2}["'])[^\s)]/,
      /__subclasses__|__globals__|__getattribute__|__reduce__/,
      /__dict__\s*\[/,
      /\b(?:vars|globals|locals)\s*\(\s*[^)]*\)\s*\[/,
      /\b(?:pickle|cPickle|_pickle|marshal|shelve|dill|jsonpickle)\s*\.\s*loads?\s*\(\s*(?!pickle\s*\.\s*dumps)/,
      /\b(?:methodcaller|attrgetter)\s*\(/,
    ],
    reach:
      /\b(?:os|posix|nt|subprocess|pty|ctypes|cffi|shutil|pathlib|platform|multiprocessing|asyncio|importlib|builtins|__builtins__|__import__|pickle|marshal|code|runpy|sys|commands|popen2|io|tempfile)\b/,
    foreign: /\b(?:ctypes|cffi)\b[\s\S]*\b(?:CDLL|PyDLL|WinDLL|cdll|pydll|LoadLibrary|dlopen|FFI\s*\()/,
  },
  node: {
    computed: [
      /(?:\)|[\w$\]])\s*\[\s*(?!["'`\d])[^\]]+\]\s*\(/,
      /\beval\s*\(\s*(?!["'`])[^\s)]/,
      /\bnew\s+Function\s*\(\s*(?!["'`])[^\s)]/,
      /\brequire\s*\(\s*(?!["'`])[^\s)]/,
      /\bvm\s*\.\s*\w+\s*\(\s*(?!["'`])[^\s)]/,
      /\b(?:Reflect\s*\.\s*(?:apply|get)|Function\s*\.\s*prototype)/,
    ],
    reach: /\b(?:require|process|module|globalThis|global|child_process|Deno|Bun|Function|eval)\b/,
    foreign: /\bprocess\s*\.\s*(?:binding|_linkedBinding|dlopen)\b|\bffi-napi\b|\bkoffi\b/,
  },
  ruby: {
    computed: [
      /\b(?:send|public_send|__send__)\s*\(/,
      /\bmethod\s*\(\s*(?![:"'])/,
      /\b(?:const_get|instance_variable_get)\s*\(\s*(?![:"'])/,
      /\b(?:eval|instance_eval|class_eval|module_eval|instance_exec)\s*\(?\s*(?!["'])[^\s)]/,
      /\bBinding\b|\bbinding\s*\.\s*eval/,
    ],
    foreign: /\bFiddle\b|\bFFI\s*::|\bDL\s*::/,
  },
  perl: {
    computed: [
      /\beval\s*\(?\s*(?!["'{])[$@\w]/,
      /\beval\s*"[^"]*[$@][A-Za-z_{]/,
      /&\s*\$\w+|&\s*\{|->\s*\$\w+\s*\(|\bcan\s*\(\s*\$/,
      /\b(?:UNIVERSAL::can|CORE::GLOBAL)/,
    ],
    foreign: /\bsyscall\s*\(|\bDynaLoader\b|\bFFI::|\bXSLoader\b/,
  },
  php: {
    computed: [
      /\$\w+\s*\(/,
      /\b(?:call_user_func(?:_array)?|array_map|array_walk|usort|forward_static_call(?:_array)?)\s*\(\s*(?!["'])[^\s)]/,
      /\b(?:eval|assert)\s*\(\s*(?!["'])[^\s)]/,
      /\bcreate_function\b|\bReflectionFunction\b|\bpreg_replace\s*\(\s*["'][^"']*\/e/,
    ],
    foreign: /\bFFI\s*::|\bdl\s*\(/,
  },
  lua: {
    computed: [
      /\b(?:load|loadstring|dofile|loadfile)\s*\(\s*(?!["'[])[^\s)]/,
      /\b_G\s*\[/,
      /[\w\]]\s*\[\s*(?!["'\d])[^\]]+\]\s*\(/,
      /\bdebug\s*\./,
    ],
    reach: /\b(?:os|io|_G|require|load|loadstring|dofile|package|debug)\b/,
    foreign: /\bpackage\s*\.\s*loadlib\b|\bffi\s*\.\s*(?:load|C)\b/,
  },
};

function firstOutsideStrings(code: string, regex: RegExp, inside: (offset: number) => boolean): boolean {
  const global = new RegExp(regex.source, regex.flags.includes("g") ? regex.flags : `${regex.flags}g`);
  for (const match of code.matchAll(global)) if (!inside(match.index)) return true;
  return false;
}

/**
 * The hit for code that decides at run time what it calls while a process or file capability is in
 * reach, or that calls foreign functions; undefined when every call it makes is literal.
 */
export function capabilityHit(code: string, language: Language, origin: string): RuleHit | undefined {
  const capability = CAPABILITIES[language];
  const inside = insideStrings(code);
  if (firstOutsideStrings(code, capability.foreign, inside)) {
    return {
      rule: "interpreter.capability",
      severity: "dynamic",
      reason: `${origin} calls native library functions through a foreign-function interface, which can start processes or change any file, so what it does cannot be checked; use the language's own process and file calls with literal arguments, or run the command directly in the shell.`,
    };
  }
  if (!capability.computed.some((regex) => firstOutsideStrings(code, regex, inside))) return undefined;
  if (capability.reach && !firstOutsideStrings(code, capability.reach, inside)) return undefined;
  return {
    rule: "interpreter.capability",
    severity: "dynamic",
    reason: `${origin} builds the name of what it calls (or the code it runs) at run time while it can start processes or change files, so what it does cannot be checked; call functions by their literal names with literal arguments, or run the command directly in the shell.`,
  };
}
