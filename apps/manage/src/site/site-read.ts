import type { SiteReply } from "@mainstreet/rules/api/site-api";
import { read } from "../reads";

/**
 * The Site screen's draft as the service answers it: read ahead at idle after signing in (in the workspace's first
 * load, apart from the screen's own chunk), and kept for the screen's next opening (use-site-draft.ts).
 */
export const siteRead = read<SiteReply>("manage/site/");
