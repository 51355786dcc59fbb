import { HOME_PATH, UNKNOWN } from "../extract/expanded-word.js";
import type { Scope } from "../extract/scope.js";

/** Where Windows puts these on every install (the values a default C: system has). */
const FIXED: Record<string, string> = {
  systemroot: "C:\\Windows",
  windir: "C:\\Windows",
  systemdrive: "C:",
  homedrive: "C:",
  programfiles: "C:\\Program Files",
  "programfiles(x86)": "C:\\Program Files (x86)",
  programw6432: "C:\\Program Files",
  commonprogramfiles: "C:\\Program Files\\Common Files",
  programdata: "C:\\ProgramData",
  allusersprofile: "C:\\ProgramData",
  public: "C:\\Users\\Public",
};
const IN_HOME: Record<string, string> = {
  userprofile: "",
  home: "",
  appdata: "/AppData/Roaming",
  localappdata: "/AppData/Local",
  temp: "/AppData/Local/Temp",
  tmp: "/AppData/Local/Temp",
};

/**
 * The value of a Windows environment variable as a command would see it: the context's environment
 * first (names compare case-blind, as on Windows), then the fixed system locations, the home for
 * `USERPROFILE` and its folders; UNKNOWN for anything else.
 */
export function windowsVariable(name: string, scope: Scope): string {
  const lower = name.toLowerCase();
  for (const [key, value] of scope.variables) if (key.toLowerCase() === lower && key !== "HOME") return value;
  if (lower in FIXED) return FIXED[lower]!;
  if (lower in IN_HOME) return `${HOME_PATH}${IN_HOME[lower]!}`;
  return UNKNOWN;
}
