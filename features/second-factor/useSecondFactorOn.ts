import { useAppSelector } from '../../store/hooks';
import { selectSecondFactor } from './secondFactorSlice';

/** Whether the account's sign-in asks the second factor, as the server said (null: not yet). */
export function useSecondFactorOn(): boolean | null {
  return useAppSelector(selectSecondFactor)?.enabled ?? null;
}
