import "@testing-library/jest-dom";

// Deferred parts of a page (forms, likes, a listing's cards: hydration/deferred.tsx) load their code or hydrate
// when the visitor reaches them; component tests render them at once, as a page does after its first load. A
// test of hydration itself says when a page's first hydration starts (markInitialHydrationStart).
import { markInitialHydrationDone, preloadAllDeferred } from "gatsby-theme-mainstreet-core/src/hydration/deferred";

beforeAll(async () => {
  await preloadAllDeferred();
  markInitialHydrationDone();
});
