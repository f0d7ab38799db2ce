import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import '../matches.css';

interface ListSectionProps {
  /** The section's name: its id labels it, and tests find it by it. */
  id: string;
  title: string;
  /** A small figure next to the title ("12 matches"). */
  meta?: string;
  /** "See all": where the whole list is. */
  more?: { to: string; label: string };
  children: ReactNode;
}

/** The id of a section's title, to name other things after it (see MatchList's contextLabelId). */
export const sectionTitleId = (id: string): string => `${id}-title`;

/** A titled part of a page that holds a list (the home page's live, hot, today's and news sections). */
export function ListSection({ id, title, meta, more, children }: ListSectionProps) {
  return (
    <section className="list-section" aria-labelledby={sectionTitleId(id)} data-testid={`section-${id}`}>
      <header className="list-section__header">
        <h2 className="list-section__title" id={sectionTitleId(id)}>
          {title}
        </h2>
        {meta && <span className="list-section__meta">{meta}</span>}
        {more && (
          <Link className="list-section__more" to={more.to}>
            {more.label}
          </Link>
        )}
      </header>
      {children}
    </section>
  );
}
