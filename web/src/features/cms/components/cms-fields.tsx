import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The CMS's labelled form controls. Each takes the field's path in the request body (`name`, e.g.
 * 'video.url'), so the server's error for that path appears under it, tied to the control for assistive
 * technology (aria-invalid, aria-describedby), as the sign-in forms do. `useCmsForm().field(path)` gives
 * name, value, onValue and error at once.
 */
type Common = { label: string; name: string; error?: string | undefined; hint?: ReactNode };
type Bound<T> = { value: T; onValue: (value: T) => void };
type Native<A> = Omit<A, 'value' | 'onChange' | 'name' | 'id'>;

/** A control's props: what the shell around it takes, and what goes on the control itself. */
const split = <P extends Common>({ label, name, error, hint, ...rest }: P) =>
  [{ label, name, error, hint }, rest] as const;

/** A field's server error, named for the tests by its path (`error-video.url`). */
export function FieldError({ id, name, error }: { id?: string; name?: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p className="auth-form__error" id={id} data-testid={name ? `error-${name}` : undefined}>
      {error}
    </p>
  );
}

/** The shared control look (styles/app.css), plus a field's own class. */
const controlClass = (own: string | undefined) => (own ? `form-control ${own}` : 'form-control');

function FieldShell({
  label,
  name,
  error,
  hint,
  children,
}: Common & {
  children: (control: {
    id: string;
    name: string;
    'aria-invalid'?: true;
    'aria-describedby'?: string;
  }) => ReactNode;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="auth-form__field cms-field">
      <label htmlFor={id}>{label}</label>
      {children({
        id,
        name,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      <FieldError id={`${id}-error`} name={name} error={error} />
      {hint && (
        <p className="auth-form__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}

export type TextFieldProps = Common & Bound<string> & Native<InputHTMLAttributes<HTMLInputElement>>;

export function TextField({ value, onValue, type = 'text', ...props }: TextFieldProps) {
  const [shell, input] = split(props);
  return (
    <FieldShell {...shell}>
      {(control) => (
        <input
          {...control}
          {...input}
          className={controlClass(input.className)}
          type={type}
          value={value}
          spellCheck={type === 'url' ? false : input.spellCheck}
          onChange={(e) => onValue(e.target.value)}
        />
      )}
    </FieldShell>
  );
}

export function TextAreaField({
  value,
  onValue,
  ...props
}: Common & Bound<string> & Native<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const [shell, area] = split(props);
  return (
    <FieldShell {...shell}>
      {(control) => (
        <textarea
          {...control}
          {...area}
          className={controlClass(area.className)}
          value={value}
          onChange={(e) => onValue(e.target.value)}
        />
      )}
    </FieldShell>
  );
}

export function SelectField<V extends string>({
  value,
  onValue,
  options,
  ...props
}: Common &
  Bound<V> & { options: readonly { value: V; label: string }[] } & Native<
    SelectHTMLAttributes<HTMLSelectElement>
  >) {
  const [shell, select] = split(props);
  return (
    <FieldShell {...shell}>
      {(control) => (
        <select
          {...control}
          {...select}
          className={controlClass(select.className)}
          value={value}
          onChange={(e) => onValue(e.target.value as V)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}

export function CheckField({
  label,
  name,
  error,
  checked,
  onChecked,
}: Omit<Common, 'hint'> & { checked: boolean; onChecked: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="auth-form__field cms-field">
      <div className="auth-form__check">
        <input
          id={id}
          name={name}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChecked(e.target.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldError id={`${id}-error`} name={name} error={error} />
    </div>
  );
}

/** The key of what a form edits (an id or slug by default): typed once, read-only once it exists. */
export function KeyField({
  locked,
  label,
  hint,
  ...props
}: Omit<TextFieldProps, 'label' | 'readOnly'> & { locked: boolean; label?: string }) {
  const { t } = useTranslation('cms');
  return (
    <TextField
      label={label ?? t('fields.id')}
      readOnly={locked}
      hint={hint ?? t('fields.slugHint')}
      {...props}
    />
  );
}

/** Where an item stands in its list (0 first). */
export function PositionField(props: Omit<TextFieldProps, 'label'>) {
  const { t } = useTranslation('cms');
  return (
    <TextField
      label={t('fields.position')}
      type="number"
      min={0}
      hint={t('fields.positionHint')}
      {...props}
    />
  );
}

/**
 * A group of fields with its legend, an optional hint, and the server's error for the group's own path
 * (`name`: e.g. 'schedule' for "the programmes overlap"), above the fields.
 */
export function Fieldset({
  legend,
  hint,
  name,
  error,
  testId,
  children,
}: {
  legend: string;
  hint?: string;
  name?: string;
  error?: string | undefined;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="cms-fieldset" data-testid={testId}>
      <legend>{legend}</legend>
      {hint && <p className="auth-form__hint">{hint}</p>}
      <FieldError name={name} error={error} />
      {children}
    </fieldset>
  );
}
