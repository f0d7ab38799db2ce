import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getHotPins, putHotPins } from '../api/cms-api.ts';
import { useCmsAction } from '../hooks/use-cms-action.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { EditorForm } from './editor-form.tsx';
import { MatchPicker, matchName, usePickableMatches } from './match-picker.tsx';
import { SectionState } from './section-state.tsx';

/** The gateway keeps at most this many pins (shared HotPinsSchema). */
const MAX_PINS = 20;

/**
 * Hot matches: the pinned matches in their order (first shown first on the home page), with up/down and
 * unpin, and today's matches to pin from. Nothing changes for visitors until Save (PUT /api/admin/hot-pins);
 * then every open home page shows the new order without a reload.
 */
export function HotMatchesEditor() {
  const { t } = useTranslation('cms');
  const pins = useCmsList(getHotPins);
  const matches = usePickableMatches();
  const action = useCmsAction(['matchIds']);
  const [order, setOrder] = useState<string[] | null>(null);

  useEffect(() => {
    if (pins.items) setOrder(pins.items.matchIds);
  }, [pins.items]);

  const byId = useMemo(() => new Map((matches.items ?? []).map((e) => [e.match.id, e])), [matches.items]);
  const nameOf = (id: string) => {
    const entry = byId.get(id);
    return entry ? matchName(entry) : t('hot.unknownMatch', { id });
  };
  const dirty = !!order && !!pins.items && order.join() !== pins.items.matchIds.join();

  const move = (index: number, by: -1 | 1) =>
    setOrder((current) => {
      if (!current) return current;
      const next = [...current];
      const [id] = next.splice(index, 1);
      next.splice(index + by, 0, id!);
      return next;
    });

  if (!order) return <SectionState list={pins} />;
  return (
    <div className="cms-columns">
      <EditorForm
        form={{ action, fields: ['matchIds', ...order.map((_, i) => `matchIds.${i}`)] }}
        save={() => putHotPins({ matchIds: order })}
        saved={t('hot.saved')}
        onDone={pins.reload}
        submitLabel={t('hot.save')}
        className="auth-form cms-card"
        aria-labelledby="cms-hot-pinned"
      >
        <h3 id="cms-hot-pinned">{t('hot.pinned')}</h3>
        <p className="cms-muted">{t('hot.pinnedHint', { count: MAX_PINS })}</p>
        {order.length === 0 ? (
          <p data-testid="cms-pins-empty">{t('hot.none')}</p>
        ) : (
          <ol className="cms-pins" data-testid="cms-pins">
            {order.map((id, index) => (
              <li key={id} data-match={id}>
                <span className="cms-pins__name">{nameOf(id)}</span>
                {action.fieldError(`matchIds.${index}`) && (
                  <span className="auth-form__error" data-testid={`error-matchIds.${index}`}>
                    {action.fieldError(`matchIds.${index}`)}
                  </span>
                )}
                <span className="cms-row-actions">
                  <button
                    type="button"
                    className="auth-button"
                    disabled={index === 0}
                    onClick={() => move(index, -1)}
                    aria-label={t('hot.moveUp', { name: nameOf(id) })}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="auth-button"
                    disabled={index === order.length - 1}
                    onClick={() => move(index, 1)}
                    aria-label={t('hot.moveDown', { name: nameOf(id) })}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="auth-button"
                    onClick={() => setOrder(order.filter((other) => other !== id))}
                    data-testid="cms-unpin"
                  >
                    {t('hot.unpin')}
                    <span className="visually-hidden"> {nameOf(id)}</span>
                  </button>
                </span>
              </li>
            ))}
          </ol>
        )}
        {dirty && (
          <p className="cms-muted" role="status">
            {t('hot.unsaved')}
          </p>
        )}
      </EditorForm>
      <MatchPicker
        title={t('hot.pick')}
        titleId="cms-hot-pick"
        matches={matches}
        testId="cms-hot-picker"
        actionLabel={(entry) => (order.includes(entry.match.id) ? t('hot.isPinned') : t('hot.pin'))}
        isDisabled={(entry) => order.includes(entry.match.id) || order.length >= MAX_PINS}
        onPick={(entry) => setOrder([...order, entry.match.id])}
      />
    </div>
  );
}
