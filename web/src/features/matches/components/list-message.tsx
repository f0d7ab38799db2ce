import '../matches.css';

interface ListMessageProps {
  title: string;
  body?: string;
  /** 'empty': nothing to list (yet); 'error': the list could not be read. */
  tone?: 'empty' | 'error';
}

/**
 * What a list says when it has nothing to show. Not a heading: it sits under the page's or the section's
 * own, so the page keeps one h1 and its outline.
 */
export function ListMessage({ title, body, tone = 'empty' }: ListMessageProps) {
  return (
    <div className={`list-message list-message--${tone}`} role="status" data-testid={`list-${tone}`}>
      <p className="list-message__title">{title}</p>
      {body && <p className="list-message__body">{body}</p>}
    </div>
  );
}
