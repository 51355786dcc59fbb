import { describe, expect, it } from "vitest";
import { hostsRefusedIn } from "../../../src/execution/sandbox/connection-errors.js";

describe("hostsRefusedIn", () => {
  it("names the host (and the port where the client says it) of common clients' connection errors", () => {
    const cases: [string, string[]][] = [
      ["curl: (6) Could not resolve host: example.com", ["example.com"]],
      [
        "curl: (7) Failed to connect to 127.0.0.1 port 8080 after 0 ms: Couldn't connect to server",
        ["127.0.0.1:8080"],
      ],
      [
        "fatal: unable to access 'https://github.com/a/b/': Could not resolve host: github.com",
        ["github.com"],
      ],
      ["ssh: Could not resolve hostname github.com: Temporary failure in name resolution", ["github.com"]],
      ["ssh: connect to host 10.0.0.1 port 22: Network is unreachable", ["10.0.0.1:22"]],
      ["wget: unable to resolve host address ‘example.org’", ["example.org"]],
      ["Connecting to 127.0.0.1:8080... failed: Connection refused.", ["127.0.0.1:8080"]],
      [
        "npm error request to https://registry.npmjs.org/x failed, reason: getaddrinfo EAI_AGAIN registry.npmjs.org",
        ["registry.npmjs.org"],
      ],
      ["Error: connect ECONNREFUSED 127.0.0.1:5432", ["127.0.0.1:5432"]],
      [
        "requests.exceptions.ConnectionError: HTTPSConnectionPool(host='pypi.org', port=443): Max retries exceeded with url: /",
        ["pypi.org:443"],
      ],
    ];
    for (const [line, hosts] of cases) expect(hostsRefusedIn(line), line).toEqual(hosts);
  });

  it("names nothing in lines that are no connection error", () => {
    for (const line of ["resolved 3 hosts", "connected to example.com", "Failed to connect", ""]) {
      expect(hostsRefusedIn(line), line).toEqual([]);
    }
  });
});
