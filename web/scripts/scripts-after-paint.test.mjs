import { describe, expect, it } from "vitest";

import { deferScripts } from "./scripts-after-paint.mjs";

const chunk = (name) => `/_next/static/chunks/${name}.js`;
// The shape `next build` writes: a low-priority preload and async scripts in <head>, one more
// async script near the end of <body>, and a noModule polyfill that must stay as it is.
const page = [
  '<html><head><link rel="stylesheet" href="/_next/static/chunks/a.css"/>',
  `<link rel="preload" as="script" fetchPriority="low" href="${chunk("main")}"/>`,
  `<script src="${chunk("react")}" async=""></script><script src="${chunk("page")}" async=""></script>`,
  `<title>T</title><script src="${chunk("polyfill")}" noModule=""></script></head>`,
  `<body><p>Hi</p><script src="${chunk("main")}" async=""></script></body></html>`,
].join("");

describe("deferScripts", () => {
  const deferred = deferScripts(page);

  it("declares every async script once, in order, where the first one was", () => {
    const declared = [...deferred.matchAll(/<script type="text\/x-after-paint" data-src="([^"]+)"><\/script>/g)];
    expect(declared.map(([, src]) => src)).toEqual([chunk("react"), chunk("page"), chunk("main")]);
    expect(deferred).toMatch(/^<html><head><link rel="stylesheet" href="[^"]+"\/><script type="text\/x-after-paint"/);
  });

  it("leaves no async script, no preload of one, and the loader right after the declarations", () => {
    expect(deferred).not.toMatch(/<script src="[^"]+" async="">/);
    expect(deferred).not.toContain('rel="preload" as="script"');
    expect(deferred).toMatch(/data-src="[^"]+"><\/script><script>\(function\(\)\{(?:(?!<\/script>)[\s\S])*first-contentful-paint(?:(?!<\/script>)[\s\S])*<\/script><title>/);
  });

  it("keeps everything else", () => {
    expect(deferred).toContain(`<script src="${chunk("polyfill")}" noModule=""></script>`);
    expect(deferred).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css"/>');
    expect(deferred).toContain("<body><p>Hi</p></body>");
  });

  it("leaves a page without async scripts, such as one already deferred, as it is", () => {
    expect(deferScripts(deferred)).toBe(deferred);
  });
});
