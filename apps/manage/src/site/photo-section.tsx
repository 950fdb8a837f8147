import React, { useState } from "react";
import { fieldIdOf, MoveButtons } from "./menu-fields";
import { swapped, type ImageInput } from "./menu-model";
import { PhotoPicker } from "./photo-picker";
import type { SiteSectionProps } from "./section-props";

/**
 * The business's own photos on the Site screen: its logo, the home page's main photo and the gallery
 * (`images`), each with its alt text. Item and team photos are chosen in their sections with the same picker.
 */
export function PhotoSection({ document, change, readOnly, errors }: SiteSectionProps) {
  const images = document.images ?? [];
  const [message, setMessage] = useState("");
  // A new picker after each photo added, so the next one starts empty.
  const [added, setAdded] = useState(0);
  const setGallery = (edit: (images: ImageInput[]) => ImageInput[]) => change((current) => ({ ...current, images: edit(current.images ?? []) }));
  return (
    <div className="site-section">
      <p className="muted">Photos are resized for the site and their location data is removed. Every photo needs a short description for people who cannot see it.</p>
      <PhotoPicker label="Logo" image={document.logo} onChange={(logo) => change((current) => ({ ...current, logo }))} path="logo" errors={errors} readOnly={readOnly} />
      <PhotoPicker
        label="Main photo of the home page"
        image={document.heroImage}
        onChange={(heroImage) => change((current) => ({ ...current, heroImage }))}
        path="heroImage"
        errors={errors}
        readOnly={readOnly}
      />
      <h3>Gallery</h3>
      {images.length === 0 ? <p className="muted">No gallery photos yet.</p> : null}
      <ul className="site-list" aria-label="Gallery photos">
        {images.map((image, index) => {
          // Keyed by the photo, not its place: a moved photo keeps its row (and its Move button the focus).
          const key = `${image.file}#${images.slice(0, index).filter((other) => other.file === image.file).length}`;
          return (
          <li className="site-row" key={key}>
            <PhotoPicker
              label={`Gallery photo ${index + 1}`}
              image={image}
              onChange={(next) => setGallery((list) => (next ? list.map((entry, at) => (at === index ? next : entry)) : list.filter((_, at) => at !== index)))}
              path={`images[${index}]`}
              errors={errors}
              readOnly={readOnly}
            />
            {readOnly ? null : (
              <MoveButtons
                describedBy={fieldIdOf(`images[${index}].alt`)}
                first={index === 0}
                last={index === images.length - 1}
                idPrefix={`move-photo-${key.replace(/[^A-Za-z0-9]/g, "-")}`}
                onMove={(delta) => {
                  setGallery((list) => swapped(list, index, index + delta));
                  setMessage(`Photo moved to place ${index + 1 + delta} of ${images.length}.`);
                }}
              />
            )}
          </li>
          );
        })}
      </ul>
      {readOnly ? null : (
        <PhotoPicker
          key={added}
          label="Add a photo to the gallery"
          image={undefined}
          onChange={(image) => {
            if (!image) return;
            setGallery((list) => [...list, image]);
            setAdded((count) => count + 1);
            setMessage("Photo added to the gallery.");
          }}
          path={`images[${images.length}]`}
          errors={errors}
          readOnly={readOnly}
        />
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
