/**
 * What turns the target's own environment into the one a command must get: the names to remove
 * (scrubbed, denied) and the variables to set (the defaults, the request's own, the markers). The
 * engines start from the target's environment, never the host's, so only the difference travels.
 * Pure.
 */
export function environmentDelta(
  own: Readonly<Record<string, string>>,
  wanted: Readonly<Record<string, string>>,
): { readonly unset: string[]; readonly set: Record<string, string> } {
  const unset = Object.keys(own).filter((name) => !(name in wanted));
  const set: Record<string, string> = {};
  for (const [name, value] of Object.entries(wanted)) if (own[name] !== value) set[name] = value;
  return { unset, set };
}
