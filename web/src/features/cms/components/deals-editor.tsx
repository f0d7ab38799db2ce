import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminDeal, AdminPlan } from '@pitchside/shared/payments';
import { useVisit } from '../../../app/boot.ts';
import { formatDate } from '../../../lib/format.ts';
import { createDeal, listDeals, listPlans, retireDeal, updateDeal } from '../api/cms-api.ts';
import { useCmsAction } from '../hooks/use-cms-action.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { fromLocalInput, toLocalInput } from '../utils/local-time.ts';
import { CatalogueSection, type FormProps } from './catalogue-section.tsx';
import { CheckField, FormFooter, TextField } from './cms-fields.tsx';
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
      list={list}
      testId="cms-deals"
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
      newLabel={t('deals.new')}
      newTitle={t('deals.new')}
      editTitle={(d) => t('deals.edit', { name: d.name })}
      remove={(d) => retireDeal(d.code)}
      removeLabel={t('actions.retire')}
      canRemove={(d) => !d.retiredAt}
      removed={t('deals.retiredNotice')}
      renderForm={(props) => <DealForm {...props} plans={plans.items ?? []} />}
    />
  );
}

function DealForm({ item, onSaved, plans }: FormProps<AdminDeal> & { plans: AdminPlan[] }) {
  const { t } = useTranslation('cms');
  const action = useCmsAction(FIELDS);
  const [code, setCode] = useState(item?.code ?? '');
  const [name, setName] = useState(item?.name ?? '');
  const [planIds, setPlanIds] = useState<string[]>(item?.planIds ?? []);
  const [percentOff, setPercentOff] = useState(String(item?.percentOff ?? 10));
  const [startsAt, setStartsAt] = useState(toLocalInput(item?.startsAt));
  const [endsAt, setEndsAt] = useState(toLocalInput(item?.endsAt));
  const offered = plans.filter((p) => !p.retiredAt || planIds.includes(p.id));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const common = {
      name,
      planIds,
      percentOff: numberOrNull(percentOff) ?? 0,
      startsAt: startsAt ? fromLocalInput(startsAt) : null,
      endsAt: endsAt ? fromLocalInput(endsAt) : null,
    };
    const key = (item?.code ?? code.trim()).toUpperCase();
    void action
      .run(
        () => (item ? updateDeal(item.code, common) : createDeal({ ...common, code: key })).then(() => {}),
        item ? t('deals.saved') : t('deals.created'),
      )
      .then((ok) => ok && onSaved(key));
  };

  return (
    <form className="auth-form" onSubmit={save} noValidate>
      <TextField
        label={t('deals.code')}
        name="code"
        value={code}
        onValue={setCode}
        readOnly={!!item}
        hint={t('deals.codeHint')}
        error={action.fieldError('code')}
      />
      <TextField
        label={t('fields.name')}
        name="name"
        value={name}
        onValue={setName}
        error={action.fieldError('name')}
      />
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
        {action.fieldError('planIds') && (
          <p className="auth-form__error" id="cms-deal-plans-error" data-testid="error-planIds">
            {action.fieldError('planIds')}
          </p>
        )}
      </fieldset>
      <TextField
        label={t('deals.percentOff')}
        name="percentOff"
        type="number"
        min={0}
        max={90}
        value={percentOff}
        onValue={setPercentOff}
        error={action.fieldError('percentOff')}
      />
      <TextField
        label={t('deals.startsAt')}
        name="startsAt"
        type="datetime-local"
        value={startsAt}
        onValue={setStartsAt}
        hint={t('deals.dateHint')}
        error={action.fieldError('startsAt')}
      />
      <TextField
        label={t('deals.endsAt')}
        name="endsAt"
        type="datetime-local"
        value={endsAt}
        onValue={setEndsAt}
        hint={t('deals.dateHint')}
        error={action.fieldError('endsAt')}
      />
      <FormFooter
        action={action}
        submitLabel={item ? t('actions.save') : t('deals.create')}
        shownFields={FIELDS}
      />
    </form>
  );
}
