import { describe, expect, it } from "vitest";
import { TEST_PASSWORD, useTestDatabase } from "../test/test-db";
import { THROTTLE, verifyCredentials } from "./login.service";

/**
 * A burst of parallel guesses, served on separate PostgreSQL connections as several app
 * instances would serve them, is counted in full: exactly the free attempts are checked,
 * every other one waits. PostgreSQL only: PGlite runs one statement at a time.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)("sign-in throttle under parallel attempts (PostgreSQL)", () => {
  useTestDatabase();

  it("admits exactly the free attempts of a parallel burst for one account and address", async () => {
    const now = new Date("2026-11-20T08:00:00Z");
    const outcomes = await Promise.all(
      Array.from({ length: 25 }, () =>
        verifyCredentials({ username: "boss1", password: "wrong" }, { ip: "203.0.113.99", now }).then(
          () => "ok",
          (e: { code: string }) => e.code,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "unauthorized")).toHaveLength(THROTTLE.pair.free);
    expect(outcomes.filter((o) => o === "rate_limited")).toHaveLength(25 - THROTTLE.pair.free);
    // The owner at home is not affected by the burst.
    await expect(verifyCredentials({ username: "boss1", password: TEST_PASSWORD }, { ip: "192.168.0.2", now })).resolves.toBeGreaterThan(0);
  });

  it("admits exactly the free attempts of a spraying burst across accounts from one address", async () => {
    const now = new Date("2026-11-20T09:00:00Z");
    const outcomes = await Promise.all(
      Array.from({ length: THROTTLE.address.free + 15 }, (_, i) =>
        verifyCredentials({ username: `spray-${i}`, password: "wrong" }, { ip: "203.0.113.100", now }).then(
          () => "ok",
          (e: { code: string }) => e.code,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "unauthorized")).toHaveLength(THROTTLE.address.free);
    expect(outcomes.filter((o) => o === "rate_limited")).toHaveLength(15);
  });
});
