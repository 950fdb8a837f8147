import React from "react";
import { UI_TEXT } from "@mainstreet/rules/business/constants";
import { Icon } from "./icons";

interface CallPhoneLinkProps {
  /** The number's `tel:` link in E.164, as the build made it (a location's `phoneHref`). */
  href?: string | null;
  /** Visible text; SPEC §2 default "Call Business". */
  label?: string;
  /** Icon-only: the label becomes the accessible name. */
  iconOnly?: boolean;
  className?: string;
}

/** A `tel:` link (SPEC §2 call-phone link); nothing when there is no usable number. */
export function CallPhoneLink({ href, label = UI_TEXT.callBusiness, iconOnly = false, className }: CallPhoneLinkProps) {
  if (!href) return null;
  if (iconOnly) {
    return (
      <a className={className ?? "icon-button"} href={href} aria-label={label}>
        <Icon name="phone" size={20} />
      </a>
    );
  }
  return (
    <a className={["call-phone", className].filter(Boolean).join(" ")} href={href}>
      <Icon name="phone" size={18} />
      <span>{label}</span>
    </a>
  );
}
