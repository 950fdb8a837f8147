import React, { useId, useState, type ReactNode } from "react";
import { toggleAccordionItem } from "@mainstreet/rules/site/motion";
import { ANIMATION } from "@mainstreet/rules/business/constants";
import { Collapse } from "./collapse";
import { Icon } from "./icons";

interface AccordionItem {
  id: string;
  /** The header row: usually a link or a title. */
  header: ReactNode;
  /** Accessible name of the toggle button, e.g. "Services pages". */
  toggleLabel: string;
  content: ReactNode;
  /** False for a plain row with nothing to expand (a page without child pages). Default true. */
  expandable?: boolean;
}

interface AccordionProps {
  items: AccordionItem[];
  /** SPEC §4: exclusive by default (opening one closes the others). */
  exclusive?: boolean;
  /** Controlled mode: the open item ids and what to do on a toggle. */
  open?: readonly string[];
  onToggle?: (id: string) => void;
  className?: string;
}

/**
 * Disclosure accordion: each item has a header and a toggle button (aria-expanded, aria-controls) that
 * shows its content with a height animation (SPEC §9 accordion content 750 ms).
 */
export function Accordion({ items, exclusive = true, open, onToggle, className }: AccordionProps) {
  const baseId = useId();
  const [ownOpen, setOwnOpen] = useState<string[]>([]);
  const openIds = open ?? ownOpen;
  const toggle = (id: string) => {
    if (onToggle) onToggle(id);
    if (open === undefined) setOwnOpen((current) => toggleAccordionItem(current, id, { exclusive }));
  };
  return (
    <ul className={["accordion", className].filter(Boolean).join(" ")}>
      {items.map((item, index) => {
        const expanded = openIds.includes(item.id);
        const contentId = `${baseId}-content-${index}`;
        return (
          <li key={item.id} className={expanded ? "accordion__item is-open" : "accordion__item"}>
            <div className="accordion__row">
              {item.header}
              {item.expandable === false ? null : (
                <button type="button" className="accordion__toggle" aria-expanded={expanded} aria-controls={expanded ? contentId : undefined} aria-label={item.toggleLabel} onClick={() => toggle(item.id)}>
                  <Icon name={expanded ? "close" : "chevronDown"} size={20} />
                </button>
              )}
            </div>
            {item.expandable === false ? null : (
              <Collapse open={expanded} id={contentId} className="accordion__content" durationMs={ANIMATION.accordionContentMs}>
                {item.content}
              </Collapse>
            )}
          </li>
        );
      })}
    </ul>
  );
}
