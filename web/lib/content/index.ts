// The web's one loader of shared_content/: every file is validated against its schema once,
// and pages reach the content only through these typed getters.
import aiSolutionsFile from "../../../shared_content/ai-solutions.json";
import blogFile from "../../../shared_content/blog.json";
import caseStudiesFile from "../../../shared_content/case-studies.json";
import companyFile from "../../../shared_content/company.json";
import cookiePolicyFile from "../../../shared_content/cookie-policy.json";
import edutechFile from "../../../shared_content/edutech.json";
import formsFile from "../../../shared_content/forms.json";
import homeFile from "../../../shared_content/home.json";
import phoneCountriesFile from "../../../shared_content/phone-countries.json";
import servicesFile from "../../../shared_content/services.json";
import siteFile from "../../../shared_content/site.json";
import teamFile from "../../../shared_content/team.json";
import { inbox } from "./inbox";
import type {
  AiSolution,
  BlogPost,
  CaseStudy,
  EdutechService,
  Service,
  TeamMember,
} from "./types.generated";
import { parseId } from "../routes";
import { validated } from "./validate";

export type * from "./types.generated";

const site = validated("site", siteFile);
const forms = validated("forms", formsFile);
const home = validated("home", homeFile);
const aiSolutions = validated("ai-solutions", aiSolutionsFile);
const services = validated("services", servicesFile);
const edutech = validated("edutech", edutechFile);
const caseStudies = validated("case-studies", caseStudiesFile);
const blog = validated("blog", blogFile);
const team = validated("team", teamFile);
const company = validated("company", companyFile);
const cookiePolicy = validated("cookie-policy", cookiePolicyFile);
const phoneCountries = validated("phone-countries", phoneCountriesFile);
// Read through ./inbox (the browser's inbox code too); checked here, with the rest.
validated("inbox", inbox);

/** The entry whose id the URL segment names; undefined for a non-numeric or unknown id. */
function byParam<Item extends { id: number }>(items: Item[], param: string): Item | undefined {
  const id = parseId(param);
  return id === undefined ? undefined : items.find((item) => item.id === id);
}

export const getSite = () => site;
export const getForms = () => forms;
export const getHome = () => home;
export const getCompany = () => company;
export const getCookiePolicy = () => cookiePolicy;
/** The lead service names a lead's country from these; the quote form's list shows the same names. */
export const getPhoneCountries = () => phoneCountries.countries;

export const getAiSolutionsPage = () => aiSolutions;
export const getAiSolution = (param: string): AiSolution | undefined => byParam(aiSolutions.solutions, param);

export const getServicesPage = () => services;
export const getService = (param: string): Service | undefined => byParam(services.services, param);

export const getEdutechPage = () => edutech;
export const getEdutechService = (param: string): EdutechService | undefined => byParam(edutech.services, param);

export const getCaseStudiesPage = () => caseStudies;
export const getCaseStudy = (param: string): CaseStudy | undefined => byParam(caseStudies.caseStudies, param);

export const getBlog = () => blog;
export const getBlogPost = (param: string): BlogPost | undefined => byParam(blog.posts, param);

export const getTeamPage = () => team;
export const getTeamRow = (row: TeamMember["row"]): TeamMember[] =>
  team.members.filter((member) => member.row === row);
