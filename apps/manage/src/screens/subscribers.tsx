import React from "react";
import type { SubscribersReply } from "@mainstreet/rules/api/manage-api";
import { LoadState, ScreenHeading } from "../components/ui";
import { formatDay } from "../format";
import { useLocations, useSession } from "../session";
import type { FirstRead } from "../types";
import { read } from "../reads";
import { useLoad } from "../use-load";

const subscribersRead = read("manage/subscribers/", (reply: SubscribersReply) => reply.subscribers);
export const subscribersFirstRead: FirstRead = () => subscribersRead;

export function SubscribersScreen() {
  const { api } = useSession();
  const { locations, zoneOf } = useLocations();
  const list = useLoad(subscribersRead);
  const zone = zoneOf(locations[0]?.id);
  const subscribers = list.data ?? [];
  return (
    <section aria-labelledby="subscribers-title">
      <div className="screen__header">
        <ScreenHeading id="subscribers-title">Subscribers</ScreenHeading>
        <p className="muted">People who signed up on the site for news. Write only to those who opted in.</p>
        <a className="button button--primary" href={api.url("manage/subscribers.csv")} download>
          Download CSV
        </a>
      </div>
      <LoadState loading={list.loading && !list.data} error={list.error} onRetry={() => void list.reload()} what="subscribers" />
      {list.data && subscribers.length === 0 ? <p className="empty">No subscribers yet.</p> : null}
      {subscribers.length > 0 ? (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">Subscribers, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Opted in</th>
                <th scope="col">Signed up</th>
              </tr>
            </thead>
            <tbody>
              {subscribers.map((subscriber) => (
                <tr key={subscriber.email}>
                  <td data-label="Email">{subscriber.email}</td>
                  <td data-label="Opted in">{subscriber.opt_in ? "Yes" : "No"}</td>
                  <td data-label="Signed up">{formatDay(subscriber.created_at, zone)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
