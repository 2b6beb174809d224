import { describe, expect, it } from "vitest";

import { firstTouch } from "./first-touch";

describe("firstTouch", () => {
  it("reads the campaign's UTM parameters, the referring host and the landing path", () => {
    const landing = "https://tidewell.example/services?utm_source=newsletter&utm_campaign=launch&utm_medium=%20email%20&x=1";
    expect(firstTouch(landing, "https://news.example.org:8443/issue/12?id=4")).toEqual({
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "launch",
      referrer_host: "news.example.org:8443",
      landing_path: "/services",
    });
  });

  it("leaves out empty parameters, a missing or unreadable referrer and this site as its own referrer", () => {
    expect(firstTouch("https://tidewell.example/?utm_source=&utm_term=", "")).toEqual({ landing_path: "/" });
    expect(firstTouch("https://tidewell.example/blog", "not a url")).toEqual({ landing_path: "/blog" });
    expect(firstTouch("https://tidewell.example/blog", "https://tidewell.example/")).toEqual({ landing_path: "/blog" });
  });
});
