import React, { useCallback, useEffect, useRef, useState } from "react";
import type { PreviewCreated, PreviewStatusReply } from "@mainstreet/rules/api/publish-api";
import { errorMessage } from "../api/client";
import { ErrorText } from "../components/ui";
import { useSession } from "../session";
import { useJobPolling } from "./publish-polling";

/** The widths the preview is shown at: a phone, and a desktop scaled down to fit the panel. */
const PHONE_WIDTH = 375;
const DESKTOP_WIDTH = 1280;
const FRAME_HEIGHT = { phone: 720, desktop: 800 } as const;

type Device = keyof typeof FRAME_HEIGHT;

const previewFinished = (status: PreviewStatusReply) => status.status === "ready" || status.status === "failed";

/** The width the frame's container has, followed as the window changes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return undefined;
    const measure = () => setWidth(element.clientWidth || null);
    measure();
    if (typeof ResizeObserver === "undefined") return undefined;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The preview in a frame at phone or desktop width; the desktop frame is scaled to the panel's width. */
function PreviewFrame({ url }: { url: string }) {
  const [device, setDevice] = useState<Device>("phone");
  const box = useRef<HTMLDivElement>(null);
  const available = useWidth(box);
  const width = device === "phone" ? PHONE_WIDTH : DESKTOP_WIDTH;
  const scale = available === null ? 1 : Math.min(1, available / width);
  const height = FRAME_HEIGHT[device];
  return (
    <div className="preview">
      <div className="preview__bar">
        <div role="group" aria-label="Preview width" className="preview__devices">
          {(["phone", "desktop"] as const).map((choice) => (
            <button key={choice} type="button" className="button button--small" aria-pressed={device === choice} onClick={() => setDevice(choice)}>
              {choice === "phone" ? "Phone" : "Desktop"}
            </button>
          ))}
        </div>
        <a href={url} target="_blank" rel="noopener noreferrer" className="preview__open">
          Open the preview in a new tab
        </a>
      </div>
      <div ref={box} className="preview__box" style={{ height: Math.ceil(height * scale) }}>
        <iframe
          title={`Preview of your site at ${device} width`}
          src={url}
          className="preview__frame"
          data-device={device}
          width={width}
          height={height}
          style={{ transform: scale < 1 ? `scale(${scale})` : undefined }}
        />
      </div>
    </div>
  );
}

/** What the status line says while the preview builds, or why it failed. */
function previewSentence(status: PreviewStatusReply): string {
  if (status.status === "failed") return status.message ?? "The preview could not be built. Try again.";
  if (status.status === "ready") return `The preview of revision ${status.revision} is ready.`;
  return `Building the preview… ${status.seconds} s`;
}

/**
 * Preview: queues a build of the draft as the live site will be built, shows the seconds while it builds, then
 * the preview in a frame. Owners only: the preview is a build the owner asks for.
 */
export function PreviewPanel({ readOnly }: { readOnly: boolean }) {
  const { api, announce } = useSession();
  const [id, setId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback((job: string) => api.get<PreviewStatusReply>(`manage/site/previews/${job}/`), [api]);
  const { status } = useJobPolling(id, load, previewFinished);
  const settled = status && previewFinished(status) ? status.status : null;
  useEffect(() => {
    if (status && settled) announce(previewSentence(status));
    // Said once when the preview settles, not on every beat.
  }, [settled]);

  const building = status !== null && !previewFinished(status);
  const start = async () => {
    if (busy || building) return;
    setBusy(true);
    setError(null);
    try {
      const created = await api.send<PreviewCreated>("POST", "manage/site/previews/");
      setId(created.id);
      announce("Building the preview.");
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="preview-heading" className="card publish__part">
      <h3 id="preview-heading">Preview</h3>
      <p className="muted">See the draft built exactly as the live site will be, before anyone else does.</p>
      {readOnly ? null : (
        <button type="button" className="button" aria-disabled={busy || building} onClick={() => void start()}>
          Preview
        </button>
      )}
      {status ? (
        <p role={status.status === "failed" ? "alert" : "status"} className={status.status === "failed" ? "error" : undefined}>
          {previewSentence(status)}
        </p>
      ) : null}
      <ErrorText message={error} />
      {status?.status === "ready" && status.url ? <PreviewFrame url={status.url} /> : null}
    </section>
  );
}
