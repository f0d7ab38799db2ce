import type { ReactNode } from 'react';
import { ContentLinksProvider, RichText } from '../content-links.tsx';
import '../../../components/prose.css';
import '../content.css';

/** One section of a text page as the translations hold it: a heading, then any of these in this order. */
export interface ProseSectionData {
  heading: string;
  paragraphs?: readonly string[];
  items?: readonly string[];
  steps?: readonly string[];
  after?: readonly string[];
}

interface ContentPageProps {
  title: string;
  lead?: string;
  /** Adds the language prefix to the paths the texts link to (`useLocalPath()`). */
  to: (path: string) => string;
  supportEmail: string;
  children?: ReactNode;
}

/**
 * A text page (about, terms, privacy, guides…): one h1 with an optional lead, then sections with h2
 * headings, paragraphs and lists, on a readable card. Tagged links in any text below it work.
 */
export function ContentPage({ title, lead, to, supportEmail, children }: ContentPageProps) {
  return (
    <ContentLinksProvider to={to} supportEmail={supportEmail}>
      <article className="content-page">
        <header className="page-heading content-page__heading">
          <h1>{title}</h1>
        </header>
        <div className="prose">
          {lead && (
            <p className="prose__lead">
              <RichText text={lead} />
            </p>
          )}
          {children}
        </div>
      </article>
    </ContentLinksProvider>
  );
}

/** A section of a text page; `id` names its heading, so the section can be linked to (#id). */
export function ProseSection({
  id,
  heading,
  paragraphs = [],
  items = [],
  steps = [],
  after = [],
  children,
}: ProseSectionData & { id: string; children?: ReactNode }) {
  return (
    <section className="prose__section" aria-labelledby={id}>
      <h2 id={id}>{heading}</h2>
      {paragraphs.map((text, i) => (
        <p key={i}>
          <RichText text={text} />
        </p>
      ))}
      {items.length > 0 && (
        <ul>
          {items.map((text, i) => (
            <li key={i}>
              <RichText text={text} />
            </li>
          ))}
        </ul>
      )}
      {steps.length > 0 && (
        <ol className="prose__steps">
          {steps.map((text, i) => (
            <li key={i}>
              <RichText text={text} />
            </li>
          ))}
        </ol>
      )}
      {after.map((text, i) => (
        <p key={i}>
          <RichText text={text} />
        </p>
      ))}
      {children}
    </section>
  );
}

/** Every section of a text page, headings numbered `${idPrefix}-1`, `${idPrefix}-2`… */
export function ProseSections({
  sections,
  idPrefix,
}: {
  sections: readonly ProseSectionData[];
  idPrefix: string;
}) {
  return (
    <>
      {sections.map((section, i) => (
        <ProseSection key={i} id={`${idPrefix}-${i + 1}`} {...section} />
      ))}
    </>
  );
}
