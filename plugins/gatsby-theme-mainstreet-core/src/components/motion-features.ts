import { domAnimation } from "framer-motion";

/**
 * framer-motion's animation features, in their own chunk: LazyMotion loads this on demand so pages that
 * never animate never download it (DESIGN.md: the full `motion` import would weigh on every page).
 */
export default domAnimation;
