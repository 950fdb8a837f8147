import React, { useEffect, useId, useRef, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { AnimatePresence, m } from "framer-motion";
import { MODAL } from "@mainstreet/rules/business/constants";
import { GATSBY_ROOT_ID } from "../gatsby-internals/dom";
import { useBodyClass } from "../hooks/use-body-class";
import { useFocusTrap } from "../hooks/use-focus-trap";
import { Icon } from "./icons";
import { loadMotionFeatures, MotionProvider, transitionFor, useMotionEnabled } from "./motion";

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  className?: string;
}


const CLOSED_SCALE = 0.92;

export function warmUp(): void {
  void loadMotionFeatures();
}

function ModalDialog({ onClose, title, children, className }: Omit<ModalProps, "open">) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const animate = useMotionEnabled();
  useBodyClass(MODAL.bodyOpenClass, true);
  // Gatsby's root is made inert while the modal is open, so neither Tab nor a screen reader wanders behind it.
  // Declared before the focus trap: cleanups run in order, so the page is interactive again by the time
  // the trap gives focus back to the opener.
  useEffect(() => {
    const root = document.getElementById(GATSBY_ROOT_ID);
    if (!root) return undefined;
    root.setAttribute("inert", "");
    return () => root.removeAttribute("inert");
  }, []);
  useFocusTrap(dialogRef, true, { initialFocus: closeRef, onEscape: onClose });

  const transition = transitionFor(MODAL.durationMs);
  return (
    <div className="modal">
      <m.div
        className="modal__backdrop"
        aria-hidden="true"
        onClick={onClose}
        initial={animate ? { opacity: 0 } : false}
        animate={{ opacity: 1 }}
        exit={animate ? { opacity: 0 } : undefined}
        transition={transition}
      />
      <m.div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={["modal__dialog", className].filter(Boolean).join(" ")}
        initial={animate ? { opacity: 0, scale: CLOSED_SCALE } : false}
        animate={{ opacity: 1, scale: 1 }}
        exit={animate ? { opacity: 0, scale: CLOSED_SCALE } : undefined}
        transition={transition}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <button ref={closeRef} type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            <Icon name="close" size={20} />
          </button>
        </div>
        <div className="modal__body">{children}</div>
      </m.div>
    </div>
  );
}

/** The modal with its scale animation, in a portal on <body>; loaded on demand by modal.tsx. */
export default function ModalLayer({ open, ...props }: ModalProps) {
  return createPortal(
    <MotionProvider>
      <AnimatePresence>{open ? <ModalDialog key="modal" {...props} /> : null}</AnimatePresence>
    </MotionProvider>,
    document.body,
  );
}
