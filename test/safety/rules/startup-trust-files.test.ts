import { describe, expect, it } from "vitest";
import { HOME_PATH } from "../../../src/safety/extract/expanded-word.js";
import { createScope } from "../../../src/safety/extract/scope.js";
import { startupKindOf } from "../../../src/safety/rules/startup-trust-files.js";

describe("startupKindOf", () => {
  const scope = createScope();
  it("classifies the home's start-up and trust files", () => {
    expect(startupKindOf(`${HOME_PATH}/.bashrc`, scope)).toBe("shell start-up file");
    expect(startupKindOf(`${HOME_PATH}/.ssh/authorized_keys`, scope)).toBe(
      "ssh configuration or authorized keys",
    );
    expect(startupKindOf(`${HOME_PATH}/.local/lib/python3.12/site-packages/x.pth`, scope)).toBe(
      "language start-up hook",
    );
    expect(startupKindOf(`${HOME_PATH}/.config/systemd/user/x.service`, scope)).toBe("user service unit");
    expect(startupKindOf(`${HOME_PATH}/.config/autostart`, scope)).toBe("desktop autostart entry");
    expect(startupKindOf("/root/.profile", scope)).toBe("shell start-up file");
  });

  it("leaves known_hosts, keys and project files of the same name alone", () => {
    expect(startupKindOf(`${HOME_PATH}/.ssh/known_hosts`, scope)).toBeUndefined();
    expect(startupKindOf(`${HOME_PATH}/.ssh/id_ed25519`, scope)).toBeUndefined();
    expect(startupKindOf(`${HOME_PATH}/project/.bashrc`, scope)).toBeUndefined();
  });

  it("follows PYTHONSTARTUP to the file it names", () => {
    const named = createScope();
    named.variables.set("PYTHONSTARTUP", "/opt/startup.py");
    expect(startupKindOf("/opt/startup.py", named)).toBe("language start-up hook");
  });
});
