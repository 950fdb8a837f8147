import React from "react";
import { AnimatePresence } from "framer-motion";
import { loadMotionFeatures, MotionProvider } from "../components/motion";
import { MobileTray, type MobileTrayProps } from "./mobile-tray";

/** Starts downloading the animation features, so the first opening already slides in. */
export function warmUp(): void {
  void loadMotionFeatures();
}

/**
 * The tray with its enter and exit animations: the header loads this module the first time the tray is
 * needed (or warms it on the visitor's first interaction on a phone), never with the page.
 */
export default function TrayLayer({ open, ...props }: MobileTrayProps & { open: boolean }) {
  return (
    <MotionProvider>
      <AnimatePresence>{open ? <MobileTray key="tray" {...props} /> : null}</AnimatePresence>
    </MotionProvider>
  );
}
