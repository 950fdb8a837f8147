import React from "react";
import { iconSymbolId, type IconName } from "./icons";

/**
 * The icons' drawings: 24×24 line drawings (stroked paths) that inherit the text colour. Written once into each
 * page's HTML as a hidden sprite (onRenderBody), which every icon draws from; not in the JavaScript, where the
 * paths would weigh on every page's first load.
 */
const ICON_PATHS: Readonly<Record<IconName, readonly string[]>> = {
  phone: ["M6.6 3.5h2.6l1.4 4.1-2 1.4a12 12 0 0 0 6.4 6.4l1.4-2 4.1 1.4v2.6a2 2 0 0 1-2.2 2A17.5 17.5 0 0 1 4.6 5.7a2 2 0 0 1 2-2.2z"],
  calendar: ["M4.5 6.5h15v13h-15z", "M4.5 10.5h15", "M8.5 4v4", "M15.5 4v4", "M9 14.5l2 2 4-4"],
  menu: ["M4 7h16", "M4 12h16", "M4 17h16"],
  close: ["M6 6l12 12", "M18 6L6 18"],
  chevronDown: ["M6 9.5l6 6 6-6"],
  external: ["M14 5h5v5", "M19 5l-8 8", "M17 13.5V19H5V7h5.5"],
  mapPin: ["M12 21s-6.5-6-6.5-11a6.5 6.5 0 0 1 13 0c0 5-6.5 11-6.5 11z", "M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z"],
  mail: ["M4 6.5h16v11H4z", "M4.5 7l7.5 6 7.5-6"],
  clock: ["M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17z", "M12 7.5V12l3 2"],
  arrowRight: ["M5 12h14", "M13 6l6 6-6 6"],
  play: ["M8 5.5v13l10.5-6.5z"],
  link: ["M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1", "M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"],
  instagram: ["M7.5 3.5h9a4 4 0 0 1 4 4v9a4 4 0 0 1-4 4h-9a4 4 0 0 1-4-4v-9a4 4 0 0 1 4-4z", "M12 15.8a3.8 3.8 0 1 0 0-7.6 3.8 3.8 0 0 0 0 7.6z", "M17.2 6.8h.01"],
  facebook: ["M14.5 8.5h2.5V5h-2.5a3.5 3.5 0 0 0-3.5 3.5V11H8.5v3.5H11V21h3.5v-6.5H17l.5-3.5h-3V9a.5.5 0 0 1 .5-.5z"],
  tiktok: ["M14 3.5v11.2a3.3 3.3 0 1 1-3.3-3.3", "M14 3.5a4.8 4.8 0 0 0 4.8 4.8"],
  x: ["M4.5 4.5l15 15", "M19.5 4.5l-6.3 6.8", "M10.8 12.7L4.5 19.5"],
  youtube: ["M3.5 8.2c0-1.7 1.2-3 2.9-3.2 3.7-.4 7.5-.4 11.2 0 1.7.2 2.9 1.5 2.9 3.2v7.6c0 1.7-1.2 3-2.9 3.2-3.7.4-7.5.4-11.2 0a3.2 3.2 0 0 1-2.9-3.2z", "M10 9v6l5-3z"],
  linkedin: ["M4.5 9.5v10", "M4.5 5.5v.01", "M9.5 19.5v-10", "M9.5 13.5a4 4 0 0 1 8 0v6"],
  pinterest: ["M12 20.5a8.5 8.5 0 1 0 0-17 8.5 8.5 0 0 0 0 17z", "M10.5 20l2-8.5", "M9.8 13.8a3 3 0 1 1 4.6 1.8c-1 .5-2.2.2-2.5-.6"],
  yelp: ["M12.5 3.5v8", "M12.5 11.5l-6-3.5", "M12.5 11.5l6.5-2", "M12.5 11.5l4.5 6", "M12.5 11.5l-5 5.5"],
  google: ["M19.5 12.2c0 4.3-3 7.3-7.3 7.3a7.5 7.5 0 1 1 5-13.1", "M12.5 12h7"],
  tripadvisor: ["M7 15.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6z", "M17 15.5a3 3 0 1 0 0-6 3 3 0 0 0 0 6z", "M4 9.5c4.5-3 11.5-3 16 0", "M12 12.5l-1.2 2h2.4z"],
};

/** The sprite: one symbol per icon, unseen. */
export function IconSprite() {
  return (
    <svg xmlns="http://www.w3.org/2000/svg" className="icon-sprite" aria-hidden="true" focusable="false" width="0" height="0">
      {(Object.keys(ICON_PATHS) as IconName[]).map((name) => (
        <symbol key={name} id={iconSymbolId(name)} viewBox="0 0 24 24">
          {ICON_PATHS[name].map((d) => (
            <path key={d} d={d} />
          ))}
        </symbol>
      ))}
    </svg>
  );
}
