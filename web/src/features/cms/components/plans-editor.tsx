import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SPORTS, type SportSlug } from '@pitchside/shared/domain';
import type { AdminPlan, Period } from '@pitchside/shared/payments';
import { createPlan, listPlans, retirePlan, updatePlan } from '../api/cms-api.ts';
import { useCmsAction } from '../hooks/use-cms-action.ts';
import { useCmsList } from '../hooks/use-cms-list.ts';
import { formatMinor } from '../utils/format-minor.ts';
import { CatalogueSection, type FormProps } from './catalogue-section.tsx';
import { CheckField, FormFooter, SelectField, TextAreaField, TextField } from './cms-fields.tsx';
import { numberOrNull } from './video-fields.tsx';

interface PriceRow {
  key: number;
  currency: string;
  amount: string;
}
let priceKeys = 0;
const priceRow = (currency = '', amount = ''): PriceRow => ({ key: ++priceKeys, currency, amount });

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
      list={list}
      testId="cms-plans"
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
      newLabel={t('plans.new')}
      newTitle={t('plans.new')}
      editTitle={(p) => t('plans.edit', { name: p.name })}
      remove={(p) => retirePlan(p.id)}
      removeLabel={t('actions.retire')}
      canRemove={(p) => !p.retiredAt}
      removed={t('plans.retiredNotice')}
      renderForm={(props) => <PlanForm {...props} />}
    />
  );
}

function PlanForm({ item, onSaved }: FormProps<AdminPlan>) {
  const { t } = useTranslation('cms');
  const { t: sportName } = useTranslation('matches');
  const [id, setId] = useState(item?.id ?? '');
  const [kind, setKind] = useState<'site' | 'sport'>(item?.kind ?? 'site');
  const [sport, setSport] = useState<SportSlug>((item?.sport as SportSlug | null) ?? SPORTS[0].slug);
  const [name, setName] = useState(item?.name ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [unit, setUnit] = useState<Period['unit']>(item?.period.unit ?? 'month');
  const [count, setCount] = useState(String(item?.period.count ?? 1));
  const [hidden, setHidden] = useState(item?.hidden ?? false);
  const [position, setPosition] = useState(String(item?.position ?? 0));
  const [prices, setPrices] = useState<PriceRow[]>(() =>
    item?.prices.length
      ? item.prices.map((p) => priceRow(p.currency, String(p.listAmount)))
      : [priceRow('EUR', '')],
  );
  const fields = [
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
    'prices',
    ...prices.flatMap((_, i) => [`prices.${i}`, `prices.${i}.currency`, `prices.${i}.amount`]),
  ];
  const action = useCmsAction(fields);
  const update = (key: number, change: Partial<PriceRow>) =>
    setPrices((rows) => rows.map((row) => (row.key === key ? { ...row, ...change } : row)));

  const save = (event: FormEvent) => {
    event.preventDefault();
    const common = {
      name,
      description,
      period: { unit, count: numberOrNull(count) ?? 0 },
      hidden,
      position: numberOrNull(position) ?? 0,
      prices: prices.map((row) => ({ currency: row.currency.trim(), amount: numberOrNull(row.amount) ?? 0 })),
    };
    const key = item?.id ?? id.trim();
    void action
      .run(
        () =>
          (item
            ? updatePlan(item.id, common)
            : createPlan({ ...common, id: key, kind, sport: kind === 'sport' ? sport : null })
          ).then(() => {}),
        item ? t('plans.saved') : t('plans.created'),
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
        label={t('plans.kind')}
        name="kind"
        value={kind}
        onValue={setKind}
        disabled={!!item}
        options={[
          { value: 'site', label: t('plans.site') },
          { value: 'sport', label: t('plans.sport') },
        ]}
        error={action.fieldError('kind')}
      />
      {kind === 'sport' && (
        <SelectField
          label={t('plans.sportSlug')}
          name="sport"
          value={sport}
          onValue={setSport}
          disabled={!!item}
          options={SPORTS.map((s) => ({ value: s.slug, label: sportName(`sport.${s.slug}`) }))}
          error={action.fieldError('sport')}
        />
      )}
      <TextField
        label={t('fields.name')}
        name="name"
        value={name}
        onValue={setName}
        error={action.fieldError('name')}
      />
      <TextAreaField
        label={t('fields.description')}
        name="description"
        value={description}
        onValue={setDescription}
        rows={2}
        error={action.fieldError('description')}
      />
      <fieldset className="cms-fieldset">
        <legend>{t('plans.period')}</legend>
        {action.fieldError('period') && <p className="auth-form__error">{action.fieldError('period')}</p>}
        <div className="cms-inline">
          <TextField
            label={t('plans.count')}
            name="period.count"
            type="number"
            min={1}
            value={count}
            onValue={setCount}
            error={action.fieldError('period.count')}
          />
          <SelectField
            label={t('plans.unit')}
            name="period.unit"
            value={unit}
            onValue={setUnit}
            options={(['day', 'month', 'year'] as const).map((value) => ({
              value,
              label: t(`plans.units.${value}`),
            }))}
            error={action.fieldError('period.unit')}
          />
        </div>
      </fieldset>
      <fieldset className="cms-fieldset" data-testid="cms-prices">
        <legend>{t('plans.prices')}</legend>
        <p className="auth-form__hint">{t('plans.pricesHint')}</p>
        {action.fieldError('prices') && (
          <p className="auth-form__error" data-testid="error-prices">
            {action.fieldError('prices')}
          </p>
        )}
        {prices.map((row, i) => (
          <div className="cms-inline" key={row.key}>
            <TextField
              label={t('plans.currency')}
              name={`prices.${i}.currency`}
              value={row.currency}
              onValue={(currency) => update(row.key, { currency })}
              maxLength={3}
              error={action.fieldError(`prices.${i}.currency`) ?? action.fieldError(`prices.${i}`)}
            />
            <TextField
              label={t('plans.amount')}
              name={`prices.${i}.amount`}
              type="number"
              min={1}
              value={row.amount}
              onValue={(amount) => update(row.key, { amount })}
              error={action.fieldError(`prices.${i}.amount`)}
            />
            <button
              type="button"
              className="auth-button"
              disabled={prices.length === 1}
              onClick={() => setPrices(prices.filter((other) => other.key !== row.key))}
              aria-label={t('plans.removePrice', { n: i + 1 })}
            >
              {t('tv.remove')}
            </button>
          </div>
        ))}
        <button type="button" className="auth-button" onClick={() => setPrices([...prices, priceRow()])}>
          {t('plans.addPrice')}
        </button>
      </fieldset>
      <CheckField
        label={t('plans.hiddenLabel')}
        name="hidden"
        checked={hidden}
        onChecked={setHidden}
        error={action.fieldError('hidden')}
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
      <FormFooter
        action={action}
        submitLabel={item ? t('actions.save') : t('plans.create')}
        shownFields={fields}
      />
    </form>
  );
}
