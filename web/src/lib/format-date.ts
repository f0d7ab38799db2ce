/**
 * Dates as the visitor reads them: in their own time zone (the browser's), in the page's language.
 * Intl formatters are costly to build, so one per locale and style is kept.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, style: 'time' | 'dateTime'): Intl.DateTimeFormat {
  const key = `${locale}|${style}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      style === 'time'
        ? { hour: '2-digit', minute: '2-digit' }
        : {
            weekday: 'short',
            day: 'numeric',
            month: 'short',
            year: 'numeric',
            hour: '2-digit',
            minute: '2-digit',
          },
    );
    formatters.set(key, format);
  }
  return format;
}

/** "19:45": a kickoff on a list of today's matches. */
export const formatTime = (iso: string, locale: string): string =>
  formatter(locale, 'time').format(new Date(iso));

/** "Sat, 14 Jun 2025, 19:45": a kickoff on a match page. */
export const formatDateTime = (iso: string, locale: string): string =>
  formatter(locale, 'dateTime').format(new Date(iso));
