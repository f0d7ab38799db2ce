import { useTranslation } from 'react-i18next';
import { deleteTvChannel, listTvChannels, putTvChannel, type AdminTvChannel } from '../api/cms-api.ts';
import { useCmsForm } from '../hooks/use-cms-form.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { useRows } from '../hooks/use-rows.ts';
import { fromLocalInput, toLocalInput } from '../utils/local-time.ts';
import { AccessField } from './access-field.tsx';
import { CatalogueSection, type FormProps } from './catalogue-section.tsx';
import { Fieldset, KeyField, PositionField, TextField } from './cms-fields.tsx';
import { EditorForm } from './editor-form.tsx';
import { numberOrNull, orNull } from './video-fields.tsx';

const FIELDS = ['id', 'name', 'logoUrl', 'access', 'hls', 'position'];

/** TV channels: name, logo, access, the live HLS origin and the schedule (PUT creates or replaces). */
export function TvEditor() {
  const { t } = useTranslation('cms');
  const list = useCmsList(listTvChannels);
  return (
    <CatalogueSection<AdminTvChannel>
      catalogue="tv"
      list={list}
      keyOf={(c) => c.id}
      nameOf={(c) => c.name}
      columns={[
        { header: t('fields.name'), cell: (c) => c.name },
        { header: t('fields.access'), cell: (c) => t(`access.${c.access}`) },
        { header: t('tv.programmes'), cell: (c) => c.schedule.length },
        { header: t('fields.position'), cell: (c) => c.position },
      ]}
      remove={(c) => deleteTvChannel(c.id)}
      renderForm={(props) => <ChannelForm {...props} />}
    />
  );
}

function ChannelForm({ item, onSaved }: FormProps<AdminTvChannel>) {
  const { t } = useTranslation('cms');
  const schedule = useRows('schedule', () =>
    (item?.schedule ?? []).map((p) => ({
      title: p.title,
      startsAt: toLocalInput(p.startsAt),
      endsAt: toLocalInput(p.endsAt),
    })),
  );
  const form = useCmsForm(
    {
      id: item?.id ?? '',
      name: item?.name ?? '',
      logoUrl: item?.logoUrl ?? '',
      access: item?.access ?? 'free',
      hls: item?.hls ?? '',
      position: String(item?.position ?? 0),
    },
    [...FIELDS, ...schedule.paths(['title', 'startsAt', 'endsAt'])],
  );
  const { action, values: v } = form;
  const key = v.id.trim();

  return (
    <EditorForm
      form={form}
      save={() =>
        putTvChannel(key, {
          name: v.name,
          logoUrl: orNull(v.logoUrl),
          access: v.access,
          hls: v.hls.trim(),
          position: numberOrNull(v.position) ?? 0,
          schedule: schedule.rows.map((row) => ({
            title: row.title,
            startsAt: fromLocalInput(row.startsAt),
            endsAt: fromLocalInput(row.endsAt),
          })),
        })
      }
      saved={t('tv.saved')}
      onDone={() => onSaved(key)}
    >
      <KeyField locked={!!item} {...form.field('id')} />
      <TextField label={t('fields.name')} {...form.field('name')} />
      <TextField
        label={t('fields.logoUrl')}
        type="url"
        hint={t('fields.optional')}
        {...form.field('logoUrl')}
      />
      <AccessField {...form.field('access')} />
      <TextField label={t('fields.hls')} type="url" hint={t('fields.hlsHint')} {...form.field('hls')} />
      <PositionField {...form.field('position')} />
      <Fieldset
        legend={t('tv.schedule')}
        hint={t('tv.scheduleHint')}
        name="schedule"
        error={action.fieldError('schedule')}
        testId="cms-schedule"
      >
        {schedule.rows.length === 0 && <p className="cms-muted">{t('tv.noProgrammes')}</p>}
        <ol className="cms-schedule">
          {schedule.rows.map((row, i) => (
            <li key={row.key} className="cms-schedule__row">
              <TextField
                label={t('tv.programmeTitle', { n: i + 1 })}
                {...schedule.field(action, i, 'title')}
                error={action.fieldError(`schedule.${i}.title`) ?? action.fieldError(`schedule.${i}`)}
              />
              <TextField
                label={t('tv.startsAt')}
                type="datetime-local"
                {...schedule.field(action, i, 'startsAt')}
              />
              <TextField
                label={t('tv.endsAt')}
                type="datetime-local"
                {...schedule.field(action, i, 'endsAt')}
              />
              <button
                type="button"
                className="auth-button"
                onClick={() => schedule.remove(row.key)}
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
          // A new programme starts where the last one ends: the usual way a schedule is typed in.
          onClick={() =>
            schedule.add({ title: '', startsAt: schedule.rows.at(-1)?.endsAt ?? '', endsAt: '' })
          }
          data-testid="cms-add-programme"
        >
          {t('tv.addProgramme')}
        </button>
      </Fieldset>
    </EditorForm>
  );
}
