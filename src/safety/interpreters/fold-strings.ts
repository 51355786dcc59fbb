import type { Language } from "./inline-code.js";
import { readLiteral } from "./string-literals.js";

/**
 * Constant folding of string expressions in inline code: names and commands built from pieces
 * (`"sys" + "tem"`, `chr(115)`, `"metsys"[::-1]`, `base64.b64decode("…")`, `String.fromCharCode(…)`,
 * `pack("H*", …)`, `strrev(…)`, `string.char(…)`) become the literal they evaluate to, so the calls
 * they name are read like literal ones. What cannot be folded stays as written; the capability check
 * then decides whether code that builds names at run time may be run.
 */

/** A string literal in the quoting styles of these languages (`§` in a pattern below stands for one). */
const LITERAL = String.raw`(?<![\w$])(?:[rRbBuU]{0,2}"(?:\\.|[^"\\\n])*"|[rRbBuU]{0,2}'(?:\\.|[^'\\\n])*')`;
const NUMBERS = String.raw`((?:\s*(?:0x[0-9a-fA-F]+|\d+)\s*,?)+)`;

type Fold = readonly [RegExp, (match: RegExpExecArray, literals: readonly string[]) => string | undefined];

function pattern(source: string): RegExp {
  return new RegExp(source.replaceAll("§", LITERAL), "g");
}

function numbers(text: string): number[] {
  return text
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "")
    .map((part) => Number(part));
}

function chars(codes: readonly number[]): string | undefined {
  if (codes.some((code) => !Number.isInteger(code) || code < 0 || code > 0x10ffff)) return undefined;
  return String.fromCodePoint(...codes);
}

function base64(text: string): string | undefined {
  if (!/^[A-Za-z0-9+/=\s_-]*$/.test(text)) return undefined;
  return Buffer.from(text, "base64").toString("latin1");
}

function hex(text: string): string | undefined {
  const clean = text.replace(/\s+/g, "");
  return /^([0-9a-fA-F]{2})*$/.test(clean) ? Buffer.from(clean, "hex").toString("latin1") : undefined;
}

function rot13(text: string): string {
  return text.replace(/[a-z]/gi, (char) => {
    const base = char <= "Z" ? 65 : 97;
    return String.fromCharCode(base + ((char.charCodeAt(0) - base + 13) % 26));
  });
}

const reverse = (text: string) => [...text].reverse().join("");

/** The literals inside a list written as `L, L, L`. */
function listOf(text: string): string[] | undefined {
  const values: string[] = [];
  let index = 0;
  for (;;) {
    while (/[\s,]/.test(text[index] ?? "")) index += 1;
    if (index >= text.length) return values;
    const literal = readLiteral(text, index);
    if (!literal || literal.interpolated) return undefined;
    values.push(literal.value);
    index = literal.end;
  }
}

const CONCAT: Record<Language | "awk", string> = {
  python: String.raw`\s*\+\s*`,
  node: String.raw`\s*\+\s*`,
  ruby: String.raw`\s*\+\s*`,
  perl: String.raw`\s*\.\s*`,
  php: String.raw`\s*\.\s*`,
  lua: String.raw`\s*\.\.\s*`,
  awk: String.raw`[ \t]+`,
};

const join = (a: string, b: string) => (b.startsWith("/") ? b : `${a.replace(/\/+$/, "")}/${b}`);
const home = (): string => "~";

