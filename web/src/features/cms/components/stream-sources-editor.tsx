import { useCallback, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScoreboardEntry } from '@pitchside/shared/protocol';
import { addStreamSource, deleteStreamSource, listStreamSources } from '../api/cms-api.ts';
import { useCmsAction } from '../hooks/use-cms-action.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { ConfirmButton } from './confirm-button.tsx';
import { FormFooter, SelectField, TextField } from './cms-fields.tsx';
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
      <section className="cms-card" aria-labelledby="cms-streams-pick">
        <h3 id="cms-streams-pick">{t('streams.pick')}</h3>
        <MatchPicker
          entries={matches.items}
          error={matches.error}
          testId="cms-streams-picker"
          actionLabel={(entry) =>
            entry.match.id === match?.match.id ? t('streams.chosen') : t('streams.choose')
          }
          isDisabled={(entry) => entry.match.id === match?.match.id}
          onPick={setMatch}
        />
      </section>
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
  const action = useCmsAction(FIELDS);
  const removal = useCmsAction();
  const [label, setLabel] = useState('');
  const [access, setAccess] = useState<'free' | 'premium'>('free');
  const [hls, setHls] = useState('');

  const add = (event: FormEvent) => {
    event.preventDefault();
    void action
      .run(() => addStreamSource(matchId, { label, access, hls }).then(() => {}), t('streams.added'))
      .then((ok) => {
        if (!ok) return;
        setLabel('');
        setHls('');
        sources.reload();
      });
  };

  return (
    <section className="cms-card" aria-labelledby="cms-streams-of" data-testid="cms-match-sources">
      <h3 id="cms-streams-of">{t('streams.of', { name: matchName(entry) })}</h3>
      {!sources.items ? (
        <SectionState list={sources} />
      ) : sources.items.length === 0 ? (
        <p>{t('streams.empty')}</p>
      ) : (
        <table className="cms-table">
          <thead>
            <tr>
              <th scope="col">{t('fields.label')}</th>
              <th scope="col">{t('fields.access')}</th>
              <th scope="col">{t('fields.hls')}</th>
              <th scope="col">{t('common.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {sources.items.map((source) => (
              <tr key={source.id} data-id={source.id}>
                <td>{source.label}</td>
                <td>{t(`access.${source.access}`)}</td>
                <td className="cms-url">{source.hls}</td>
                <td>
                  <ConfirmButton
                    label={t('actions.delete')}
                    question={t('actions.deleteQuestion', { name: source.label })}
                    confirmLabel={t('actions.deleteConfirm')}
                    disabled={removal.saving}
                    onConfirm={() =>
                      void removal
                        .run(() => deleteStreamSource(matchId, source.id), t('streams.deleted'))
                        .then((ok) => ok && sources.reload())
                    }
                    testId="cms-delete"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {removal.error && (
        <p className="auth-form__message" role="alert">
          {removal.error.message}
        </p>
      )}
      <form className="auth-form" onSubmit={add} noValidate aria-labelledby="cms-streams-add">
        <h4 id="cms-streams-add">{t('streams.add')}</h4>
        <TextField
          label={t('fields.label')}
          name="label"
          value={label}
          onValue={setLabel}
          error={action.fieldError('label')}
        />
        <SelectField
          label={t('fields.access')}
          name="access"
          value={access}
          onValue={setAccess}
          options={[
            { value: 'free', label: t('access.free') },
            { value: 'premium', label: t('access.premium') },
          ]}
          error={action.fieldError('access')}
        />
        <TextField
          label={t('fields.hls')}
          name="hls"
          type="url"
          value={hls}
          onValue={setHls}
          placeholder="https://origin.example.org/live/playlist.m3u8"
          hint={t('fields.hlsHint')}
          error={action.fieldError('hls')}
        />
        <FormFooter action={action} submitLabel={t('streams.addSubmit')} shownFields={FIELDS} />
      </form>
    </section>
  );
}
