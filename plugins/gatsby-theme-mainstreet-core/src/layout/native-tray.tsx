import React, { forwardRef, type RefObject } from "react";
import type { Navigation } from "@mainstreet/rules/site/navigation";
import type { SiteBusiness, SiteLocation } from "../hooks/use-site-data";
import { CallPhoneLink } from "../components/call-phone-link";
import { Icon } from "../components/icons";
import { SiteLink } from "../components/site-link";
import { popoverAttributes, popoverTargetAttributes } from "../hydration/native-popover";
import { itemKey } from "@mainstreet/rules/site/navigation-ui";
import { NATIVE_TRAY_ID } from "./tray-ids";

interface NativeTrayProps {
  business: SiteBusiness;
  navigation: Navigation;
  /** The location to call from the tray, where the header's call button gave its place to ordering. */
  call?: SiteLocation;
  /** Taken over by the header's code: a modal dialog from then on, its focus trapped (header-body.tsx). */
  modal: boolean;
  closeRef: RefObject<HTMLButtonElement>;
}

/**
 * The menu tray as the server writes it (SPEC §4 Mobile menu): a popover the menu toggle opens with no code, so
 * the first tap answers in the next frame before the header's code has come, and with JavaScript turned off. The
 * fewest elements that do the tray's work, hidden until opened: the page links with their child pages listed
 * under them (no accordion: that needs code), the button links and the call. The browser closes it on Escape or
 * its close button. Once the header's code has come, the toggle opens the animated tray (mobile-tray.tsx) instead;
 * this one stays only when it was already open then (header-body.tsx takes it over).
 */
export const NativeTray = forwardRef<HTMLDivElement, NativeTrayProps>(function NativeTray({ business, navigation, call, modal, closeRef }, ref) {
  return (
    <div ref={ref} id={NATIVE_TRAY_ID} className="tray tray--full-screen tray--native" role="dialog" aria-modal={modal || undefined} aria-label="Menu" {...popoverAttributes()}>
      <div className="tray__bar">
        <button ref={closeRef} type="button" className="icon-button" aria-label="Close menu" {...popoverTargetAttributes(NATIVE_TRAY_ID, "hide")}>
          <Icon name="close" />
        </button>
      </div>
      <nav className="tray__nav" aria-label="Main">
        <ul className="tray__list">
          {navigation.links.map((item) => (
            <li key={itemKey(item)} className="accordion__item">
              <SiteLink link={item} className="tray__link" />
              {item.children.length > 0 ? (
                // Links without list items: this markup is on every page, and each element counts.
                <div className="tray__children">
                  {item.children.map((child) => (
                    <SiteLink key={itemKey(child)} link={child} className="popup-accordion__link" />
                  ))}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        <TrayEnd business={business} navigation={navigation} call={call} />
      </nav>
    </div>
  );
});

/** The end of both trays (this one and the animated one): the button links, then the call where it moved here. */
export function TrayEnd({ business, navigation, call, onNavigate }: { business: SiteBusiness; navigation: Navigation; call?: SiteLocation; onNavigate?: () => void }) {
  return (
    <>
      {navigation.buttons.length > 0 ? (
        <ul className="tray__buttons">
          {navigation.buttons.map((item) => (
            <li key={itemKey(item)}>
              <SiteLink link={item} onClick={onNavigate} />
            </li>
          ))}
        </ul>
      ) : null}
      {call?.phoneHref ? (
        <p className="tray__call">
          <CallPhoneLink href={call.phoneHref} label={`Call ${call.name ?? business.name}`} className="with-icon" />
        </p>
      ) : null}
    </>
  );
}
