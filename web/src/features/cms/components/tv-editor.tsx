import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteTvChannel, listTvChannels, putTvChannel, type AdminTvChannel } from '../api/cms-api.ts';
import { useCmsAction } from '../hooks/use-cms-action.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { fromLocalInput, toLocalInput } from '../utils/local-time.ts';
import { AccessField, type Access } from './access-field.tsx';
import { CatalogueSection, type FormProps } from './catalogue-section.tsx';
import { FormFooter, TextField } from './cms-fields.tsx';
import { numberOrNull, orNull } from './video-fields.tsx';

interface Row {
  /** Stable while rows move or go: React's key. */
  key: number;
  title: string;
  startsAt: string;
  endsAt: string;
}

let rowKeys = 0;
const newRow = (title = '', startsAt = '', endsAt = ''): Row => ({ key: ++rowKeys, title, startsAt, endsAt });

/** TV channels: name, logo, access, the live HLS origin and the schedule (PUT creates or replaces). */
export function TvEditor() {
  const { t } = useTranslation('cms');
  const list = useCmsList(listTvChannels);
  return (
    <CatalogueSection<AdminTvChannel>
      list={list}
      testId="cms-tv"
      keyOf={(c) => c.id}
      nameOf={(c) => c.name}
      columns={[
        { header: t('fields.name'), cell: (c) => c.name },
        { header: t('fields.access'), cell: (c) => t(`access.${c.access}`) },
        { header: t('tv.programmes'), cell: (c) => c.schedule.length },
        { header: t('fields.position'), cell: (c) => c.position },
      ]}
      newLabel={t('tv.new')}
      newTitle={t('tv.new')}
      editTitle={(c) => t('tv.edit', { name: c.name })}
      remove={(c) => deleteTvChannel(c.id)}
      removed={t('tv.deleted')}
      renderForm={(props) => <ChannelForm {...props} />}
    />
  );
}

function ChannelForm({ item, onSaved }: FormProps<AdminTvChannel>) {
  const { t } = useTranslation('cms');
  const [id, setId] = useState(item?.id ?? '');
  const [name, setName] = useState(item?.name ?? '');
  const [logoUrl, setLogoUrl] = useState(item?.logoUrl ?? '');
  const [access, setAccess] = useState<Access>(item?.access ?? 'free');
  const [hls, setHls] = useState(item?.hls ?? '');
  const [position, setPosition] = useState(String(item?.position ?? 0));
  const [rows, setRows] = useState<Row[]>(() =>
    (item?.schedule ?? []).map((p) => newRow(p.title, toLocalInput(p.startsAt), toLocalInput(p.endsAt))),
  );
  const fields = [
    'id',
    'name',
    'logoUrl',
    'access',
    'hls',
    'position',
    'schedule',
    ...rows.flatMap((_, i) => [
      `schedule.${i}`,
      `schedule.${i}.title`,
      `schedule.${i}.startsAt`,
      `schedule.${i}.endsAt`,
    ]),
  ];
  const action = useCmsAction(fields);

  const update = (key: number, change: Partial<Row>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const key = id.trim();
    void action
      .run(
        () =>
          putTvChannel(key, {
            name,
            logoUrl: orNull(logoUrl),
            access,
            hls: hls.trim(),
            position: numberOrNull(position) ?? 0,
            schedule: rows.map((row) => ({
              title: row.title,
              startsAt: fromLocalInput(row.startsAt),
              endsAt: fromLocalInput(row.endsAt),
            })),
          }).then(() => {}),
        t('tv.saved'),
      )
      .then((ok) => ok && onSaved(key));
  };

  return (
    <form className="auth-form" onSubmit={save} noValidate>
      <TextField
        label={t('fields.id')}
        name="id"
        value={id}
        onValue={setId}
        readOnly={!!item}
        hint={t('fields.slugHint')}
        error={action.fieldError('id')}
      />
      <TextField
        label={t('fields.name')}
        name="name"
        value={name}
        onValue={setName}
        error={action.fieldError('name')}
      />
      <TextField
        label={t('fields.logoUrl')}
        name="logoUrl"
        type="url"
        value={logoUrl}
        onValue={setLogoUrl}
        hint={t('fields.optional')}
        error={action.fieldError('logoUrl')}
      />
      <AccessField value={access} onValue={setAccess} action={action} />
      <TextField
        label={t('fields.hls')}
        name="hls"
        type="url"
        value={hls}
        onValue={setHls}
        hint={t('fields.hlsHint')}
        error={action.fieldError('hls')}
      />
      <TextField
        label={t('fields.position')}
        name="position"
        type="number"
        min={0}
        value={position}
        onValue={setPosition}
        hint={t('fields.positionHint')}
        error={action.fieldError('position')}
      />
      <fieldset className="cms-fieldset" data-testid="cms-schedule">
        <legend>{t('tv.schedule')}</legend>
        <p className="auth-form__hint">{t('tv.scheduleHint')}</p>
        {action.fieldError('schedule') && (
          <p className="auth-form__error" data-testid="error-schedule">
            {action.fieldError('schedule')}
          </p>
        )}
        {rows.length === 0 && <p className="cms-muted">{t('tv.noProgrammes')}</p>}
        <ol className="cms-schedule">
          {rows.map((row, i) => (
            <li key={row.key} className="cms-schedule__row">
              <TextField
                label={t('tv.programmeTitle', { n: i + 1 })}
                name={`schedule.${i}.title`}
                value={row.title}
                onValue={(title) => update(row.key, { title })}
                error={action.fieldError(`schedule.${i}.title`) ?? action.fieldError(`schedule.${i}`)}
              />
              <TextField
                label={t('tv.startsAt')}
                name={`schedule.${i}.startsAt`}
                type="datetime-local"
                value={row.startsAt}
                onValue={(startsAt) => update(row.key, { startsAt })}
                error={action.fieldError(`schedule.${i}.startsAt`)}
              />
              <TextField
                label={t('tv.endsAt')}
                name={`schedule.${i}.endsAt`}
                type="datetime-local"
                value={row.endsAt}
                onValue={(endsAt) => update(row.key, { endsAt })}
                error={action.fieldError(`schedule.${i}.endsAt`)}
              />
              <button
                type="button"
                className="auth-button"
                onClick={() => setRows((current) => current.filter((other) => other.key !== row.key))}
                aria-label={t('tv.removeProgramme', { n: i + 1 })}
              >
                {t('tv.remove')}
              </button>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="auth-button"
          onClick={() => {
            // A new programme starts where the last one ends: the usual way a schedule is typed in.
            const last = rows.at(-1);
            setRows([...rows, newRow('', last?.endsAt ?? '', '')]);
          }}
          data-testid="cms-add-programme"
        >
          {t('tv.addProgramme')}
        </button>
      </fieldset>
      <FormFooter action={action} submitLabel={t('actions.save')} shownFields={fields} />
    </form>
  );
}
