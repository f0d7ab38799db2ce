import { useTranslation } from 'react-i18next';
import type { CmsAction } from '../hooks/use-cms-action.ts';
import { SelectField } from './cms-fields.tsx';

export type Access = 'free' | 'premium';

/** Free for everyone, or premium: only for a signed-in visitor with a site-wide plan. */
export function AccessField({
  value,
  onValue,
  action,
}: {
  value: Access;
  onValue: (value: Access) => void;
  action: CmsAction;
}) {
  const { t } = useTranslation('cms');
  return (
    <SelectField
      label={t('fields.access')}
      name="access"
      value={value}
      onValue={onValue}
      options={[
        { value: 'free', label: t('access.free') },
        { value: 'premium', label: t('access.premium') },
      ]}
      error={action.fieldError('access')}
    />
  );
}
