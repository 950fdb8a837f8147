import React, { useId, useRef, useState } from "react";
import type { SiteImageReply } from "@mainstreet/rules/api/site-images-api";
import { FieldError } from "../components/ui";
import { fieldIdOf } from "./menu-fields";
import { useSession } from "../session";
import { fieldSentence, PHOTO_SENTENCES } from "./menu-sentences";
import type { ImageInput } from "./menu-model";
import { imageUrl, PHOTO_ACCEPT, PhotoRefused, uploadPhoto } from "./photo-upload";

/**
 * Chooses a photo for one place of the site (the logo, an item, a team member): the file is uploaded at
 * once (checked and resized by the service), shown as a thumbnail, and placed only with its alt text. A
 * placed photo's alt text can be changed but never emptied: the site needs it for people who cannot see.
 */

type Pending = { kind: "idle" } | { kind: "uploading" } | { kind: "chosen"; upload: SiteImageReply };

function Thumbnail({ src, alt }: { src: string; alt: string }) {
  return <img className="photo-picker__thumb" src={src} alt={alt} width={96} height={96} loading="lazy" decoding="async" />;
}

export function PhotoPicker({
  label,
  image,
  onChange,
  path,
  errors,
  readOnly,
}: {
  label: string;
  image: ImageInput | undefined;
  onChange: (image: ImageInput | undefined) => void;
  path: string;
  errors: ReadonlyMap<string, string>;
  readOnly: boolean;
}) {
  const { api } = useSession();
  const id = useId();
  const altId = fieldIdOf(`${path}.alt`);
  const fileInput = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Pending>({ kind: "idle" });
  const [alt, setAlt] = useState(image?.alt ?? "");
  const [problem, setProblem] = useState<string | null>(null);
  /** What the alt field shows while it is empty and refused (the document keeps the last alt text). */
  const [shownAlt, setShownAlt] = useState("");

  const refusedFile = errors.get(`${path}.file`);
  const refusedAlt = errors.get(`${path}.alt`);
  const altSentence = problem ?? (refusedAlt === undefined ? undefined : fieldSentence(`${path}.alt`, refusedAlt));

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setProblem(null);
    setPending({ kind: "uploading" });
    try {
      const upload = await uploadPhoto(api, file);
      setAlt(image?.alt ?? "");
      setPending({ kind: "chosen", upload });
    } catch (error) {
      setPending({ kind: "idle" });
      setProblem(error instanceof PhotoRefused ? error.message : PHOTO_SENTENCES.format);
    } finally {
      if (fileInput.current) fileInput.current.value = "";
    }
  };

  const place = () => {
    if (pending.kind !== "chosen") return;
    if (alt.trim() === "") {
      setProblem(PHOTO_SENTENCES.alt);
      document.getElementById(altId)?.focus();
      return;
    }
    setProblem(null);
    onChange({ ...image, file: pending.upload.path, alt: alt.trim() });
    setPending({ kind: "idle" });
  };

  /** A placed photo's alt text: written while it says something; emptied, the sentence says why it stays. */
  const editAlt = (text: string) => {
    setShownAlt(text);
    if (text.trim() === "") {
      setProblem(PHOTO_SENTENCES.alt);
      return;
    }
    setProblem(null);
    if (image) onChange({ ...image, alt: text });
  };

  const altInput = (value: string, onText: (text: string) => void) => (
    <div className="field">
      <label htmlFor={altId}>Describe the photo (alt text)</label>
      <input
        id={altId}
        type="text"
        value={value}
        readOnly={readOnly}
        aria-required="true"
        aria-invalid={altSentence ? true : undefined}
        aria-describedby={altSentence ? `${altId}-error` : undefined}
        onChange={(event) => onText(event.target.value)}
      />
      <FieldError id={`${altId}-error`} message={altSentence} />
    </div>
  );

  const fileField = (text: string) =>
    readOnly ? null : (
      <div className="field photo-picker__file">
        <label htmlFor={`${id}-file`}>{text}</label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          type="file"
          accept={PHOTO_ACCEPT}
          aria-describedby={problem && pending.kind === "idle" && !image ? `${id}-problem` : undefined}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
      </div>
    );

  return (
    <fieldset className="photo-picker">
      <legend>{label}</legend>
      {pending.kind === "chosen" ? (
        <div className="photo-picker__row">
          <Thumbnail src={imageUrl(api, pending.upload.path)} alt="" />
          <div className="photo-picker__fields">
            {altInput(alt, setAlt)}
            <div className="photo-picker__actions">
              <button type="button" className="button button--primary" onClick={place}>
                Use this photo
              </button>
              <button type="button" className="button" onClick={() => {
                  setPending({ kind: "idle" });
                  setProblem(null);
                }}>
                Cancel
              </button>
            </div>
          </div>
        </div>
      ) : image ? (
        <div className="photo-picker__row">
          <Thumbnail src={imageUrl(api, image.file)} alt={image.alt} />
          <div className="photo-picker__fields">
            {altInput(problem === PHOTO_SENTENCES.alt ? shownAlt : image.alt, editAlt)}
            <FieldError id={`${id}-file-error`} message={refusedFile === undefined ? undefined : fieldSentence(`${path}.file`, refusedFile)} />
            {fileField("Replace the photo")}
            {readOnly ? null : (
              <button type="button" className="button" onClick={() => onChange(undefined)}>
                Remove the photo
              </button>
            )}
          </div>
        </div>
      ) : readOnly ? (
        <p className="muted">No photo.</p>
      ) : (
        fileField("Choose a photo")
      )}
      {pending.kind === "uploading" ? (
        <p className="muted" role="status">
          Uploading the photo…
        </p>
      ) : null}
      {problem && pending.kind === "idle" && !image ? (
        <p className="error" role="alert" id={`${id}-problem`}>
          {problem}
        </p>
      ) : null}
      {problem && pending.kind === "idle" && image && problem !== PHOTO_SENTENCES.alt ? (
        <p className="error" role="alert">
          {problem}
        </p>
      ) : null}
    </fieldset>
  );
}
