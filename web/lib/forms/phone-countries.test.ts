import labels from "react-phone-number-input/locale/en";
import { getCountries } from "react-phone-number-input";
import { describe, expect, it } from "vitest";

// Relative: vitest runs without the "@/" alias.
import { getPhoneCountries } from "../content";

describe("phone-countries.json", () => {
  it("names every country of the quote form's list as the list shows it", () => {
    const shown = Object.fromEntries(getCountries().map((country) => [country, labels[country]]));
    expect(getPhoneCountries()).toEqual(shown);
  });
});
