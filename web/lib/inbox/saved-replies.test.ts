import { describe, expect, it } from "vitest";

import { fillSavedReply, replyValues } from "./saved-replies";
import type { Lead } from "./types";

const VALUES = { name: "Nadia Rahman", first_name: "Nadia", company: "Acme", form: "Get a Quote", sender: "Sam" };

describe("fillSavedReply", () => {
  it("fills every field it names, each time it names it", () => {
    expect(fillSavedReply("Dear {first_name} ({name}, {company}): your {form}. {first_name}! {sender}", VALUES)).toBe(
      "Dear Nadia (Nadia Rahman, Acme): your Get a Quote. Nadia! Sam",
    );
  });

  it("leaves other braces as written, and a value is never read as a field", () => {
    const values = { ...VALUES, name: "{sender}" };
    expect(fillSavedReply("{Name} {email} {{name}} {name}", values)).toBe("{Name} {email} {{sender}} {sender}");
  });
});

describe("replyValues", () => {
  it("takes the name, its first word, the company and the form's title", () => {
    const lead = {
      form_title: "Contact Us",
      fields: [
        { field: "name", label: "Name", value: "  Mina  Lee " },
        { field: "company", label: "Company", value: null },
      ],
    } as unknown as Lead;
    expect(replyValues(lead, "Sam")).toEqual({ name: "Mina  Lee", first_name: "Mina", company: "", form: "Contact Us", sender: "Sam" });
  });
});
