import type { Assignment } from "../invocation.js";
import type { Scope } from "../scope.js";

/**
 * `a=(x 'y z')` keeps its elements for `"${a[@]}"` (one word each, as bash gives them) and `${a[1]}`;
 * any other assignment to the name (`a=x`, `a+=(…)`, an element `a[2]=…`) forgets them, so the
 * joined value is what is read then.
 */
export function recordArray(
  scope: Scope,
  assignment: Pick<Assignment, "name" | "value">,
  text: string,
): void {
  const appends = text.startsWith(`${assignment.name}+=`);
  if (assignment.value.elements && !appends) scope.arrays.set(assignment.name, assignment.value.elements);
  else scope.arrays.delete(assignment.name);
}
