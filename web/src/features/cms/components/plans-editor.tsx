import { useTranslation } from 'react-i18next';
import { SPORTS, type SportSlug } from '@pitchside/shared/domain';
import type { AdminPlan, Period } from '@pitchside/shared/payments';
import { createPlan, listPlans, retirePlan, updatePlan } from '../api/cms-api.ts';
import { useCmsForm } from '../hooks/use-cms-form.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { useRows } from '../hooks/use-rows.ts';
import { formatMinor } from '../utils/format-minor.ts';
import { CatalogueSection, type FormProps } from './catalogue-section.tsx';
import {
  CheckField,
  Fieldset,
  KeyField,
  PositionField,
  SelectField,
  TextAreaField,
  TextField,
} from './cms-fields.tsx';
import { EditorForm } from './editor-form.tsx';
import { numberOrNull } from './video-fields.tsx';

const FIELDS = [
  'id',
  'kind',
  'sport',
  'name',
  'description',
  'period',
  'period.unit',
  'period.count',
  'hidden',
  'position',
];

/**
 * Pricing plans (the admin API of issue 5: /api/admin/plans). Plans are retired, never deleted: orders
 * keep pointing at them. An id and a kind are chosen once; everything else can change later.
 */
export function PlansEditor() {
  const { t, i18n } = useTranslation('cms');
  const { t: sportName } = useTranslation('matches');
  const list = useCmsList(listPlans);
  return (
    <CatalogueSection<AdminPlan>
      catalogue="plans"
      list={list}
      keyOf={(p) => p.id}
      nameOf={(p) => p.name}
      columns={[
        { header: t('fields.name'), cell: (p) => p.name },
        { header: t('fields.id'), cell: (p) => <code>{p.id}</code> },
        {
          header: t('plans.kind'),
          cell: (p) =>
            p.kind === 'site'
              ? t('plans.site')
              : t('plans.sportPass', { sport: p.sport ? sportName(`sport.${p.sport as SportSlug}`) : '' }),
        },
        {
          header: t('plans.period'),
          cell: (p) => t(`plans.every.${p.period.unit}`, { count: p.period.count }),
        },
        {
          header: t('plans.prices'),
          cell: (p) =>
            p.prices.map((price) => formatMinor(price.listAmount, price.currency, i18n.language)).join(', '),
        },
        {
          header: t('plans.status'),
          cell: (p) => (p.retiredAt ? t('plans.retired') : p.hidden ? t('plans.hidden') : t('plans.onSale')),
        },
      ]}
      remove={(p) => retirePlan(p.id)}
      canRemove={(p) => !p.retiredAt}
      renderForm={(props) => <PlanForm {...props} />}
    />
  );
}

function PlanForm({ item, onSaved }: FormProps<AdminPlan>) {
  const { t } = useTranslation('cms');
  const { t: sportName } = useTranslation('matches');
  const prices = useRows('prices', () =>
    item?.prices.length
      ? item.prices.map((p) => ({ currency: p.currency, amount: String(p.listAmount) }))
      : [{ currency: 'EUR', amount: '' }],
  );
  const form = useCmsForm(
    {
      id: item?.id ?? '',
      kind: item?.kind ?? ('site' as 'site' | 'sport'),
      sport: (item?.sport as SportSlug | null) ?? SPORTS[0].slug,
      name: item?.name ?? '',
      description: item?.description ?? '',
      'period.unit': item?.period.unit ?? ('month' as Period['unit']),
      'period.count': String(item?.period.count ?? 1),
      hidden: item?.hidden ?? false,
      position: String(item?.position ?? 0),
    },
    [...FIELDS, ...prices.paths(['currency', 'amount'])],
  );
  const { action, values: v } = form;
  const key = item?.id ?? v.id.trim();

  const save = () => {
    const common = {
      name: v.name,
      description: v.description,
      period: { unit: v['period.unit'], count: numberOrNull(v['period.count']) ?? 0 },
      hidden: v.hidden,
      position: numberOrNull(v.position) ?? 0,
      prices: prices.rows.map((row) => ({
        currency: row.currency.trim(),
        amount: numberOrNull(row.amount) ?? 0,
      })),
    };
    return item
      ? updatePlan(item.id, common)
      : createPlan({ ...common, id: key, kind: v.kind, sport: v.kind === 'sport' ? v.sport : null });
  };

  return (
    <EditorForm
      form={form}
      save={save}
      saved={item ? t('plans.saved') : t('plans.created')}
      onDone={() => onSaved(key)}
      submitLabel={item ? t('actions.save') : t('plans.create')}
    >
      <KeyField locked={!!item} {...form.field('id')} />
      <SelectField
        label={t('plans.kind')}
        disabled={!!item}
        options={[
          { value: 'site', label: t('plans.site') },
          { value: 'sport', label: t('plans.sport') },
        ]}
        {...form.field('kind')}
      />
      {v.kind === 'sport' && (
        <SelectField
          label={t('plans.sportSlug')}
          disabled={!!item}
          options={SPORTS.map((s) => ({ value: s.slug, label: sportName(`sport.${s.slug}`) }))}
          {...form.field('sport')}
        />
      )}
      <TextField label={t('fields.name')} {...form.field('name')} />
      <TextAreaField label={t('fields.description')} rows={2} {...form.field('description')} />
      <Fieldset legend={t('plans.period')} error={action.fieldError('period')}>
        <div className="cms-inline">
          <TextField label={t('plans.count')} type="number" min={1} {...form.field('period.count')} />
          <SelectField
            label={t('plans.unit')}
            options={(['day', 'month', 'year'] as const).map((value) => ({
              value,
              label: t(`plans.units.${value}`),
            }))}
            {...form.field('period.unit')}
          />
        </div>
      </Fieldset>
      <Fieldset
        legend={t('plans.prices')}
        hint={t('plans.pricesHint')}
        name="prices"
        error={action.fieldError('prices')}
        testId="cms-prices"
      >
        {prices.rows.map((row, i) => (
          <div className="cms-inline" key={row.key}>
            <TextField
              label={t('plans.currency')}
              maxLength={3}
              {...prices.field(action, i, 'currency')}
              error={action.fieldError(`prices.${i}.currency`) ?? action.fieldError(`prices.${i}`)}
            />
            <TextField
              label={t('plans.amount')}
              type="number"
              min={1}
              {...prices.field(action, i, 'amount')}
            />
            <button
              type="button"
              className="auth-button"
              disabled={prices.rows.length === 1}
              onClick={() => prices.remove(row.key)}
              aria-label={t('plans.removePrice', { n: i + 1 })}
            >
              {t('tv.remove')}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="auth-button"
          onClick={() => prices.add({ currency: '', amount: '' })}
        >
          {t('plans.addPrice')}
        </button>
      </Fieldset>
      <CheckField label={t('plans.hiddenLabel')} {...form.check('hidden')} />
      <PositionField {...form.field('position')} />
    </EditorForm>
  );
}
