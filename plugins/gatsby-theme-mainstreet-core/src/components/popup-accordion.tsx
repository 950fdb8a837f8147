import React, { useId } from "react";
import type { NavItem } from "@mainstreet/rules/site/navigation";
import { popupAccordionGroups, type PopupAccordionGroup } from "@mainstreet/rules/site/navigation";
import { distributeMasonry } from "@mainstreet/rules/site/navigation-ui";
import { SiteLink } from "./site-link";

interface PopupAccordionProps {
  item: NavItem;
  expandedGroups: ReadonlySet<string | null>;
  onToggleGroup: (group: string | null) => void;
  /** Masonry columns for the current width (masonryColumnCount). */
  columns: number;
  onNavigate?: () => void;
}

/** A group's rough height in rows, for balancing the masonry columns. */
function groupRows(group: PopupAccordionGroup): number {
  return group.visible.length + (group.name ? 1 : 0) + (group.toggleLabel ? 1 : 0);
}

/**
 * Popup accordion menu (SPEC §2, §9): a page's child pages grouped by navigation group in masonry
 * columns, at most 4 links per group until its `See more` toggle is pressed (`See less` folds it again).
 */
export function PopupAccordion({ item, expandedGroups, onToggleGroup, columns, onNavigate }: PopupAccordionProps) {
  const baseId = useId();
  const groups = popupAccordionGroups(item.groups, { expandedGroups });
  const layout = distributeMasonry(groups.map(groupRows), columns);
  return (
    <div className="popup-accordion" data-columns={columns} style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))` }}>
      {layout.map((column, columnIndex) =>
        column.length === 0 ? null : (
          <div key={columnIndex} className="popup-accordion__column">
            {column.map((groupIndex) => {
              const group = groups[groupIndex];
              const headingId = `${baseId}-group-${groupIndex}`;
              const listId = `${baseId}-list-${groupIndex}`;
              return (
                <div key={group.name ?? `group-${groupIndex}`} className="popup-accordion__group">
                  {group.name ? (
                    <p id={headingId} className="popup-accordion__heading">
                      {group.name}
                    </p>
                  ) : null}
                  <ul id={listId} className="popup-accordion__list" aria-labelledby={group.name ? headingId : undefined}>
                    {group.visible.map((link) => (
                      <li key={link.href ?? link.label}>
                        <SiteLink link={link} className="popup-accordion__link" onClick={onNavigate} />
                      </li>
                    ))}
                  </ul>
                  {group.toggleLabel ? (
                    <button
                      type="button"
                      className="popup-accordion__more"
                      aria-expanded={group.expanded}
                      aria-controls={listId}
                      onClick={() => onToggleGroup(group.name)}
                    >
                      {group.toggleLabel}
                      <span className="visually-hidden"> in {group.name ?? item.label}</span>
                    </button>
                  ) : null}
                </div>
              );
            })}
          </div>
        ),
      )}
    </div>
  );
}
