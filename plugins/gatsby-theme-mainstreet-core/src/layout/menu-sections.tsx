import React from "react";
import { Link } from "gatsby";
import { ItemGrid, type CategoryData } from "./sections";

/** `leadImage`: this is the page's first listing, so its first photo is the page's largest paint. */
export function CategorySection({ category, linkHeading = true, leadImage = false }: { category: CategoryData; linkHeading?: boolean; leadImage?: boolean }) {
  const headingId = `category-${category.categoryId}`;
  return (
    <section className="category container" id={`menu-${category.categoryId}`} aria-labelledby={headingId}>
      <h2 id={headingId}>{linkHeading && category.path ? <Link to={category.path}>{category.name}</Link> : category.name}</h2>
      {category.description ? <p className="category__lead">{category.description}</p> : null}
      <ItemGrid id={headingId} items={category.items} leadImage={leadImage} />
    </section>
  );
}

/** Jump links to each category of a long menu; recipes decide whether it sticks under the header. */
export function CategoryBar({ categories }: { categories: Pick<CategoryData, "categoryId" | "name">[] }) {
  if (categories.length < 2) return null;
  return (
    <nav className="category-bar" aria-label="Menu sections">
      <ul className="category-bar__list container">
        {categories.map((category) => (
          <li key={category.categoryId}>
            <a className="category-bar__link" href={`#menu-${category.categoryId}`}>
              {category.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
