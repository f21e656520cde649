import type { ComponentProps } from 'react';

import { FieldFrame } from './FieldFrame';

type FieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  name: string;
  hint?: string;
  error?: string;
};

export function Field({ label, hint, error, className, ...input }: FieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <input className={['input', className].filter(Boolean).join(' ')} {...input} {...control} />
      )}
    </FieldFrame>
  );
}
