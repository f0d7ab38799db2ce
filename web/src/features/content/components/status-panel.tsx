import type { ReactNode } from 'react';
import '../content.css';

interface StatusPanelProps {
  tone: 'success' | 'failure' | 'pending';
  title: string;
  body: string;
  children?: ReactNode;
  actions: ReactNode;
}

const SYMBOLS = { success: '✓', failure: '!', pending: '…' } as const;

/** A payment's outcome in one card: a symbol for the tone (decorative), the h1, what it means, what next. */
export function StatusPanel({ tone, title, body, children, actions }: StatusPanelProps) {
  return (
    <div className={`status-panel status-panel--${tone}`} data-testid="status-panel" data-tone={tone}>
      <span className="status-panel__symbol" aria-hidden="true">
        {SYMBOLS[tone]}
      </span>
      <h1 className="status-panel__title">{title}</h1>
      <p className="status-panel__body">{body}</p>
      {children}
      <div className="status-panel__actions">{actions}</div>
    </div>
  );
}
