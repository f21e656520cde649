import { useAppSelector } from '../../../store/hooks';
import { selectSecondFactor } from '../../../store/secondFactor/secondFactorSlice';

/** Whether the account's sign-in asks the second factor, as the server said. */
export function useSecondFactorOn(): boolean {
  return useAppSelector(selectSecondFactor)?.enabled === true;
}
