/** Shared by the header (always loaded) and the tray (loaded on demand). */
export const TRAY_ID = "site-menu-tray";
/** Body class while a full-screen tray is open: the page behind it does not scroll (SPEC §4). */
export const TRAY_BODY_CLASS = "has-open-tray";
/** The tray the browser opens by itself (a popover), before the header's code has come or without it. */
export const NATIVE_TRAY_ID = "site-menu-native";
