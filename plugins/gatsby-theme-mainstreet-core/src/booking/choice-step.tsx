import React, { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useStepFocus } from "./step-focus";
import "./booking.css";

interface Choice {
  value: string;
  label: string;
  /** A second line: length and price, a role. */
  detail?: string;
  media?: ReactNode;
}

interface ChoiceStepProps {
  title: string;
  /** Why the list is empty, in a sentence that says what to do. */
  empty: string;
  choices: readonly Choice[];
  selected: string | null;
  onChoose(value: string): void;
  /** Above the list: the zone note of the time step, a refusal. */
  note?: ReactNode;
  className?: string;
  /** Take focus when shown: the visitor got here by a choice. */
  focus?: boolean;
}

/**
 * One step of the booking flow: a radio group in a fieldset named by its legend (arrow keys move within
 * it), and Continue, so moving through the radios with the keyboard never jumps to the next step.
 */
export function ChoiceStep({ title, empty, choices, selected, onChoose, note, className, focus = false }: ChoiceStepProps) {
  const [picked, setPicked] = useState<string | null>(selected ?? (choices.length === 1 ? choices[0].value : null));
  const [error, setError] = useState(false);
  const heading = useStepFocus<HTMLHeadingElement>(title, focus);
  const name = useId();
  const errorId = `${name}-error`;
  useEffect(() => setPicked(selected ?? (choices.length === 1 ? choices[0].value : null)), [selected, choices.length === 1 ? choices[0].value : ""]);
  // A choice made on the served page before the code arrived is on the page, not in the state: take it.
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const shown = formRef.current?.querySelector<HTMLInputElement>("input[type=radio]:checked");
    if (shown) setPicked(shown.value);
  }, []);
  return (
    <section className={["booking-step", className].filter(Boolean).join(" ")} aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`} ref={heading} tabIndex={-1} className="booking-step__title">
        {title}
      </h2>
      {note}
      {choices.length === 0 ? (
        <p className="booking-step__empty">{empty}</p>
      ) : (
        <form
          ref={formRef}
          className="site-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const value = picked ?? formRef.current?.querySelector<HTMLInputElement>("input[type=radio]:checked")?.value ?? null;
            if (value && choices.some((choice) => choice.value === value)) onChoose(value);
            else setError(true);
          }}
        >
          <fieldset className="booking-choices" aria-describedby={error ? errorId : undefined}>
            <legend className="visually-hidden">{title}</legend>
            {choices.map((choice) => (
              <label key={choice.value} className={["booking-choice", picked === choice.value ? "booking-choice--picked" : ""].filter(Boolean).join(" ")}>
                <input type="radio" name={name} value={choice.value} checked={picked === choice.value} onChange={() => { setPicked(choice.value); setError(false); }} />
                {choice.media}
                <span className="booking-choice__text">
                  <span className="booking-choice__label">{choice.label}</span>
                  {choice.detail ? <span className="booking-choice__detail">{choice.detail}</span> : null}
                </span>
              </label>
            ))}
          </fieldset>
          {error ? (
            <p id={errorId} className="form-field__error" role="alert">
              Choose one to continue.
            </p>
          ) : null}
          <div className="site-form__submit">
            <button type="submit" className="button">
              Continue
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
