/** What a change's form says after it ran: announced as an alert when it failed, else politely. */
export type Notice = { error: boolean; text: string };

export function FormNotice({ notice }: { notice?: Notice }) {
  if (!notice) return null;
  return (
    <p role={notice.error ? "alert" : "status"} className={notice.error ? "inbox-error basis-full" : "basis-full"}>
      {notice.text}
    </p>
  );
}
