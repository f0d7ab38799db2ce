import { Component, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useParams } from 'react-router-dom';
import { useWindowStore } from '../../stores/window-store.ts';
import { StaticPageHead } from '../head/static-page-head.tsx';

/** Status and message of anything thrown: route responses keep theirs, everything else is a 500 (SPEC 8). */
export function describeError(error: unknown): { status: number; message: string } {
  if (isRouteErrorResponse(error)) {
    const message = typeof error.data === 'string' && error.data ? error.data : error.statusText;
    return { status: error.status || 500, message: message || 'Error' };
  }
  if (error instanceof Error) return { status: 500, message: error.message || 'Internal error' };
  return { status: 500, message: 'Internal error' };
}

/**
 * The error page: a 404 says 'This page could not be found'; any other error shows its message and status.
 * If the error page itself fails, ErrorPageFallback shows the spec's fallback message instead.
 */
export function ErrorPage({ error }: { error: unknown }) {
  return (
    <ErrorPageFallback error={error}>
      <ErrorPageContent error={error} />
    </ErrorPageFallback>
  );
}

function ErrorPageContent({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const { lang } = useParams();
  const { status, message } = describeError(error);
  const notFound = status === 404;
  useEffect(() => {
    if (!notFound) console.error(error);
    useWindowStore.getState().setPageFailed(true);
    return () => useWindowStore.getState().setPageFailed(false);
  }, [error, notFound]);
  return (
    <div
      className={`page-message page-message--${notFound ? 'not-found' : 'error'}`}
      data-testid={notFound ? 'page-message-not-found' : 'page-message-error'}
      data-status={status}
    >
      <StaticPageHead page={notFound ? 'not-found' : 'error'} noindex />
      <p className="page-message__status">{status}</p>
      <h1 className="page-message__title">{notFound ? t('error.notFound') : message}</h1>
      {!notFound && <p className="page-message__body">{t('error.generic')}</p>}
      <Link className="button" to={`/${lang ?? ''}`}>
        {t('error.home')}
      </Link>
    </div>
  );
}

interface FallbackProps {
  error: unknown;
  children: ReactNode;
}

/**
 * When showing the error page throws too (SPEC 8), one of the spec's two messages, the details, and a
 * plain link home. No translation or router here: either may be what failed.
 */
export class ErrorPageFallback extends Component<FallbackProps, { failure: unknown }> {
  override state = { failure: undefined as unknown };

  static getDerivedStateFromError(failure: unknown) {
    return { failure: failure ?? new Error('Unknown error') };
  }

  override render() {
    const { failure } = this.state;
    if (failure === undefined) return this.props.children;
    const original = this.props.error;
    const message =
      original === undefined || original === null
        ? 'An error occurred while showing the error page'
        : 'Unfortunately an error occurred and while showing the error page another error occurred';
    const details = [original, failure]
      .filter((e) => e !== undefined && e !== null)
      .map((e) => describeError(e))
      .map((d) => `${d.status}: ${d.message}`)
      .join('\n');
    return (
      <div className="page-message page-message--error" data-testid="error-page-fallback">
        <h1 className="page-message__title">{message}</h1>
        <details>
          <summary>Error details</summary>
          <pre>{details}</pre>
        </details>
        <a className="button" href="/">
          Go back to home
        </a>
      </div>
    );
  }
}
