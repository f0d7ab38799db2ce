import { useTranslation } from 'react-i18next';
import type { Bound } from '../hooks/use-cms-form.ts';
import { SelectField } from './cms-fields.tsx';

export type Access = 'free' | 'premium';

/** Free for everyone, or premium: only for a signed-in visitor with a site-wide plan. */
export function AccessField(props: Bound<Access>) {
  const { t } = useTranslation('cms');
  return (
    <SelectField
      label={t('fields.access')}
      options={[
        { value: 'free', label: t('access.free') },
        { value: 'premium', label: t('access.premium') },
      ]}
      {...props}
    />
  );
}
