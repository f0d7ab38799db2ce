import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useRoundName } from '../hooks/use-round-name.ts';
import type { Round } from '../utils/rounds.ts';

interface RoundPickerProps {
  rounds: readonly Round[];
  selected: Round;
  /** The address of the page showing a round (?round=…): links work without JavaScript and for crawlers. */
  roundHref: (key: string) => string;
}

/** Previous and next round as links, and every round in a menu. */
export function RoundPicker({ rounds, selected, roundHref }: RoundPickerProps) {
  const { t } = useTranslation('explore');
  const navigate = useNavigate();
  const name = useRoundName();
  const index = rounds.findIndex((r) => r.key === selected.key);
  const previous = index > 0 ? rounds[index - 1] : undefined;
  const next = index >= 0 && index < rounds.length - 1 ? rounds[index + 1] : undefined;

  return (
    <nav className="round-picker" aria-label={t('round.picker')}>
      <RoundStep round={previous} href={previous && roundHref(previous.key)} dir="previous" />
      <label className="round-picker__menu">
        <span className="visually-hidden">{t('round.choose')}</span>
        <select
          value={selected.key}
          data-testid="round-select"
          onChange={(event) =>
            navigate(roundHref(event.target.value), { replace: true, preventScrollReset: true })
          }
        >
          {rounds.map((round) => (
            <option key={round.key} value={round.key}>
              {name(round)}
            </option>
          ))}
        </select>
      </label>
      <RoundStep round={next} href={next && roundHref(next.key)} dir="next" />
    </nav>
  );
}

function RoundStep({
  round,
  href,
  dir,
}: {
  round: Round | undefined;
  href: string | undefined;
  dir: 'previous' | 'next';
}) {
  const { t } = useTranslation('explore');
  const name = useRoundName();
  const arrow = dir === 'previous' ? '‹' : '›';
  if (!round || !href) {
    return (
      <span className="round-picker__step round-picker__step--off" aria-hidden="true">
        {arrow}
      </span>
    );
  }
  return (
    <Link
      className="round-picker__step"
      to={href}
      replace
      preventScrollReset
      rel={dir === 'previous' ? 'prev' : 'next'}
      data-testid={`round-${dir}`}
      aria-label={t(`round.${dir}`, { name: name(round) })}
    >
      {arrow}
    </Link>
  );
}
