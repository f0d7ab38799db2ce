import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyFrame } from '../../../components/lazy-media.tsx';
import { RichText } from '../content-links.tsx';

interface WidgetEmbedProps {
  /** The site's public origin (canonical links use the same), e.g. https://pitchside.example. */
  baseUrl: string;
  /** The live list's path in a language: `/de/live-matches`. */
  livePath: (language: string) => string;
  /** Language choices, each in its own name; the first selected is `initialLanguage`. */
  languages: readonly { code: string; name: string }[];
  initialLanguage: string;
}

const WIDGET_HEIGHT = 600;

const attribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The HTML another site pastes: an iframe of the live list, sized to fit and lazy. */
export function widgetSnippet(src: string, title: string): string {
  return `<iframe src="${attribute(src)}" title="${attribute(title)}" width="100%" height="${WIDGET_HEIGHT}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}

/**
 * The widget page's working part: pick a language, copy the snippet, see the live preview. The snippet
 * is plain text in a <pre>, so it can be selected and copied by hand too (and without JavaScript).
 */
export function WidgetEmbed({ baseUrl, livePath, languages, initialLanguage }: WidgetEmbedProps) {
  const { t } = useTranslation('content');
  const id = useId();
  const [language, setLanguage] = useState(initialLanguage);
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const base = baseUrl.replace(/\/$/, '');
  const snippet = widgetSnippet(`${base}${livePath(language)}`, t('widget.iframeTitle'));
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(snippet);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), 3000);
    } catch {
      // No clipboard permission: the code stays selectable in the box.
      setCopied(false);
    }
  };

  return (
    <>
      <section className="prose__section" aria-labelledby={`${id}-how`}>
        <h2 id={`${id}-how`}>{t('widget.howTitle')}</h2>
        <ol className="prose__steps">
          {t('widget.steps', { returnObjects: true }).map((step, i) => (
            <li key={i}>{step}</li>
          ))}
        </ol>
        <div className="widget-embed__field">
          <label htmlFor={`${id}-language`}>{t('widget.languageLabel')}</label>
          <select
            id={`${id}-language`}
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
            data-testid="widget-language"
          >
            {languages.map((option) => (
              <option key={option.code} value={option.code} lang={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <div className="widget-embed__code">
          <p className="widget-embed__code-label" id={`${id}-code`}>
            {t('widget.codeLabel')}
          </p>
          <pre aria-labelledby={`${id}-code`} tabIndex={0} data-testid="widget-snippet">
            <code>{snippet}</code>
          </pre>
          <button type="button" className="button content-button" onClick={() => void copy()}>
            {t('widget.copy')}
          </button>
          <span className="widget-embed__copied" role="status">
            {copied ? t('widget.copied') : ''}
          </span>
        </div>
      </section>
      <section className="prose__section" aria-labelledby={`${id}-preview`}>
        <h2 id={`${id}-preview`}>{t('widget.previewTitle')}</h2>
        <LazyFrame
          key={language}
          className="widget-embed__preview"
          src={livePath(language)}
          title={t('widget.iframeTitle')}
          height={WIDGET_HEIGHT}
        />
      </section>
      <section className="prose__section" aria-labelledby={`${id}-notes`}>
        <h2 id={`${id}-notes`}>{t('widget.notesTitle')}</h2>
        <ul>
          {t('widget.notes', { returnObjects: true }).map((note, i) => (
            <li key={i}>
              <RichText text={note} />
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
