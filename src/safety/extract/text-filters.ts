import { decodeEscapes } from "./escapes.js";

/**
 * Pure versions of the small filters people use to hide a command from a text matcher
 * (`base64 -d`, `xxd -r -p`, `rev`, `tr`, `printf`). Each returns undefined when it cannot be sure.
 */

export function decodeBase64(text: string): string | undefined {
  const compact = text.replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(compact)) return undefined;
  return Buffer.from(compact.replaceAll("-", "+").replaceAll("_", "/"), "base64").toString("latin1");
}

export function decodeBase32(text: string): string | undefined {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const compact = text.replace(/\s+/g, "").replace(/=+$/, "").toUpperCase();
  if (!/^[A-Z2-7]*$/.test(compact)) return undefined;
  let bits = "";
  for (const char of compact) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  let output = "";
  for (let index = 0; index + 8 <= bits.length; index += 8)
    output += String.fromCharCode(Number.parseInt(bits.slice(index, index + 8), 2));
  return output;
}

export function decodeHex(text: string): string | undefined {
  const compact = text.replace(/\s+/g, "");
  if (!/^([0-9a-fA-F]{2})*$/.test(compact)) return undefined;
  return Buffer.from(compact, "hex").toString("latin1");
}

export function reverseLines(text: string): string {
  const trailing = text.endsWith("\n");
  const body = trailing ? text.slice(0, -1) : text;
  const reversed = body
    .split("\n")
    .map((line) => [...line].reverse().join(""))
    .join("\n");
  return trailing ? `${reversed}\n` : reversed;
}

function expandSet(set: string): string[] | undefined {
  const decoded = decodeEscapes(set, true);
  if (decoded === "[:lower:]") return expandSet("a-z");
  if (decoded === "[:upper:]") return expandSet("A-Z");
  if (decoded.includes("[:") || decoded.includes("[=")) return undefined;
  const characters: string[] = [];
  for (let index = 0; index < decoded.length; index += 1) {
    const start = decoded[index]!;
    if (decoded[index + 1] === "-" && index + 2 < decoded.length) {
      const end = decoded[index + 2]!;
      const from = start.charCodeAt(0);
      const to = end.charCodeAt(0);
      if (to < from || to - from > 512) return undefined;
      for (let code = from; code <= to; code += 1) characters.push(String.fromCharCode(code));
      index += 2;
    } else {
      characters.push(start);
    }
  }
  return characters;
}

/** `tr SET1 SET2` and `tr -d SET` over literal sets (ranges allowed, classes not). */
export function translate(
  text: string,
  options: readonly string[],
  sets: readonly string[],
): string | undefined {
  const deleting = options.some((option) => /^-[a-zA-Z]*d/.test(option));
  if (options.some((option) => /^-[a-zA-Z]*[cCs]/.test(option))) return undefined;
  const from = sets[0] === undefined ? undefined : expandSet(sets[0]);
  if (!from) return undefined;
  if (deleting) return [...text].filter((char) => !from.includes(char)).join("");
  const to = sets[1] === undefined ? undefined : expandSet(sets[1]);
  if (!to || to.length === 0) return undefined;
  const mapping = new Map<string, string>();
  from.forEach((char, index) => {
    mapping.set(char, to[Math.min(index, to.length - 1)]!);
  });
  return [...text].map((char) => mapping.get(char) ?? char).join("");
}

/** `printf FORMAT ARGS…` for the conversions that matter here; the format is reused for extra arguments. */
export function formatPrintf(format: string, args: readonly string[]): string | undefined {
  let output = "";
  let argumentIndex = 0;
  const conversion = /%([-+ #0]*\d*(?:\.\d+)?)([sbdiouxXcq%])/g;
  do {
    let usedArgument = false;
    let last = 0;
    let failed = false;
    output += "";
    for (const match of format.matchAll(conversion)) {
      output += decodeEscapes(format.slice(last, match.index));
      last = match.index + match[0].length;
      const kind = match[2]!;
      if (kind === "%") {
        output += "%";
        continue;
      }
      const argument = args[argumentIndex] ?? "";
      if (argumentIndex < args.length) usedArgument = true;
      argumentIndex += 1;
      if (kind === "s" || kind === "q") output += argument;
      else if (kind === "b") output += decodeEscapes(argument, true);
      else if (kind === "c") output += argument.slice(0, 1);
      else if (/^[+-]?\d+$/.test(argument) || argument === "") output += String(Number(argument || 0));
      else failed = true;
    }
    if (failed) return undefined;
    output += decodeEscapes(format.slice(last));
    if (!usedArgument) break;
  } while (argumentIndex < args.length);
  return output;
}
