// Never run, only compiled (`npm run typecheck`): each call below is wrong in a way the inbox API's
// client must refuse, so should it ever stop checking one, its @ts-expect-error is left unused and
// tsc fails.

import { answerOf, inboxApi } from "./client";

export async function callsTheClientRefuses(): Promise<void> {
  const api = inboxApi("a session's token");
  const lead = { params: { path: { lead_id: 1 } } };

  // A misspelled body field, an optional one (a required one would be missed as well). On one line,
  // whether tsc reports it at the call or at the field, as the union of the paths resolves.
  // @ts-expect-error -- "stauts" is no field of a lead's change
  await api.POST("/api/inbox/leads/{lead_id}/work", { ...lead, body: { version: 3, stauts: "won" } });

  // @ts-expect-error -- no such path: the leads are under /leads/
  await api.GET("/api/inbox/lead/{lead_id}", lead);

  const answer = await answerOf(api.GET("/api/inbox/leads/{lead_id}", lead));
  // @ts-expect-error -- a lead has a `name`, no `nmae`
  if (answer.ok) console.log(answer.data.nmae);
}
