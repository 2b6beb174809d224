import { describe, expect, it } from "vitest";

import { providerArrival, refusalMessage } from "./provider-sign-in";

describe("the OpenID provider's refusals and arrivals, as the sign-in page's address names them", () => {
  it("says each refusal the service sends back in words", () => {
    for (const code of ["oidc_not_staff", "oidc_disabled", "oidc_unverified", "oidc_failed", "oidc_cancelled"]) {
      expect(refusalMessage(code)).toMatch(/\w+ .+\./);
    }
  });

  it("says nothing for no code, or one it does not know (an address anyone can type)", () => {
    expect(refusalMessage(undefined)).toBeUndefined();
    expect(refusalMessage("toString")).toBeUndefined();
    expect(refusalMessage("<script>")).toBeUndefined();
  });

  it("knows the two arrivals alone", () => {
    expect(providerArrival("second_factor")).toBe("second_factor");
    expect(providerArrival("signed_in")).toBe("signed_in");
    expect(providerArrival("admin")).toBeUndefined();
  });
});
