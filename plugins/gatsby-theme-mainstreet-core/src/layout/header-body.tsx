import React, { lazy, Suspense, useEffect, useMemo, useReducer, useRef, useState } from "react";
import { Link } from "gatsby";
import type { Navigation } from "@mainstreet/rules/site/navigation";
import { INITIAL_MENU_STATE, menuReducer } from "@mainstreet/rules/orders/menu-state";
import type { SiteBusiness, SiteLocation } from "../hooks/use-site-data";
import { CallPhoneLink } from "../components/call-phone-link";
import { itemKey } from "@mainstreet/rules/site/navigation-ui";
import { Icon } from "../components/icons";
import { Logo } from "../components/logo";
import { onFirstInteraction } from "../hydration/first-interaction";
import { NATIVE_TRAY_ID, TRAY_BODY_CLASS, TRAY_ID } from "./tray-ids";
import { useBodyClass } from "../hooks/use-body-class";
import { useFocusTrap } from "../hooks/use-focus-trap";
import { NativeTray } from "./native-tray";
import { disclosureToggleProps, useNativePopover } from "../hydration/native-popover";
import { SiteLink } from "../components/site-link";
import { deferred } from "../hydration/deferred";
import { CartButton } from "../ordering/cart-button";
import { BookingLink } from "../forms/booking-link";

// The desktop menus are a part of their own, loaded when a visitor heads for them (a hover, a focus, a click): a
// phone, where they are hidden, never fetches them (nor their panels' code) when its header hydrates.
const DesktopNav = deferred(() => import("./desktop-nav"), { ownMoment: true, code: "part-desktop-nav" });

const loadTray = () => import("./tray-layer");
const TrayLayer = lazy(loadTray);

export interface HeaderProps {
  business: SiteBusiness;
  navigation: Navigation;
  location?: SiteLocation;
  path: string;
}

/** "Order online" shows "Order" on a phone, the rest said to screen readers: the button's name stays whole. */
function ShortOrderLabel({ label }: { label: string }) {
  const [first, ...rest] = label.split(" ");
  return (
    <>
      {first}
      {rest.length > 0 ? <span className="visually-hidden"> {rest.join(" ")}</span> : null}
    </>
  );
}

/**
 * The site header (SPEC §2 Layout, §4 Mobile menu). Two variants, chosen by CSS at the SPEC §9 breakpoints so
 * the server HTML is right for every screen (navigationVariant states the rule): desktop (≥ 992 px) with the
 * page links and dropdowns, and the button links at the side, after them in the page order; mobile and tablet
 * (tablet falls back to mobile) with a call button, a book-appointment button and the menu toggle that opens
 * the tray. Where a location takes online orders, ordering leads there too: a short order button takes the
 * call's place (a phone has no room for both beside the cart) and the call moves to the tray, so a visitor's
 * first choice is never a phone call to order. The code arrives when the visitor heads for it (header.tsx);
 * until then it is the server's links.
 */
export default function HeaderBody({ business, navigation, location, path }: HeaderProps) {
  const [state, dispatch] = useReducer(menuReducer, INITIAL_MENU_STATE);
  // The state the dropdowns draw from, new only when theirs changes: the tray's opening does not render the
  // desktop menus again (which would fetch their code on a phone).
  const expandedGroups = state.expandedGroups.join("\n");
  const dropdownState = useMemo(() => state, [state.openDropdown, state.openedBy, expandedGroups]);
  const restoreFocus = useRef(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [trayUsed, setTrayUsed] = useState(false);
  const order = navigation.order;
  // Opened by the browser before this code came (a tap on the toggle), the served tray stays open and is the
  // tray from then on, until it closes: the state says open, and the animated tray is not shown over it.
  const nativeTrayRef = useRef<HTMLDivElement>(null);
  const nativeCloseRef = useRef<HTMLButtonElement>(null);
  const closeNativeTray = () => {
    restoreFocus.current = true;
    dispatch({ type: "closeTray" });
  };
  const nativeTray = useNativePopover(nativeTrayRef, state.trayOpen, () => dispatch({ type: "toggleTray" }), closeNativeTray);
  const nativeTrayOpen = nativeTray.served;
  // Taken over, it behaves as the animated tray does: the page behind does not scroll, focus is trapped, and
  // Escape or its close button gives focus back to the toggle (a change of page does not).
  useBodyClass(TRAY_BODY_CLASS, nativeTrayOpen);
  useFocusTrap(nativeTrayRef, nativeTrayOpen, { initialFocus: nativeCloseRef, onEscape: closeNativeTray, shouldRestoreFocus: () => restoreFocus.current });

  useEffect(() => {
    if (state.trayOpen) setTrayUsed(true);
  }, [state.trayOpen]);

  // The tray and its animations are a separate download; a visitor whose screen shows the menu toggle
  // starts it on their first touch or key press, so the tray is ready when they open it.
  useEffect(
    () =>
      onFirstInteraction(() => {
        if (toggleRef.current?.offsetParent) void loadTray().then((module) => module.warmUp());
      }),
    [],
  );

  // Menus close when the page changes; the first page has none open (and must not render again for it).
  const shownPath = useRef(path);
  useEffect(() => {
    if (shownPath.current === path) return;
    shownPath.current = path;
    restoreFocus.current = false;
    dispatch({ type: "closeAll" });
  }, [path]);

  return (
    <>
      <header className="site-header">
        <div className="site-header__inner container">
          <Logo title={business.name} image={business.logo} />
          <div className="site-header__nav">
            <DesktopNav navigation={navigation} state={dropdownState} dispatch={dispatch} />
          </div>
          {navigation.buttons.length > 0 ? (
            <ul className="site-header__buttons" aria-label="Quick actions">
              {navigation.buttons.map((item) => (
                <li key={itemKey(item)}>
                  <SiteLink link={item} className="button--small" />
                </li>
              ))}
            </ul>
          ) : null}
          <CartButton className="site-header__cart" />
          <div className="site-header__mobile-actions">
            {order?.href ? (
              <Link to={order.href} className="button button--small site-header__order">
                <ShortOrderLabel label={order.label} />
              </Link>
            ) : (
              <CallPhoneLink href={location?.phoneHref} iconOnly />
            )}
            <BookingLink className={order ? "icon-button" : "icon-button icon-button--brand"} label="Book an appointment">
              <Icon name="calendar" size={20} />
            </BookingLink>
            <button
              ref={toggleRef}
              type="button"
              className="icon-button nav-toggle"
              aria-label="Menu"
              {...disclosureToggleProps(nativeTray, { served: NATIVE_TRAY_ID, panel: TRAY_ID }, state.trayOpen, () => dispatch({ type: "toggleTray" }))}
            >
              <Icon name={state.trayOpen ? "close" : "menu"} />
            </button>
          </div>
        </div>
      </header>
      <NativeTray ref={nativeTrayRef} closeRef={nativeCloseRef} modal={nativeTrayOpen} business={business} navigation={navigation} call={order ? location : undefined} />
      {(state.trayOpen || trayUsed) && !nativeTrayOpen ? (
        <Suspense fallback={null}>
          <TrayLayer
            open={state.trayOpen}
            business={business}
            navigation={navigation}
            state={state}
            dispatch={dispatch}
            restoreFocus={restoreFocus}
            call={order ? location : undefined}
          />
        </Suspense>
      ) : null}
    </>
  );
}
