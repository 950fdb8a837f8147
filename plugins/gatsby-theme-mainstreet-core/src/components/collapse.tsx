import React, { useEffect, useState, type CSSProperties, type ReactNode } from "react";
import { REDUCED_MOTION_QUERY, matchesMedia } from "../hooks/media-queries";

interface CollapseProps {
  open: boolean;
  id?: string;
  className?: string;
  /** Height animation length (SPEC §9: accordion content 750 ms, dropdown height 500 ms). */
  durationMs: number;
  children: ReactNode;
}

/**
 * Content that opens and closes with a height animation, in CSS (a grid row from 0fr to 1fr): nothing here
 * needs framer-motion. Closed content is not in the page at all; while it closes it is inert, so its links
 * are neither focusable nor read. Once open for `durationMs` it is marked rendered (`data-rendered`), which
 * lets styles that would clip the animation (overflow) apply only afterwards.
 */
export function Collapse({ open, id, className, durationMs, children }: CollapseProps) {
  // Open content is in the page from the very render that opens it (a parent may focus into it at once);
  // closing content stays for the length of its animation.
  const [wasOpen, setWasOpen] = useState(open);
  const [closing, setClosing] = useState(false);
  const [expanded, setExpanded] = useState(open);
  const [rendered, setRendered] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    setClosing(!open);
  }

  useEffect(() => {
    if (open) {
      // Expand on the next frame so the browser first lays the content out collapsed, then transitions.
      const frame = window.requestAnimationFrame(() => setExpanded(true));
      const timer = setTimeout(() => setRendered(true), durationMs);
      return () => {
        window.cancelAnimationFrame(frame);
        clearTimeout(timer);
      };
    }
    setExpanded(false);
    setRendered(false);
    const timer = setTimeout(() => setClosing(false), matchesMedia(REDUCED_MOTION_QUERY) ? 0 : durationMs);
    return () => clearTimeout(timer);
  }, [open, durationMs]);

  if (!open && !closing) return null;
  const style = { "--collapse-duration": `${durationMs}ms` } as CSSProperties;
  const inert = open ? {} : { inert: "" };
  return (
    <div
      id={id}
      className={["collapse", className].filter(Boolean).join(" ")}
      data-state={expanded && open ? "open" : "closed"}
      data-rendered={rendered && open ? "true" : "false"}
      style={style}
      {...inert}
    >
      <div className="collapse__inner">{children}</div>
    </div>
  );
}
