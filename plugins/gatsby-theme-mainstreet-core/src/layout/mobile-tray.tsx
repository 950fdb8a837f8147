import React, { useRef, type Dispatch } from "react";
import { m } from "framer-motion";
import type { Navigation } from "@mainstreet/rules/site/navigation";
import { ANIMATION } from "@mainstreet/rules/business/constants";
import { expandedGroupsOf, type MenuAction, type MenuState } from "@mainstreet/rules/orders/menu-state";
import { itemKey, masonryColumnCount } from "@mainstreet/rules/site/navigation-ui";
import { useBodyClass } from "../hooks/use-body-class";
import { useFocusTrap } from "../hooks/use-focus-trap";
import { useViewportWidth } from "../hooks/use-viewport-width";
import type { SiteBusiness, SiteLocation } from "../hooks/use-site-data";
import { Accordion } from "../components/accordion";
import { Icon } from "../components/icons";
import { Logo } from "../components/logo";
import { transitionFor, useMotionEnabled } from "../components/motion";
import { PopupAccordion } from "../components/popup-accordion";
import { SiteLink } from "../components/site-link";
import { TRAY_BODY_CLASS, TRAY_ID } from "./tray-ids";
import { TrayEnd } from "./native-tray";


export interface MobileTrayProps {
  business: SiteBusiness;
  navigation: Navigation;
  state: MenuState;
  dispatch: Dispatch<MenuAction>;
  /** Set by the header when the visitor closed the tray on purpose: focus then returns to the toggle. */
  restoreFocus: { current: boolean };
  /** Full-screen mode disables body scroll while open. */
  fullScreen?: boolean;
  /** The location to call from the tray, where the header's call button gave its place to ordering. */
  call?: SiteLocation;
}

/**
 * The mobile and tablet menu tray (SPEC §2, §4): a full-screen dialog sliding in from the side (750 ms)
 * with the page links, their child pages in an exclusive accordion of popup menus, and the button links.
 * Focus is trapped inside; Escape or the close button closes it and returns focus to the menu toggle.
 */
export function MobileTray({ business, navigation, state, dispatch, restoreFocus, fullScreen = true, call }: MobileTrayProps) {
  const trayRef = useRef<HTMLDivElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const width = useViewportWidth();
  const animate = useMotionEnabled();
  const close = () => {
    restoreFocus.current = true;
    dispatch({ type: "closeTray" });
  };
  const navigate = () => {
    restoreFocus.current = false;
    dispatch({ type: "closeTray" });
  };
  useBodyClass(TRAY_BODY_CLASS, fullScreen);
  useFocusTrap(trayRef, true, { initialFocus: closeRef, onEscape: close, shouldRestoreFocus: () => restoreFocus.current });

  const parents = navigation.links.filter((item) => item.children.length > 0);
  return (
    <m.div
      ref={trayRef}
      id={TRAY_ID}
      className={fullScreen ? "tray tray--full-screen" : "tray"}
      role="dialog"
      aria-modal="true"
      aria-label="Menu"
      initial={animate ? { x: "100%" } : false}
      animate={{ x: 0 }}
      exit={animate ? { x: "100%" } : undefined}
      transition={transitionFor(ANIMATION.trayMs)}
    >
      <div className="tray__bar">
        <Logo title={business.name} image={business.logo} />
        <button ref={closeRef} type="button" className="icon-button" aria-label="Close menu" onClick={close}>
          <Icon name="close" />
        </button>
      </div>
      <nav className="tray__nav" aria-label="Main">
        <Accordion
          className="tray__list"
          open={state.trayItem ? [state.trayItem] : []}
          onToggle={(id) => dispatch({ type: "toggleTrayItem", id })}
          items={navigation.links.map((item) => {
            const id = itemKey(item);
            const header = <SiteLink link={item} className="tray__link" onClick={navigate} />;
            return {
              id,
              header,
              toggleLabel: `${item.label} menu`,
              content:
                item.children.length > 0 ? (
                  <PopupAccordion
                    item={item}
                    columns={masonryColumnCount(width, item.groups.length)}
                    expandedGroups={expandedGroupsOf(state, id)}
                    onToggleGroup={(group) => dispatch({ type: "toggleGroup", menuId: id, group })}
                    onNavigate={navigate}
                  />
                ) : null,
              expandable: parents.includes(item),
            };
          })}
        />
        <TrayEnd business={business} navigation={navigation} call={call} onNavigate={navigate} />
      </nav>
    </m.div>
  );
}
