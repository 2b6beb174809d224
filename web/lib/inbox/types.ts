// What the lead service's /api/inbox/ answers hold, under the names the pages use: each the schema
// the service dumps that answer through (its OpenAPI document's Inbox* components), by way of the
// types generated from that document (api.generated.ts), so that neither side can change alone.

import type { FormsContent } from "@/lib/content";

import type { components, paths } from "./api.generated";

type Schemas = components["schemas"];

/** The names a GET's query may hold at `path`. */
type QueryName<Path extends keyof paths> = keyof NonNullable<NonNullable<paths[Path]["get"]>["parameters"]["query"]>;

export type StaffUser = Schemas["InboxUser"];

export type Role = StaffUser["role"];

export type Session = Schemas["InboxSession"];

/** The ways in the sign-in page offers: the password, the OpenID provider (its name), or both. */
export type SignInMethods = Schemas["InboxSignInMethods"];

/** The authenticator app's secret to set up. */
export type Enrolment = Schemas["InboxEnrolment"];

/** A stretch of a field's text, `match` where a search term was found. */
export type Segment = Schemas["InboxSegment"];

export type Person = Schemas["InboxPerson"];

/** Where the sales team has a lead; a change names the version it was made on. */
export type Work = Schemas["InboxWork"];

export type LeadStatus = Work["status"];

/** A text a note had until its author corrected it. */
export type NoteRevision = Schemas["InboxNoteRevision"];

export type Note = Schemas["InboxNote"];

export type LeadRow = Schemas["InboxLeadRow"];

export type LeadPage = Schemas["InboxLeadPage"];

/** The leads whose next step is due today or before. */
export type Due = Schemas["InboxDue"];

/** A view of the list saved by name: its query string, and whether the reader may remove it. */
export type SavedView = Schemas["InboxView"];

/** Who is given each new lead: the rules in order, the groups they share leads among, each person's
 * availability, and the alert of a lead left with nobody. */
export type Assignment = Schemas["InboxAssignment"];

export type AssignmentRule = Schemas["InboxRule"];

export type StaffGroup = Schemas["InboxGroup"];

export type Availability = Schemas["InboxAvailability"];

/** How many working hours a new lead may wait for its first response (null: no target). */
export type ResponseTarget = Schemas["InboxResponseTarget"];

export type ChannelState = Schemas["InboxChannelState"];

export type Notification = Schemas["InboxNotification"];

/** A message of a lead's conversation: a reply the sales team wrote, with its e-mail's delivery,
 * or the lead's answer, marked when it came from another address and who confirmed it. */
export type Message = Schemas["InboxMessage"];

/** The messages of the sales mailbox set aside for admins, the most recently set aside first, and
 * how many wait in all. */
export type Unfiled = Schemas["InboxUnfiled"];

/** A message set aside, with the start of its text and the lead it answers (null: erased). */
export type UnfiledItem = Schemas["InboxUnfiledItem"];

export type Lead = Schemas["InboxLead"];

/** A merge that made a lead's person as they are: who merged, when, and the addresses it joined. */
export type PersonMerge = Schemas["InboxPersonMerge"];

/** Someone who may be a lead's person, by their newest lead found, and what they share with them. */
export type Suggestion = Schemas["InboxSuggestion"];

/** A text a reply may start from, kept by admins. */
export type SavedReply = Schemas["InboxSavedReply"];
export type ApiTokens = Schemas["InboxApiTokens"];
export type ApiToken = Schemas["InboxApiToken"];

/** The tables leads were kept in before every lead was in one, as their old addresses name them. */
export type MovedKind = paths["/api/inbox/leads/moved/{kind}/{old_id}"]["get"]["parameters"]["path"]["kind"];

/** The keys of a lead's attribution, as forms.json names them (the service's schema is made from them). */
export type AttributionKey = keyof FormsContent["attribution"];

export type AuditEvent = Schemas["InboxAuditEvent"];

export type AuditPage = Schemas["InboxAuditPage"];
export type WebhookEndpoints = Schemas["InboxWebhookEndpoints"];
export type WebhookEndpoint = Schemas["InboxWebhookEndpoint"];
export type WebhookDelivery = Schemas["InboxWebhookDelivery"];

/** What the list's and the audit trail's addresses may ask the service for. */
export type LeadsQueryName = QueryName<"/api/inbox/leads">;
export type AuditQueryName = QueryName<"/api/inbox/audit">;

/** The service's error answers: validation errors by field, or one description. */
export type ApiError = Partial<Schemas["ValidationErrors"] & Schemas["HttpError"]>;

/** What an erasure removed, per kind, and when the same address was erased before (null: never). */
export type ErasureReceipt = Schemas["InboxErasure"];

/** The addresses an erasure would take: the one typed and every address merged with it. */
export type ErasurePreview = Schemas["InboxErasurePreview"];

/** A count under a label: a source, a landing page, or "Other" for the rest. */
export type DashboardCount = Schemas["InboxDashboardCount"];

/** The dashboard's figures over its period, spam left out (lead_service/inbox/reports/dashboard.py). */
export type Dashboard = Schemas["InboxDashboard"];

/** A stage of the pipeline: its place is its order in a list; won and lost stages close a deal. */
export type Stage = Schemas["InboxStage"];

export type LostReason = Schemas["InboxLostReason"];

/** A lead as a deal: its value in the currency's minor units, expected close, stage and version. */
export type Deal = Schemas["InboxDeal"];

/** The stages in order, and the reasons a deal is lost. */
export type Pipeline = Schemas["InboxPipeline"];

/** The board: a column per stage, each open deal a card (a page of them per column). */
export type Board = Schemas["InboxBoard"];

export type BoardColumn = Schemas["InboxColumn"];

/** An open deal on the board, with the version a move names. */
export type Card = Schemas["InboxCard"];

export type BoardQueryName = QueryName<"/api/inbox/board">;

/** What the pipeline is worth and how it closed: lead_service/inbox/reports/forecast.py. */
export type Forecast = Schemas["InboxForecast"];
