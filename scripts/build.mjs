import { buildSite, ensureDependencies } from "./lib.mjs";

ensureDependencies();
buildSite(process.env.SITE_DATA);
