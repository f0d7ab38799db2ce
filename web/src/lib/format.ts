import { useTranslation } from 'react-i18next';
import { useVisit } from './visit.ts';

/**
 * Dates, times and numbers as the visitor reads them: in the page's language and the visitor's time zone.
 * Intl formatters are costly to build, so one per locale, zone and style is kept.
 */
const STYLES = {
  time: { hour: '2-digit', minute: '2-digit' },
  dateTime: {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  },
  date: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' },
  dayMonth: { weekday: 'short', day: 'numeric', month: 'short' },
  weekday: { weekday: 'short' },
  longDate: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' },
  /** YYYY-MM-DD of the visitor's day (en-CA formats so), for API queries and URLs. */
  isoDay: { year: 'numeric', month: '2-digit', day: '2-digit' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
export type DateStyle = keyof typeof STYLES;

const formatters = new Map<string, Intl.DateTimeFormat>();

export function formatDate(iso: string | Date, style: DateStyle, locale: string, timeZone: string): string {
  const key = `${locale}|${timeZone}|${style}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(style === 'isoDay' ? 'en-CA' : locale, { ...STYLES[style], timeZone });
    formatters.set(key, format);
  }
  return format.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** The visitor's calendar day (YYYY-MM-DD) of an instant. */
export const dayOf = (instant: Date | string, timeZone: string): string =>
  formatDate(instant, 'isoDay', 'en', timeZone);

/** Adds whole days to a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface Formatters {
  locale: string;
  timeZone: string;
  date: (iso: string | Date, style: DateStyle) => string;
  number: (value: number, options?: Intl.NumberFormatOptions) => string;
}

/** Formatters bound to the page's language and the visitor's time zone. */
export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const { timeZone } = useVisit();
  const locale = i18n.language;
  return {
    locale,
    timeZone,
    date: (iso, style) => formatDate(iso, style, locale, timeZone),
    number: (value, options) => new Intl.NumberFormat(locale, options).format(value),
  };
}
