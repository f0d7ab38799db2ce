import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ResultLetter } from '../utils/standings-view.ts';

export interface FormResult {
  result: ResultLetter;
  /** Where the chip leads (the match), when known. */
  href?: string;
  /** Spoken and shown on hover, e.g. "Won 2–1 against Kingsmoor County". */
  detail?: string;
}

/** The last results as W/D/L chips, oldest first and latest last, as tables print form. */
export function FormChips({ results, label }: { results: readonly FormResult[]; label?: string }) {
  const { t } = useTranslation('explore');
  if (results.length === 0) return <span className="form-chips form-chips--empty">–</span>;
  return (
    <ol className="form-chips" aria-label={label ?? t('form.label')} data-testid="form-chips">
      {results.map((entry, index) => {
        const word = t(`form.${entry.result}`);
        const chip = (
          <span className={`form-chip form-chip--${entry.result}`} aria-hidden="true">
            {t(`form.short.${entry.result}`)}
          </span>
        );
        const spoken = entry.detail ?? word;
        return (
          <li key={index} data-result={entry.result}>
            {entry.href ? (
              <Link to={entry.href} title={spoken} className="form-chips__link">
                {chip}
                <span className="visually-hidden">{spoken}</span>
              </Link>
            ) : (
              <span title={spoken}>
                {chip}
                <span className="visually-hidden">{spoken}</span>
              </span>
            )}
          </li>
        );
      })}
    </ol>
  );
}
