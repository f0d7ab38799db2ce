/**
 * A failure of the whole form (wrong password, too many attempts) above its button. Focusable, so the
 * form can move focus here when no field is to blame; the toast has already announced it.
 */
export function FormMessage({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="auth-form__message" tabIndex={-1} data-testid="form-error">
      {text}
    </p>
  );
}
