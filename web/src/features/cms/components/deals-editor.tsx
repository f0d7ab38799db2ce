import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDeal, AdminPlan } from '@pitchside/shared/payments';
import { useVisit } from '../../../lib/visit.ts';
import { formatDate } from '../../../lib/format.ts';
import { createDeal, listDeals, listPlans, retireDeal, updateDeal } from '../api/cms-api.ts';
import { useCmsForm } from '../hooks/use-cms-form.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { fromLocalInput, toLocalInput } from '../utils/local-time.ts';
import { CatalogueSection, type FormProps } from './catalogue-section.tsx';
import { CheckField, FieldError, KeyField, TextField } from './cms-fields.tsx';
import { EditorForm } from './editor-form.tsx';
import { numberOrNull } from './video-fields.tsx';

const FIELDS = ['code', 'name', 'planIds', 'percentOff', 'startsAt', 'endsAt'];

/**
 * Deals (the admin API of issue 5: /api/admin/deals): a code that reveals hidden plans and takes a
 * percentage off, between two optional dates. Retired, never deleted.
 */
export function DealsEditor() {
  const { t, i18n } = useTranslation('cms');
  const { timeZone } = useVisit();
  const list = useCmsList(listDeals);
  const plans = useCmsList(listPlans);
  const when = (iso: string | null) => (iso ? formatDate(iso, 'dateTime', i18n.language, timeZone) : '—');
  return (
    <CatalogueSection<AdminDeal>
      catalogue="deals"
      list={list}
      keyOf={(d) => d.code}
      nameOf={(d) => d.name}
      columns={[
        { header: t('deals.code'), cell: (d) => <code>{d.code}</code> },
        { header: t('fields.name'), cell: (d) => d.name },
        { header: t('deals.percentOff'), cell: (d) => `${d.percentOff} %` },
        { header: t('deals.plans'), cell: (d) => d.planIds.join(', ') },
        { header: t('deals.window'), cell: (d) => `${when(d.startsAt)} – ${when(d.endsAt)}` },
        { header: t('plans.status'), cell: (d) => (d.retiredAt ? t('plans.retired') : t('deals.active')) },
      ]}
      remove={(d) => retireDeal(d.code)}
      canRemove={(d) => !d.retiredAt}
      renderForm={(props) => <DealForm {...props} plans={plans.items ?? []} />}
    />
  );
}

function DealForm({ item, onSaved, plans }: FormProps<AdminDeal> & { plans: AdminPlan[] }) {
  const { t } = useTranslation('cms');
  const form = useCmsForm(
    {
      code: item?.code ?? '',
      name: item?.name ?? '',
      percentOff: String(item?.percentOff ?? 10),
      startsAt: toLocalInput(item?.startsAt),
      endsAt: toLocalInput(item?.endsAt),
    },
    FIELDS,
  );
  const { action, values: v } = form;
  const [planIds, setPlanIds] = useState<string[]>(item?.planIds ?? []);
  const offered = plans.filter((p) => !p.retiredAt || planIds.includes(p.id));
  const key = (item?.code ?? v.code.trim()).toUpperCase();

  const save = () => {
    const common = {
      name: v.name,
      planIds,
      percentOff: numberOrNull(v.percentOff) ?? 0,
      startsAt: v.startsAt ? fromLocalInput(v.startsAt) : null,
      endsAt: v.endsAt ? fromLocalInput(v.endsAt) : null,
    };
    return item ? updateDeal(item.code, common) : createDeal({ ...common, code: key });
  };

  return (
    <EditorForm
      form={form}
      save={save}
      saved={item ? t('deals.saved') : t('deals.created')}
      onDone={() => onSaved(key)}
      submitLabel={item ? t('actions.save') : t('deals.create')}
    >
      <KeyField locked={!!item} label={t('deals.code')} hint={t('deals.codeHint')} {...form.field('code')} />
      <TextField label={t('fields.name')} {...form.field('name')} />
      <fieldset
        className="cms-fieldset"
        aria-describedby={action.fieldError('planIds') ? 'cms-deal-plans-error' : undefined}
      >
        <legend>{t('deals.plans')}</legend>
        {offered.map((plan) => (
          <CheckField
            key={plan.id}
            label={`${plan.name} (${plan.id})`}
            name={`plan-${plan.id}`}
            checked={planIds.includes(plan.id)}
            onChecked={(on) => setPlanIds(on ? [...planIds, plan.id] : planIds.filter((p) => p !== plan.id))}
          />
        ))}
        <FieldError id="cms-deal-plans-error" name="planIds" error={action.fieldError('planIds')} />
      </fieldset>
      <TextField label={t('deals.percentOff')} type="number" min={0} max={90} {...form.field('percentOff')} />
      <TextField
        label={t('deals.startsAt')}
        type="datetime-local"
        hint={t('deals.dateHint')}
        {...form.field('startsAt')}
      />
      <TextField
        label={t('deals.endsAt')}
        type="datetime-local"
        hint={t('deals.dateHint')}
        {...form.field('endsAt')}
      />
    </EditorForm>
  );
}
