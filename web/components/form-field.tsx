import {
  useId,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

type Common = { label: string; error?: string | undefined; hint?: ReactNode };
type Described = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

/**
 * The one shell of every form field: the label, the control, its hint and its error, tied to the
 * control for screen readers (the error is announced: role=alert).
 */
function Field({
  label,
  error,
  hint,
  id,
  control,
}: Common & { id: string | undefined; control: (described: Described) => ReactNode }) {
  const auto = useId();
  const controlId = id ?? auto;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy =
    [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={controlId}>{label}</label>
      {control({
        id: controlId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {hint ? (
        <p className="field-hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input. */
export function TextField({
  label,
  error,
  hint,
  id,
  ...input
}: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id}
      control={(described) => <input {...described} {...input} />}
    />
  );
}

/** A labelled multi-line text. */
export function TextAreaField({
  label,
  error,
  hint,
  id,
  ...textarea
}: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id}
      control={(described) => <textarea {...described} {...textarea} />}
    />
  );
}

export type SelectOption = string | { value: string; label: string };

/** A labelled select; an option is its own label, or a value with a label. */
export function SelectField({
  label,
  error,
  hint,
  id,
  options,
  placeholder,
  ...select
}: Common &
  SelectHTMLAttributes<HTMLSelectElement> & {
    options: readonly SelectOption[];
    placeholder?: string;
  }) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id}
      control={(described) => (
        <select {...described} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => {
            const { value, label: text } = typeof o === 'string' ? { value: o, label: o } : o;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    />
  );
}

/**
 * A labelled file choice with an Indonesian button and the chosen file's name, in place of the
 * browser's own control (which speaks the browser's language). The input stays in the form (its
 * FormData, its label); only the button is shown and reached by the keyboard.
 */
export function FileField({
  label,
  error,
  hint,
  id,
  buttonLabel = 'Pilih Berkas',
  onChange,
  ...input
}: Common & { buttonLabel?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const ref = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string>();
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      id={id}
      control={(described) => (
        <div className="file-field">
          <input
            {...described}
            {...input}
            ref={ref}
            type="file"
            className="visually-hidden"
            tabIndex={-1}
            onChange={(e) => {
              setChosen(e.target.files?.[0]?.name);
              onChange?.(e);
            }}
          />
          <button
            type="button"
            className="btn btn-outline btn-compact"
            aria-describedby={described['aria-describedby']}
            onClick={() => ref.current?.click()}
          >
            {buttonLabel}
          </button>
          <span className="file-name" aria-live="polite">
            {chosen ?? 'Belum ada berkas dipilih.'}
          </span>
        </div>
      )}
    />
  );
}
