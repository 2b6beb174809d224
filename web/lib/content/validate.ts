// Checks a content file against its JSON Schema while the pages are built, so that a content
// error fails `next build` with the file and the place, instead of reaching a visitor.
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";

import aiSolutionsSchema from "../../../shared_content/ai-solutions.schema.json";
import blogSchema from "../../../shared_content/blog.schema.json";
import caseStudiesSchema from "../../../shared_content/case-studies.schema.json";
import commonSchema from "../../../shared_content/common.schema.json";
import companySchema from "../../../shared_content/company.schema.json";
import cookiePolicySchema from "../../../shared_content/cookie-policy.schema.json";
import edutechSchema from "../../../shared_content/edutech.schema.json";
import formsSchema from "../../../shared_content/forms.schema.json";
import homeSchema from "../../../shared_content/home.schema.json";
import inboxSchema from "../../../shared_content/inbox.schema.json";
import phoneCountriesSchema from "../../../shared_content/phone-countries.schema.json";
import servicesSchema from "../../../shared_content/services.schema.json";
import siteSchema from "../../../shared_content/site.schema.json";
import teamSchema from "../../../shared_content/team.schema.json";
import type { ContentFiles } from "./types.generated";

const schemas = {
  "ai-solutions": aiSolutionsSchema,
  blog: blogSchema,
  "case-studies": caseStudiesSchema,
  company: companySchema,
  "cookie-policy": cookiePolicySchema,
  edutech: edutechSchema,
  forms: formsSchema,
  home: homeSchema,
  inbox: inboxSchema,
  "phone-countries": phoneCountriesSchema,
  services: servicesSchema,
  site: siteSchema,
  team: teamSchema,
} satisfies Record<keyof ContentFiles, object>;

const ajv = new Ajv2020({ allErrors: true, schemas: [commonSchema, ...Object.values(schemas)] });
addFormats(ajv);

function describe(errors: ErrorObject[]): string {
  return errors.map((error) => `${error.instancePath || "/"} ${error.message ?? "is invalid"}`).join("; ");
}

export function validated<Name extends keyof ContentFiles>(name: Name, data: unknown): ContentFiles[Name] {
  // No content schema is `$async`, so the compiled function is the synchronous type guard.
  const validate = ajv.getSchema(`${name}.schema.json`) as ValidateFunction<ContentFiles[Name]> | undefined;
  if (!validate) {
    throw new Error(`shared_content/${name}.schema.json is not registered`);
  }
  if (!validate(data)) {
    throw new Error(`shared_content/${name}.json does not match its schema: ${describe(validate.errors ?? [])}`);
  }
  return data;
}
