import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

interface PageMessageProps {
  title: string;
  body?: string;
  link?: { to: string; label: string };
  /** 'not-found' and 'error' pages are told apart by tests and by the stylesheet. */
  tone?: 'empty' | 'not-found' | 'error';
  children?: ReactNode;
}

/** A page-sized message: nothing live, not found, something went wrong. */
export function PageMessage({ title, body, link, tone = 'empty', children }: PageMessageProps) {
  return (
    <div className={`page-message page-message--${tone}`} data-testid={`page-message-${tone}`} role="status">
      <h1 className="page-message__title">{title}</h1>
      {body && <p className="page-message__body">{body}</p>}
      {children}
      {link && (
        <Link className="button" to={link.to}>
          {link.label}
        </Link>
      )}
    </div>
  );
}
