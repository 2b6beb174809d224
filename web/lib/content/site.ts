// The only module that touches shared_content/site.json: pages depend on the
// typed shape below, so a content change that breaks the schema fails `tsc`
// and `next build` here instead of rendering half a page.
import rawSite from "../../../shared_content/site.json";

/** Mirrors shared_content/site.schema.json; keep the two in step. */
export interface SiteContact {
  generalEmail: string;
  salesEmail: string;
  phone: string;
  /** `tel:+<digits>` */
  phoneHref: string;
}

export interface SiteOffice {
  /** `^[a-z_]+$` */
  id: string;
  city: string;
  country: string;
  address: string;
  phone: string;
  phoneHref: string;
  email: string;
  chatUrl: string;
}

export interface Site {
  name: string;
  tagline: string;
  description: string;
  /** Canonical https origin of the public site. */
  url: string;
  contact: SiteContact;
  /** The schema pins exactly two offices; a tuple lets pages index without `undefined` checks. */
  offices: readonly [SiteOffice, SiteOffice];
  chatUrl: string;
}

function toSite(raw: typeof rawSite): Site {
  // JSON imports type arrays as `T[]`, so the two-office rule needs a runtime check.
  const [first, second, ...rest] = raw.offices;
  if (!first || !second || rest.length > 0) {
    throw new Error("shared_content/site.json: `offices` must hold exactly two entries");
  }
  // Fields are picked explicitly so editor-only keys such as `$schema` stay out.
  return {
    name: raw.name,
    tagline: raw.tagline,
    description: raw.description,
    url: raw.url,
    contact: raw.contact,
    offices: [first, second],
    chatUrl: raw.chatUrl,
  };
}

const site = toSite(rawSite);

export function getSite(): Site {
  return site;
}
