import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import { deviceClass } from '../lib/device.ts';
import { VisitContext, type Visit } from '../lib/visit.ts';
import type { BootData } from './boot.ts';
import { BOOT_DATA_ID, ROUTER_DATA_ID } from './data-blocks.ts';

interface DocumentProps {
  boot: BootData;
  visit: Visit;
  i18n: I18n;
  /**
   * The boot data and the router's loader data as JSON text, in data blocks the entry script reads
   * (not executed, so the Content-Security-Policy needs no inline script). The browser passes back the
   * text it found, so hydration sees the same markup.
   */
  data: { boot: string; router: string };
  children: ReactNode;
}

/**
 * The whole HTML document, rendered by React on the server and hydrated in the browser. Pages add their
 * own title, description, share tags and alternates with <PageHead>; React 19 hoists them into <head>.
 */
export function Document({ boot, visit, i18n, data, children }: DocumentProps) {
  return (
    <html lang={boot.language} data-theme={boot.theme ?? undefined} data-device={deviceClass(boot.device)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3d2c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {boot.assets.css.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body>
        <I18nextProvider i18n={i18n}>
          <VisitContext.Provider value={visit}>{children}</VisitContext.Provider>
        </I18nextProvider>
        <script id={BOOT_DATA_ID} type="application/json" dangerouslySetInnerHTML={{ __html: data.boot }} />
        <script
          id={ROUTER_DATA_ID}
          type="application/json"
          dangerouslySetInnerHTML={{ __html: data.router }}
        />
      </body>
    </html>
  );
}
