// What a new-password field says while it is typed: the rule the server enforces
// (contract/password-strength.ts), run in the browser once its chunk (zxcvbn-ts and its lists,
// about 220 KiB gzipped) has come. The field asks for it when it is first focused.
import { useEffect, useRef, useState } from 'react';

import type { PersonalContext, WeakPassword } from '../../contract/password-strength';
import { PASSWORD_MIN_LENGTH } from '../../contract/schemas';
import { selectUser } from '../../store/authSlice';
import { APP_NAME } from '../../store/constants';
import { useAppSelector } from '../../store/hooks';

import { chunkLoader } from '../chunkLoader';

type StrengthCheck = (password: string, context: PersonalContext) => WeakPassword | undefined;

const chunk = chunkLoader<StrengthCheck>(
  () => import(/* webpackChunkName: "password-strength" */ './strengthChunk'),
);

/** The verdict on what is typed: none while it is empty or shorter than the minimum. */
export type Strength = { weak: WeakPassword } | { weak: null } | null;

/** How long typing pauses before the verdict changes, so it is not read out at every key. */
const SETTLE_MS = 300;

/** The value of the field `name` in `form`, if it has one. */
function fieldValue(form: HTMLFormElement | null, name: string): string | undefined {
  const field = form?.elements.namedItem(name);
  return field instanceof HTMLInputElement ? field.value : undefined;
}

/**
 * The verdict on a new password field's value, for the account it is for: the name and email of
 * its form (sign-up), else the signed-in visitor's (home).
 */
export function usePasswordStrength() {
  const user = useAppSelector(selectUser);
  const [strength, setStrength] = useState<Strength>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  function judge(input: HTMLInputElement) {
    clearTimeout(timer.current);
    const password = input.value;
    if ([...password].length < PASSWORD_MIN_LENGTH) {
      setStrength(null);
      return;
    }
    timer.current = setTimeout(() => {
      void chunk.load().then(
        ({ default: check }) => {
          // Typed on since: the newer value's own verdict comes.
          if (input.value !== password) return;
          const weak = check(password, {
            name: fieldValue(input.form, 'name') ?? user?.name,
            email: fieldValue(input.form, 'email') ?? user?.email,
            appName: APP_NAME,
          });
          setStrength({ weak: weak ?? null });
        },
        // No chunk (offline): the server still says it when the form is sent.
        () => setStrength(null),
      );
    }, SETTLE_MS);
  }

  return {
    strength,
    inputProps: {
      onFocus: () => void chunk.load().catch(() => {}),
      onInput: (event: { currentTarget: HTMLInputElement }) => judge(event.currentTarget),
    },
  };
}
