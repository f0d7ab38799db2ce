import { useTranslation } from 'react-i18next';
import { Link, type To } from 'react-router-dom';
import { relativeDay } from '../utils/calendar-day.ts';
import { shortDate, weekdayName } from '../utils/day-names.ts';
import '../matches.css';

interface DateStripProps {
  days: readonly string[];
  selected: string;
  today: string;
  /** The address of a day's page (the route builds it: it keeps the other filters). */
  dayHref: (day: string) => To;
}

/**
 * Days to pick from, as live-score sites show them above the list: yesterday, today, tomorrow by name,
 * others by weekday and date. Links, so every day has an address; the page keeps its scroll position.
 */
export function DateStrip({ days, selected, today, dayHref }: DateStripProps) {
  const { t, i18n } = useTranslation('matches');
  const locale = i18n.language;
  return (
    <nav className="date-strip" aria-label={t('fixtures.days')}>
      <ul className="date-strip__days">
        {days.map((day) => {
          const relative = relativeDay(day, today);
          return (
            <li key={day}>
              <Link
                className={`date-strip__day ${day === selected ? 'date-strip__day--selected' : ''}`}
                to={dayHref(day)}
                preventScrollReset
                aria-current={day === selected ? 'date' : undefined}
                data-testid="date-strip-day"
                data-day={day}
              >
                <span className="date-strip__name">
                  {relative ? t(`fixtures.${relative}`) : weekdayName(day, locale)}
                </span>
                <span className="date-strip__date">{shortDate(day, locale)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
