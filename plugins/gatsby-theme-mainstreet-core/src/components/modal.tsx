import React, { lazy, Suspense, useEffect, useState } from "react";
import { useMounted } from "../hooks/use-mounted";
import type { ModalProps } from "./modal-layer";

const loadModal = () => import("./modal-layer");
const ModalLayer = lazy(loadModal);

/** Starts loading the modal and its animation, e.g. when the pointer rests on the control that opens it. */
export function preloadModal(): void {
  void loadModal().then((module) => module.warmUp());
}

/**
 * Modal dialog (SPEC §2): opens and closes with a scale animation (300 ms), puts a class on <body> while
 * open, traps focus inside, closes on Escape, the close button or the backdrop, and gives focus back to
 * the control that opened it. Browser only, and its code (with framer-motion) loads the first time a
 * modal is wanted rather than with the page.
 */
export function Modal(props: ModalProps) {
  const mounted = useMounted();
  const [used, setUsed] = useState(props.open);
  useEffect(() => {
    if (props.open) setUsed(true);
  }, [props.open]);
  if (!mounted || !(props.open || used)) return null;
  return (
    <Suspense fallback={null}>
      <ModalLayer {...props} />
    </Suspense>
  );
}
