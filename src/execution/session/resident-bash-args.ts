/** The arguments every resident bash starts with: no start-up file is read, no line editing. */
export const RESIDENT_BASH_ARGS = ["--norc", "--noprofile", "--noediting", "-i"] as const;
