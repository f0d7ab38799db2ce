/** The contact page's form: plain POST without script, checked and sent as JSON with it. */
import type { TFunction } from 'i18next';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CONTACT_HONEYPOT_FIELD,
  CONTACT_LIMITS,
  type ContactField,
} from '@pitchside/shared/contact/constants';
import { readIssues, sendContactMessage, type SendResult } from '../api/contact-api.ts';
import '../contact.css';

type Issue = { field: ContactField; code: string | undefined };

interface ContactFormProps {
  /** The signed page-load token from the loader. */
  token: string | null;
  language: string;
  /** From the address after a plain form post (no script): `?sent=1`, `?error=<code>&fields=a,b`. */
  sent: boolean;
  error: string | null;
  fields: readonly ContactField[];
}

/**
 * The contact form. Without script it is a plain POST to /api/contact, which redirects back here with
 * `?sent=1` or the error and the bad fields; with script it is checked with the shared schema first and
 * sent as JSON, errors shown next to their fields and the confirmation in place of the form.
 */
export function ContactForm(props: ContactFormProps) {
  const { t } = useTranslation('content');
  const [sent, setSent] = useState(props.sent);
  const [sending, setSending] = useState(false);
  const [issues, setIssues] = useState<Issue[]>(props.fields.map((field) => ({ field, code: undefined })));
  const [failure, setFailure] = useState<string | null>(() => failureText(t, props.error, null));

  if (sent) {
    return (
      <section className="contact-sent" role="status" data-testid="contact-sent">
        <h2>{t('contact.form.sentTitle')}</h2>
        <p>{t('contact.form.sentBody')}</p>
        <a href={`/${props.language}/contact`} onClick={(e) => (e.preventDefault(), setSent(false))}>
          {t('contact.form.another')}
        </a>
      </section>
    );
  }

  const errorOf = (field: ContactField): string | null => {
    const issue = issues.find((i) => i.field === field);
    if (!issue) return null;
    if (field === 'message' && issue.code === 'custom')
      return t('contact.form.errors.links', { max: CONTACT_LIMITS.linksMax });
    if (field === 'message' && issue.code === 'too_big')
      return t('contact.form.errors.messageLong', { max: CONTACT_LIMITS.messageMax });
    return t(`contact.form.errors.${field}`, { min: CONTACT_LIMITS.messageMin });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setSending(true);
    setFailure(null);
    try {
      const { ContactBodySchema } = await import('@pitchside/shared/contact');
      const checked = ContactBodySchema.safeParse(data);
      const result: SendResult = checked.success
        ? await sendContactMessage({
            ...checked.data,
            token: checked.data.token,
            website: data.website ?? '',
          })
        : {
            kind: 'invalid',
            issues: readIssues(checked.error.issues.map((i) => ({ path: i.path.join('.'), code: i.code }))),
          };
      if (result.kind === 'sent') {
        setIssues([]);
        setSent(true);
      } else if (result.kind === 'invalid') {
        setIssues(result.issues);
        setFailure(t('contact.form.errors.summary'));
        focusFirst(event.currentTarget, result.issues);
      } else {
        setIssues([]);
        setFailure(failureText(t, result.code, result.retryAfterS));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="contact-form" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t('contact.form.title')}</h2>
      <form
        method="post"
        action="/api/contact"
        noValidate
        onSubmit={(e) => void onSubmit(e)}
        data-testid="contact-form"
      >
        <input type="hidden" name="language" value={props.language} />
        <input type="hidden" name="token" value={props.token ?? ''} />
        <Field name="name" label={t('contact.form.name')} error={errorOf('name')}>
          {(input) => <input {...input} type="text" autoComplete="name" maxLength={CONTACT_LIMITS.nameMax} />}
        </Field>
        <Field name="email" label={t('contact.form.email')} error={errorOf('email')}>
          {(input) => <input {...input} type="email" autoComplete="email" inputMode="email" />}
        </Field>
        <Field name="subject" label={t('contact.form.subject')} error={errorOf('subject')}>
          {(input) => <input {...input} type="text" maxLength={CONTACT_LIMITS.subjectMax} />}
        </Field>
        <Field
          name="message"
          label={t('contact.form.message')}
          error={errorOf('message')}
          hint={t('contact.form.messageHint', {
            min: CONTACT_LIMITS.messageMin,
            max: CONTACT_LIMITS.linksMax,
          })}
        >
          {(input) => <textarea {...input} rows={7} maxLength={CONTACT_LIMITS.messageMax} />}
        </Field>
        {/* The honeypot: off-screen, out of the tab order and hidden from assistive technology. */}
        <div className="contact-form__trap" aria-hidden="true">
          <label>
            {t('contact.form.trap')}
            <input
              type="text"
              name={CONTACT_HONEYPOT_FIELD}
              tabIndex={-1}
              autoComplete="off"
              defaultValue=""
            />
          </label>
        </div>
        {failure && (
          <p className="contact-form__failure" role="alert" data-testid="contact-failure">
            {failure}
          </p>
        )}
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('contact.form.sending') : t('contact.form.send')}
        </button>
      </form>
    </section>
  );
}

interface InputProps {
  id: string;
  name: string;
  className: string;
  required: true;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** A labelled control with its hint and its error, tied together for assistive technology. */
function Field({
  name,
  label,
  error,
  hint,
  children,
}: {
  name: ContactField;
  label: string;
  error: string | null;
  hint?: string;
  children: (input: InputProps) => ReactNode;
}) {
  const id = useId();
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="contact-form__field">
      <label htmlFor={id}>{label}</label>
      {children({
        className: 'form-control',
        id,
        name,
        required: true,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': described || undefined,
      })}
      {hint && (
        <p className="contact-form__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="contact-form__error" id={`${id}-error`} data-testid={`error-${name}`}>
          {error}
        </p>
      )}
    </div>
  );
}

function failureText(
  t: TFunction<'content'>,
  code: string | null,
  retryAfterS: number | null,
): string | null {
  if (!code) return null;
  if (code === 'request:invalid') return t('contact.form.errors.summary');
  if (code === 'contact:rate-limited')
    return retryAfterS
      ? t('contact.form.errors.rateLimitedFor', { minutes: Math.max(1, Math.ceil(retryAfterS / 60)) })
      : t('contact.form.errors.rateLimited');
  if (code === 'contact:form-expired') return t('contact.form.errors.expired');
  return t('contact.form.errors.failed');
}

function focusFirst(form: HTMLFormElement, issues: Issue[]): void {
  const first = ['name', 'email', 'subject', 'message'].find((f) => issues.some((i) => i.field === f));
  if (first) (form.elements.namedItem(first) as HTMLElement | null)?.focus();
}
