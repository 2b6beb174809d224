/**
 * Every analytics event and exactly its data. Events go to `window.dataLayer` as
 * `{event, ...data}` whatever the consent; the tag manager reads the Consent Mode state before it
 * sends anything on. A misspelt event or a wrong field does not compile.
 */
export type AnalyticsEvents = {
  contact_us_click: { source: "header" | "header_modal" | "none" };
  contact_us_submit: { source: "header_modal" };
  quotation_request_click: Record<string, never>;
  quotation_request_submit: Record<string, never>;
  request_demo: Record<string, never>;
  view_case_studies_click: Record<string, never>;
  download_profile_click: { source: "landing_page_popup" | "company_page_stats" | "company_page_cta" };
  view_project_details: { project_title: string };
  view_live_demo: { project_title: string };
  case_study_read_more: { case_study_title: string };
  request_quote_click: Record<string, never>;
  team_member_contact_click: { member_name: string; type: "email" | "github" | "linkedin" };
  contact_info_click:
    | { type: "phone" | "email" | "whatsapp"; location: "malaysia" | "dhaka" | "general_inquiries" | "general_sales" | "general" }
    | { type: "social"; network: string };
  page_view: { page_path: string; page_title: string };
  /** Field data (web-vitals.ts), one event per metric report of a page load. */
  web_vitals: {
    metric_name: "CLS" | "FCP" | "INP" | "LCP" | "TTFB";
    metric_value: number;
    metric_delta: number;
    metric_rating: "good" | "needs-improvement" | "poor";
    metric_id: string;
    navigation_type: string;
  };
};

export type AnalyticsEvent = keyof AnalyticsEvents;

/** One event with its data, as a value that can be handed to a component. */
export type TrackedEvent = { [E in AnalyticsEvent]: [event: E, data: AnalyticsEvents[E]] }[AnalyticsEvent];

export function track(...[event, data]: TrackedEvent): void {
  (window.dataLayer ??= []).push({ event, ...data });
}

/**
 * The same for a server-rendered link or button: attributes that the one click listener
 * (components/analytics/analytics.tsx) turns into the event, so the control ships no script.
 */
export function trackOnClick(...[event, data]: TrackedEvent) {
  return { "data-track": event, "data-track-data": JSON.stringify(data) };
}
