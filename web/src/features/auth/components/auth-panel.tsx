import type { ReactNode } from 'react';
import '../auth.css';

interface AuthPanelProps {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The card of the sign-in, register and password pages: heading, intro, the form, links below. */
export function AuthPanel({ title, intro, children, footer }: AuthPanelProps) {
  return (
    <div className="auth-panel">
      <h1 className="auth-panel__title">{title}</h1>
      {intro && <p className="auth-panel__intro">{intro}</p>}
      {children}
      {footer && <div className="auth-panel__footer">{footer}</div>}
    </div>
  );
}
