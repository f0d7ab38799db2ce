import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { VideoKind } from '@pitchside/shared/content';
import { deleteHighlight, listHighlights, putHighlight, type AdminHighlight } from '../api/cms-api.ts';
import { useCmsAction } from '../hooks/use-cms-action.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { CatalogueSection, type FormProps } from './catalogue-section.tsx';
import { FormFooter, SelectField, TextField } from './cms-fields.tsx';
import { matchName, usePickableMatches } from './match-picker.tsx';
import { numberOrNull, orNull, VIDEO_FIELDS, VideoFields } from './video-fields.tsx';

const FIELDS = ['id', 'matchId', 'title', 'posterUrl', 'durationS', 'publishedAt', ...VIDEO_FIELDS];

/** Highlights: match clips and compilations (PUT /api/admin/content/highlights/:id creates or replaces). */
export function HighlightsEditor() {
  const { t } = useTranslation('cms');
  const list = useCmsList(listHighlights);
  return (
    <CatalogueSection<AdminHighlight>
      list={list}
      testId="cms-highlights"
      keyOf={(h) => h.id}
      nameOf={(h) => h.title}
      columns={[
        { header: t('fields.title'), cell: (h) => h.title },
        { header: t('fields.matchId'), cell: (h) => h.matchId ?? t('highlights.compilation') },
        { header: t('fields.videoKind'), cell: (h) => t(`videoKind.${h.video.kind}`) },
        { header: t('fields.id'), cell: (h) => <code>{h.id}</code> },
      ]}
      newLabel={t('highlights.new')}
      newTitle={t('highlights.new')}
      editTitle={(h) => t('highlights.edit', { name: h.title })}
      remove={(h) => deleteHighlight(h.id)}
      removed={t('highlights.deleted')}
      renderForm={(props) => <HighlightForm {...props} />}
    />
  );
}

function HighlightForm({ item, onSaved }: FormProps<AdminHighlight>) {
  const { t } = useTranslation('cms');
  const action = useCmsAction(FIELDS);
  const matches = usePickableMatches();
  const [id, setId] = useState(item?.id ?? '');
  const [matchId, setMatchId] = useState(item?.matchId ?? '');
  const [title, setTitle] = useState(item?.title ?? '');
  const [kind, setKind] = useState<VideoKind>(item?.video.kind ?? 'hls');
  const [url, setUrl] = useState(item?.video.url ?? '');
  const [posterUrl, setPosterUrl] = useState(item?.posterUrl ?? '');
  const [duration, setDuration] = useState(item?.durationS?.toString() ?? '');

  const matchOptions = [
    { value: '', label: t('highlights.compilation') },
    ...(matches.items ?? []).map((entry) => ({ value: entry.match.id, label: matchName(entry) })),
  ];
  if (matchId && !matchOptions.some((o) => o.value === matchId))
    matchOptions.push({ value: matchId, label: matchId });

  const save = (event: FormEvent) => {
    event.preventDefault();
    const key = id.trim();
    void action
      .run(
        () =>
          putHighlight(key, {
            matchId: orNull(matchId),
            title,
            video: { kind, url: url.trim() },
            posterUrl: orNull(posterUrl),
            durationS: numberOrNull(duration),
            ...(item ? { publishedAt: item.publishedAt } : {}),
          }).then(() => {}),
        t('highlights.saved'),
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
      <SelectField
        label={t('fields.matchId')}
        name="matchId"
        value={matchId}
        onValue={setMatchId}
        options={matchOptions}
        error={action.fieldError('matchId')}
      />
      <TextField
        label={t('fields.title')}
        name="title"
        value={title}
        onValue={setTitle}
        error={action.fieldError('title')}
      />
      <VideoFields kind={kind} url={url} onKind={setKind} onUrl={setUrl} action={action} />
      <TextField
        label={t('fields.posterUrl')}
        name="posterUrl"
        type="url"
        value={posterUrl}
        onValue={setPosterUrl}
        hint={t('fields.optional')}
        error={action.fieldError('posterUrl')}
      />
      <TextField
        label={t('fields.durationS')}
        name="durationS"
        type="number"
        min={1}
        value={duration}
        onValue={setDuration}
        hint={t('fields.optional')}
        error={action.fieldError('durationS')}
      />
      <FormFooter action={action} submitLabel={t('actions.save')} shownFields={FIELDS} />
    </form>
  );
}
