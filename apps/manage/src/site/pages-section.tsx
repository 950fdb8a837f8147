import React, { useEffect, useRef, useState } from "react";
import { useSession } from "../session";
import { updateAt, withOptional } from "./paths";
import type { SiteSectionProps } from "./section-props";
import { TextField } from "./site-fields";
import type { SiteDocument } from "./site-document";

type Page = NonNullable<SiteDocument["pages"]>[number];

const KIND_NAMES: Record<string, string> = {
  home: "Home page",
  about: "About page",
  contact: "Contact page",
  products: "Products page",
  services: "Services page",
  team: "Team page",
  "work-with-us": "Work with us page",
  blog: "Blog",
  External: "Link to another site",
};

const numberOr = (value: unknown, fallback: number) => (typeof value === "number" && Number.isFinite(value) ? value : fallback);

/** The data's indices of the pages in navigation order: navigationPriority (missing last), then navigationOrder, then data order. */
function navigationOrder(pages: readonly Page[]): number[] {
  return pages
    .map((page, index) => ({ page, index }))
    .sort(
      (a, b) =>
        numberOr(a.page.navigationPriority, Number.POSITIVE_INFINITY) - numberOr(b.page.navigationPriority, Number.POSITIVE_INFINITY) ||
        numberOr(a.page.navigationOrder, -1) - numberOr(b.page.navigationOrder, -1) ||
        a.index - b.index,
    )
    .map(({ index }) => index);
}

/** Pages: each page's title and its place in the navigation. */
export function PagesSection({ document, change, readOnly, errors }: SiteSectionProps) {
  const { announce } = useSession();
  const pages: Page[] = document.pages ?? [];
  const order = navigationOrder(pages);
  const [moved, setMoved] = useState<{ index: number; direction: "up" | "down" } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!moved) return;
    // The pressed button moved with its page: focus stays on it, or on its other button at either end.
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>(`[data-page="${moved.index}"]`) ?? [];
    const same = [...buttons].find((button) => button.dataset.direction === moved.direction);
    (same ?? buttons[0])?.focus();
    setMoved(null);
  }, [moved]);

  const move = (position: number, direction: "up" | "down") => {
    const to = direction === "up" ? position - 1 : position + 1;
    if (to < 0 || to >= order.length) return;
    const next = [...order];
    [next[position], next[to]] = [next[to], next[position]];
    change((current) => ({ ...current, pages: (current.pages ?? []).map((page, index) => ({ ...page, navigationPriority: next.indexOf(index) + 1 })) }));
    const index = order[position];
    setMoved({ index, direction: to === 0 || to === order.length - 1 ? (direction === "up" ? "down" : "up") : direction });
    announce(`${pages[index].title} is now number ${to + 1} of ${order.length} in the navigation.`);
  };

  if (pages.length === 0) return <p className="muted">This site has no pages in its data.</p>;
  return (
    <>
      <p className="hint">Pages in the order the navigation lists them. Move a page up or down to change its place.</p>
      <ol className="page-list" ref={list} aria-label="Pages in navigation order">
        {order.map((index, position) => {
          const page = pages[index];
          const kind = KIND_NAMES[page.pageType] ?? page.pageType;
          const path = (key: string) => `pages[${index}].${key}`;
          return (
            <li key={index} className="site-group page-list__item">
              <fieldset className="site-row">
                <legend>
                  {position + 1}. {kind}
                </legend>
                <TextField path={path("title")} label="Title" hint="In the navigation and as the page's heading." value={page.title} readOnly={readOnly} errors={errors} onChange={(value) => change((current) => updateAt(current, ["pages", index, "title"], () => value))} />
                {page.pageType === "External" ? null : (
                  <TextField
                    path={path("seo.title")}
                    label="Title in search results (optional)"
                    value={page.seo?.title ?? ""}
                    readOnly={readOnly}
                    errors={errors}
                    onChange={(value) => change((current) => updateAt(current, ["pages", index, "seo"], (seo) => withOptional((seo ?? {}) as object, "title", value)))}
                  />
                )}
                {readOnly ? null : (
                  <div className="toolbar">
                    {position > 0 ? (
                      <button type="button" className="button button--quiet button--small" data-page={index} data-direction="up" onClick={() => move(position, "up")}>
                        Move up<span className="visually-hidden"> {page.title}</span>
                      </button>
                    ) : null}
                    {position < order.length - 1 ? (
                      <button type="button" className="button button--quiet button--small" data-page={index} data-direction="down" onClick={() => move(position, "down")}>
                        Move down<span className="visually-hidden"> {page.title}</span>
                      </button>
                    ) : null}
                  </div>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
    </>
  );
}
