import { buildSite, buildWorkspace, ensureDependencies } from "./lib.mjs";

ensureDependencies();
buildSite(process.env.SITE_DATA);
buildWorkspace();
