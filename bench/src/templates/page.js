import React from "react";
import { Link } from "gatsby";

/** One plain page: a heading, a paragraph and the shared navigation; no data queries, no images. */
export default function Page({ pageContext }) {
  return (
    <main>
      <nav aria-label="Main">
        <ul>
          {pageContext.nav.map((href) => (
            <li key={href}>
              <Link to={href}>{href}</Link>
            </li>
          ))}
        </ul>
      </nav>
      <h1>{pageContext.title}</h1>
      <p>A bare Gatsby page with the same number of siblings as the salon site.</p>
    </main>
  );
}

export function Head({ pageContext }) {
  return <title>{pageContext.title}</title>;
}
