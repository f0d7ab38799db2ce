import { useTranslation } from 'react-i18next';
import { useLoaderData, useParams, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { CONTACT_FIELDS, type ContactField } from '@pitchside/shared/contact/constants';
import { ContentPage, ProseSections } from '../../features/content/components/content-page.tsx';
import { loadContactToken } from '../../features/contact/api/contact-api.ts';
import { ContactForm } from '../../features/contact/components/contact-form.tsx';
import { apiFrom } from '../../lib/api.ts';
import { useSupportEmail } from '../chrome/site-footer.tsx';
import { StaticPageHead } from '../head/static-page-head.tsx';
import { useLocalPath } from '../paths.ts';

/** Each page load gets a fresh signed load time: the form's minimum fill time counts from it. */
export async function loader({ context, request }: LoaderFunctionArgs) {
  return { token: await loadContactToken(apiFrom(context), request.signal) };
}

/**
 * /contact: the contact form (mailed to the configured support address, Reply-To the sender), then the
 * addresses for support, press, partnerships and security.
 */
export function Component() {
  const { t } = useTranslation('content');
  const { token } = useLoaderData<typeof loader>();
  const { lang = 'en' } = useParams();
  const [search] = useSearchParams();
  const to = useLocalPath();
  const supportEmail = useSupportEmail();
  const doc = t('contact', { returnObjects: true });
  const fields = (search.get('fields') ?? '')
    .split(',')
    .filter((f): f is ContactField => (CONTACT_FIELDS as readonly string[]).includes(f));
  const error = search.get('error');
  return (
    <>
      <StaticPageHead page="contact" />
      <ContentPage title={doc.title} lead={doc.lead} to={to} supportEmail={supportEmail}>
        <ContactForm
          // A new post-and-redirect (no script) brings a new address: start from what it says.
          key={search.toString()}
          token={token}
          language={lang}
          sent={search.get('sent') === '1'}
          error={error && /^[a-z]+:[a-z-]+$/.test(error) ? error : null}
          fields={fields}
        />
        <ProseSections sections={doc.sections} idPrefix="contact" />
        <p className="prose__note">{doc.note}</p>
      </ContentPage>
    </>
  );
}
