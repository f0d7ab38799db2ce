import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Competition, Team } from '@pitchside/shared/domain';
import {
  embedUrl,
  iframeSnippet,
  isComplete,
  scriptSnippet,
  WIDGET_SCOPES,
  WIDGET_SIZES,
  WIDGET_THEMES,
  type WidgetSettings,
} from '../widget-snippets.ts';
import { CodeBox } from './code-box.tsx';
import { WidgetPreview } from './widget-preview.tsx';
import '../widget.css';

interface WidgetConfiguratorProps {
  /** The site's public origin (canonical links use the same), e.g. https://pitchside.example. */
  baseUrl: string;
  /** The site page a script snippet's link leads to where scripts are off, in a language (`/de/league/39`). */
  fallbackPath: (settings: WidgetSettings) => string;
  /** Language choices, each in its own name. */
  languages: readonly { code: string; name: string }[];
  initialLanguage: string;
  /** The competitions to choose from (the REST list), or null when it could not be read. */
  competitions: readonly Competition[] | null;
  /** The team search (a remote-search picker the page brings). */
  teamPicker: (value: Team | null, onChange: (team: Team | null) => void) => ReactNode;
}

/**
 * The /widget configurator: what the widget shows (every live match, a competition or a team), its colours,
 * language and size; the two snippets to copy and a live preview of the real embed, all following the
 * choices as they are made.
 */
export function WidgetConfigurator(props: WidgetConfiguratorProps) {
  const { baseUrl, fallbackPath, languages, initialLanguage, competitions, teamPicker } = props;
  const { t } = useTranslation('widget');
  const id = useId();
  const [scope, setScope] = useState<WidgetSettings['scope']>('live');
  const [competitionId, setCompetitionId] = useState(competitions?.[0]?.id ?? '');
  const [team, setTeam] = useState<Team | null>(null);
  const [theme, setTheme] = useState<WidgetSettings['theme']>('light');
  const [lang, setLang] = useState(initialLanguage);
  const [size, setSize] = useState<WidgetSettings['size']>('regular');

  const settings: WidgetSettings = {
    scope,
    id: scope === 'competition' ? competitionId || null : scope === 'team' ? (team?.id ?? null) : null,
    theme,
    lang,
    size,
  };
  const complete = isComplete(settings);

  return (
    <>
      <section className="prose__section widget-settings" aria-labelledby={`${id}-settings`}>
        <h2 id={`${id}-settings`}>{t('settingsTitle')}</h2>
        <fieldset className="widget-choice" data-testid="widget-scope">
          <legend>{t('scopeLabel')}</legend>
          {WIDGET_SCOPES.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name={`${id}-scope`}
                value={value}
                checked={scope === value}
                onChange={() => setScope(value)}
              />
              {t(`scope.${value}`)}
            </label>
          ))}
        </fieldset>
        {scope === 'competition' && (
          <div className="widget-field">
            <label htmlFor={`${id}-competition`}>{t('competitionLabel')}</label>
            {competitions ? (
              <select
                id={`${id}-competition`}
                value={competitionId}
                onChange={(event) => setCompetitionId(event.target.value)}
                data-testid="widget-competition"
              >
                {competitions.map((competition) => (
                  <option key={competition.id} value={competition.id}>
                    {competition.country ? `${competition.name} (${competition.country})` : competition.name}
                  </option>
                ))}
              </select>
            ) : (
              <p role="alert">{t('competitionsError')}</p>
            )}
          </div>
        )}
        {scope === 'team' && (
          <div className="widget-field widget-field--team">
            {teamPicker(team, setTeam)}
            {!team && <p className="widget-field__hint">{t('teamHint')}</p>}
          </div>
        )}
        <fieldset className="widget-choice" data-testid="widget-theme">
          <legend>{t('themeLabel')}</legend>
          {WIDGET_THEMES.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name={`${id}-theme`}
                value={value}
                checked={theme === value}
                onChange={() => setTheme(value)}
              />
              {t(`theme.${value}`)}
            </label>
          ))}
        </fieldset>
        <div className="widget-field">
          <label htmlFor={`${id}-language`}>{t('languageLabel')}</label>
          <select
            id={`${id}-language`}
            value={lang}
            onChange={(event) => setLang(event.target.value)}
            data-testid="widget-language"
          >
            {languages.map((option) => (
              <option key={option.code} value={option.code} lang={option.code}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset className="widget-choice" data-testid="widget-size">
          <legend>{t('sizeLabel')}</legend>
          {WIDGET_SIZES.map((value) => (
            <label key={value}>
              <input
                type="radio"
                name={`${id}-size`}
                value={value}
                checked={size === value}
                onChange={() => setSize(value)}
              />
              {t(`size.${value}`)}
            </label>
          ))}
        </fieldset>
      </section>
      {complete ? (
        <>
          <section className="prose__section" aria-labelledby={`${id}-code`}>
            <h2 id={`${id}-code`}>{t('codeTitle')}</h2>
            <CodeBox
              label={t('scriptLabel')}
              hint={t('scriptHint')}
              code={scriptSnippet(settings, baseUrl, fallbackPath(settings), t('linkText'))}
              testId="widget-script-snippet"
            />
            <CodeBox
              label={t('iframeLabel')}
              hint={t('iframeHint')}
              code={iframeSnippet(settings, baseUrl, t('frameTitle'))}
              testId="widget-iframe-snippet"
            />
          </section>
          <section className="prose__section" aria-labelledby={`${id}-preview`}>
            <h2 id={`${id}-preview`}>{t('previewTitle')}</h2>
            <WidgetPreview src={embedUrl(settings)} size={size} title={t('frameTitle')} />
          </section>
        </>
      ) : (
        <p className="widget-choose-first" data-testid="widget-choose-first">
          {t('chooseFirst')}
        </p>
      )}
      <section className="prose__section" aria-labelledby={`${id}-notes`}>
        <h2 id={`${id}-notes`}>{t('notesTitle')}</h2>
        <ul>
          {t('notes', { returnObjects: true }).map((note, i) => (
            <li key={i}>{note}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
