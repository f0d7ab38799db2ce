import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { addStreamSource, deleteStreamSource, listStreamSources } from '../api/cms-api.ts';
import { useCmsAction } from '../hooks/use-cms-action.ts';
import { useCmsForm } from '../hooks/use-cms-form.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { AccessField, type Access } from './access-field.tsx';
import { TextField } from './cms-fields.tsx';
import { ConfirmedAction } from './confirm-button.tsx';
import { ActionOutcome, EditorForm } from './editor-form.tsx';
import { EditorTable } from './editor-table.tsx';
import { MatchPicker, matchName, usePickableMatches } from './match-picker.tsx';
import { SectionState } from './section-state.tsx';

const FIELDS = ['label', 'access', 'hls'] as const;

/**
 * Stream sources of a match, besides the streaming provider's: pick a match, see the sources the CMS gave
 * it, add one (label, free or premium, the origin HLS playlist) or delete one. The match page's stream tab
 * follows the change live.
 */
export function StreamSourcesEditor() {
  const { t } = useTranslation('cms');
  const matches = usePickableMatches();
  const [match, setMatch] = useState<ScoreboardEntry | null>(null);
  return (
    <div className="cms-columns">
      <MatchPicker
        title={t('streams.pick')}
        titleId="cms-streams-pick"
        matches={matches}
        testId="cms-streams-picker"
        actionLabel={(entry) =>
          entry.match.id === match?.match.id ? t('streams.chosen') : t('streams.choose')
        }
        isDisabled={(entry) => entry.match.id === match?.match.id}
        onPick={setMatch}
      />
      {match ? (
        <MatchSources key={match.match.id} entry={match} />
      ) : (
        <p className="cms-card cms-muted">{t('streams.none')}</p>
      )}
    </div>
  );
}

function MatchSources({ entry }: { entry: ScoreboardEntry }) {
  const { t } = useTranslation('cms');
  const matchId = entry.match.id;
  const load = useCallback(() => listStreamSources(matchId), [matchId]);
  const sources = useCmsList(load);
  const form = useCmsForm({ label: '', access: 'free' as Access, hls: '' }, FIELDS);
  const removal = useCmsAction();

  return (
    <section className="cms-card" aria-labelledby="cms-streams-of" data-testid="cms-match-sources">
      <h3 id="cms-streams-of">{t('streams.of', { name: matchName(entry) })}</h3>
      {!sources.items ? (
        <SectionState list={sources} />
      ) : sources.items.length === 0 ? (
        <p>{t('streams.empty')}</p>
      ) : (
        <EditorTable
          rows={sources.items}
          keyOf={(source) => source.id}
          columns={[
            { header: t('fields.label'), cell: (source) => source.label },
            { header: t('fields.access'), cell: (source) => t(`access.${source.access}`) },
            { header: t('fields.hls'), cell: (source) => source.hls, className: 'cms-url' },
          ]}
          actions={(source) => (
            <ConfirmedAction
              label={t('actions.delete')}
              question={t('actions.deleteQuestion', { name: source.label })}
              confirmLabel={t('actions.deleteConfirm')}
              action={removal}
              task={() => deleteStreamSource(matchId, source.id)}
              success={t('streams.deleted')}
              onDone={sources.reload}
              testId="cms-delete"
            />
          )}
        />
      )}
      <ActionOutcome action={removal} />
      <EditorForm
        form={form}
        save={() => addStreamSource(matchId, form.values)}
        saved={t('streams.added')}
        onDone={() => {
          form.change({ label: '', hls: '' });
          sources.reload();
        }}
        submitLabel={t('streams.addSubmit')}
        aria-labelledby="cms-streams-add"
      >
        <h4 id="cms-streams-add">{t('streams.add')}</h4>
        <TextField label={t('fields.label')} {...form.field('label')} />
        <AccessField {...form.field('access')} />
        <TextField
          label={t('fields.hls')}
          type="url"
          placeholder="https://origin.example.org/live/playlist.m3u8"
          hint={t('fields.hlsHint')}
          {...form.field('hls')}
        />
      </EditorForm>
    </section>
  );
}
