import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Team } from '@pitchside/shared/domain';
import { Crest } from '../../../components/crest.tsx';
import { useTeamSearch } from '../hooks/use-team-search.ts';

interface TeamPickerProps {
  label: string;
  value: Team | null;
  onChange: (team: Team | null) => void;
  /** A team the other picker holds: not offered again. */
  exclude?: string | null;
  testId: string;
}

/**
 * A remote-search combobox (WAI-ARIA combobox with a listbox popup): type, then pick with the mouse or with
 * the arrow keys and Enter. Once picked, the team shows with a button to change it.
 */
export function TeamPicker({ label, value, onChange, exclude, testId }: TeamPickerProps) {
  const { t } = useTranslation('explore');
  const id = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const search = useTeamSearch(value ? '' : text);
  const options = search.teams.filter((team) => team.id !== exclude).slice(0, 12);
  const expanded = open && text.trim() !== '' && (options.length > 0 || !search.busy);

  const choose = (team: Team) => {
    onChange(team);
    setText('');
    setOpen(false);
  };

  if (value) {
    return (
      <div className="team-picker team-picker--chosen" data-testid={testId} data-team-id={value.id}>
        <span className="team-picker__label">{label}</span>
        <div className="team-picker__chosen">
          <Crest src={value.logo} name={value.name} size="md" />
          <span className="team-picker__name">{value.name}</span>
          <button type="button" className="text-button" onClick={() => onChange(null)}>
            {t('h2h.change', { name: value.name })}
          </button>
        </div>
      </div>
    );
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      setActive((i) =>
        event.key === 'ArrowDown' ? (i + 1) % options.length : (i - 1 + options.length) % options.length,
      );
    } else if (event.key === 'Enter' && expanded && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="team-picker" data-testid={testId}>
      <label className="team-picker__label" htmlFor={`${id}-input`}>
        {label}
      </label>
      <input
        id={`${id}-input`}
        className="filter-box__input"
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={expanded && options[active] ? `${id}-option-${active}` : undefined}
        autoComplete="off"
        spellCheck={false}
        value={text}
        placeholder={t('h2h.searchPlaceholder')}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
      />
      <ul
        className="team-picker__list"
        id={`${id}-list`}
        role="listbox"
        aria-label={label}
        hidden={!expanded}
      >
        {options.map((team, index) => (
          <li
            key={team.id}
            id={`${id}-option-${index}`}
            role="option"
            aria-selected={index === active}
            className="team-picker__option"
            data-testid="team-picker-option"
            // mousedown, not click: the input's blur would close the list before a click lands.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(team);
            }}
          >
            <Crest src={team.logo} name={team.name} />
            <span className="team-picker__name">{team.name}</span>
            {team.country && <span className="team-picker__meta">{team.country}</span>}
          </li>
        ))}
        {options.length === 0 && !search.busy && search.answered && (
          <li className="team-picker__none" role="presentation">
            {search.error ? t('h2h.searchError') : t('h2h.noTeams', { query: search.answered })}
          </li>
        )}
      </ul>
    </div>
  );
}
