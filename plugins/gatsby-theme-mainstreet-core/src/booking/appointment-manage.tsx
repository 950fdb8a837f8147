import React from "react";
import { deferred } from "../hydration/deferred";
import type { AppointmentManageProps } from "./appointment-manage-body";

// The page's whole purpose needs its code: it loads when it comes near the screen, that is at once.
const AppointmentManagePart = deferred(() => import("./appointment-manage-body"), { when: "visible", name: "appointment-manage" });

export function AppointmentManage(props: AppointmentManageProps) {
  return <AppointmentManagePart {...props} />;
}