/** Ways each language spells the home directory and joins paths: folded to `~/…` literals. */
const HOME_FOLDS: Record<Language | "awk", Fold[]> = {
  python: [
    [pattern(String.raw`\bos\s*\.\s*path\s*\.\s*expanduser\(\s*(§)\s*\)`), (_m, [a]) => a],
    [/\b(?:pathlib\s*\.\s*)?Path\s*\.\s*home\(\s*\)/g, home],
    [
      /\bos\s*\.\s*(?:environ\s*\[\s*["']HOME["']\s*\]|environ\s*\.\s*get\(\s*["']HOME["']\s*\)|getenv\(\s*["']HOME["']\s*\))/g,
      home,
    ],
    [pattern(String.raw`\bos\s*\.\s*path\s*\.\s*join\(\s*(§)\s*,\s*(§)\s*\)`), (_m, [a, b]) => join(a!, b!)],
  ],
  node: [
    [/(?:\brequire\(\s*["'](?:node:)?os["']\s*\)|\bos)\s*\.\s*homedir\(\s*\)/g, home],
    [/\bprocess\s*\.\s*env\s*(?:\.\s*HOME\b|\[\s*["']HOME["']\s*\])/g, home],
    [
      pattern(String.raw`\bpath\s*\.\s*(?:join|resolve)\(\s*(§)\s*,\s*(§)\s*\)`),
      (_m, [a, b]) => join(a!, b!),
    ],
  ],
  ruby: [
    [/\bDir\s*\.\s*home\b(?:\(\s*\))?|\bENV\s*\[\s*["']HOME["']\s*\]/g, home],
    [pattern(String.raw`\bFile\s*\.\s*join\(\s*(§)\s*,\s*(§)\s*\)`), (_m, [a, b]) => join(a!, b!)],
    [pattern(String.raw`\bFile\s*\.\s*expand_path\(\s*(§)\s*\)`), (_m, [a]) => a],
  ],
  perl: [
    [/"((?:[^"\\$@]|\\.)*)\$ENV\{\s*["']?HOME["']?\s*\}((?:[^"\\$@]|\\.)*)"/g, (m) => `${m[1]}~${m[2]}`],
    [/\$ENV\{\s*["']?HOME["']?\s*\}/g, home],
  ],
  php: [[/\bgetenv\(\s*["']HOME["']\s*\)|\$_SERVER\s*\[\s*["']HOME["']\s*\]/g, home]],
  lua: [[/\bos\s*\.\s*getenv\(\s*["']HOME["']\s*\)/g, home]],
  awk: [[/\bENVIRON\s*\[\s*"HOME"\s*\]/g, home]],
};

function folds(language: Language | "awk"): Fold[] {
  const both = (a: string, b: string) => a + b;
  const list: Fold[] = [
    ...HOME_FOLDS[language],
    [pattern(`(§)${CONCAT[language]}(§)`), (_m, [a, b]) => both(a!, b!)],
  ];
  switch (language) {
    case "python":
      list.push(
        [pattern(String.raw`(§)\s*\[\s*::\s*-1\s*\]`), (_m, [a]) => reverse(a!)],
        [/\bchr\(\s*(\d+|0x[0-9a-fA-F]+)\s*\)/g, (m) => chars([Number(m[1])])],
        [
          pattern(String.raw`(§)\s*\.join\(\s*map\(\s*chr\s*,\s*[[(]${NUMBERS}[\])]\s*\)\s*\)`),
          (m, [separator]) => chars(numbers(m[2]!))?.split("").join(separator!),
        ],
        [
          pattern(String.raw`(§)\s*\.join\(\s*[[(]((?:\s*§\s*,?)*)[\])]\s*\)`),
          (m, [separator]) => listOf(m[2]!)?.join(separator!),
        ],
        [
          pattern(String.raw`bytes\.fromhex\(\s*(§)\s*\)(?:\s*\.decode\(\s*(?:§)?\s*\))?`),
          (_m, [a]) => hex(a!),
        ],
        [
          pattern(
            String.raw`(?:(?:base64|__import__\(\s*["']base64["']\s*\))\s*\.\s*)?(?:b64decode|standard_b64decode|urlsafe_b64decode|decodebytes)\(\s*(§)\s*\)(?:\s*\.decode\(\s*(?:§)?\s*\))?`,
          ),
          (_m, [a]) => base64(a!),
        ],
        [pattern(String.raw`codecs\.decode\(\s*(§)\s*,\s*["']rot_?13["']\s*\)`), (_m, [a]) => rot13(a!)],
        [
          new RegExp(String.raw`\bbytes\(\s*\[${NUMBERS}\]\s*\)(?:\s*\.decode\(\s*\))?`, "g"),
          (m) => chars(numbers(m[1]!)),
        ],
        [pattern(String.raw`(§)\s*\.(?:encode|decode)\(\s*(?:§)?\s*\)`), (_m, [a]) => a],
        [pattern(String.raw`\bstr\(\s*(§)\s*\)`), (_m, [a]) => a],
        [
          pattern(String.raw`(§)\s*\.replace\(\s*(§)\s*,\s*(§)\s*\)`),
          (_m, [a, b, c]) => a!.replaceAll(b!, c!),
        ],
      );
      break;
    case "node":
      list.push(
        [/\bString\.fromCharCode\(\s*((?:\s*\d+\s*,?)+)\)/g, (m) => chars(numbers(m[1]!))],
        [
          pattern(
            String.raw`Buffer\.from\(\s*(§)\s*,\s*["']base64["']\s*\)\s*\.toString\(\s*(?:["'](?:utf-?8|latin1|ascii)["'])?\s*\)`,
          ),
          (_m, [a]) => base64(a!),
        ],
        [
          pattern(String.raw`Buffer\.from\(\s*(§)\s*,\s*["']hex["']\s*\)\s*\.toString\(\s*(?:§)?\s*\)`),
          (_m, [a]) => hex(a!),
        ],
        [pattern(String.raw`\batob\(\s*(§)\s*\)`), (_m, [a]) => base64(a!)],
        [
          pattern(
            String.raw`(§)\s*\.split\(\s*(?:""|'')\s*\)\s*\.reverse\(\s*\)\s*\.join\(\s*(?:""|'')\s*\)`,
          ),
          (_m, [a]) => reverse(a!),
        ],
        [
          pattern(String.raw`\[((?:\s*§\s*,?)*)\]\s*\.join\(\s*(§)?\s*\)`),
          (m, literals) => listOf(m[1]!)?.join(m[2] === undefined ? "," : literals.at(-1)!),
        ],
        [pattern(String.raw`(§)\s*\.replace\(\s*(§)\s*,\s*(§)\s*\)`), (_m, [a, b, c]) => a!.replace(b!, c!)],
        [/`([^`$\\]*)`/g, (m) => m[1]],
      );
      break;
    case "ruby":
      list.push(
        [pattern(String.raw`(§)\s*\.reverse\b`), (_m, [a]) => reverse(a!)],
        [
          pattern(String.raw`\[((?:\s*§\s*,?)*)\]\s*\.join(?:\(\s*(§)?\s*\))?`),
          (m, literals) => listOf(m[1]!)?.join(m[2] === undefined ? "" : literals.at(-1)!),
        ],
        [
          pattern(String.raw`(§)\s*\.unpack1?\(\s*["']m0?["']\s*\)(?:\.first|\[0\])?`),
          (_m, [a]) => base64(a!),
        ],
        [pattern(String.raw`Base64\.(?:strict_|urlsafe_)?decode64\(\s*(§)\s*\)`), (_m, [a]) => base64(a!)],
        [
          new RegExp(String.raw`\[${NUMBERS}\]\s*\.pack\(\s*["'][cCU]\*["']\s*\)`, "g"),
          (m) => chars(numbers(m[1]!)),
        ],
        [pattern(String.raw`(§)\s*\.g?sub\(\s*(§)\s*,\s*(§)\s*\)`), (_m, [a, b, c]) => a!.replace(b!, c!)],
        [pattern(String.raw`(§)\s*\.to_s\b`), (_m, [a]) => a],
      );
      break;
    case "perl":
      list.push(
        [pattern(String.raw`\bpack\(\s*["']H\*["']\s*,\s*(§)\s*\)`), (_m, [a]) => hex(a!)],
        [pattern(String.raw`\bdecode_base64\(\s*(§)\s*\)`), (_m, [a]) => base64(a!)],
        [/\bchr\(\s*(\d+)\s*\)/g, (m) => chars([Number(m[1])])],
        [
          pattern(String.raw`\bjoin\s*\(?\s*(§)\s*,\s*map\s*\{\s*chr\s*\}\s*\(${NUMBERS}\)\s*\)?`),
          (m, [separator]) => chars(numbers(m[2]!))?.split("").join(separator!),
        ],
        [
          pattern(String.raw`\bjoin\s*\(?\s*(§)\s*,\s*reverse\s+split\s*\(?\s*/ /\s*,\s*(§)\s*\)?\s*\)?`),
          (_m, [separator, text]) => text!.split(" ").reverse().join(separator!),
        ],
        [pattern(String.raw`\bscalar\s+reverse\s*\(\s*(§)\s*\)`), (_m, [a]) => reverse(a!)],
      );
      break;
    case "php":
      list.push(
        [pattern(String.raw`\bstrrev\(\s*(§)\s*\)`), (_m, [a]) => reverse(a!)],
        [pattern(String.raw`\bbase64_decode\(\s*(§)\s*\)`), (_m, [a]) => base64(a!)],
        [pattern(String.raw`\bhex2bin\(\s*(§)\s*\)`), (_m, [a]) => hex(a!)],
        [pattern(String.raw`\bstr_rot13\(\s*(§)\s*\)`), (_m, [a]) => rot13(a!)],
        [/\bchr\(\s*(\d+)\s*\)/g, (m) => chars([Number(m[1])])],
        [
          pattern(String.raw`\bimplode\(\s*(§)\s*,\s*(?:\[|array\()((?:\s*§\s*,?)*)[\])]\s*\)`),
          (m, [separator]) => listOf(m[2]!)?.join(separator!),
        ],
      );
      break;
    case "lua":
      list.push(
        [/\bstring\.char\(\s*((?:\s*\d+\s*,?)+)\)/g, (m) => chars(numbers(m[1]!))],
        [pattern(String.raw`\bstring\.reverse\(\s*(§)\s*\)`), (_m, [a]) => reverse(a!)],
        [pattern(String.raw`\(\s*(§)\s*\)\s*:\s*reverse\(\s*\)`), (_m, [a]) => reverse(a!)],
      );
      break;
    case "awk":
      list.push([
        /\bsprintf\(\s*"((?:%c)+)([^"%]*)"\s*,\s*((?:\s*\d+\s*,?)+)\)/g,
        (m) => {
          const codes = numbers(m[3]!);
          return codes.length === m[1]!.length / 2 ? `${chars(codes)}${m[2]}` : undefined;
        },
      ]);
      break;
  }
  return list;
}

const FOLDS = new Map<Language | "awk", Fold[]>();

/** How a folded value is written back: a literal the language reads without interpolating. */
function quote(value: string, language: Language | "awk"): string {
  if (language === "perl" || language === "php" || language === "ruby")
    return `'${value.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
  return JSON.stringify(value);
}

/** The code with every string expression that can be folded replaced by its literal value. */
export function foldStrings(code: string, language: Language | "awk"): string {
  let rules = FOLDS.get(language);
  if (!rules) {
    rules = folds(language);
    FOLDS.set(language, rules);
  }
  let current = code;
  for (let round = 0; round < 8; round += 1) {
    let changed = false;
    for (const [regex, fold] of rules) {
      const next = current.replace(regex, (...args: unknown[]) => {
        const match = args.slice(0, -2) as unknown as RegExpExecArray;
        const whole = match[0];
        const literals: string[] = [];
        for (const group of match.slice(1)) {
          if (typeof group !== "string" || !/^[rRbBuU]{0,2}["']/.test(group)) continue;
          const literal = readLiteral(group, 0);
          if (!literal || literal.interpolated) return whole;
          literals.push(literal.value);
        }
        const value = fold(match, literals);
        if (value === undefined || value.length > 4096) return whole;
        return quote(value, language);
      });
      if (next !== current) {
        changed = true;
        current = next;
      }
    }
    if (!changed) break;
  }
  return current;
}
