import React, { useEffect, useId, useRef, useState } from "react";
import type { Navigation, NavItem } from "../../../../src/lib/navigation";
import { telHref } from "../../../../src/lib/links";
import { UI_TEXT } from "../../../../src/lib/constants";
import { Logo } from "./logo";
import { SiteLink } from "./site-link";
import type { SiteBusiness, SiteLocation } from "../hooks/use-site-data";

interface HeaderProps {
  business: SiteBusiness;
  navigation: Navigation;
  location?: SiteLocation;
  path: string;
}

function Dropdown({ item, open, onToggle }: { item: NavItem; open: boolean; onToggle: () => void }) {
  const menuId = useId();
  return (
    <li className="nav__item nav__item--parent">
      <SiteLink link={item} className="nav__link" />
      <button
        type="button"
        className="nav__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${item.label} pages`}
        onClick={onToggle}
      >
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          {open ? <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" /> : <path d="M3 6l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />}
        </svg>
      </button>
      <ul id={menuId} className="nav__submenu" hidden={!open}>
        {item.children.map((child) => (
          <li key={child.href ?? child.label}>
            <SiteLink link={child} className="nav__sublink" />
          </li>
        ))}
      </ul>
    </li>
  );
}

/** Header with the logo, the page links (one dropdown open at a time) and the button links. */
export function Header({ business, navigation, location, path }: HeaderProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const [trayOpen, setTrayOpen] = useState(false);
  const navRef = useRef<HTMLElement>(null);
  const phone = telHref(location?.phone);

  useEffect(() => {
    setOpenId(null);
    setTrayOpen(false);
  }, [path]);

  useEffect(() => {
    if (!openId && !trayOpen) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpenId(null);
        setTrayOpen(false);
      }
    };
    const onClick = (event: MouseEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) setOpenId(null);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, [openId, trayOpen]);

  return (
    <header className="site-header">
      <div className="site-header__inner container">
        <Logo title={business.name} image={business.logo} />
        <div className="site-header__quick">
          {phone ? (
            <a className="icon-button" href={phone} aria-label={UI_TEXT.callBusiness}>
              <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
                <path fill="currentColor" d="M6.6 10.8a15.1 15.1 0 006.6 6.6l2.2-2.2a1 1 0 011-.25 11.4 11.4 0 003.6.57 1 1 0 011 1V20a1 1 0 01-1 1A17 17 0 013 4a1 1 0 011-1h3.5a1 1 0 011 1c0 1.25.2 2.45.57 3.6a1 1 0 01-.25 1z" />
              </svg>
            </a>
          ) : null}
          <button type="button" className="icon-button nav-toggle" aria-expanded={trayOpen} aria-controls="site-nav" onClick={() => setTrayOpen((open) => !open)}>
            <span className="visually-hidden">Menu</span>
            <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              {trayOpen ? <path d="M5 5l14 14M19 5L5 19" stroke="currentColor" strokeWidth="2" /> : <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" />}
            </svg>
          </button>
        </div>
        <nav id="site-nav" ref={navRef} className={trayOpen ? "nav is-open" : "nav"} aria-label="Main">
          <ul className="nav__list">
            {navigation.links.map((item) =>
              item.children.length > 0 ? (
                <Dropdown
                  key={item.id ?? item.label}
                  item={item}
                  open={openId === (item.id ?? item.label)}
                  onToggle={() => setOpenId((current) => (current === (item.id ?? item.label) ? null : (item.id ?? item.label)))}
                />
              ) : (
                <li key={item.id ?? item.label} className="nav__item">
                  <SiteLink link={item} className="nav__link" />
                </li>
              ),
            )}
          </ul>
          {navigation.buttons.length > 0 ? (
            <ul className="nav__buttons">
              {navigation.buttons.map((item) => (
                <li key={item.id ?? item.label}>
                  <SiteLink link={item} />
                </li>
              ))}
            </ul>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
