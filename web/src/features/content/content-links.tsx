import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { parseRich } from './rich-text.ts';

/** Where vulnerability reports go (security page, contact page). */
export const SECURITY_EMAIL = 'security@pitchside.example';

/**
 * The pages the site's texts link to, by the tag the texts use (`<faq>…</faq>`), as paths below the
 * language prefix. The page that renders the text supplies the prefixing (`useLocalPath`), so a link
 * always stays in the reader's language. Kept here rather than in app/paths.ts because these tags are
 * part of the content's contract with its translations (see translations.test.ts).
 */
const PAGE_LINKS = {
  home: '/',
  live: '/live-matches',
  hot: '/hot-matches',
  fixtures: '/fixtures-results',
  leagues: '/league',
  faq: '/faq',
  guides: '/guides',
  contact: '/contact',
  widget: '/widget',
  pricing: '/pricing',
  terms: '/terms',
  privacy: '/policy/privacy',
  refund: '/policy/refund',
  disclaimer: '/disclaimer',
  security: '/security',
} as const satisfies Record<string, string>;

/** Self-closing or wrapping tags that open the visitor's mail program. */
const MAIL_LINKS = ['support', 'press', 'partners', 'securityMail'] as const;
type MailTag = (typeof MAIL_LINKS)[number];

export const CONTENT_LINK_TAGS: readonly string[] = [...Object.keys(PAGE_LINKS), ...MAIL_LINKS];

interface ContentLinkSettings {
  /** Adds the current language prefix to a page path (the page passes `useLocalPath()`). */
  to: (path: string) => string;
  /** The published support address (the footer's). */
  supportEmail: string;
}

const ContentLinksContext = createContext<ContentLinkSettings | null>(null);

export function ContentLinksProvider({
  children,
  ...settings
}: ContentLinkSettings & { children: ReactNode }) {
  return <ContentLinksContext.Provider value={settings}>{children}</ContentLinksContext.Provider>;
}

/** The address behind each mail tag, for plain-text renderings (JSON-LD). */
export function useMailAddresses(): Record<MailTag, string> {
  const settings = useContext(ContentLinksContext);
  const support = settings?.supportEmail ?? '';
  return { support, press: support, partners: support, securityMail: SECURITY_EMAIL };
}

function useMailHref(): (tag: MailTag) => string {
  const { t } = useTranslation('content');
  const addresses = useMailAddresses();
  return (tag) => {
    const subject =
      tag === 'press' ? t('contact.pressSubject') : tag === 'partners' ? t('contact.partnersSubject') : null;
    return `mailto:${addresses[tag]}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
  };
}

const isPageTag = (tag: string): tag is keyof typeof PAGE_LINKS => Object.hasOwn(PAGE_LINKS, tag);
const isMailTag = (tag: string): tag is MailTag => (MAIL_LINKS as readonly string[]).includes(tag);

/** A translated text with its tagged links rendered as links (in-app links for pages, mailto for mail). */
export function RichText({ text }: { text: string }) {
  const settings = useContext(ContentLinksContext);
  const mailHref = useMailHref();
  const addresses = useMailAddresses();
  return (
    <>
      {parseRich(text).map((part, index) => {
        if (typeof part === 'string') return part;
        const key = `${part.tag}-${index}`;
        if (settings && isPageTag(part.tag)) {
          return (
            <Link key={key} to={settings.to(PAGE_LINKS[part.tag])}>
              {part.inner}
            </Link>
          );
        }
        if (settings && isMailTag(part.tag)) {
          return (
            <a key={key} href={mailHref(part.tag)}>
              {part.inner ?? addresses[part.tag]}
            </a>
          );
        }
        return part.inner ?? '';
      })}
    </>
  );
}
