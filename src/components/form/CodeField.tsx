import { NumericInput } from '../NumericInput';

import { FieldFrame } from './FieldFrame';

interface CodeFieldProps {
  label: string;
  hint: string;
  error?: string;
  defaultValue?: string;
}

/** The six-digit `code` field of the activation, reset and email-change forms. */
export function CodeField({ label, hint, error, defaultValue }: CodeFieldProps) {
  return (
    <FieldFrame label={label} hint={hint} error={error}>
      {(control) => (
        <NumericInput
          className="input input--code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          defaultValue={defaultValue}
          {...control}
        />
      )}
    </FieldFrame>
  );
}
