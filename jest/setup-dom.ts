import "@testing-library/jest-dom";

// Deferred parts of a page (forms, likes: components/deferred.tsx) load their code when the visitor
// reaches them; component tests render them at once, as a page does after its first load.
import { preloadAllDeferred } from "gatsby-theme-mainstreet-core/src/components/deferred";

beforeAll(() => preloadAllDeferred());
