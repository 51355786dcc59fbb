import { beforeAll, describe, expect, it } from "vitest";
import { createSafetyGate, type SafetyGate } from "../../../src/safety/index.js";

let strict: SafetyGate;
let permissive: SafetyGate;
beforeAll(async () => {
  strict = await createSafetyGate({ profile: "strict" });
  permissive = await createSafetyGate({ profile: "permissive" });
});

describe("commands run in an existing pod or container", () => {
  it("judges the argv after -- (kubectl) or after the container (docker)", () => {
    expect(permissive.check("kubectl exec -it web-0 -- rm -rf /").allowed).toBe(false);
    expect(strict.check("kubectl -n prod exec pod -c app -- sudo id").allowed).toBe(false);
    expect(strict.check("kubectl exec -it web-0 -- bash").allowed).toBe(true);
    expect(permissive.check("docker exec -u root app rm -rf /etc").allowed).toBe(false);
    expect(strict.check("docker exec db psql -U postgres -c 'select 1'").allowed).toBe(true);
    expect(strict.check("docker compose exec web npm test").allowed).toBe(true);
  });

  it("keeps words whole: a quoted argument is one word, a script given to sh -c is parsed", () => {
    expect(strict.check("kubectl exec pod -- echo 'rm -rf /'").allowed).toBe(true);
    expect(permissive.check("kubectl exec pod -- sh -c 'rm -rf /'").allowed).toBe(false);
  });

  it("uses the working directory the command names", () => {
    expect(permissive.check("docker exec -w / app rm -rf *").allowed).toBe(false);
    expect(permissive.check("docker exec -w /app app rm -rf *").allowed).toBe(true);
  });

  it("maps a node's /host to its root under kubectl debug", () => {
    expect(
      permissive.check("kubectl debug node/n1 -it --image=busybox -- chroot /host rm -rf /etc").allowed,
    ).toBe(false);
    expect(strict.check("kubectl debug node/n1 -it --image=busybox -- chroot /host ls /").allowed).toBe(true);
  });
});
