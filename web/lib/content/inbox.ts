// The names and caps the inbox's pages share with the lead service (shared_content/inbox.json):
// read here, apart from ./index.ts, because the browser's inbox code needs them too, and that module
// would bring every content file and the schema validator into its bundle. The file is checked
// against its schema with the rest, in ./index.ts, and typed by its generated type here.
import inboxFile from "../../../shared_content/inbox.json";
import type { InboxContent } from "./types.generated";

export const inbox: InboxContent = inboxFile;
