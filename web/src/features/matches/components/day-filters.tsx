import { useTranslation } from 'react-i18next';
import { Form, useSubmit } from 'react-router-dom';
import { daysBetween, parseDay } from '../utils/calendar-day.ts';
import '../matches.css';

interface DayFiltersProps {
  /** The day shown (YYYY-MM-DD) and today's, in the visitor's zone. */
  day: string;
  today: string;
  liveOnly: boolean;
}

/** How far from today a typed date may be to apply at once (see onDateChange). */
const NEAR_DAYS = 400;

/**
 * The calendar and the "live only" switch, as a GET form: it works without JavaScript (the button), and
 * with it every change applies at once. The choice lives in the address (?date=…&live=1), so it can be
 * shared and the page's loader reads it.
 */
export function DayFilters({ day, today, liveOnly }: DayFiltersProps) {
  const { t } = useTranslation('matches');
  const submit = useSubmit();
  const apply = (form: HTMLFormElement | null) => {
    if (form) void submit(form, { method: 'get', preventScrollReset: true });
  };
  return (
    <Form className="day-filters" method="get" preventScrollReset aria-label={t('fixtures.filters')}>
      <label className="day-filters__date">
        <span className="visually-hidden">{t('fixtures.date')}</span>
        <input
          key={day}
          type="date"
          name="date"
          defaultValue={day}
          required
          data-testid="fixtures-date-input"
          onChange={(event) => {
            // Typing a year fires a change per digit (0002, 0020, 0202, 2026): apply a typed date only
            // once it is a plausible one; any other still applies with the button.
            const value = parseDay(event.currentTarget.value);
            if (value && Math.abs(daysBetween(today, value)) <= NEAR_DAYS) apply(event.currentTarget.form);
          }}
        />
      </label>
      <label className="day-filters__live">
        <input
          type="checkbox"
          name="live"
          value="1"
          defaultChecked={liveOnly}
          key={String(liveOnly)}
          data-testid="fixtures-live-only"
          onChange={(event) => apply(event.currentTarget.form)}
        />
        <span>{t('fixtures.liveOnly')}</span>
      </label>
      <button className="day-filters__submit" type="submit">
        {t('fixtures.show')}
      </button>
    </Form>
  );
}
