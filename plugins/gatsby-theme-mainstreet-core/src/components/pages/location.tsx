import React from "react";
import { Link, type PageProps } from "gatsby";
import { PageHeader } from "../page-header";
import { LocationCard, type LocationData } from "../../layout/location-card";
import type { PlannedPageContext } from "./page-context";
import type { QueriedBusiness } from "../../data/node-shapes";
import { LocationForms } from "../../forms/location-forms";
import { BookLink } from "../../booking/book-link";
import { offersReservationForm, type ReservationSettings } from "@mainstreet/rules/booking/booking";
import { ApprovedReviews } from "../../reviews/approved-reviews";
import { useSiteData } from "../../hooks/use-site-data";
import { useActiveLocation } from "../../hooks/use-active-location";

export interface Data {
  mainstreetBusiness: Pick<QueriedBusiness, "name" | "type">;
  mainstreetLocation: LocationData & { appointments?: { enabled: boolean } | null; reservations?: ReservationSettings | null; orderingEnabled?: boolean | null };
}

/**
 * A location's page. Its actions lead the page, under its name: where the location takes online orders,
 * ordering comes first (and makes this the location the cart orders from), booking after it; the card's
 * phone number stays as the other way to reach it.
 */
export default function LocationPage({ data, pageContext }: PageProps<Data, PlannedPageContext>) {
  const location = data.mainstreetLocation;
  const site = useSiteData();
  const order = location.orderingEnabled ? site.business.navigation.order : null;
  const [, choose] = useActiveLocation(site.locations, { siteId: site.business.businessId });
  return (
    <>
      <PageHeader title={pageContext.title} lead={`${data.mainstreetBusiness.name} in ${location.city}`}>
        {order?.href || location.appointments?.enabled ? (
          <p className="actions">
            {order?.href ? (
              <Link className="button" to={order.href} onClick={() => choose(location.locationId)}>
                {order.label} from {location.name ?? location.city}
              </Link>
            ) : null}
            {location.appointments?.enabled ? (
              <BookLink preselect={{ location: location.locationId }} className={order?.href ? "button button--outline" : "button"}>
                Book an appointment here
              </BookLink>
            ) : null}
          </p>
        ) : null}
      </PageHeader>
      <div className="container split">
        <div className="split__aside location-detail">
          <LocationCard location={{ ...location, path: null }} businessName={data.mainstreetBusiness.name} hoursDisplay="daily" showMap />
        </div>
        <div className="split__main">
          <LocationForms locationId={location.locationId} reservations={offersReservationForm(data.mainstreetBusiness.type, location)} />
        </div>
      </div>
      <ApprovedReviews subject={{ locationId: location.locationId }} timeZone={location.timezone} />
    </>
  );
}
