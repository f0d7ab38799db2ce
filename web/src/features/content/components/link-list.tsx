import { Link } from 'react-router-dom';

export interface LinkCard {
  to: string;
  label: string;
  hint?: string;
}

/** Where to go next: a short list of pages, each with a line on what it holds. */
export function LinkList({ title, links }: { title: string; links: readonly LinkCard[] }) {
  return (
    <nav className="link-list" aria-label={title}>
      <h2 className="link-list__title">{title}</h2>
      <ul>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="link-list__link">
              <span className="link-list__label">{link.label}</span>
              {link.hint && <span className="link-list__hint">{link.hint}</span>}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
